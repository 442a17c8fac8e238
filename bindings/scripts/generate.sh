#!/usr/bin/env bash
# Builds the host library and generates its bindings (build output, never committed).
#
#   bindings/scripts/generate.sh kotlin|swift|python OUT_DIR [--test-ca]
#
# --test-ca builds the library with mills-ffi's test-ca feature (a wss:// session also trusts
# the root MILLS_TEST_ROOT_CERT names): for the app suites' tests only, never the apps'
# builds. The bindings are the same either way (the feature adds no exported item).
#
# The library is the host cdylib, built in the profile MILLS_CARGO_PROFILE names (default
# release, what the apps ship; tests/run.sh sets suite) with the features of the whole
# workspace (`--workspace --lib`), as `cargo test --workspace` builds it: after the Rust tests
# this build is then a no-op, where `-p mills-ffi` alone would resolve its dependencies' features
# differently (log, tungstenite: mills-server asks for more) and rebuild the engine and every
# shared crate. Libraries only, so the server's runtime and SQLite are not compiled here.
# The generator is this crate's own `uniffi-bindgen` binary (same UniFFI version), built in
# the dev profile because it only runs here. It runs from the workspace root: library mode
# finds the crate's bindings/uniffi.toml through `cargo metadata`, which looks for the
# workspace in the current directory. Honours CARGO_TARGET_DIR.
# Prints the path of the library on its last line.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 || ( "$1" != kotlin && "$1" != swift && "$1" != python ) || ( $# -eq 3 && "$3" != --test-ca ) ]]; then
  echo "usage: $0 kotlin|swift|python OUT_DIR [--test-ca]" >&2
  exit 2
fi
language="$1"
out="$2"
features=()
[[ $# -eq 3 ]] && features=(--features mills-ffi/test-ca)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
profile="${MILLS_CARGO_PROFILE:-release}"
case "$profile" in
  dev | test) profile_dir="debug" ;;
  *) profile_dir="$profile" ;;
esac
case "$(uname -s)" in
  Darwin) lib_name="libmills_ffi.dylib" ;;
  *) lib_name="libmills_ffi.so" ;;
esac
cargo build --quiet --manifest-path "$root/Cargo.toml" --profile "$profile" --workspace --lib \
  ${features[@]+"${features[@]}"} >&2
cargo build --quiet --manifest-path "$root/Cargo.toml" -p mills-ffi --features bindgen \
  --bin uniffi-bindgen >&2

# absolute before the cd below (either may be relative to the caller's directory)
target_dir="$(cd "$target_dir" && pwd)"
lib="$target_dir/$profile_dir/$lib_name"
rm -rf "$out"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$root"
"$target_dir/debug/uniffi-bindgen" generate --no-format --library "$lib" \
  --language "$language" --out-dir "$out" >&2
echo "$lib"
