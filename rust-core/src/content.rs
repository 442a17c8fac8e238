//! Localized rules text for the three games, in English, Simplified Chinese and Traditional
//! Chinese.
//!
//! The iOS and Android apps render their rules screens from this module instead of keeping
//! their own copies, so both platforms always say the same thing, and the text lives next to
//! the engine that enforces it. Every statement here follows `RULES.md`; where the user's game
//! cards (the source of most of this copy) disagree with it, the text follows `RULES.md`.
//!
//! The text is data, one Markdown file per language beside this module, named after its tag
//! (`content/en.md`, `content/zh-Hans.md`, `content/zh-Hant.md`; their format is in
//! `content/README.md`), so that a
//! translator edits prose, not Rust. The files are embedded when the engine is compiled and
//! read on first use; what the apps get is plain `&'static` strings with no markup. Each game
//! has the same sections, in the same order, in every language, so an app can pair them up by
//! index; the tests below check that every file reads and has every game and section.

mod parse;

use std::sync::OnceLock;

/// A language the rules text is written in.
///
/// A language from a system tag; anything unknown is English:
///
/// ```
/// use mills_core::Locale;
///
/// assert_eq!(Locale::from_tag("zh-Hant-TW"), Locale::TraditionalChinese);
/// assert_eq!(Locale::from_tag("zh-CN"), Locale::SimplifiedChinese);
/// assert_eq!(Locale::from_tag("fr"), Locale::English);
/// assert_eq!(Locale::ALL.len(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    /// English.
    English,
    /// Simplified Chinese.
    SimplifiedChinese,
    /// Traditional Chinese, in the words used in Taiwan (also what Hong Kong and Macau get).
    TraditionalChinese,
}

impl Locale {
    /// Every locale, in a fixed order.
    pub const ALL: [Locale; 3] = [
        Locale::English,
        Locale::SimplifiedChinese,
        Locale::TraditionalChinese,
    ];

    /// The locale for a BCP 47 language tag or a POSIX locale name from the platform.
    ///
    /// Matching is case-insensitive and accepts `-` or `_` as the separator; a POSIX suffix
    /// such as `.UTF-8` or `@euro` is ignored. Any Chinese tag (`zh`, `zh-CN`, `zh-Hans`,
    /// `zh_CN`, `zh-Hans-CN`, `zh-SG`, ...) gives [`Locale::SimplifiedChinese`], except a
    /// Traditional Chinese one, which gives [`Locale::TraditionalChinese`]: an explicit `Hant`
    /// script (`zh-Hant`, `zh-Hant-TW`, even `zh-Hant-CN`), or the regions `TW`, `HK` and `MO`
    /// without an explicit script (`zh-TW`, `zh_HK`), whose likely script is Hant, as the
    /// platforms infer it when they pick the apps' own strings. An explicit `Hans` wins
    /// (`zh-Hans-TW` is Simplified). Everything else, including an empty tag, is English.
    #[must_use]
    pub fn from_tag(tag: &str) -> Locale {
        let tag = tag.trim();
        let tag = tag.split(['.', '@']).next().unwrap_or("");
        let mut subtags = tag.split(['-', '_']);
        let language = subtags.next().unwrap_or("");
        if !language.eq_ignore_ascii_case("zh") {
            return Locale::English;
        }
        let mut traditional = false;
        for subtag in subtags {
            // A singleton (`u`, `x`, ...) starts extensions or private use: stop there.
            if subtag.len() == 1 {
                break;
            }
            if subtag.eq_ignore_ascii_case("hans") {
                return Locale::SimplifiedChinese;
            }
            if ["hant", "tw", "hk", "mo"]
                .iter()
                .any(|t| subtag.eq_ignore_ascii_case(t))
            {
                traditional = true;
            }
        }
        if traditional {
            Locale::TraditionalChinese
        } else {
            Locale::SimplifiedChinese
        }
    }

    /// The canonical BCP 47 tag of this locale: `"en"`, `"zh-Hans"` or `"zh-Hant"`.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Locale::English => "en",
            Locale::SimplifiedChinese => "zh-Hans",
            Locale::TraditionalChinese => "zh-Hant",
        }
    }
}

/// One titled section of a game's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesSection {
    /// The section heading.
    pub title: &'static str,
    /// The section body, one string per paragraph.
    pub paragraphs: &'static [&'static str],
}

/// The complete rules text of one game in one locale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesText {
    /// The game's display name.
    pub name: &'static str,
    /// A one-line pitch for game lists.
    pub tagline: &'static str,
    /// A short paragraph introducing the game.
    pub summary: &'static str,
    /// Key facts at a glance ("Pieces: 12 each", ...).
    pub key_facts: &'static [&'static str],
    /// The few points a new player needs before the first game.
    pub quick_start: &'static [&'static str],
    /// The full rules, section by section.
    pub sections: &'static [RulesSection],
}

/// The stable rules ids of the three games, in display order.
pub const GAME_IDS: [&str; 3] = ["zhiqi", "linked-horse", "twelve-mens-morris"];

/// The rules text of a game in a locale: every game has it in every locale, so there is no
/// failure to handle.
///
/// The tests prove that every locale's file reads and has every game. Were a file broken all
/// the same, the game would come in English, or as an empty text, rather than panic in an app
/// (the error goes to the log).
#[must_use]
pub fn rules_for(variant: crate::rules::Variant, locale: Locale) -> &'static RulesText {
    let id = variant.id();
    let find = |locale| {
        file(locale)
            .games()
            .iter()
            .find(|game| game.id == id)
            .map(|game| &game.text)
    };
    find(locale)
        .or_else(|| find(Locale::English))
        .unwrap_or(&MISSING)
}

/// The rules text of a game in a locale, by the game's id.
///
/// `game_id` is the stable rules id: `"zhiqi"`, `"linked-horse"` or `"twelve-mens-morris"`
/// (exact, case-sensitive). Returns `None` for an unknown id.
///
/// The rules as the apps show them, in each language:
///
/// ```
/// use mills_core::{Locale, rules_text};
///
/// let english = rules_text("zhiqi", Locale::English).expect("a game");
/// let chinese = rules_text("zhiqi", Locale::from_tag("zh-Hans")).expect("a game");
/// assert!(chinese.name.contains("直棋"), "{}", chinese.name);
/// assert_ne!(english.name, chinese.name);
/// assert!(!english.sections.is_empty());
/// assert!(rules_text("chess", Locale::English).is_none());
/// ```
#[must_use]
pub fn rules_text(game_id: &str, locale: Locale) -> Option<&'static RulesText> {
    let variant = crate::rules::Variant::ALL
        .into_iter()
        .find(|v| v.id() == game_id)?;
    Some(rules_for(variant, locale))
}

/// A locale's rules text file, and the games read from it on first use.
struct LocaleFile {
    locale: Locale,
    source: &'static str,
    games: OnceLock<Vec<GameText>>,
}

/// One game's text, under the id its heading gives.
struct GameText {
    id: &'static str,
    text: RulesText,
}

/// The file of a locale. A new language is its file, a static and an arm here.
fn file(locale: Locale) -> &'static LocaleFile {
    static EN: LocaleFile = LocaleFile::new(Locale::English, include_str!("content/en.md"));
    static ZH_HANS: LocaleFile = LocaleFile::new(
        Locale::SimplifiedChinese,
        include_str!("content/zh-Hans.md"),
    );
    static ZH_HANT: LocaleFile = LocaleFile::new(
        Locale::TraditionalChinese,
        include_str!("content/zh-Hant.md"),
    );
    match locale {
        Locale::English => &EN,
        Locale::SimplifiedChinese => &ZH_HANS,
        Locale::TraditionalChinese => &ZH_HANT,
    }
}

/// What a game gets when its text cannot be read, which the tests rule out.
static MISSING: RulesText = RulesText {
    name: "",
    tagline: "",
    summary: "",
    key_facts: &[],
    quick_start: &[],
    sections: &[],
};

impl LocaleFile {
    const fn new(locale: Locale, source: &'static str) -> LocaleFile {
        LocaleFile {
            locale,
            source,
            games: OnceLock::new(),
        }
    }

    /// The file's games, read once per process. `RulesText` hands out `&'static` slices, so the
    /// lists read from the file are leaked: once per language, and kept for the life of the
    /// process anyway. The strings are slices of the embedded file itself.
    fn games(&self) -> &[GameText] {
        self.games.get_or_init(|| match parse::parse(self.source) {
            Ok(games) => games.into_iter().map(GameText::from).collect(),
            Err(error) => {
                log::error!("rules text {}.md: {error}", self.locale.tag());
                Vec::new()
            }
        })
    }
}

impl From<parse::Game<'static>> for GameText {
    fn from(game: parse::Game<'static>) -> GameText {
        let sections: Vec<RulesSection> = game
            .sections
            .into_iter()
            .map(|section| RulesSection {
                title: section.title,
                paragraphs: section.paragraphs.leak(),
            })
            .collect();
        GameText {
            id: game.key,
            text: RulesText {
                name: game.name,
                tagline: game.tagline,
                summary: game.summary,
                key_facts: game.key_facts.leak(),
                quick_start: game.quick_start.leak(),
                sections: sections.leak(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(game_id: &str, locale: Locale) -> &'static RulesText {
        rules_text(game_id, locale).unwrap_or_else(|| panic!("{game_id} has no {locale:?} text"))
    }

    /// Every string of a text, headings included.
    fn strings(t: &RulesText) -> Vec<&'static str> {
        let mut all = vec![t.name, t.tagline, t.summary];
        all.extend(t.key_facts);
        all.extend(t.quick_start);
        for section in t.sections {
            all.push(section.title);
            all.extend(section.paragraphs);
        }
        all
    }

    /// The whole text as one string, for content checks.
    fn joined(t: &RulesText) -> String {
        strings(t).join("\n")
    }

    fn section<'a>(t: &'a RulesText, title: &str) -> &'a RulesSection {
        t.sections
            .iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("{} has no section {title:?}", t.name))
    }

    fn is_cjk(c: char) -> bool {
        ('\u{4e00}'..='\u{9fff}').contains(&c)
    }

    #[test]
    fn every_game_has_every_locale() {
        for id in GAME_IDS {
            for locale in Locale::ALL {
                assert!(rules_text(id, locale).is_some(), "{id} {locale:?}");
            }
        }
    }

    /// The games of a locale's file, read directly so that no fallback can hide a fault.
    fn parsed(locale: Locale) -> Vec<parse::Game<'static>> {
        let source = file(locale).source;
        parse::parse(source).unwrap_or_else(|e| panic!("{}.md, {e}", locale.tag()))
    }

    #[test]
    fn every_file_reads() {
        for locale in Locale::ALL {
            assert_eq!(file(locale).locale, locale);
            assert!(
                !parsed(locale).is_empty(),
                "{}.md has no games",
                locale.tag()
            );
        }
    }

    /// Every locale has every game of the engine, and every section English has, under the
    /// same keys and in the same order; a failure names each missing or extra key.
    #[test]
    fn every_locale_has_every_game_and_section() {
        let english = parsed(Locale::English);
        let game_ids: Vec<&str> = crate::rules::Variant::ALL.iter().map(|v| v.id()).collect();
        let mut faults = Vec::new();
        for locale in Locale::ALL {
            let file = format!("{}.md", locale.tag());
            let games = parsed(locale);
            let ids: Vec<&str> = games.iter().map(|g| g.key).collect();
            faults.extend(key_faults(&file, "game", &game_ids, &ids));
            for game in &games {
                let Some(reference) = english.iter().find(|g| g.key == game.key) else {
                    continue;
                };
                let want: Vec<&str> = reference.sections.iter().map(|s| s.key).collect();
                let have: Vec<&str> = game.sections.iter().map(|s| s.key).collect();
                let place = format!("{file}, game `{}`,", game.key);
                faults.extend(key_faults(&place, "section", &want, &have));
            }
        }
        assert!(faults.is_empty(), "\n{}", faults.join("\n"));
    }

    /// What is wrong with the keys `have`, given that they should be `want`.
    fn key_faults(place: &str, what: &str, want: &[&str], have: &[&str]) -> Vec<String> {
        let mut faults: Vec<String> = want
            .iter()
            .filter(|k| !have.contains(k))
            .map(|k| format!("{place} has no {what} `{k}`"))
            .collect();
        faults.extend(
            have.iter()
                .filter(|k| !want.contains(k))
                .map(|k| format!("{place} has a {what} `{k}` that should not be there")),
        );
        if faults.is_empty() && want != have {
            faults.push(format!(
                "{place} has its {what}s in the order {have:?}, not {want:?}"
            ));
        }
        faults
    }

    #[test]
    fn key_faults_name_what_is_missing_extra_or_out_of_order() {
        assert!(key_faults("f", "section", &["a", "b"], &["a", "b"]).is_empty());
        assert_eq!(
            key_faults("zh-Hant.md", "section", &["a", "b", "c"], &["a", "x", "c"]),
            [
                "zh-Hant.md has no section `b`",
                "zh-Hant.md has a section `x` that should not be there",
            ]
        );
        assert_eq!(
            key_faults("f", "game", &["a", "b"], &["b", "a"]),
            [r#"f has its games in the order ["b", "a"], not ["a", "b"]"#]
        );
    }

    #[test]
    fn no_field_is_empty_or_badly_spaced() {
        for id in GAME_IDS {
            for locale in Locale::ALL {
                let t = text(id, locale);
                assert!(!t.key_facts.is_empty(), "{id} {locale:?} key facts");
                assert!(!t.quick_start.is_empty(), "{id} {locale:?} quick start");
                assert!(!t.sections.is_empty(), "{id} {locale:?} sections");
                for s in t.sections {
                    assert!(!s.paragraphs.is_empty(), "{id} {locale:?} {}", s.title);
                }
                for s in strings(t) {
                    assert!(!s.is_empty(), "{id} {locale:?}: empty string");
                    assert_eq!(s, s.trim(), "{id} {locale:?}: untrimmed {s:?}");
                    assert!(!s.contains("  "), "{id} {locale:?}: double space in {s:?}");
                    assert!(!s.contains('\n'), "{id} {locale:?}: line break in {s:?}");
                }
            }
        }
    }

    #[test]
    fn locales_have_the_same_shape() {
        for (id, locale) in GAME_IDS.iter().flat_map(|id| CHINESE.map(|l| (*id, l))) {
            let en = text(id, Locale::English);
            let zh = text(id, locale);
            assert_eq!(en.key_facts.len(), zh.key_facts.len(), "{id} key facts");
            assert_eq!(
                en.quick_start.len(),
                zh.quick_start.len(),
                "{id} quick start"
            );
            assert_eq!(en.sections.len(), zh.sections.len(), "{id} sections");
            for (e, z) in en.sections.iter().zip(zh.sections) {
                assert_eq!(
                    e.paragraphs.len(),
                    z.paragraphs.len(),
                    "{id}: {} / {}",
                    e.title,
                    z.title
                );
            }
        }
    }

    /// The two Chinese locales, for the checks that apply to both.
    const CHINESE: [Locale; 2] = [Locale::SimplifiedChinese, Locale::TraditionalChinese];

    #[test]
    fn sections_come_in_the_same_order_in_every_language() {
        type Titles<'a> = &'a [(&'a str, &'a str, &'a str)];
        let expected: [(&str, Titles); 3] = [
            (
                "zhiqi",
                &[
                    ("Board and setup", "棋盘与开局", "棋盤與開局"),
                    ("Mills and pinning", "成「直」与押子", "成「直」與押子"),
                    ("Movement", "走子", "走子"),
                    ("Pull", "拔子", "拔子"),
                    ("Winning and draws", "胜负与和棋", "勝負與和棋"),
                    ("Timer and settings", "计时与设置", "計時與設定"),
                ],
            ),
            (
                "linked-horse",
                &[
                    ("Board and setup", "棋盘与开局", "棋盤與開局"),
                    ("Banking a linked horse", "连环马入马厩", "連環馬入馬廄"),
                    ("Movement", "走子", "走子"),
                    ("Winning and draws", "胜负与和棋", "勝負與和棋"),
                    ("Timer and settings", "计时与设置", "計時與設定"),
                ],
            ),
            (
                "twelve-mens-morris",
                &[
                    ("Board and setup", "棋盘与开局", "棋盤與開局"),
                    ("Mills and capturing", "成「直」与吃子", "成「直」與吃子"),
                    ("Movement", "走子", "走子"),
                    ("Winning and draws", "胜负与和棋", "勝負與和棋"),
                    ("Timer and settings", "计时与设置", "計時與設定"),
                ],
            ),
        ];
        let titles = |id, locale| -> Vec<&str> {
            text(id, locale).sections.iter().map(|s| s.title).collect()
        };
        for (id, want) in expected {
            let want_en: Vec<_> = want.iter().map(|t| t.0).collect();
            let want_hans: Vec<_> = want.iter().map(|t| t.1).collect();
            let want_hant: Vec<_> = want.iter().map(|t| t.2).collect();
            assert_eq!(titles(id, Locale::English), want_en, "{id}");
            assert_eq!(titles(id, Locale::SimplifiedChinese), want_hans, "{id}");
            assert_eq!(titles(id, Locale::TraditionalChinese), want_hant, "{id}");
        }
    }

    #[test]
    fn unknown_ids_give_none() {
        for id in [
            "",
            "zhi-qi",
            "ZHIQI",
            "Zhiqi",
            " zhiqi",
            "linked_horse",
            "nine-mens-morris",
        ] {
            for locale in Locale::ALL {
                assert_eq!(rules_text(id, locale), None, "{id:?}");
            }
        }
    }

    #[test]
    fn game_ids_are_distinct() {
        for (i, a) in GAME_IDS.iter().enumerate() {
            for b in &GAME_IDS[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn names() {
        let names = [
            ("zhiqi", "Zhi Qi", "十二子直棋", "十二子直棋"),
            ("linked-horse", "Linked-Horse", "连环马棋", "連環馬棋"),
            (
                "twelve-mens-morris",
                "Twelve Men's Morris",
                "十二子莫里斯棋",
                "十二子莫里斯棋",
            ),
        ];
        for (id, en, hans, hant) in names {
            assert_eq!(text(id, Locale::English).name, en);
            assert_eq!(text(id, Locale::SimplifiedChinese).name, hans);
            assert_eq!(text(id, Locale::TraditionalChinese).name, hant);
        }
        // Zhi Qi is not Twelve Men's Morris, whatever its card's title says.
        assert!(!joined(text("zhiqi", Locale::English)).contains("Men's Morris"));
        for locale in CHINESE {
            assert!(!joined(text("zhiqi", locale)).contains("莫里斯"));
        }
    }

    #[test]
    fn locale_from_tag() {
        for tag in [
            "zh",
            "zh-CN",
            "zh-Hans",
            "zh_CN",
            "zh-Hans-CN",
            "ZH-hans",
            "zh_Hans_CN",
            "zh-SG",
            "zh-Hans-TW",
            "zh-Hans-HK",
            "zh-Hans-MO",
            "zh_CN.UTF-8",
            "zh-CN-u-nu-hanidec",
            " zh-CN ",
        ] {
            assert_eq!(Locale::from_tag(tag), Locale::SimplifiedChinese, "{tag:?}");
        }
        for tag in [
            "zh-Hant",
            "zh-TW",
            "zh-HK",
            "zh-MO",
            "zh_TW",
            "zh_MO",
            "zh-Hant-TW",
            "zh-Hant-HK",
            "zh-Hant-MO",
            "zh-Hant-CN",
            "zh_Hant_TW",
            "ZH-hant",
            "zh-tw",
            "zh_TW.UTF-8",
            "zh_HK.Big5HKSCS",
            "zh-TW-u-ca-roc",
            " zh-Hant ",
        ] {
            assert_eq!(Locale::from_tag(tag), Locale::TraditionalChinese, "{tag:?}");
        }
        for tag in [
            "",
            "en",
            "en-US",
            "en_GB.UTF-8",
            "fr",
            "ja-JP",
            "en-TW",
            "yue-HK",
            "zhx",
            "z",
            "-zh",
        ] {
            assert_eq!(Locale::from_tag(tag), Locale::English, "{tag:?}");
        }
    }

    #[test]
    fn locale_tag_round_trips() {
        assert_eq!(Locale::English.tag(), "en");
        assert_eq!(Locale::SimplifiedChinese.tag(), "zh-Hans");
        assert_eq!(Locale::TraditionalChinese.tag(), "zh-Hant");
        for locale in Locale::ALL {
            assert_eq!(Locale::from_tag(locale.tag()), locale);
        }
    }

    #[test]
    fn chinese_is_chinese_and_english_is_not() {
        for (id, locale) in GAME_IDS.iter().flat_map(|id| CHINESE.map(|l| (*id, l))) {
            for s in strings(text(id, locale)) {
                assert!(s.chars().any(is_cjk), "{id}: no Chinese in {s:?}");
                // Chinese copy uses full-width punctuation.
                for c in [',', ';', ':', '?', '!', '(', ')'] {
                    assert!(!s.contains(c), "{id}: ASCII {c:?} in {s:?}");
                }
            }
        }
        for id in GAME_IDS {
            for s in strings(text(id, Locale::English)) {
                assert!(!s.chars().any(is_cjk), "{id}: Chinese in English {s:?}");
            }
        }
    }

    /// The Traditional text is written in Taiwan's characters and words: none of the common
    /// characters that exist only in Simplified script, and none of the mainland words where
    /// Taiwan says another (默认/预设, 设置/設定, 枚/顆 for a piece).
    #[test]
    fn traditional_chinese_is_traditional_in_taiwan_usage() {
        const SIMPLIFIED_ONLY: &str =
            "这个们对时动盘线条点与没进为让还边连胜负设计难认输马厩双开过么样两从后间";
        for id in GAME_IDS {
            let hant = joined(text(id, Locale::TraditionalChinese));
            let hans = joined(text(id, Locale::SimplifiedChinese));
            assert_ne!(hant, hans, "{id}");
            for c in SIMPLIFIED_ONLY.chars() {
                assert!(!hant.contains(c), "{id}: Simplified {c:?} in zh-Hant");
            }
            for mainland in ["默認", "設置", "枚", "程序", "屏幕"] {
                assert!(!hant.contains(mainland), "{id}: {mainland:?} in zh-Hant");
            }
            assert!(hant.contains("預設限時 60 秒"), "{id}");
            assert!(hant.contains("「設定」"), "{id}");
        }
    }

    #[test]
    fn board_has_20_lines_in_every_game() {
        for id in GAME_IDS {
            let en = joined(text(id, Locale::English));
            let zh = joined(text(id, Locale::SimplifiedChinese));
            assert!(en.contains("24 points"), "{id}");
            assert!(en.contains("20 lines"), "{id}");
            assert!(zh.contains("24 个棋点"), "{id}");
            assert!(zh.contains("20 条"), "{id}");
            let hant = joined(text(id, Locale::TraditionalChinese));
            assert!(hant.contains("24 個棋點"), "{id}");
            assert!(hant.contains("20 條"), "{id}");
            for bad in ["24 條", "斜線 8 條", "8 條斜線"] {
                assert!(!hant.contains(bad), "{id}: {bad:?}");
            }
            // The Twelve Men's Morris card's "16 + 8 = 24 mills" is wrong (RULES.md §1).
            for bad in ["24 mills", "24 lines", "8 diagonal", "eight diagonal"] {
                assert!(!en.contains(bad), "{id}: {bad:?}");
            }
            for bad in ["24 条", "斜线 8 条", "8 条斜线"] {
                assert!(!zh.contains(bad), "{id}: {bad:?}");
            }
        }
        let tmm = joined(text("twelve-mens-morris", Locale::English));
        assert!(tmm.contains("the 12 sides of the squares"));
        assert!(tmm.contains("4 midpoint cross-lines and the 4 diagonals"));
        assert!(tmm.contains("16 orthogonal plus 4 diagonal"));
        let tmm_zh = joined(text("twelve-mens-morris", Locale::SimplifiedChinese));
        assert!(tmm_zh.contains("12 条边、4 条中点连线和 4 条斜线"));
        let tmm_hant = joined(text("twelve-mens-morris", Locale::TraditionalChinese));
        assert!(tmm_hant.contains("12 條邊、4 條中點連線和 4 條斜線"));
    }

    #[test]
    fn zhiqi_content() {
        let en = text("zhiqi", Locale::English);
        let zh = text("zhiqi", Locale::SimplifiedChinese);
        let all_en = joined(en);
        let all_zh = joined(zh);
        assert!(all_en.contains("12 pieces"));
        assert!(all_zh.contains("双方各 12 枚"));
        // The second placer makes the first movement turn (rule 3.6), in the quick start too.
        assert!(all_en.contains("the second player always moves first"));
        assert!(en.quick_start[0].contains("second player (who placed second) moves first"));
        assert!(zh.quick_start[0].contains("后放子的一方先走"));
        assert!(all_zh.contains("总是由后放子的一方先走"));
        assert!(!all_en.contains("last placer"));
        // Pinning: a swap, not from the hand, no chains, n lines give n pins.
        let pin = section(en, "Mills and pinning").paragraphs.join(" ");
        assert!(pin.contains("one of yours takes its point"));
        assert!(pin.contains("doesn't come from your hand"));
        assert!(pin.contains("pins never chain"));
        assert!(pin.contains("two or three lines at once captures two or three"));
        assert!(pin.contains("if every opponent piece on the board is in a mill"));
        let pin_zh = section(zh, "成「直」与押子").paragraphs.join("");
        assert!(pin_zh.contains("押子"));
        assert!(pin_zh.contains("不从手里出"));
        assert!(pin_zh.contains("押子不连吃"));
        // The pull takes an adjacent piece, ignores mill protection, then steps.
        let pull = section(en, "Pull").paragraphs.join(" ");
        assert!(pull.contains("adjacent to one of yours, then step"));
        assert!(pull.contains("Mill protection does not apply"));
        let pull_zh = section(zh, "拔子").paragraphs.join("");
        assert!(pull_zh.contains("紧挨着己方棋子"));
        assert!(pull_zh.contains("不受「直」的保护"));
        // Winning by taking everything; the two-against-two draw; no blockade win.
        let win = section(en, "Winning and draws").paragraphs.join(" ");
        assert!(win.contains("no pieces left, on the board or in hand"));
        assert!(win.contains("two pieces or fewer"));
        assert!(all_en.contains("not won by blockade"));
        assert!(all_zh.contains("不以困死对方取胜"));
        assert!(all_zh.contains("只剩两枚或更少"));
        assert!(all_en.contains("no flying"));
        assert!(all_zh.contains("不能飞"));
    }

    #[test]
    fn linked_horse_content() {
        let en = text("linked-horse", Locale::English);
        let zh = text("linked-horse", Locale::SimplifiedChinese);
        let all_en = joined(en);
        let all_zh = joined(zh);
        assert!(all_en.contains("10 pieces"));
        assert!(all_zh.contains("双方各 10 枚"));
        assert!(all_en.contains("stable"));
        assert!(all_zh.contains("马厩"));
        assert!(all_en.contains("No pieces are ever captured"));
        assert!(all_zh.contains("不吃对方的子"));
        // Only the arriving piece is stabled, even for a double or triple line.
        assert!(all_en.contains("only that one, even if it completed two or three lines"));
        assert!(all_zh.contains("一次连成两条或三条，也只放这一枚"));
        // Pieces in hand count: a win needs an empty hand and exactly three on the board.
        assert!(en.quick_start[0].contains("your hand is empty and exactly three"));
        assert!(zh.quick_start[0].contains("手里的子放完、盘上恰好只剩三枚"));
        assert!(all_en.contains("seven of your horses"));
        assert!(all_zh.contains("七枚入厩"));
        // P1 moves first after placement; a blocked side loses.
        assert!(all_en.contains("the first placer moves first"));
        assert!(all_zh.contains("由先放子的一方先走"));
        assert!(all_en.contains("none of your pieces can move, you lose"));
        assert!(all_zh.contains("一枚棋子都动不了，则判负"));
    }

    /// The facts the Simplified tests check, in the Traditional text.
    #[test]
    fn traditional_chinese_states_the_same_rules() {
        let all = |id| joined(text(id, Locale::TraditionalChinese));
        let zhiqi = all("zhiqi");
        let quick = text("zhiqi", Locale::TraditionalChinese).quick_start[0];
        for phrase in [
            "總是由後放子的一方先走",
            "押子不連吃",
            "不從手裡出",
            "不受「直」的保護",
            "不以困死對方取勝",
            "只剩兩顆或更少",
            "不能飛",
        ] {
            assert!(zhiqi.contains(phrase), "zhiqi: {phrase:?}");
        }
        assert!(quick.contains("後放子的一方先走"));
        let horse = all("linked-horse");
        let quick = text("linked-horse", Locale::TraditionalChinese).quick_start[0];
        for phrase in [
            "馬廄",
            "不吃對方的子",
            "一次連成兩條或三條，也只放這一顆",
            "七顆入廄",
            "由先放子的一方先走",
            "一顆棋子都動不了，則判負",
        ] {
            assert!(horse.contains(phrase), "linked-horse: {phrase:?}");
        }
        assert!(quick.contains("手裡的子放完、盤上恰好只剩三顆"));
        let tmm = all("twelve-mens-morris");
        for phrase in [
            "一次連成兩條或三條也只吃一顆",
            "盤上和手裡的棋子加起來只剩兩顆時，立即判負",
            "沒有飛子",
            "棋盤全滿，雙方都動不了，立即判和",
        ] {
            assert!(tmm.contains(phrase), "twelve-mens-morris: {phrase:?}");
        }
        assert!(!tmm.contains("押子") && !tmm.contains("拔子"));
        for id in GAME_IDS {
            let t = text(id, Locale::TraditionalChinese);
            let timer = section(t, "計時與設定").paragraphs.join("");
            assert!(timer.contains("不限時、15、30、60 或 120 秒"), "{id}");
            assert!(timer.contains("難度"), "{id}");
            if id != "linked-horse" {
                assert!(timer.contains("作廢"), "{id}");
            }
            let draws = section(t, "勝負與和棋").paragraphs.join("");
            assert!(draws.contains("同一局面出現三次"), "{id}");
            assert!(draws.contains("連續 100 回合"), "{id}");
            assert!(draws.contains("認輸"), "{id}");
        }
    }

    #[test]
    fn twelve_mens_morris_content() {
        let en = text("twelve-mens-morris", Locale::English);
        let zh = text("twelve-mens-morris", Locale::SimplifiedChinese);
        let all_en = joined(en);
        let all_zh = joined(zh);
        assert!(all_en.contains("12 pieces"));
        assert!(all_zh.contains("双方各 12 枚"));
        assert!(all_en.contains("diagonals"));
        assert!(all_zh.contains("斜线"));
        // One capture however many lines, under mill protection.
        assert!(all_en.contains("exactly one, even if it completes two or three lines"));
        assert!(all_zh.contains("一次连成两条或三条也只吃一枚"));
        assert!(all_en.contains("not in a mill"));
        // Two pieces (board + hand) lose; blocked loses; no flying; a full board is a draw.
        assert!(all_en.contains("on the board and in hand together, fall to two loses"));
        assert!(all_zh.contains("盘上和手里的棋子加起来只剩两枚时，立即判负"));
        assert!(all_en.contains("none of your pieces can move, you lose"));
        assert!(all_en.contains("There is no flying"));
        assert!(all_zh.contains("没有飞子"));
        assert!(all_en.contains("board is full at the end of placement"));
        assert!(all_zh.contains("棋盘全满，双方都动不了，立即判和"));
        assert!(all_en.contains("the first placer moves first"));
        // Pinning and pulling belong to Zhi Qi only.
        let words: Vec<_> = all_en
            .split(|c: char| !c.is_ascii_alphabetic())
            .map(str::to_ascii_lowercase)
            .collect();
        for word in ["pin", "pins", "pinning", "pull", "pulls"] {
            assert!(!words.iter().any(|w| w == word), "{word:?}");
        }
        assert!(!all_zh.contains("押子") && !all_zh.contains("拔子"));
    }

    #[test]
    fn shared_rules_appear_in_every_game() {
        for id in GAME_IDS {
            let en = text(id, Locale::English);
            let zh = text(id, Locale::SimplifiedChinese);
            let timer_en = section(en, "Timer and settings").paragraphs.join(" ");
            let timer_zh = section(zh, "计时与设置").paragraphs.join("");
            assert!(timer_en.contains("60 seconds by default"), "{id}");
            assert!(timer_en.contains("off, 15, 30, 60 or 120 seconds"), "{id}");
            assert!(timer_en.contains("turn passes to the other side"), "{id}");
            assert!(
                timer_en.contains("skipped placement keeps the piece in hand"),
                "{id}"
            );
            assert!(timer_en.contains("difficulty anytime in Settings"), "{id}");
            assert!(timer_zh.contains("默认限时 60 秒"), "{id}");
            assert!(timer_zh.contains("不限时、15、30、60 或 120 秒"), "{id}");
            assert!(timer_zh.contains("难度"), "{id}");
            if id != "linked-horse" {
                assert!(
                    timer_en.contains("still owed is lost")
                        || timer_en.contains("still owed are lost")
                );
                assert!(timer_zh.contains("作废"), "{id}");
            }
            let draws_en = section(en, "Winning and draws").paragraphs.join(" ");
            let draws_zh = section(zh, "胜负与和棋").paragraphs.join("");
            assert!(
                draws_en.contains("same position occurs three times"),
                "{id}"
            );
            assert!(draws_en.contains("100 movement turns in a row"), "{id}");
            assert!(draws_en.contains("resign"), "{id}");
            assert!(draws_zh.contains("同一局面出现三次"), "{id}");
            assert!(draws_zh.contains("连续 100 回合"), "{id}");
            assert!(draws_zh.contains("认输"), "{id}");
        }
    }

    #[test]
    fn quick_start_and_key_facts_state_the_piece_count() {
        for (id, n) in [
            ("zhiqi", 12),
            ("linked-horse", 10),
            ("twelve-mens-morris", 12),
        ] {
            let en = text(id, Locale::English);
            let zh = text(id, Locale::SimplifiedChinese);
            let hant = text(id, Locale::TraditionalChinese);
            assert_eq!(en.key_facts[0], format!("Pieces: {n} each"));
            assert_eq!(zh.key_facts[0], format!("棋子：双方各 {n} 枚"));
            assert_eq!(hant.key_facts[0], format!("棋子：雙方各 {n} 顆"));
        }
    }
}
