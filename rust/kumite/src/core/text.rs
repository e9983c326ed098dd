//! Small helpers for text people read (events, renders, errors).

/// `n` and the noun, plural when `n` is not 1: "1 card", "2 cards".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Returns as people read them: "P0 +1, P1 -1".
pub fn returns_text<T: Copy + Into<f32>>(returns: &[T]) -> String {
    returns.iter().enumerate().map(|(p, &r)| format!("P{p} {:+}", r.into())).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_returns_read_as_words() {
        assert_eq!(count(1, "card"), "1 card");
        assert_eq!(count(0, "card"), "0 cards");
        assert_eq!(count(3, "wound"), "3 wounds");
        assert_eq!(returns_text(&[1.0f32, -1.0]), "P0 +1, P1 -1");
        assert_eq!(returns_text(&[1i8, -1]), "P0 +1, P1 -1");
        assert_eq!(returns_text(&[0.5f32, 0.5]), "P0 +0.5, P1 +0.5");
    }
}
