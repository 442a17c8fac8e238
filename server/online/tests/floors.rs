//! The online crate's modules only import downwards, at every depth, in the order the
//! crate's doc comment (src/lib.rs) lists. The check is the engine's (see
//! rust-core/tests/floors/check.rs).

#[path = "../../../rust-core/tests/floors/check.rs"]
mod check;

/// What still breaks the floors; the list only shrinks.
const KNOWN_UPWARD_IMPORTS: &[&str] = &[];

#[test]
fn every_module_at_every_depth_imports_down_without_circles() {
    check::assert_crate_floors_hold(env!("CARGO_MANIFEST_DIR"), KNOWN_UPWARD_IMPORTS);
}
