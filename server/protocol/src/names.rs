//! The rule for a player's name on the wire, shared by the server (which refuses any other)
//! and the engine's client (which makes the app's text into such a name before sending it).
//!
//! A name is compared and stored in Unicode's composed form (NFC), so that two spellings of
//! the same text (`é` as one character, or `e` and a combining accent) are one name, and
//! its length is counted in that form. It holds no character that is not seen: control
//! characters (Cc), format characters (Cf: zero-width spaces and joiners, U+2060, U+FEFF,
//! bidirectional overrides and isolates, the soft hyphen), line and paragraph separators,
//! private-use characters and the blank fillers Unicode gives letters' categories (Hangul
//! fillers, Braille blank). Such characters let two names look the same, or a name look
//! like nothing, or turn the text around it.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use crate::limits::MAX_NAME_CHARS;

/// Why a name is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NameProblem {
    /// Nothing but spaces, or a space at either end.
    Blank,
    /// More than [`MAX_NAME_CHARS`] characters (counted in NFC).
    TooLong,
    /// A control character (a line break, a tab, ...).
    Control,
    /// A character that is not seen (see the module's text).
    Invisible,
}

impl NameProblem {
    /// For people and logs (English).
    pub fn message(self) -> &'static str {
        match self {
            NameProblem::Blank => "a name is not empty and has no space at its ends",
            NameProblem::TooLong => "a name has at most 60 characters",
            NameProblem::Control => "a name is one line without control characters",
            NameProblem::Invisible => "a name has no invisible characters",
        }
    }
}

/// `name` in Unicode's composed form (NFC).
pub fn composed(name: &str) -> String {
    name.nfc().collect()
}

/// Whether `c` is a character a name must not hold because it is not seen (a control
/// character is [`NameProblem::Control`] instead).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
    ) || matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
    )
}

/// Checks a name already in NFC (see [`composed`]).
pub fn check_composed(name: &str) -> Result<(), NameProblem> {
    if name.chars().any(char::is_control) {
        return Err(NameProblem::Control);
    }
    if name.chars().any(is_invisible) {
        return Err(NameProblem::Invisible);
    }
    if name.trim().is_empty() || name.trim() != name {
        return Err(NameProblem::Blank);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameProblem::TooLong);
    }
    Ok(())
}

/// The name to store for `raw`: its NFC form, if that passes [`check_composed`].
pub fn normalized_name(raw: &str) -> Result<String, NameProblem> {
    let name = composed(raw);
    check_composed(&name)?;
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_composed_before_they_are_counted_and_stored() {
        // "é" written as "e" and a combining acute accent: 2 characters, 1 once composed.
        let decomposed = "Zoe\u{301}";
        assert_eq!(normalized_name(decomposed).as_deref(), Ok("Zo\u{e9}"));
        let sixty = "e\u{301}".repeat(60);
        assert_eq!(normalized_name(&sixty), Ok("\u{e9}".repeat(60)));
        assert_eq!(normalized_name(&"e".repeat(61)), Err(NameProblem::TooLong));
        assert_eq!(normalized_name("电脑 · 5").as_deref(), Ok("电脑 · 5"));
    }

    #[test]
    fn unseen_and_control_characters_are_refused() {
        for c in [
            '\u{200B}', '\u{200C}', '\u{200D}', '\u{200E}', '\u{200F}', '\u{2060}', '\u{FEFF}',
            '\u{202E}', '\u{2066}', '\u{00AD}', '\u{2028}', '\u{E000}', '\u{3164}', '\u{2800}',
        ] {
            assert_eq!(
                normalized_name(&format!("A{c}B")),
                Err(NameProblem::Invisible),
                "U+{:04X}",
                c as u32
            );
        }
        for c in ['\n', '\t', '\u{7}', '\u{85}'] {
            assert_eq!(
                normalized_name(&format!("A{c}B")),
                Err(NameProblem::Control)
            );
        }
        assert_eq!(normalized_name(" Bo"), Err(NameProblem::Blank));
        assert_eq!(normalized_name(""), Err(NameProblem::Blank));
    }
}
