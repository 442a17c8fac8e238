//! The engine's modules only import downwards: every `crate::` path in `src/` names a module
//! on a lower floor of the table in docs/architecture.md (or the file's own module).
//!
//! The floor table is read from the document itself, so the picture a reader sees and the
//! rule this test enforces cannot drift apart. Below the top level, `floors/check.rs` (shared
//! with the bindings and the server) holds every module at every depth to the same rule.

#[path = "floors/check.rs"]
mod check;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Module name to floor number, from the `| floor | modules | ... |` table.
fn floors_from(doc: &str) -> BTreeMap<String, u32> {
    let mut floors = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // A row is "| N | `a`, `b` | text |": cells[0] is empty (before the first bar).
        let (Some(number), Some(modules)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Ok(floor) = number.parse::<u32>() else {
            continue;
        };
        for name in modules.split(',') {
            let name = name.trim().trim_matches('`');
            assert!(
                floors.insert(name.to_string(), floor).is_none(),
                "module `{name}` is listed on two floors"
            );
        }
    }
    floors
}

/// The source without comments (line comments and doc comments; the engine has no block
/// comments), so that a doc link to a module above is not mistaken for an import.
fn code_of(source: &str) -> String {
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first path segment of every `crate::` path in `code`, including each branch of
/// `crate::{a::X, b}` groups.
fn crate_paths(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let preceded_by_ident = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + "crate::".len()..];
        if preceded_by_ident {
            continue; // e.g. `mills_core::` is not this crate's root
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut branch_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            rest = &group[i..];
                            break;
                        }
                    }
                    ',' if depth == 1 => branch_start = true,
                    c if branch_start && (c.is_alphanumeric() || c == '_') => {
                        branch_start = false;
                        found.push(ident_at(&group[i..]));
                    }
                    _ => {}
                }
            }
        } else {
            found.push(ident_at(rest));
        }
    }
    found
}

fn ident_at(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Every way `source` (a file of `module`) breaks the floor order.
fn violations(module: &str, source: &str, floors: &BTreeMap<String, u32>) -> Vec<String> {
    let Some(&own) = floors.get(module) else {
        return vec![format!(
            "module `{module}` is on no floor of docs/architecture.md"
        )];
    };
    let mut found = Vec::new();
    for target in crate_paths(&code_of(source)) {
        if target == module || target == "self" {
            continue;
        }
        match floors.get(&target) {
            None => found.push(format!(
                "`crate::{target}` is not a module on a floor: name the module that defines it \
                 instead of reaching into the crate root"
            )),
            Some(&floor) if floor >= own => found.push(format!(
                "`{module}` (floor {own}) imports `{target}` (floor {floor}): imports must point down"
            )),
            Some(_) => {}
        }
    }
    found
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

fn engine_floors() -> BTreeMap<String, u32> {
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
    let doc = fs::read_to_string(&doc_path).expect("read docs/architecture.md");
    let floors = floors_from(&doc);
    assert!(
        floors.len() > 10,
        "the floor table was not found in {doc_path:?}"
    );
    floors
}

#[test]
fn every_import_in_the_engine_points_down() {
    let floors = engine_floors();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    let mut modules_seen = 0;
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        if relative == Path::new("lib.rs") {
            continue; // the root stands above every floor: it declares and re-exports
        }
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_str().unwrap().trim_end_matches(".rs");
        let source = fs::read_to_string(file).unwrap();
        for problem in violations(module, &source, &floors) {
            problems.push(format!("{}: {problem}", relative.display()));
        }
        modules_seen += 1;
    }
    assert!(
        modules_seen > 50,
        "only {modules_seen} files found under {src:?}"
    );
    assert!(
        problems.is_empty(),
        "imports that break the floors:\n{}",
        problems.join("\n")
    );
}

/// What still breaks the floors below the top level; the list only shrinks.
const KNOWN_UPWARD_IMPORTS: &[&str] = &[];

#[test]
fn every_module_at_every_depth_imports_down_without_circles() {
    check::assert_crate_floors_hold(env!("CARGO_MANIFEST_DIR"), KNOWN_UPWARD_IMPORTS);
}

#[test]
fn every_listed_module_exists() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for module in engine_floors().keys() {
        assert!(
            src.join(format!("{module}.rs")).is_file() || src.join(module).join("mod.rs").is_file(),
            "docs/architecture.md lists `{module}`, which is not a module of src/"
        );
    }
}

fn sample_floors() -> BTreeMap<String, u32> {
    floors_from(
        "| floor | modules | what |\n|---|---|---|\n| 0 | `board` | ground |\n\
         | 1 | `rules`, `action` | data |\n| 2 | `session` | top |\n",
    )
}

#[test]
fn the_check_refuses_an_import_that_points_up() {
    let floors = sample_floors();
    assert_eq!(floors["action"], 1);
    assert!(violations("rules", "use crate::board::Point;\n", &floors).is_empty());
    let up = violations("rules", "use crate::session::Snapshot;\n", &floors);
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(up[0].contains("must point down"), "{up:?}");
    // Sideways (same floor) is refused too: two modules on one floor could form a circle.
    assert_eq!(
        violations("rules", "fn f(a: crate::action::Action) {}", &floors).len(),
        1
    );
}

#[test]
fn the_check_reads_groups_and_ignores_comments_and_other_crates() {
    let floors = sample_floors();
    let source = "use crate::{\n    board::Point,\n    session::{Snapshot, Mode},\n};\n\
                  /// See [`crate::session`].\nuse mills_core::session;\n";
    let found = violations("rules", source, &floors);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("`session`"), "{found:?}");
}

#[test]
fn the_check_refuses_the_crate_root_and_unlisted_modules() {
    let floors = sample_floors();
    let root = violations("session", "fn f(p: &crate::Position) {}", &floors);
    assert!(root[0].contains("crate root"), "{root:?}");
    let unlisted = violations("arena", "", &floors);
    assert!(unlisted[0].contains("no floor"), "{unlisted:?}");
}

#[test]
fn the_shared_check_refuses_a_circle_between_siblings() {
    let library = check::Library::of(&[
        ("", "mod session;"),
        ("session", "mod state; mod snapshot; mod changes;"),
        ("session/state", "use super::changes::ChangeLog;"),
        ("session/changes", "use super::snapshot::Snapshot;"),
        ("session/snapshot", "impl super::state::State {}"),
    ]);
    let problems = check::problems(&library);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].words.contains("a circle"), "{problems:?}");
    assert!(
        problems[0]
            .words
            .contains("crate::session::snapshot imports `super::state::State`"),
        "{problems:?}"
    );
}

#[test]
fn the_shared_check_refuses_an_import_of_an_ancestor() {
    let library = check::Library::of(&[
        (
            "",
            "mod error; mod records; pub use error::{MillsError, guard};",
        ),
        ("error", "pub enum MillsError {}"),
        (
            "records",
            "use crate::{MillsError, guard};\nuse crate::error::MillsError;",
        ),
        ("records/text", "use super::Parsed;"),
    ]);
    let problems = check::problems(&library);
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems.iter().all(|p| p.words.contains("its ancestor")),
        "{problems:?}"
    );
}

#[test]
fn the_shared_check_allows_descendants_test_code_and_comments() {
    let library = check::Library::of(&[
        ("", "mod a; mod b; pub use a::inner::X;"),
        (
            "a",
            "mod inner; pub use self::inner::X;\n/// See [`crate::b`] and [`super::Y`].\n",
        ),
        (
            "a/inner",
            "use crate::b::Y;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::a::Z;\n}\n",
        ),
        ("b", "pub struct Y; /* crate::a::X */"),
        ("b/tests", "use crate::a::X; use super::super::b::Y;"),
    ]);
    let problems = check::problems(&library);
    assert!(problems.is_empty(), "{problems:?}");
}
