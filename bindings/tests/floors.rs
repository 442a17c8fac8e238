//! The bindings' modules only import downwards, at every depth: the error type and `guard`
//! are on the ground floor (`error`) and imported from there, never from the crate root
//! that re-exports them. The check is the engine's (see rust-core/tests/floors/check.rs).

#[path = "../../rust-core/tests/floors/check.rs"]
mod check;

/// What still breaks the floors; the list only shrinks. `GameId` lives in `types::config`, which names
/// the error type and the table shelf: moving it below them would change the UniFFI
/// checksums (a type's module path is part of them) and so the generated Kotlin and Swift.
const KNOWN_UPWARD_IMPORTS: &[&str] = &[
    "crate::error -> crate::types -> crate::error",
    "crate::tables -> crate::types -> crate::tables",
];

#[test]
fn every_module_at_every_depth_imports_down_without_circles() {
    check::assert_crate_floors_hold(env!("CARGO_MANIFEST_DIR"), KNOWN_UPWARD_IMPORTS);
}
