//! The two sides. Its own module so that the variant (which names each side's start squares)
//! and the board (which moves the cubes) both use it without using each other's neighbours.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Red = 0,
    Blue = 1,
}

impl Color {
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }
}
