//! The UniFFI bindings generator, pinned to the same UniFFI version as the library.

fn main() {
    uniffi::uniffi_bindgen_main()
}
