#!/usr/bin/env bash
# The iOS app's Swift, compiled and tested on Linux: the MillsCore package (the generated
# bindings, linked with the engine, and their tests) and every file of the app that needs no
# SwiftUI, UIKit or other Apple-only framework (the model layer, as the module `Mills`, which
# is what `@testable import Mills` sees in Xcode too), with the app's tests. Compiled as
# ios/App/project.yml compiles them: warnings are errors and concurrency is checked
# completely, in the Swift 5 language mode (the project's) and again in Swift 6 mode.
# The rest of the app (the views, and the files that import UIKit, AudioToolbox, ...) is
# type-checked with the model layer and the bindings (`swiftc -typecheck`, the same flags and
# modes) against stub Apple modules of our own, StubSDK/ (declarations shaped after the iOS
# SDK's, with its concurrency annotations); docs/ios.md says what they cannot catch.
#
#   tests/swift-linux/run.sh
#   last line: swift on linux: compiled F files (L lines) of T (TL lines), type-checked V more
#              (VL lines) against stub SDK modules; N tests passed
#
# F and L count the files under ios/ this build compiles, T and TL every Swift file under
# ios/ (app, packages and tests; not the generated bindings, not LinuxCompat/), V and VL the
# app files only type-checked. It fails on a compile or type-check error, a warning, a
# failing test, a test framework that ran no test, a file of ios/App/Mills/Model/ it cannot
# compile, an app file importing a module StubSDK/ lacks, or fewer than 55 % of the lines
# compiled.
#
# The compiler:
#   as root (this machine, .ci/run): Debian sid's swiftlang $SWIFTLANG_VERSION (the Swift of
#     Xcode 26, tests/lib.sh) in a Debian root in tests/.tools/swift-root, installed once and
#     entered with chroot; the checkout (and the build folder) are bind-mounted inside at
#     their own paths, and unmounted again on exit, whatever happens;
#   otherwise (GitHub's runner): the `swift` on PATH, which must be Swift 6.2 or later.
# The root's Debian Swift lacks lib_Testing_Foundation.so, so the Foundation overlay of Swift
# Testing is not imported (-disable-cross-import-overlays); the tests do not use it.
#
# The online tests (ios/App/MillsTests/OnlineGameTests.swift) start the real mills-server,
# built here in the profile of tests/lib.sh (in a full run the Rust tests built it), on a loopback
# port; the root shares the machine's network, and the binary is found inside it at its own
# path (MILLS_SERVER_BIN). OnlineOverTlsTests puts the tests' TLS front (tests/tls-front,
# MILLS_TLS_FRONT_BIN) in front of it; the tests link the engine built with its test-ca
# feature, which also trusts the root the front writes to MILLS_TEST_ROOT_CERT.
# TablesFirstUseTests runs the mills command line the same way (MILLS_BIN) to pack one
# game's tables.
#
# Environment: CARGO_TARGET_DIR is honoured (this suite builds in
# $CARGO_TARGET_DIR/ffi-tests/swift-linux); MILLS_SWIFT_MODES, the language modes to compile
# in (default "5 6"; the tests run in the first).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/tests/swift-linux"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
mkdir -p "$target_dir"
# by its real path: the same path must name it inside the root
target_dir="$(realpath "$target_dir")"
build="$target_dir/ffi-tests/swift-linux"
package="$build/package"
read -r -a modes <<<"${MILLS_SWIFT_MODES:-5 6}"
# LinuxCompat/ declares what only Apple's Foundation has: on a Mac, Xcode runs these tests.
[[ "$(uname -s)" == Linux ]] || { echo "swift on linux: this suite runs on Linux (on a Mac: xcodebuild test)"; exit 1; }

step() { echo "-- $* ($SECONDS s)"; }

# real_paths: the compiler names the links in $package; this names the files they link to.
real_paths() {
  local link script=""
  while IFS= read -r link; do
    script+="s|$link|$(readlink "$link")|g;"
  done < <(find "$package/Sources" "$package/Tests" -type l 2>/dev/null)
  sed -e "$script"
}
fail() {
  echo "swift on linux: FAILED: $*"
  exit 1
}

# Modules a file may import and still be compiled here; any other import (SwiftUI, UIKit,
# AudioToolbox, ...) keeps it to the type-check against the stubs (and to Xcode).
linux_modules=" Foundation MillsCore Observation Dispatch "
# The stub Apple modules, StubSDK/NAME/*.swift, in the order they are built (a module after
# the ones it imports).
stub_modules=(UniformTypeIdentifiers UIKit AudioToolbox Accessibility SwiftUI)

# --- 1. The engine and its Swift, as the iOS build makes them --------------------------------
step "building libmills_ffi and generating the Swift bindings (ios/scripts/build-xcframework.sh --bindings-only)"
mkdir -p "$build"
if ! MILLS_IOS_BUILD_DIR="$build/ios" "$root/ios/scripts/build-xcframework.sh" --bindings-only >"$build/bindings.log" 2>&1; then
  cat "$build/bindings.log"
  fail "the bindings were not generated"
fi
generated="$build/ios/bindings"
# The library the tests link: the same with mills-ffi's test-ca feature, so that its wss://
# sessions also trust the root of the tests' TLS front (MILLS_TEST_ROOT_CERT below); the
# bindings are the same (the feature exports nothing), the app's build never has it.
step "building libmills_ffi with the test-ca feature for the tests"
if ! nice -n 10 cargo build --quiet --manifest-path "$root/Cargo.toml" --profile "$cargo_profile" --workspace --lib \
  --features mills-ffi/test-ca >"$build/test-ca.log" 2>&1; then
  cat "$build/test-ca.log"
  fail "libmills_ffi with test-ca was not built"
fi
static_library="$target_dir/$cargo_profile_dir/libmills_ffi.a"
[[ -s "$generated/mills_ffi.swift" && -s "$generated/headers/module.modulemap" && -s "$static_library" ]] ||
  fail "missing $generated/mills_ffi.swift, its headers or $static_library"

# copy_if_changed FROM TO: a file the compiler sees keeps its time while its text is the same,
# so that a warm run recompiles nothing the engine's change did not touch.
copy_if_changed() {
  mkdir -p "$(dirname "$2")"
  cmp -s "$1" "$2" || cp "$1" "$2"
}
bindings="$build/bindings"
copy_if_changed "$generated/mills_ffi.swift" "$bindings/mills_ffi.swift"
copy_if_changed "$generated/headers/mills_ffiFFI.h" "$bindings/headers/mills_ffiFFI.h"
copy_if_changed "$generated/headers/module.modulemap" "$bindings/headers/module.modulemap"
# Only the static library in the linker's folder: the app links the engine statically too.
copy_if_changed "$static_library" "$build/lib/libmills_ffi.a"

# --- 2. What is compiled ---------------------------------------------------------------------
cd "$root"
all_files=()
while IFS= read -r file; do
  [[ -f "$file" ]] && all_files+=("$file")
done < <(git ls-files --cached --others --exclude-standard -- 'ios/*.swift' | sort)

# imports_linux_only FILE: true when every module FILE imports is available on Linux.
imports_linux_only() {
  local module
  while read -r module; do
    [[ "$linux_modules" == *" $module "* ]] || return 1
  done < <(sed -n -E 's/^(@[A-Za-z_]+ +)*import +([A-Za-z_]+).*/\2/p' "$1")
  return 0
}

app_sources=()
core_sources=()
app_tests=()
core_tests=()
kept_for_xcode=()
for file in "${all_files[@]}"; do
  case "$file" in
    ios/App/Mills/*)
      if imports_linux_only "$file"; then app_sources+=("$file"); else kept_for_xcode+=("$file"); fi
      ;;
    ios/App/MillsTests/*) app_tests+=("$file") ;;
    ios/MillsCore/Sources/MillsCore/*) core_sources+=("$file") ;;
    ios/MillsCore/Tests/MillsCoreTests/*) core_tests+=("$file") ;;
    ios/MillsCore/Package.swift) ;;
    *) fail "$file: no Linux target takes it; add it to tests/swift-linux/run.sh" ;;
  esac
done
compiled=("${app_sources[@]}" "${core_sources[@]}" "${app_tests[@]}" "${core_tests[@]}")
# The models stay compilable here: a SwiftUI import in Model/ is a view's job in the wrong place.
for file in ${kept_for_xcode[@]+"${kept_for_xcode[@]}"}; do
  [[ "$file" != ios/App/Mills/Model/* ]] || fail "$file imports an Apple-only framework; Model/ is compiled on Linux"
done
# Every other app file is type-checked against the stubs: each module it imports has one.
for file in ${kept_for_xcode[@]+"${kept_for_xcode[@]}"}; do
  while read -r module; do
    [[ "$linux_modules" == *" $module "* || " ${stub_modules[*]} " == *" $module "* ]] ||
      fail "$file imports $module, which tests/swift-linux/StubSDK/ has no stub of; add one"
  done < <(sed -n -E 's/^(@[A-Za-z_]+ +)*import +([A-Za-z_]+).*/\2/p' "$file")
done

# link_files DIR FILE...: DIR holds a link to each file (absolute: valid inside the root too).
link_files() {
  local dir="$1" file
  shift
  rm -rf "$dir"
  mkdir -p "$dir"
  for file in "$@"; do
    ln -s "$(realpath "$file")" "$dir/$(basename "$file")"
  done
}

step "the Linux package in $package (${#compiled[@]} files of ios/)"
mkdir -p "$package"
copy_if_changed "$here/LinuxPackage.swift" "$package/Package.swift"
link_files "$package/Sources/mills_ffiFFI" "$bindings/headers/mills_ffiFFI.h" "$bindings/headers/module.modulemap"
link_files "$package/Sources/MillsCore" "$bindings/mills_ffi.swift" ${core_sources[@]+"${core_sources[@]}"}
link_files "$package/Tests/MillsCoreTests" "${core_tests[@]}"
# Where the String Catalog is, for LinuxCompat/StringLocalized.swift.
catalog="$(realpath ios/App/Mills/Localization/Localizable.xcstrings)"
printf '// Written by tests/swift-linux/run.sh.\nlet stringCatalogPath = "%s"\n' "$catalog" >"$build/catalog.new"
copy_if_changed "$build/catalog.new" "$build/compat/StringCatalogPath.swift"
link_files "$package/Sources/Mills" "${app_sources[@]}" "$here"/LinuxCompat/*.swift "$build/compat/StringCatalogPath.swift"
link_files "$package/Tests/MillsTests" "${app_tests[@]}"

# --- 3. The compiler -------------------------------------------------------------------------
mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" || echo "warning: could not unmount ${mounted[i]}" >&2
  done
  mounted=()
}
trap unmount_all EXIT
trap 'exit 130' INT TERM

# The puzzle tests' 4-piece endgame tables: the folder where the bindings' Rust tests keep
# theirs (CARGO_TARGET_TMPDIR/puzzle-tables), built by whichever test needs them first and
# loaded (checked) by the others.
puzzle_tables="$target_dir/tmp/puzzle-tables"
mkdir -p "$puzzle_tables"

# The online tests' real mills-server (in a full run the Rust tests built it), started by the
# tests on a loopback port (the root shares the machine's network) from inside the root:
# the target folder is mounted there at its own path. Also the tests' TLS front (tests/tls-front)
# and the mills command line, whose `tables pack` makes the pack TablesFirstUseTests unpacks (as
# the app's build phase does).
step "building mills-server, the tests' TLS front and mills for the tests"
if ! nice -n 10 cargo build --quiet --manifest-path "$root/Cargo.toml" --profile "$cargo_profile" --workspace \
  --bin mills-server --bin mills-tls-front --bin mills >"$build/server.log" 2>&1; then
  cat "$build/server.log"
  fail "mills-server, mills-tls-front or mills was not built"
fi
server_bin="$target_dir/$cargo_profile_dir/mills-server"
tls_front_bin="$target_dir/$cargo_profile_dir/mills-tls-front"
mills_bin="$target_dir/$cargo_profile_dir/mills"
# where the TLS front writes the root it makes, and the test library reads it
test_root="$build/test-root.der"

swift_root=""
if [[ "$(id -u)" == 0 ]]; then
  # One user of the shared root at a time: its /proc and bind mounts are per run.
  mkdir -p "$tests_tools_dir"
  exec 9>"$tests_tools_dir/swift-root.lock"
  flock 9
  swift_root="$(ensure_swift_root)" || fail "could not install the Swift root"
  swift_root="$(realpath "$swift_root")"
  mount_inside() {
    # mount_inside SOURCE [--bind]: SOURCE mounted at its own path inside the root.
    local target="$swift_root$1"
    mkdir -p "$target"
    if [[ "${2:-}" == --bind ]]; then mount --bind "$1" "$target"; else mount -t proc proc "$target"; fi
    mounted+=("$target")
  }
  # swift-driver finds libswiftCore.so through /proc/self/exe ($ORIGIN).
  mount_inside /proc
  checkout="$(realpath "$root")"
  mount_inside "$checkout" --bind
  case "$(realpath "$build")/" in
    "$checkout"/*) ;;
    *) mount_inside "$(realpath "$target_dir")" --bind ;;
  esac
  in_swift() {
    nice -n 10 chroot "$swift_root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin LANG=C.UTF-8 \
      MILLS_SWIFT_LANGUAGE_MODE="${MILLS_SWIFT_LANGUAGE_MODE:-5}" MILLS_PUZZLE_TABLES_DIR="$puzzle_tables" MILLS_SERVER_BIN="$server_bin" MILLS_BIN="$mills_bin" \
      MILLS_TLS_FRONT_BIN="$tls_front_bin" MILLS_TEST_ROOT_CERT="$test_root" "$@"
  }
  where="Debian $SWIFT_DEBIAN_SUITE root (tests/.tools/swift-root)"
else
  command -v swift >/dev/null 2>&1 || fail "no swift on PATH, and not root to install one"
  in_swift() {
    nice -n 10 env MILLS_SWIFT_LANGUAGE_MODE="${MILLS_SWIFT_LANGUAGE_MODE:-5}" MILLS_PUZZLE_TABLES_DIR="$puzzle_tables" MILLS_SERVER_BIN="$server_bin" MILLS_BIN="$mills_bin" \
      MILLS_TLS_FRONT_BIN="$tls_front_bin" MILLS_TEST_ROOT_CERT="$test_root" "$@"
  }
  where="$(command -v swift)"
fi
version="$(in_swift swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)"
# The root's is pinned; a runner's must be at least the Swift of Xcode 26 (6.2), whose
# language modes and concurrency checking the app is written for.
IFS=. read -r major minor _ <<<"$version.0.0"
wanted_major="${SWIFTLANG_VERSION%%.*}"
wanted_minor="$(cut -d. -f2 <<<"$SWIFTLANG_VERSION")"
if [[ -z "$version" ]] || ((major < wanted_major || (major == wanted_major && minor < wanted_minor))); then
  fail "Swift '$version' from $where; this suite needs Swift $wanted_major.$wanted_minor or later (the Swift of Xcode 26)"
fi
step "Swift $version from $where"

swiftpm_flags=(
  --package-path "$package"
  -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays
  -Xlinker -L"$build/lib"
)

# --- 4. Compile in each language mode, then test -----------------------------------------------
# The first mode builds everything the tests need; the others (Swift 6: is the app's model
# layer ready for SWIFT_VERSION 6?) build the app's module and MillsCore only, which halves
# their time.
# The stub Apple modules, built once per run (declarations only: a few seconds).
stub_dir="$build/stub-sdk"
rm -rf "$stub_dir"
mkdir -p "$stub_dir"
step "the stub SDK modules (${stub_modules[*]})"
for module in "${stub_modules[@]}"; do
  log="$stub_dir/$module.log"
  if ! in_swift swiftc -emit-module -parse-as-library -module-name "$module" -swift-version 6 -warnings-as-errors \
    -I "$stub_dir" -emit-module-path "$stub_dir/$module.swiftmodule" "$(realpath "$here")/StubSDK/$module"/*.swift >"$log" 2>&1; then
    cat "$log"
    fail "the stub module $module does not compile (log: $log)"
  fi
done

# typecheck_views MODE: the files kept from the build, with the app module's own sources and
# the bindings' module of that mode's build, as one module `Mills`.
typecheck_views() {
  local mode="$1" modules="$package/.build-swift$1/debug/Modules" log="$build/typecheck-swift$1.log"
  # by real paths: the same paths name the files inside the root
  local real_root
  real_root="$(realpath "$root")"
  [[ -d "$modules" ]] || fail "no $modules: the bindings' module was not built"
  step "swiftc -typecheck ${#kept_for_xcode[@]} more app files against the stub SDK (Swift $mode language mode)"
  local status=0
  in_swift swiftc -typecheck -parse-as-library -module-name Mills -swift-version "$mode" \
    -strict-concurrency=complete -warnings-as-errors \
    -I "$stub_dir" -I "$modules" -I "$package/Sources/mills_ffiFFI" \
    "$real_root"/tests/swift-linux/LinuxCompat/*.swift "$build/compat/StringCatalogPath.swift" \
    "${app_sources[@]/#/$real_root/}" "${kept_for_xcode[@]/#/$real_root/}" >"$log" 2>&1 || status=$?
  if ((status != 0)) || grep -q -E '(error|warning):' "$log"; then
    grep -E -A 4 '(error|warning):' "$log" | awk '!seen[$0]++' | head -n 100
    fail "type-check errors or warnings in Swift $mode mode (log: $log)"
  fi
}

for mode in "${modes[@]}"; do
  what=(--build-tests)
  [[ "$mode" == "${modes[0]}" ]] || what=(--target Mills)
  step "swift build ${what[*]} (Swift $mode language mode, complete concurrency checking, warnings as errors)"
  log="$build/build-swift$mode.log"
  status=0
  MILLS_SWIFT_LANGUAGE_MODE="$mode" in_swift swift build "${what[@]}" --scratch-path "$package/.build-swift$mode" \
    "${swiftpm_flags[@]}" >"$log" 2>&1 || status=$?
  # Any warning fails too, the compiler's (already errors) or the package manager's.
  if ((status != 0)) || grep -q -E '(error|warning):' "$log"; then
    grep -E -A 4 '(error|warning):' "$log" | real_paths | awk '!seen[$0]++' | head -n 100
    fail "compile errors or warnings in Swift $mode mode (log: $log)"
  fi
  tail -n 1 "$log"
  if ((${#kept_for_xcode[@]} > 0)); then typecheck_views "$mode"; fi
done

step "swift test (Swift ${modes[0]} language mode)"
test_log="$build/test.log"
status=0
MILLS_SWIFT_LANGUAGE_MODE="${modes[0]}" in_swift swift test --skip-build --scratch-path "$package/.build-swift${modes[0]}" \
  "${swiftpm_flags[@]}" >"$test_log" 2>&1 || status=$?
grep -E "^(Test Suite 'All tests'|[[:space:]]*Executed [0-9]+ test)|Test run with|✘|error:|XCTAssert|failed" "$test_log" |
  real_paths | tail -n 60 || true
xctest="$(sed -n -E 's/.*Executed ([0-9]+) tests?, with ([0-9]+) failures?.*/\1 \2/p' "$test_log" | tail -n 1)"
swift_testing="$(sed -n -E 's/.*Test run with ([0-9]+) tests?.* (passed|failed).*/\1 \2/p' "$test_log" | tail -n 1)"
read -r xctest_count xctest_failures <<<"${xctest:-0 0}"
read -r testing_count testing_result <<<"${swift_testing:-0 none}"
if ((status != 0)) || ((xctest_failures != 0)) || [[ "$testing_result" != passed ]]; then
  fail "tests failed (log: $test_log)"
fi
((xctest_count > 0)) || fail "XCTest ran no test (log: $test_log)"
((testing_count > 0)) || fail "Swift Testing ran no test (log: $test_log)"
echo "XCTest: $xctest_count tests passed; Swift Testing: $testing_count tests passed"

lines() { cat /dev/null "$@" | wc -l | tr -d ' '; }
compiled_lines="$(lines "${compiled[@]}")"
checked_lines="$(lines ${kept_for_xcode[@]+"${kept_for_xcode[@]}"})"
all_lines="$(lines "${all_files[@]}")"
# Most of the app's Swift is compiled and tested here; logic that moves back into views shows.
minimum_share=55
((compiled_lines * 100 >= all_lines * minimum_share)) ||
  fail "only $compiled_lines of $all_lines Swift lines compiled here, under $minimum_share %"
echo "swift on linux: compiled ${#compiled[@]} files ($compiled_lines lines) of ${#all_files[@]} ($all_lines lines)," \
  "type-checked ${#kept_for_xcode[@]} more ($checked_lines lines) against stub SDK modules; $((xctest_count + testing_count)) tests passed"
