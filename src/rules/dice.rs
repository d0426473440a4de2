//! Which cubes a die face lets a side move, and the chance-node grouping of faces.
//!
//! A side's surviving cubes are a 6-bit mask (bit `n-1` for cube `n`). For each mask the tables
//! below give, per face, the set of movable cubes (the rolled cube, or the nearest higher and the
//! nearest lower survivor), and the faces grouped by identical movable sets with their counts, so
//! that the search visits each distinct set once and weights it by `count / 6`.

/// Movable cubes (as a mask) for `alive` mask and die face `1..=6` (index `face - 1`).
pub const MOVABLE: [[u8; 6]; 64] = {
    let mut t = [[0u8; 6]; 64];
    let mut alive = 1;
    while alive < 64 {
        let mut f = 0;
        while f < 6 {
            t[alive][f] = movable_for(alive as u8, f as u8);
            f += 1;
        }
        alive += 1;
    }
    t
};

const fn movable_for(alive: u8, f: u8) -> u8 {
    if alive & (1 << f) != 0 {
        return 1 << f;
    }
    let mut m = 0u8;
    let mut h = f + 1;
    while h < 6 {
        if alive & (1 << h) != 0 {
            m |= 1 << h;
            break;
        }
        h += 1;
    }
    let mut l = f as i32 - 1;
    while l >= 0 {
        if alive & (1 << l) != 0 {
            m |= 1 << l;
            break;
        }
        l -= 1;
    }
    m
}

/// Faces merged by identical movable sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    /// `(movable mask, number of faces)`, in order of the first face giving the set.
    pub items: [(u8, u8); 6],
    pub len: u8,
}

impl Groups {
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.items[..self.len as usize].iter().copied()
    }
}

/// Face groups for every `alive` mask.
pub const GROUPS: [Groups; 64] = {
    let mut t = [Groups {
        items: [(0, 0); 6],
        len: 0,
    }; 64];
    let mut alive = 1;
    while alive < 64 {
        let mut g = Groups {
            items: [(0, 0); 6],
            len: 0,
        };
        let mut f = 0;
        while f < 6 {
            let m = MOVABLE[alive][f];
            let mut i = 0;
            let mut found = false;
            while i < g.len as usize {
                if g.items[i].0 == m {
                    g.items[i].1 += 1;
                    found = true;
                }
                i += 1;
            }
            if !found {
                g.items[g.len as usize] = (m, 1);
                g.len += 1;
            }
            f += 1;
        }
        t[alive] = g;
        alive += 1;
    }
    t
};

/// Number of faces (0..=6) on which cube `n` (1..=6) may be moved, given the survivors `alive`.
#[inline]
pub fn faces_moving(alive: u8, n: u8) -> u32 {
    let bit = 1u8 << (n - 1);
    MOVABLE[alive as usize & 63]
        .iter()
        .filter(|&&m| m & bit != 0)
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolled_cube_present_moves_alone() {
        assert_eq!(MOVABLE[0b111111][2], 0b000100);
    }

    #[test]
    fn missing_cube_gives_nearest_higher_and_lower() {
        // Cubes 1, 4, 6 survive; a roll of 2 or 3 offers 1 and 4, a 5 offers 4 and 6.
        let alive = 0b101001;
        assert_eq!(MOVABLE[alive][1], 0b001001);
        assert_eq!(MOVABLE[alive][2], 0b001001);
        assert_eq!(MOVABLE[alive][4], 0b101000);
        // Only cube 6 left: every face moves it.
        assert!(MOVABLE[0b100000].iter().all(|&m| m == 0b100000));
        // Only cube 1 above a roll of 6 does not exist: nearest lower only.
        assert_eq!(MOVABLE[0b000011][5], 0b000010);
    }

    #[test]
    fn groups_merge_faces_and_weights_sum_to_six() {
        for (alive, g) in GROUPS.iter().enumerate().skip(1) {
            let total: u32 = g.iter().map(|(_, c)| c as u32).sum();
            assert_eq!(total, 6);
            let mut masks: Vec<u8> = g.iter().map(|(m, _)| m).collect();
            masks.sort_unstable();
            masks.dedup();
            assert_eq!(masks.len(), g.len as usize, "alive {alive:06b}");
        }
        // Cubes 1, 4, 6: {1} once, {1,4} twice, {4} once, {4,6} once, {6} once.
        let g = GROUPS[0b101001];
        assert_eq!(g.len, 5);
        assert_eq!(g.items[1], (0b001001, 2));
    }

    #[test]
    fn faces_count() {
        assert_eq!(faces_moving(0b111111, 3), 1);
        assert_eq!(faces_moving(0b101001, 4), 4);
        assert_eq!(faces_moving(0b100000, 6), 6);
    }
}
