#!/usr/bin/env bash
# The Swift view of the FFI: the generated Swift bindings must parse cleanly with
# tree-sitter-swift (no Swift toolchain is needed), and the bindings must `cargo check` for
# iOS when the target can be installed here (skipped, and said so, otherwise).
#
#   tests/swift/run.sh
#
# Installs tree-sitter and tree-sitter-swift from PyPI into the venv tests/.tools/venv when
# missing. Honours CARGO_TARGET_DIR; the generated sources go to
# $CARGO_TARGET_DIR/ffi-tests/swift/generated.
set -euo pipefail

TREE_SITTER_VERSION="0.26.1"
TREE_SITTER_SWIFT_VERSION="0.7.4"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/tests/.tools/venv"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
out="$target_dir/ffi-tests/swift/generated"

step() { echo "-- $* ($SECONDS s)"; }

wanted="tree-sitter==$TREE_SITTER_VERSION tree-sitter-swift==$TREE_SITTER_SWIFT_VERSION"
if [[ "$(cat "$venv/.installed" 2>/dev/null || true)" != "$wanted" ]]; then
  step "installing $wanted into tests/.tools/venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $wanted
  echo "$wanted" >"$venv/.installed"
fi

step "building libmills_ffi and generating the Swift bindings"
"$root/bindings/scripts/generate.sh" swift "$out" >/dev/null

step "checking the generated Swift with tree-sitter-swift"
for file in mills_ffi.swift mills_ffiFFI.h mills_ffiFFI.modulemap; do
  [[ -s "$out/$file" ]] || { echo "missing generated file $file" >&2; exit 1; }
done
"$venv/bin/python" "$root/tests/swift/check_syntax.py" --self-test \
  --expect "open class GameSession" \
  --expect "public protocol SessionListener" \
  --expect "enum MillsError: Swift.Error" \
  --expect "public struct Snapshot" \
  --expect "public func rulesText(" \
  "$out/mills_ffi.swift"

step "iOS target"
"$root/bindings/scripts/check-mobile-target.sh" aarch64-apple-ios
step "swift: ok"
