//! The rules text of each game, in English, Simplified Chinese and Traditional Chinese.

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
    /// The locale of the text (`en`, `zh-Hans` or `zh-Hant`): English when the requested one has
    /// none.
    pub locale: String,
    pub name: String,
    pub tagline: String,
    pub summary: String,
    pub key_facts: Vec<String>,
    pub quick_start: Vec<String>,
    pub sections: Vec<RulesSection>,
}

/// The rules text of a game for a platform locale tag (`zh-Hans-CN`, `zh_CN`, `zh-Hant-TW`,
/// `zh-HK`, `en-GB`, ...); languages without a translation get English. Every game has its text.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_tags_pick_the_text_of_their_script() {
        for (tag, locale, name) in [
            ("zh-Hans-CN", "zh-Hans", "连环马棋"),
            ("zh_CN", "zh-Hans", "连环马棋"),
            ("zh", "zh-Hans", "连环马棋"),
            ("zh-Hant-TW", "zh-Hant", "連環馬棋"),
            ("zh-TW", "zh-Hant", "連環馬棋"),
            ("zh-HK", "zh-Hant", "連環馬棋"),
            ("zh_MO", "zh-Hant", "連環馬棋"),
            ("zh-Hant", "zh-Hant", "連環馬棋"),
            ("fr-FR", "en", "Linked-Horse"),
        ] {
            let text = rules_text(GameId::LinkedHorse, tag.into());
            assert_eq!(
                (text.locale.as_str(), text.name.as_str()),
                (locale, name),
                "{tag}"
            );
            assert_eq!(text.sections.len(), 5, "{tag}");
        }
    }
}
