//! The engine's own arrangement of its cubes, answered to `go setup` (native protocol) and `ini`
//! (TCG). One constant here, so that both front ends always agree.

/// The arrangement in setup order (for Red a5 b5 c5 a4 b4 a3; Blue's order is the point mirror,
/// so the same digits serve both sides): `152634`.
///
/// The front diagonal c5 b4 a3 meets the enemy first, so its cubes are the likeliest to be
/// captured. A captured cube's die faces pass to its nearest surviving numbers; a middle number
/// (2, 3, 4) has a neighbour on both sides, so losing it gives the player a choice between two
/// cubes instead of forcing one. The extremes 1 and 6, which can only ever hand their faces on in
/// one direction, stay in the back as reserves. The runner on b4, the only square a step closer to
/// the goal, gets the middle number 3, whose faces are the last to be inherited by others.
pub const ENGINE_SETUP: [u8; 6] = [1, 5, 2, 6, 3, 4];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_setup, setup_string};

    #[test]
    fn engine_setup_is_a_permutation() {
        let s = setup_string(&ENGINE_SETUP);
        assert_eq!(s, "152634");
        assert_eq!(parse_setup(&s).unwrap(), ENGINE_SETUP);
    }
}
