#!/usr/bin/env bash
# Cross-language test: the generated Kotlin bindings, compiled with kotlinc and run on the JVM
# (JNA + JUnit 5) against the host build of libmills_ffi; then `cargo check` of the bindings
# for aarch64-linux-android when rustup can install that target (skipped, and said so, if not).
#
#   tests/kotlin/run.sh            (exit status 0 only if every test passed)
#
# Installs what it needs when missing, into tests/.tools (git-ignored, reused by later runs):
#   tests/.tools/kotlinc-V/ npm package kotlin-compiler (kotlinc + kotlin-stdlib), V the app's Kotlin
#   tests/.tools/jars/      JNA and junit-platform-console-standalone from Maven Central
#   tests/.tools/m2/        the Maven repository used to fetch them
# Needs: cargo, npm, mvn, java (JDK 17+), python3. Honours CARGO_TARGET_DIR. Build output (generated
# bindings, classes) goes to $CARGO_TARGET_DIR/ffi-tests/kotlin; classes are reused while the
# generated code and the test sources are unchanged.
set -euo pipefail

JNA_VERSION="5.19.1"
JUNIT_PLATFORM_VERSION="1.14.4"
DEPENDENCY_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
tools="$root/tests/.tools"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
build="$target_dir/ffi-tests/kotlin"
jna_jar="$tools/jars/jna-$JNA_VERSION.jar"
junit_jar="$tools/jars/junit-platform-console-standalone-$JUNIT_PLATFORM_VERSION.jar"

step() { echo "-- $* ($SECONDS s)"; }

for tool in cargo npm mvn java python3; do
  command -v "$tool" >/dev/null || { echo "kotlin: '$tool' is required" >&2; exit 1; }
done

# 1. Tools, installed once.
kotlin_home="$(ensure_kotlinc)"
fetch_jar() { # groupId:artifactId:version, destination file
  if [[ ! -f "$2" ]]; then
    step "fetching $1 from Maven Central"
    local log="$tools/mvn.log"
    mkdir -p "$tools"
    if ! mvn -B -Dstyle.color=never "$DEPENDENCY_PLUGIN:copy" -Dartifact="$1" \
      -DoutputDirectory="$tools/jars" -Dmaven.repo.local="$tools/m2" >"$log" 2>&1; then
      cat "$log" >&2
      echo "kotlin: could not fetch $1 from Maven Central" >&2
      exit 1
    fi
  fi
}
fetch_jar "net.java.dev.jna:jna:$JNA_VERSION" "$jna_jar"
fetch_jar "org.junit.platform:junit-platform-console-standalone:$JUNIT_PLATFORM_VERSION" "$junit_jar"

# 2. The host library and its generated Kotlin.
step "building libmills_ffi and generating the Kotlin bindings"
lib="$("$root/bindings/scripts/generate.sh" kotlin "$build/generated" | tail -n 1)"
lib_dir="$(dirname "$lib")"
# Android lint skips generated sources: no API newer than the app's minSdk may hide in them
# (bindings/uniffi.toml keeps UniFFI to the JNA cleaner).
step "checking the generated Kotlin against the app's minSdk"
python3 "$root/android/scripts/check_bindings_api.py" "$build/generated"

# 3. Compile (skipped when nothing changed since the last run).
sources=("$build"/generated/uniffi/mills_ffi/*.kt "$root"/tests/kotlin/src/*.kt)
hash() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }
stamp="$(cat "${sources[@]}" | { echo "$KOTLIN_VERSION $JNA_VERSION $JUNIT_PLATFORM_VERSION"; cat; } \
  | hash | cut -d' ' -f1)"
classes="$build/classes"
classpath="$jna_jar:$junit_jar:$kotlin_home/lib/kotlin-stdlib.jar"
if [[ "$(cat "$classes/.stamp" 2>/dev/null || true)" != "$stamp" ]]; then
  step "compiling ${#sources[@]} Kotlin files with kotlinc $KOTLIN_VERSION"
  rm -rf "$classes"
  mkdir -p "$classes"
  JAVA_OPTS="${JAVA_OPTS:--Xmx1g}" "$kotlin_home/bin/kotlinc" -jvm-target 17 -nowarn \
    -cp "$classpath" -d "$classes" "${sources[@]}"
  echo "$stamp" >"$classes/.stamp"
else
  step "Kotlin classes up to date"
fi

# 4. The real server for the online tests (--workspace: see tests/lib.sh).
step "building mills-server for the online tests"
cargo build --quiet --manifest-path "$root/Cargo.toml" --profile "$cargo_profile" --workspace --bin mills-server
export MILLS_SERVER_BIN="$target_dir/$cargo_profile_dir/mills-server"

# 5. Run. The console launcher exits non-zero when a test fails or none ran.
step "running JUnit against $lib"
# The four-piece tables the puzzle tests need are kept between runs (shared with the Rust
# tests' copy), as an app keeps them between launches.
java -Djna.library.path="$lib_dir" -Dmills.puzzleTables="$target_dir/tmp/puzzle-tables" -Xss4m -cp "$classes:$classpath" \
  org.junit.platform.console.ConsoleLauncher execute \
  --select-package millstest --fail-if-no-tests --disable-banner --details=tree \
  --disable-ansi-colors

# 6. The same crate for Android (skipped, and said so, when the target cannot be installed).
step "Android target"
"$root/bindings/scripts/check-mobile-target.sh" aarch64-linux-android
step "kotlin: ok"
