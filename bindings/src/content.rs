//! Rules text, games and levels as records.

use mills_core::Variant;
use mills_core::ai::Level;
use mills_core::content::{self, Locale};

use crate::types::GameId;
use crate::{MillsError, guard};

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
/// ...); languages without a translation get English.
#[uniffi::export]
pub fn rules_text(game: GameId, locale: String) -> Result<RulesText, MillsError> {
    guard(|| {
        let locale = Locale::from_tag(&locale);
        let id = Variant::from(game).id();
        let text = content::rules_text(id, locale)
            .or_else(|| content::rules_text(id, Locale::English))
            .ok_or_else(|| MillsError::Internal {
                reason: format!("no rules text for {id}"),
            })?;
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
        Ok(RulesText {
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
        })
    })
}

/// A game for the game list.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameInfo {
    pub game: GameId,
    /// The stable rules id used in saves (`zhiqi`, `linked-horse`, `twelve-mens-morris`).
    pub rules_id: String,
    /// English name.
    pub name: String,
    pub pieces_each: u8,
}

/// The three games in display order.
#[uniffi::export]
pub fn games() -> Result<Vec<GameInfo>, MillsError> {
    guard(|| {
        Ok(Variant::ALL
            .iter()
            .map(|&v| GameInfo {
                game: v.into(),
                rules_id: v.id().to_string(),
                name: v.name().to_string(),
                pieces_each: mills_core::Rules::of(v).pieces,
            })
            .collect())
    })
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LevelInfo {
    pub number: u8,
    /// English name ("Beginner" .. "Grandmaster"); the apps localize by number.
    pub name: String,
}

/// The ten computer levels.
#[uniffi::export]
pub fn levels() -> Result<Vec<LevelInfo>, MillsError> {
    guard(|| {
        Ok(Level::all()
            .map(|l| LevelInfo {
                number: l.number(),
                name: l.name().to_string(),
            })
            .collect())
    })
}
