//! The floors check shared by the workspace's crates (each includes this file by path): the
//! modules of a library, at every depth, import only downwards.
//!
//! Every `crate::`, `super::` and `self::` path in a library's `src/` is resolved to the module
//! it names. A module may import its own descendants and modules outside its own ancestry; it
//! may not import an ancestor (the crate root included: name the module that defines an item,
//! not the re-export above it). Between the children of one module, the imports must form no
//! circle, so that the children stack into floors, each importing only those below.
//!
//! Test code (inline `mod tests { .. }`, files of a `tests` module, `*_tests` files and
//! `test_support`) stands above what it tests and is not checked: a test imports the module it
//! tests.
//!
//! This reads text, not a parsed crate: comments are dropped, and paths are read from `crate`,
//! `super` or `self` through `::` segments and `{..}` groups, which is how this workspace writes
//! them.

#![allow(dead_code)] // each crate's test uses what it needs

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path from the crate root: `[]` is the root, `["session", "state"]` its `state`.
pub type ModulePath = Vec<String>;

/// One library's sources: each module's path and text.
pub struct Library {
    pub modules: BTreeMap<ModulePath, String>,
}

impl Library {
    /// Every module of the library rooted at `src/lib.rs`; `src/main.rs` and `src/bin/` are
    /// binaries, which use the library from outside.
    pub fn read(src: &Path) -> Library {
        let mut modules = BTreeMap::new();
        read_dir(src, src, &mut modules);
        assert!(
            modules.contains_key(&Vec::new()),
            "no src/lib.rs under {src:?}"
        );
        Library { modules }
    }

    /// A library from `(path, text)` pairs, for the check's own tests: `"session/state"`.
    pub fn of(files: &[(&str, &str)]) -> Library {
        let modules = files
            .iter()
            .map(|(path, text)| {
                let path = path
                    .split('/')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                (path, text.to_string())
            })
            .collect();
        Library { modules }
    }
}

fn read_dir(src: &Path, dir: &Path, modules: &mut BTreeMap<ModulePath, String>) {
    for entry in fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("directory entry").path();
        let relative = path.strip_prefix(src).unwrap();
        if relative == Path::new("bin") || relative == Path::new("main.rs") {
            continue;
        }
        if path.is_dir() {
            read_dir(src, &path, modules);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut module: ModulePath = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_str().unwrap().to_string())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            modules.insert(module, fs::read_to_string(&path).unwrap());
        }
    }
}

/// A module that exists only for tests.
fn is_test_module(name: &str) -> bool {
    name == "tests" || name.ends_with("_tests") || name == "test_support"
}

fn show(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        format!("crate::{}", module.join("::"))
    }
}

/// An import that breaks the floors.
#[derive(Debug)]
pub struct Problem {
    /// Which modules: `crate::a::b -> crate::a` for an import of an ancestor, the circle's
    /// modules for a circle.
    pub between: String,
    /// What is wrong, with the imports that do it.
    pub words: String,
}

/// Every import of the library that breaks the floors; empty when none does.
pub fn problems(library: &Library) -> Vec<Problem> {
    let mut problems = Vec::new();
    // Between siblings: (from, to) -> the first import that made the edge.
    let mut edges: BTreeMap<(ModulePath, ModulePath), String> = BTreeMap::new();
    for (module, text) in &library.modules {
        if module.iter().any(|name| is_test_module(name)) {
            continue;
        }
        for (at, path) in paths_in(module, &code_of(text)) {
            let target = longest_module(library, &path);
            let shared = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if shared == module.len() {
                continue; // itself or a descendant
            }
            if shared == target.len() {
                problems.push(Problem {
                    between: format!("{} -> {}", show(module), show(&target)),
                    words: format!(
                        "{} imports `{at}`, which is its ancestor `{}`: name the module \
                         that defines the item instead of reaching back up",
                        show(module),
                        show(&target)
                    ),
                });
                continue;
            }
            let from = module[..=shared].to_vec();
            let to = target[..=shared].to_vec();
            edges
                .entry((from, to))
                .or_insert_with(|| format!("{} imports `{at}`", show(module)));
        }
    }
    for circle in circles(&edges) {
        let between = circle
            .iter()
            .map(|m| show(m))
            .collect::<Vec<_>>()
            .join(" -> ");
        let mut words = format!("a circle: {between}");
        for pair in circle.windows(2) {
            let import = &edges[&(pair[0].clone(), pair[1].clone())];
            words.push_str(&format!("\n    {import}"));
        }
        problems.push(Problem { between, words });
    }
    problems
}

/// The known module that `path` (absolute, from the root) lies in.
fn longest_module(library: &Library, path: &[String]) -> ModulePath {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| library.modules.contains_key(prefix))
        .unwrap_or_default()
}

/// One circle (closed: the first module again at the end) through each group of siblings
/// that import each other round.
fn circles(edges: &BTreeMap<(ModulePath, ModulePath), String>) -> Vec<Vec<ModulePath>> {
    let mut next: BTreeMap<&ModulePath, Vec<&ModulePath>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    let mut found = Vec::new();
    let mut in_a_circle: BTreeSet<ModulePath> = BTreeSet::new();
    for &start in next.keys() {
        if in_a_circle.contains(start) {
            continue;
        }
        // Breadth-first from `start`'s successors back to `start`: the shortest circle.
        let mut came_from: BTreeMap<&ModulePath, &ModulePath> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for &to in next.get(at).into_iter().flatten() {
                if came_from.contains_key(to) {
                    continue;
                }
                came_from.insert(to, at);
                if to == start {
                    queue.clear();
                    break;
                }
                queue.push_back(to);
            }
        }
        if let Some(mut at) = came_from.get(start).copied() {
            let mut circle = vec![start.clone()];
            while at != start {
                circle.push(at.clone());
                at = came_from[at];
            }
            circle.push(start.clone());
            circle.reverse();
            in_a_circle.extend(circle.iter().cloned());
            found.push(circle);
        }
    }
    found
}

/// The text without comments, so that a doc link to a module above is not an import.
pub fn code_of(source: &str) -> String {
    let mut code = String::with_capacity(source.len());
    let mut rest = source;
    while !rest.is_empty() {
        let line_comment = rest.find("//");
        let block_comment = rest.find("/*");
        match (line_comment, block_comment) {
            (Some(l), b) if b.is_none_or(|b| l < b) => {
                code.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |end| &rest[l + end..]);
            }
            (_, Some(b)) => {
                code.push_str(&rest[..b]);
                rest = rest[b..].find("*/").map_or("", |end| &rest[b + end + 2..]);
            }
            _ => {
                code.push_str(rest);
                rest = "";
            }
        }
    }
    code
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every `crate::`/`super::`/`self::` path in `code` of `module`, outside test code: the text
/// as written and the path from the root it names (groups give one path per branch).
fn paths_in(module: &[String], code: &str) -> Vec<(String, ModulePath)> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    // Inline modules open at this point: name and the brace depth inside them.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth: usize = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            // Braces in string literals are counted too; they pair up but for the odd one,
            // which must not underflow.
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if !is_ident_char(c) || (i > 0 && (is_ident_char(chars[i - 1]) || chars[i - 1] == '$')) {
            i += 1;
            continue;
        }
        let word: String = chars[i..]
            .iter()
            .take_while(|c| is_ident_char(**c))
            .collect();
        let after = i + word.chars().count();
        if word == "mod" {
            // `mod name {` opens an inline module; `mod name;` declares a file.
            let rest: String = chars[after..].iter().collect();
            let rest = rest.trim_start();
            let name: String = rest.chars().take_while(|c| is_ident_char(*c)).collect();
            if rest[name.len()..].trim_start().starts_with('{') {
                inline.push((name, depth + 1));
            }
            i = after;
            continue;
        }
        let starts_path = matches!(word.as_str(), "crate" | "super" | "self")
            && chars.get(after) == Some(&':')
            && chars.get(after + 1) == Some(&':')
            && !(i >= 2 && chars[i - 1] == ':' && chars[i - 2] == ':');
        if !starts_path {
            i = after;
            continue;
        }
        let (tree, end) = use_tree(&chars, i);
        i = end;
        if inline.iter().any(|(name, _)| is_test_module(name)) {
            continue;
        }
        let mut here: ModulePath = module.to_vec();
        here.extend(inline.iter().map(|(name, _)| name.clone()));
        for segments in tree {
            let text = segments.join("::");
            let mut path = here.clone();
            let mut rest = segments.as_slice();
            match rest.first().map(String::as_str) {
                Some("crate") => {
                    path.clear();
                    rest = &rest[1..];
                }
                Some("self") => rest = &rest[1..],
                _ => {}
            }
            while rest.first().is_some_and(|s| s == "super") {
                path.pop();
                rest = &rest[1..];
            }
            path.extend(rest.iter().filter(|s| *s != "*" && *s != "self").cloned());
            found.push((text, path));
        }
    }
    found
}

/// The paths of the use tree starting at `chars[start]` (`a::b::{c, d::{e, f}}` gives
/// `a::b::c`, `a::b::d::e`, `a::b::d::f`), and where it ends.
fn use_tree(chars: &[char], start: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut i = start;
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        if chars.get(i) == Some(&'{') {
            let mut paths = Vec::new();
            i += 1;
            loop {
                while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                    i += 1;
                }
                match chars.get(i) {
                    None => break,
                    Some('}') => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                let (branches, end) = use_tree(chars, i);
                if end == i {
                    i += 1; // not a path (e.g. `as`): step over it
                    continue;
                }
                for branch in branches {
                    let mut path = prefix.clone();
                    path.extend(branch);
                    paths.push(path);
                }
                i = end;
            }
            return (paths, i);
        }
        let segment: String = if chars.get(i) == Some(&'*') {
            "*".to_string()
        } else {
            chars[i..]
                .iter()
                .take_while(|c| is_ident_char(**c))
                .collect()
        };
        if segment.is_empty() {
            return (
                if prefix.is_empty() {
                    vec![]
                } else {
                    vec![prefix]
                },
                i,
            );
        }
        i += segment.chars().count();
        prefix.push(segment);
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            // `a::b as c` and the like: the rest is not part of the path.
            return (vec![prefix], i);
        }
    }
}

/// Asserts that the library of the crate at `manifest_dir` (its `src/`) breaks no floor but
/// the `known` ones; see [`assert_floors_hold`].
pub fn assert_crate_floors_hold(manifest_dir: &str, known: &[&str]) {
    assert_floors_hold(&Library::read(&Path::new(manifest_dir).join("src")), known);
}

/// Asserts that `library` breaks no floor but the `known` ones (`Problem::between`, each
/// still broken: one that was mended must leave the list), listing every import that does.
pub fn assert_floors_hold(library: &Library, known: &[&str]) {
    assert!(
        library.modules.len() > 5,
        "only {} modules found",
        library.modules.len()
    );
    let problems = problems(library);
    let new: Vec<&str> = problems
        .iter()
        .filter(|p| !known.contains(&p.between.as_str()))
        .map(|p| p.words.as_str())
        .collect();
    assert!(
        new.is_empty(),
        "imports that break the floors:\n{}",
        new.join("\n")
    );
    let mended: Vec<&&str> = known
        .iter()
        .filter(|k| !problems.iter().any(|p| p.between == **k))
        .collect();
    assert!(
        mended.is_empty(),
        "these no longer break the floors; take them off the known list: {mended:?}"
    );
}
