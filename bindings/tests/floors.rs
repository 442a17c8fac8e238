//! The bindings' modules only import downwards, at every depth: the error type and `guard`
//! are on the ground floor (`error`) and imported from there, never from the crate root
//! that re-exports them. The check is the engine's (see rust-core/tests/floors/check.rs).

#[path = "../../rust-core/tests/floors/check.rs"]
mod check;

/// What still breaks the floors: nothing; the list only shrinks, and stays empty.
const KNOWN_UPWARD_IMPORTS: &[&str] = &[];

#[test]
fn every_module_at_every_depth_imports_down_without_circles() {
    check::assert_crate_floors_hold(env!("CARGO_MANIFEST_DIR"), KNOWN_UPWARD_IMPORTS);
}
