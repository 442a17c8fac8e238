#!/usr/bin/env bash
# `cargo check` of the bindings for a phone target, when this machine can get the target.
#
#   bindings/scripts/check-mobile-target.sh aarch64-linux-android|aarch64-apple-ios
#
# Adds the Rust standard library for the target with rustup if it is missing. When that is
# impossible (no rustup, no network), or when a build script needs a platform SDK this
# machine does not have, it says so and exits 0: the check is skipped, not failed. ring's C
# code is compiled with the NDK's clang (ANDROID_NDK_HOME, ANDROID_NDK_ROOT or
# ANDROID_NDK_LATEST_HOME) or the host's clang when the target's own compiler is missing. A Rust
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
sdk="$(mktemp -d)"
trap 'rm -rf "$log" "$sdk"' EXIT
check() { cargo check --quiet --manifest-path "$root/Cargo.toml" -p mills-ffi --lib --target "$target" "$@"; }
if check >"$log" 2>&1; then
  echo "ok: cargo check --target $target"
  exit 0
fi
# ring (rustls's cryptography) compiles C for the target in its build script; an app build
# gets the compiler from the NDK (cargo-ndk) or Xcode. Without them, use the NDK's clang if
# one is known, else the host's clang aimed at the phone: -nostdlibinc and ring's
# RING_CORE_NOSTDLIBINC keep the host's headers out (a check links nothing).
if grep -q "error occurred in cc-rs" "$log"; then
  var="${target//-/_}"
  ndk="${ANDROID_NDK_HOME:-${ANDROID_NDK_ROOT:-${ANDROID_NDK_LATEST_HOME:-}}}"
  ndk_clang=""
  for candidate in "$ndk"/toolchains/llvm/prebuilt/*/bin/"${target}26-clang"; do
    if [[ -n "$ndk" && -x "$candidate" ]]; then ndk_clang="$candidate"; fi
  done
  if [[ "$target" == *android* && -n "$ndk_clang" ]]; then
    export "CC_$var=$ndk_clang" "AR_$var=$(dirname "$ndk_clang")/llvm-ar"
    how="the NDK's clang"
  elif command -v clang >/dev/null; then
    case "$target" in
      aarch64-apple-ios) clang_target=arm64-apple-ios17.0 ;;
      *android*) clang_target="${target}26" ;;
      *) clang_target="$target" ;;
    esac
    export "CC_$var=clang" "AR_$var=$(command -v llvm-ar || echo ar)"
    export "CFLAGS_$var=--target=$clang_target -nostdlibinc -DRING_CORE_NOSTDLIBINC -I$sdk/include"
    if [[ "$target" == *apple* ]]; then
      # cc-rs asks xcrun for the SDK unless SDKROOT names one, and ring reads the one Apple
      # header below: stand-ins for both.
      export SDKROOT="$sdk"
      mkdir -p "$sdk/include"
      printf '#define TARGET_OS_MAC 1\n#define TARGET_OS_IPHONE 1\n#define TARGET_OS_OSX 0\n' \
        >"$sdk/include/TargetConditionals.h"
    fi
    how="the host's clang, no system headers"
  else
    echo "skipped: cargo check --target $target (ring needs a C compiler for the target:" \
      "no NDK, Xcode or clang here)"
    exit 0
  fi
  if check >"$log" 2>&1; then
    echo "ok: cargo check --target $target (ring's C compiled with $how)"
    exit 0
  fi
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
