#!/usr/bin/env bash
# The Swift view of the FFI: the generated Swift bindings must parse cleanly with
# tree-sitter-swift (no Swift toolchain is needed), and the bindings must `cargo check` for
# iOS when the target can be installed here (skipped, and said so, otherwise).
#
#   tests/swift/run.sh
#
# Installs tree-sitter and tree-sitter-swift from PyPI into the venv tests/.tools/venv when
# missing (tests/lib.sh). Honours CARGO_TARGET_DIR; the generated sources go to
# $CARGO_TARGET_DIR/ffi-tests/swift/generated.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
out="$target_dir/ffi-tests/swift/generated"

step() { echo "-- $* ($SECONDS s)"; }

python="$(ensure_python_tools)"

step "building libmills_ffi and generating the Swift bindings"
"$root/bindings/scripts/generate.sh" swift "$out" >/dev/null

step "checking the generated Swift with tree-sitter-swift"
for file in mills_ffi.swift mills_ffiFFI.h mills_ffiFFI.modulemap; do
  [[ -s "$out/$file" ]] || { echo "missing generated file $file" >&2; exit 1; }
done
"$python" "$root/tests/swift/check_syntax.py" --self-test \
  --expect "open class GameSession" \
  --expect "public protocol SessionListener" \
  --expect "enum MillsError: Swift.Error" \
  --expect "public struct Snapshot" \
  --expect "public func rulesText(" \
  "$out/mills_ffi.swift"

step "iOS target"
"$root/bindings/scripts/check-mobile-target.sh" aarch64-apple-ios
step "swift: ok"
