//! The player's name as it is sent in `hello`: what the app was given, made into a name the
//! server takes (`mills_protocol::names`: NFC, no control or invisible character, the
//! record's rule). The server refuses any other, and a finished game needs both names in
//! its record. Only the server's word list can still refuse it (`name-refused`).

use mills_core::{MAX_NAME_CHARS, check_player_name};
use mills_protocol::names::{composed, is_invisible, normalized_name};

/// `raw` in NFC without invisible characters, on one line, runs of spaces (and line
/// breaks, tabs, other control characters) as one space, no space at its ends, at most
/// [`MAX_NAME_CHARS`] characters; `None` when nothing is left (the opponent then sees no
/// name).
pub(crate) fn player_name(raw: &str) -> Option<String> {
    let seen: String = composed(raw)
        .chars()
        .filter(|c| !is_invisible(*c))
        .collect();
    let words: Vec<&str> = seen
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    let joined = words.join(" ");
    // Cut after joining, then trim again: the cut may end on a space.
    let cut: String = joined.chars().take(MAX_NAME_CHARS).collect();
    let name = cut.trim_end().to_string();
    check_player_name(&name).ok()?;
    normalized_name(&name).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_joined_and_cut_to_what_a_record_holds() {
        assert_eq!(player_name("Bo ").as_deref(), Some("Bo"));
        assert_eq!(player_name("  Ann   Li\n").as_deref(), Some("Ann Li"));
        assert_eq!(player_name("a\tb\u{7}c").as_deref(), Some("a b c"));
        assert_eq!(player_name("电脑 · 5").as_deref(), Some("电脑 · 5"));
        assert_eq!(player_name(" \n "), None);
        assert_eq!(player_name(""), None);
        // Cut to 60 characters, the last a space: that space goes too.
        let long = format!("{} yz", "x".repeat(59));
        assert_eq!(player_name(&long), Some("x".repeat(59)));
        let wide = "名".repeat(70);
        assert_eq!(player_name(&wide), Some("名".repeat(60)));
        // Composed, and what is not seen dropped, as the server wants it.
        assert_eq!(player_name("Zoe\u{301}").as_deref(), Some("Zo\u{e9}"));
        assert_eq!(player_name("A\u{200B}nn\u{FEFF}").as_deref(), Some("Ann"));
        assert_eq!(player_name("\u{202E}\u{200D}"), None);
        for raw in ["Bo ", " x ", &long, &wide, "a\u{2028}b"] {
            if let Some(name) = player_name(raw) {
                assert!(check_player_name(&name).is_ok(), "{name:?}");
            }
        }
    }
}
