//! The reader's language from `Accept-Language`: English, Simplified or Traditional Chinese,
//! the apps' three.

/// A language the pages are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English, also for every language the pages are not written in.
    En,
    /// 简体中文 (`zh`, `zh-CN`, `zh-SG`, `zh-Hans`).
    ZhHans,
    /// 繁體中文 (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant`).
    ZhHant,
}

impl Lang {
    /// Every language, for the tests.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

    /// The `lang` attribute of the page (BCP 47).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// The best language of an `Accept-Language` value: the first of the highest weight
    /// that the pages are written in; English when none is (or the header is missing).
    pub fn negotiate(accept_language: Option<&str>) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in accept_language.unwrap_or("").split(',') {
            let mut parts = item.split(';');
            let Some(lang) = Lang::of_tag(parts.next().unwrap_or("").trim()) else {
                continue;
            };
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            // q=0 means "not this one"; an earlier entry wins a tie.
            if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, lang));
            }
        }
        best.map_or(Lang::En, |(_, lang)| lang)
    }

    fn of_tag(tag: &str) -> Option<Lang> {
        let tag = tag.to_ascii_lowercase();
        let mut subtags = tag.split(['-', '_']);
        match subtags.next()? {
            "en" => Some(Lang::En),
            "zh" => {
                // A script subtag decides; without one, the region does.
                let rest: Vec<&str> = subtags.collect();
                let traditional = if rest.contains(&"hans") {
                    false
                } else {
                    rest.iter()
                        .any(|s| matches!(*s, "hant" | "tw" | "hk" | "mo"))
                };
                Some(if traditional {
                    Lang::ZhHant
                } else {
                    Lang::ZhHans
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_scripts_follow_the_region_or_the_script() {
        for (header, lang) in [
            ("zh-CN,zh;q=0.9,en;q=0.8", Lang::ZhHans),
            ("zh", Lang::ZhHans),
            ("zh-Hans-HK", Lang::ZhHans),
            ("zh-TW", Lang::ZhHant),
            ("zh-hk,en;q=0.5", Lang::ZhHant),
            ("zh-Hant", Lang::ZhHant),
            ("zh_MO", Lang::ZhHant),
        ] {
            assert_eq!(Lang::negotiate(Some(header)), lang, "{header}");
        }
    }

    #[test]
    fn weights_decide_and_unknown_languages_fall_back_to_english() {
        assert_eq!(Lang::negotiate(Some("en;q=0.4, zh-TW;q=0.8")), Lang::ZhHant);
        assert_eq!(Lang::negotiate(Some("fr-FR, zh;q=0.3")), Lang::ZhHans);
        assert_eq!(Lang::negotiate(Some("fr-FR, de")), Lang::En);
        assert_eq!(Lang::negotiate(Some("zh;q=0, en;q=0.1")), Lang::En);
        assert_eq!(Lang::negotiate(Some("*")), Lang::En);
        assert_eq!(Lang::negotiate(Some(";;,q=,")), Lang::En);
        assert_eq!(Lang::negotiate(None), Lang::En);
    }
}
