#!/usr/bin/env bash
# Sizes of the stripped engine library for the phone targets, cross-built on Linux without
# the NDK or Xcode (docs/android.md, "Library size", says what the figures mean).
#
#   bindings/scripts/measure-library-size.sh [TARGET ...]
#
# Default targets: aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
# aarch64-apple-ios. Needs rustup (the targets are added if missing), clang and llvm-strip,
# llvm-ar and llvm-size. The release profile is the apps' (`cargo build --release -p
# mills-ffi --lib`); extra cargo arguments go in MILLS_SIZE_CARGO_ARGS.
#
# Android: linked with rustup's rust-lld against empty stand-ins for the platform's libc,
# libm, libdl, liblog and libunwind, so their symbols stay undefined (resolved at load time);
# ring's C is compiled by the host's clang aimed at the target without system headers. The
# library is the Rust and C code an NDK build links; the NDK adds its libunwind (static) and
# its own link's few KB. iOS: the app links a static library, which only Apple's linker can
# reduce to what the app uses, so the archive's code and data (__TEXT and __DATA of every
# member, llvm-size) are reported, an upper bound; the os_log shim needs the Apple SDK and is left out (--no-default-features).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(aarch64-linux-android armv7-linux-androideabi x86_64-linux-android aarch64-apple-ios)
fi
for tool in rustup cargo clang llvm-strip llvm-ar llvm-size; do
  command -v "$tool" >/dev/null || { echo "$tool is missing" >&2; exit 2; }
done
sysroot="$(rustc --print sysroot)"
lld="$(find "$sysroot/lib/rustlib" -name rust-lld -type f | head -n 1)"
[[ -x "$lld" ]] || { echo "rust-lld is missing from the toolchain" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/stubs" "$work/sdk/include"
for lib in c m dl log unwind; do llvm-ar rc "$work/stubs/lib$lib.a"; done
printf '#define TARGET_OS_MAC 1\n#define TARGET_OS_IPHONE 1\n#define TARGET_OS_OSX 0\n' \
  >"$work/sdk/include/TargetConditionals.h"
# x86_64's intrinsics headers (ring's ADX code) include <stdlib.h> for _mm_malloc: declare
# the three functions it names.
printf '#include <stddef.h>\nvoid *malloc(size_t);\nvoid free(void *);\nint posix_memalign(void **, size_t, size_t);\n' \
  >"$work/sdk/include/stdlib.h"

read -r -a extra <<<"${MILLS_SIZE_CARGO_ARGS:-}"
printf '%-28s %12s  %s\n' target bytes what
for target in "${targets[@]}"; do
  rustup target list --installed | grep -qx "$target" || rustup target add "$target" >/dev/null
  var="${target//-/_}"
  upper="${var^^}"
  case "$target" in
    armv7-linux-androideabi) clang_target=armv7a-linux-androideabi26 ;;
    *android*) clang_target="${target}26" ;;
    aarch64-apple-ios) clang_target=arm64-apple-ios17.0 ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
  esac
  export "CC_$var=clang" "AR_$var=llvm-ar"
  export "CFLAGS_$var=--target=$clang_target -nostdlibinc -DRING_CORE_NOSTDLIBINC -I$work/sdk/include"
  out="$root/target/$target/release"
  if [[ "$target" == *android* ]]; then
    export "CARGO_TARGET_${upper}_LINKER=$lld"
    export "CARGO_TARGET_${upper}_RUSTFLAGS=-C linker-flavor=ld.lld -C link-arg=-L$work/stubs -C link-arg=-zmax-page-size=16384"
    (cd "$root" && cargo build --quiet --release -p mills-ffi --lib --target "$target" ${extra[@]+"${extra[@]}"})
    llvm-strip --strip-all -o "$work/lib.so" "$out/libmills_ffi.so"
    printf '%-28s %12s  %s\n' "$target" "$(stat -c %s "$work/lib.so")" "libmills_ffi.so, stripped"
  else
    export SDKROOT="$work/sdk" IPHONEOS_DEPLOYMENT_TARGET=17.0
    (cd "$root" && cargo rustc --quiet --release -p mills-ffi --lib --no-default-features \
      --target "$target" --crate-type staticlib ${extra[@]+"${extra[@]}"})
    # Mach-O members: the __TEXT and __DATA columns (llvm-size's totals are 0 for Mach-O); the
    # rest is debug information and bitcode that the app's link drops.
    size="$(llvm-size "$out/libmills_ffi.a" | awk 'NR > 1 { sum += $1 + $2 } END { print sum }')"
    printf '%-28s %12s  %s\n' "$target" "$size" "libmills_ffi.a: __TEXT + __DATA of every member (upper bound)"
  fi
done
