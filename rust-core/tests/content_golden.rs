//! The rules text the apps receive, compared byte for byte with a dump taken from the text as
//! it stood when it was written in Rust: a change of storage must not change a character.

use mills_core::content::{GAME_IDS, Locale, rules_text};

const GOLDEN: &str = "tests/golden/rules_text.txt";

/// Every game in every locale, as `{:#?}`: Debug quotes and escapes each string, so two dumps
/// are equal only if every string is.
fn dump() -> String {
    let mut out = String::new();
    for id in GAME_IDS {
        for locale in Locale::ALL {
            let text = rules_text(id, locale).expect("every game has text");
            out.push_str(&format!("== {id} {}\n{text:#?}\n", locale.tag()));
        }
    }
    out
}

#[test]
fn rules_text_matches_the_golden_dump() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    let golden = std::fs::read_to_string(&path).expect("read the golden dump");
    let now = dump();
    assert!(
        now.len() > 20_000,
        "the dump is too short to be the rules text"
    );
    for (i, (a, b)) in golden.lines().zip(now.lines()).enumerate() {
        assert_eq!(a, b, "line {} of {GOLDEN} differs", i + 1);
    }
    assert_eq!(golden, now, "the dump's length differs from {GOLDEN}");
}
