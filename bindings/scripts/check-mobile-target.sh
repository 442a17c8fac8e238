#!/usr/bin/env bash
# `cargo check` of the bindings for a phone target, when this machine can get the target.
#
#   bindings/scripts/check-mobile-target.sh aarch64-linux-android|aarch64-apple-ios
#
# Adds the Rust standard library for the target with rustup if it is missing. When that is
# impossible (no rustup, no network), or when a build script needs a platform SDK this
# machine does not have, it says so and exits 0: the check is skipped, not failed. A Rust
# compile error in our code fails it. Set MILLS_SKIP_TARGET_CHECKS=1 to skip outright.
set -uo pipefail

target="${1:?usage: $0 TARGET}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

if [[ -n "${MILLS_SKIP_TARGET_CHECKS:-}" ]]; then
  echo "skipped: cargo check --target $target (MILLS_SKIP_TARGET_CHECKS is set)"
  exit 0
fi
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  if ! command -v rustup >/dev/null || ! timeout 300 rustup target add "$target" >/dev/null 2>&1; then
    echo "skipped: cargo check --target $target (rustup could not add the target here)"
    exit 0
  fi
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
check() { cargo check --quiet --manifest-path "$root/Cargo.toml" -p mills-ffi --lib --target "$target" "$@"; }
if check >"$log" 2>&1; then
  echo "ok: cargo check --target $target"
  exit 0
fi
# oslog compiles a C shim against the Apple SDK: without Xcode, check everything else.
if [[ "$target" == *apple* ]] && grep -q "oslog" "$log"; then
  if check --no-default-features >"$log" 2>&1; then
    echo "ok: cargo check --target $target --no-default-features" \
      "(skipped the os_log shim: no Apple SDK on this machine)"
    exit 0
  fi
fi
cat "$log"
echo "FAILED: cargo check --target $target"
exit 1
