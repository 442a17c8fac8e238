//! The rules text of each game, in English and Simplified Chinese.

use mills_core::Variant;
use mills_core::{self as content, Locale};

use crate::types::GameId;

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RulesSection {
    pub title: String,
    /// One string per paragraph.
    pub paragraphs: Vec<String>,
}

/// The rules of one game in one language.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RulesText {
    /// The locale of the text (`en` or `zh-Hans`): English when the requested one has none.
    pub locale: String,
    pub name: String,
    pub tagline: String,
    pub summary: String,
    pub key_facts: Vec<String>,
    pub quick_start: Vec<String>,
    pub sections: Vec<RulesSection>,
}

/// The rules text of a game for a platform locale tag (`zh-Hans-CN`, `zh_CN`, `en-GB`,
/// ...); languages without a translation get English. Every game has its text.
#[uniffi::export]
pub fn rules_text(game: GameId, locale: String) -> RulesText {
    let locale = Locale::from_tag(&locale);
    let text = content::rules_for(Variant::from(game), locale);
    let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    RulesText {
        locale: locale.tag().to_string(),
        name: text.name.to_string(),
        tagline: text.tagline.to_string(),
        summary: text.summary.to_string(),
        key_facts: strings(text.key_facts),
        quick_start: strings(text.quick_start),
        sections: text
            .sections
            .iter()
            .map(|s| RulesSection {
                title: s.title.to_string(),
                paragraphs: strings(s.paragraphs),
            })
            .collect(),
    }
}
