#!/usr/bin/env bash
# The C view of the FFI: the generated header compiled with -Wall -Wextra -Werror, and a small
# C program calling the host library through it, linked once against the shared library and
# once against the static one (what iOS links).
#
#   tests/c/run.sh
#
# Needs cargo and a C compiler (cc). Honours CARGO_TARGET_DIR; build output goes to
# $CARGO_TARGET_DIR/ffi-tests/c.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
build="$target_dir/ffi-tests/c"
cc="${CC:-cc}"

step() { echo "-- $* ($SECONDS s)"; }
command -v "$cc" >/dev/null || { echo "c: no C compiler ($cc)" >&2; exit 1; }

step "building libmills_ffi and generating the header"
lib="$("$root/bindings/scripts/generate.sh" swift "$build/generated" | tail -n 1)"
lib_dir="$(dirname "$lib")"
swift="$build/generated/mills_ffi.swift"

# What the generated bindings expect of the library: its contract version and checksums.
contract="$(sed -n 's/.*let bindings_contract_version = \([0-9]*\).*/\1/p' "$swift")"
sed -n 's/.*if (\(uniffi_mills_ffi_checksum_[a-z0-9_]*\)() != \([0-9]*\)).*/CHECKSUM(\1, \2)/p' \
  "$swift" >"$build/checksums.inc"
version="$(cargo metadata --manifest-path "$root/Cargo.toml" --format-version 1 --no-deps |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"]=="mills-ffi"))')"
[[ -n "$contract" && -s "$build/checksums.inc" ]] || { echo "c: cannot read the bindings' expectations" >&2; exit 1; }

# The header uses clang's nullability qualifiers; other compilers get them defined away.
flags=(-std=c11 -Wall -Wextra -Werror -O1 -I"$build/generated" -I"$build"
  -DEXPECTED_CONTRACT="$contract" -DEXPECTED_VERSION="\"$version\"")
if ! "$cc" --version 2>/dev/null | grep -qi clang; then
  flags+=(-D_Nullable= -D_Nonnull=)
fi

step "compiling tests/c/ffi_test.c ($(wc -l <"$build/checksums.inc") checksums)"
"$cc" "${flags[@]}" "$root/tests/c/ffi_test.c" -L"$lib_dir" -lmills_ffi \
  -Wl,-rpath,"$lib_dir" -o "$build/ffi_test_shared"
"$cc" "${flags[@]}" "$root/tests/c/ffi_test.c" "$lib_dir/libmills_ffi.a" \
  -lpthread -ldl -lm -o "$build/ffi_test_static"

step "running against the shared library"
"$build/ffi_test_shared"
step "running against the static library"
"$build/ffi_test_static" >/dev/null
step "c: ok"
