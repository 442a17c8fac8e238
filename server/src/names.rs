//! The server's rule for a player's name: the protocol's (`mills_protocol::names`: NFC, at
//! most 60 characters, no control or invisible character, no space at its ends), then the
//! operator's word list (`--name-words FILE`).
//!
//! The list is a text file, one word or phrase per line; blank lines and lines starting
//! with `#` are skipped. A name is refused when its NFC form, in lower case, contains an
//! entry in lower case anywhere (a substring, not a whole word: names in Chinese have no
//! spaces between words). It is read when the server starts.

use mills_protocol::names::{composed, normalized_name};

/// What names the server takes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameRules {
    /// The operator's entries, in NFC and lower case.
    words: Vec<String>,
}

impl NameRules {
    /// The rules with the word list in `text` (the file's content).
    pub fn with_words(text: &str) -> NameRules {
        let words = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|word| composed(word).to_lowercase())
            .collect();
        NameRules { words }
    }

    /// The rules with the word list of the file at `path`.
    pub fn read(path: &std::path::Path) -> Result<NameRules, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        Ok(NameRules::with_words(&text))
    }

    /// How many entries the list has.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// The name to store for `raw` (its NFC form), or why it is refused (English, for the
    /// refusal's message; the entry that matched is not repeated back).
    pub fn check(&self, raw: &str) -> Result<String, String> {
        let name = normalized_name(raw).map_err(|problem| problem.message().to_string())?;
        let lower = name.to_lowercase();
        if self.words.iter().any(|word| lower.contains(word.as_str())) {
            return Err("the name holds a word this server does not take".into());
        }
        Ok(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_list_matches_any_case_inside_the_composed_name() {
        let rules =
            NameRules::with_words("# the operator's list\n\n  Badword \n坏蛋\nzoe\u{301}\n");
        assert_eq!(rules.word_count(), 3);
        assert!(rules.check("xBADWORDx").is_err());
        assert!(rules.check("大坏蛋").is_err());
        // The entry and the name in different Unicode spellings still match.
        assert!(rules.check("Zo\u{e9}").is_err());
        assert_eq!(rules.check("Ann"), Ok("Ann".to_string()));
        assert_eq!(rules.check("Zoe"), Ok("Zoe".to_string()));
        assert!(rules.check("A\u{200B}B").is_err());
    }
}
