#!/usr/bin/env bash
# Builds the Rust engine for iOS and packs it for Swift: MillsFFI.xcframework and the
# UniFFI-generated Swift API, both inside the MillsCore package (ios/MillsCore).
#
#   ios/scripts/build-xcframework.sh                  # release build (macOS with Xcode)
#   ios/scripts/build-xcframework.sh --debug          # dev profile: faster, slower engine
#   ios/scripts/build-xcframework.sh --macos          # also a macOS slice, for `swift test`
#   ios/scripts/build-xcframework.sh --bindings-only  # only the Swift/C bindings (any host)
#
# Steps:
#   1. cargo builds the mills-ffi static library for aarch64-apple-ios (devices),
#      aarch64-apple-ios-sim and x86_64-apple-ios (simulators), and with --macos for
#      aarch64-apple-darwin and x86_64-apple-darwin;
#   2. lipo joins the two simulator slices (and the two macOS slices) into one library each;
#   3. bindings/scripts/generate.sh runs the workspace's uniffi-bindgen (the same UniFFI
#      version as the library) on the host build of the library: mills_ffi.swift,
#      mills_ffiFFI.h and mills_ffiFFI.modulemap; the module map is renamed
#      module.modulemap and put beside the header;
#   4. xcodebuild -create-xcframework packs ios/MillsCore/MillsFFI.xcframework, and
#      mills_ffi.swift is copied to ios/MillsCore/Sources/MillsCore/.
#
# Everything it writes is build output and ignored by git (see ios/.gitignore).
#
# Environment:
#   CARGO_TARGET_DIR             honoured (default: <repo>/target)
#   MILLS_IOS_BUILD_DIR          intermediate output (default: ios/build)
#   IPHONEOS_DEPLOYMENT_TARGET   default 17.0, the app's minimum
#   MACOSX_DEPLOYMENT_TARGET     default 14.0
#
# Written for the bash 3.2 that macOS ships (empty arrays are expanded as ${a[@]+"${a[@]}"}).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
IOS_DIR="$(cd "$SCRIPT_DIR/.." && pwd)"
ROOT="$(cd "$IOS_DIR/.." && pwd)"
PACKAGE_DIR="$IOS_DIR/MillsCore"
BUILD_DIR="${MILLS_IOS_BUILD_DIR:-$IOS_DIR/build}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
CRATE="mills-ffi"
LIB_NAME="mills_ffi"           # the [lib] name: libmills_ffi.a, mills_ffi.swift
FFI_MODULE="${LIB_NAME}FFI"    # the C module the generated Swift imports
XCFRAMEWORK="$PACKAGE_DIR/MillsFFI.xcframework"

export IPHONEOS_DEPLOYMENT_TARGET="${IPHONEOS_DEPLOYMENT_TARGET:-17.0}"
export MACOSX_DEPLOYMENT_TARGET="${MACOSX_DEPLOYMENT_TARGET:-14.0}"

profile="release"
with_macos=0
bindings_only=0

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

for arg in "$@"; do
  case "$arg" in
    --debug) profile="debug" ;;
    --macos) with_macos=1 ;;
    --bindings-only) bindings_only=1 ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      echo "unknown option: $arg" >&2
      usage >&2
      exit 2
      ;;
  esac
done

cargo_profile_flag=()
if [[ "$profile" == "release" ]]; then
  cargo_profile_flag=(--release)
fi

step() { printf '\n== %s\n' "$*"; }

require() {
  local tool
  for tool in "$@"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "error: '$tool' is needed (macOS with Xcode and its command line tools)" >&2
      exit 1
    fi
  done
}

# Step 3: the Swift file, the header and the module map, from the host library. The
# shared generator script builds the host library and the workspace's uniffi-bindgen.
generate_bindings() {
  step "uniffi-bindgen: Swift bindings"
  local out="$BUILD_DIR/bindings"
  rm -rf "$out"
  mkdir -p "$out/headers"
  "$ROOT/bindings/scripts/generate.sh" swift "$out/generated" >/dev/null
  cp "$out/generated/$LIB_NAME.swift" "$out/$LIB_NAME.swift"
  cp "$out/generated/$FFI_MODULE.h" "$out/headers/$FFI_MODULE.h"
  # An XCFramework's Headers folder carries its module map under this exact name.
  cp "$out/generated/$FFI_MODULE.modulemap" "$out/headers/module.modulemap"
  echo "bindings: $out"
}

# Step 1: one static library per Rust target triple.
build_target() {
  local triple="$1"
  step "cargo build --target $triple ($profile)"
  rustup target add "$triple" >/dev/null
  (cd "$ROOT" && cargo build ${cargo_profile_flag[@]+"${cargo_profile_flag[@]}"} -p "$CRATE" --lib --target "$triple")
}

static_library() {
  echo "$TARGET_DIR/$1/$profile/lib$LIB_NAME.a"
}

# Step 2: lipo several slices of one platform into one library.
join_slices() {
  local output="$1"
  shift
  mkdir -p "$(dirname "$output")"
  lipo -create "$@" -output "$output"
  lipo -info "$output"
}

generate_bindings
if ((bindings_only)); then
  exit 0
fi

require xcodebuild lipo rustup cargo

device_triples=(aarch64-apple-ios)
simulator_triples=(aarch64-apple-ios-sim x86_64-apple-ios)
macos_triples=()
if ((with_macos)); then
  macos_triples=(aarch64-apple-darwin x86_64-apple-darwin)
fi

for triple in "${device_triples[@]}" "${simulator_triples[@]}" ${macos_triples[@]+"${macos_triples[@]}"}; do
  build_target "$triple"
done

step "lipo: one library per platform"
libraries="$BUILD_DIR/libraries"
rm -rf "$libraries"
mkdir -p "$libraries/ios"
cp "$(static_library aarch64-apple-ios)" "$libraries/ios/lib$LIB_NAME.a"
join_slices "$libraries/ios-simulator/lib$LIB_NAME.a" \
  "$(static_library aarch64-apple-ios-sim)" "$(static_library x86_64-apple-ios)"
xcframework_slices=(
  -library "$libraries/ios/lib$LIB_NAME.a" -headers "$BUILD_DIR/bindings/headers"
  -library "$libraries/ios-simulator/lib$LIB_NAME.a" -headers "$BUILD_DIR/bindings/headers"
)
if ((with_macos)); then
  join_slices "$libraries/macos/lib$LIB_NAME.a" \
    "$(static_library aarch64-apple-darwin)" "$(static_library x86_64-apple-darwin)"
  xcframework_slices+=(
    -library "$libraries/macos/lib$LIB_NAME.a" -headers "$BUILD_DIR/bindings/headers"
  )
fi

step "xcodebuild -create-xcframework"
rm -rf "$XCFRAMEWORK"
xcodebuild -create-xcframework "${xcframework_slices[@]}" -output "$XCFRAMEWORK"

step "MillsCore package sources"
mkdir -p "$PACKAGE_DIR/Sources/MillsCore"
cp "$BUILD_DIR/bindings/$LIB_NAME.swift" "$PACKAGE_DIR/Sources/MillsCore/$LIB_NAME.swift"

echo
echo "done: $XCFRAMEWORK"
echo "      $PACKAGE_DIR/Sources/MillsCore/$LIB_NAME.swift"
