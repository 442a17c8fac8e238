//! The server's modules only import downwards, at every depth, in the order the crate's
//! doc comment (src/lib.rs) lists. The check is the engine's (see
//! rust-core/tests/floors/check.rs).

#[path = "../../rust-core/tests/floors/check.rs"]
mod check;

/// What still breaks the floors; the list only shrinks.
const KNOWN_UPWARD_IMPORTS: &[&str] = &[];

#[test]
fn every_module_at_every_depth_imports_down_without_circles() {
    check::assert_crate_floors_hold(env!("CARGO_MANIFEST_DIR"), KNOWN_UPWARD_IMPORTS);
}

/// The server is kept in small rooms: a source file that grows past this is split by job.
const MOST_LINES_IN_A_SOURCE_FILE: usize = 500;

#[test]
fn no_source_file_is_over_five_hundred_lines() {
    fn rust_files(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a readable source folder") {
            let path = entry.expect("a readable folder entry").path();
            if path.is_dir() {
                rust_files(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    let mut files = Vec::new();
    rust_files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 50, "the walk found the sources: {files:?}");
    let too_long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            (lines > MOST_LINES_IN_A_SOURCE_FILE).then(|| format!("{} ({lines})", path.display()))
        })
        .collect();
    assert!(
        too_long.is_empty(),
        "over {MOST_LINES_IN_A_SOURCE_FILE} lines: {too_long:?}"
    );
}
