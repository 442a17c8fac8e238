#!/usr/bin/env bash
# The Compose UI shared with the Android app, on the desktop JVM (no Gradle, no Android SDK):
#   1. builds the Rust FFI library and generates its Kotlin bindings (never committed),
#   2. compiles the shared UI (android/app/src/shared), the desktop glue and the tests with one
#      kotlinc run against Compose Multiplatform's desktop jars,
#   3. runs the view-model tests, the Compose UI tests (clicks play real games against the
#      real Rust library, and online games against the real mills-server on loopback) and the
#      screenshot tests, which write build/screenshots/*.png.
# Installs what it needs into tests/.tools (kotlinc from npm, jars from Maven Central, fonts and
# the native libraries Skia needs from Debian when run as root), at the Kotlin, Compose and
# Lifecycle versions of the app's android/gradle/libs.versions.toml.
# Last line: "compose: N passed, M failed"; the exit code is non-zero on any failure.
# Env: CARGO_TARGET_DIR (default: the repository's target/), COMPOSE_EXTRA_TESTS (a directory of
# extra test sources, used to prove that a failing assertion fails the run), MILLS_WRITE_ICONS=1
# (first redraw the iOS icon and the Android themed-icon layer from the adaptive icon: IconArt.kt).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/tests/compose"
TOOLS="$ROOT/tests/.tools/compose"
BUILD="$ROOT/build/compose"
SHOTS="$ROOT/build/screenshots"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
# shellcheck source=tests/lib.sh
source "$ROOT/tests/lib.sh"
cd "$ROOT"
mkdir -p "$TOOLS" "$BUILD"
# runs a step and says how long it took; its exit status is the step's (a `|| fail` after it works)
t() {
  local s=$SECONDS rc=0
  "$@" || rc=$?
  echo "[time] $((SECONDS - s)) s: $1 ${2:-}" >&2
  return "$rc"
}
fail() { echo "$*" >&2; echo "compose: 0 passed, 1 failed"; exit 1; }

# 0. Native libraries Skia links against, and fonts with Chinese glyphs (Debian packages).
APT_PKGS=(libgl1 libx11-6 libfontconfig1 libfreetype6 fonts-dejavu-core fonts-wqy-microhei)
missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    # a failure here is not the end: the run says what is missing when it needs it
    t apt-get update -qq || echo "warning: apt-get update failed" >&2
    DEBIAN_FRONTEND=noninteractive t apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
      || echo "warning: could not install ${missing[*]}" >&2
  else
    echo "warning: missing Debian packages ${missing[*]} (run as root to install them)" >&2
  fi
fi

# 1. kotlinc (with the Compose compiler plugin) from npm, shared with tests/kotlin.
KOTLIN_HOME="$(ensure_kotlinc)" || fail "could not install kotlin-compiler from npm"

# 2. Compose Multiplatform desktop, JNA and JUnit jars from Maven Central: the app's Kotlin,
#    Compose and Lifecycle versions (its version catalog, tests/lib.sh), the rest pinned in
#    deps/pom.xml. One folder per set of versions and pom, so that worktrees on other versions
#    share tests/.tools without replacing each other's jars.
COMPOSE_VERSION="$(catalog_version compose)"
LIFECYCLE_VERSION="$(catalog_version lifecycle)"
MATERIAL3_VERSION="$(catalog_version material3)"
[[ -n "$COMPOSE_VERSION" && -n "$LIFECYCLE_VERSION" ]] || fail "no compose or lifecycle version in $android_versions_catalog"
# JetBrains numbers its Material 3 on its own: the pom names the AndroidX release its pin is a build of
paired_material3="$(sed -n 's:.*<material3.androidx>\(.*\)</material3.androidx>.*:\1:p' "$HERE/deps/pom.xml")"
[[ "$paired_material3" == "$MATERIAL3_VERSION" ]] \
  || fail "the app's material3 is $MATERIAL3_VERSION, deps/pom.xml pairs JetBrains' Material 3 with $paired_material3: update material3.version and material3.androidx there"
echo "versions of the app: Kotlin $KOTLIN_VERSION, Compose $COMPOSE_VERSION, Lifecycle $LIFECYCLE_VERSION, Material 3 $MATERIAL3_VERSION" >&2
versions=(-Dkotlin.version="$KOTLIN_VERSION" -Dcompose.version="$COMPOSE_VERSION" -Dlifecycle.version="$LIFECYCLE_VERSION")
LIB="$TOOLS/lib-$(printf '%s\n' "${versions[@]}" | cat - "$HERE/deps/pom.xml" | sha256sum | cut -c1-12)"
if [[ ! -f "$LIB/.complete" ]]; then
  rm -rf "$LIB"
  t mvn -B -q -Dstyle.color=never -f "$HERE/deps/pom.xml" -Dmaven.repo.local="$TOOLS/m2" "${versions[@]}" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DoutputDirectory="$LIB" -DincludeScope=runtime -Dmdep.prependGroupId=true >"$LIB.mvn.log" \
    || { cat "$LIB.mvn.log" >&2; fail "Maven could not fetch the jars"; }
  # the Skia natives must be the Skia binding's own version, which the Compose version decides
  skiko=("$LIB"/org.jetbrains.skiko.skiko-awt-[0-9]*.jar)
  [[ ${#skiko[@]} == 1 && -f "$LIB/org.jetbrains.skiko.skiko-awt-runtime-linux-x64-${skiko[0]##*skiko-awt-}" ]] \
    || fail "Compose $COMPOSE_VERSION uses $(basename "${skiko[0]}"): set skiko.version in deps/pom.xml to its version"
  touch "$LIB/.complete"
fi
LIBCP=""
for jar in "$LIB"/*.jar; do
  [[ "$jar" == *console-standalone* ]] || LIBCP+="$jar:"
done
LAUNCHER="$(ls "$LIB"/*junit-platform-console-standalone-*.jar)"

# 3. The Rust library (in the profile of tests/lib.sh: release on its own, suite in the suite)
#    and the Kotlin bindings generated from it by the workspace's own uniffi-bindgen
#    (bindings/scripts/generate.sh; never committed). Built with the test-ca feature: its
#    wss:// sessions also trust the root of the tests' TLS front (MILLS_TEST_ROOT_CERT below).
GEN="$BUILD/generated"
SO="$(CARGO_TARGET_DIR="$TARGET" t bindings/scripts/generate.sh kotlin "$GEN" --test-ca | tail -n 1)" \
  || fail "building mills-ffi or generating its Kotlin bindings failed"
[[ -f "$SO" ]] || fail "no library at $SO"

# 3b. The real mills-server for the online tests (OnlineUiTest starts it on loopback, an
#     ephemeral port, and drives two app instances against it), the TLS front that
#     OnlineOverTlsTest puts in front of it (tests/tls-front), and the mills command line,
#     whose `tables pack` makes the pack TablesFirstUseTest unpacks (as the app's build does).
SERVER_BIN="$TARGET/$cargo_profile_dir/mills-server"
TLS_FRONT_BIN="$TARGET/$cargo_profile_dir/mills-tls-front"
MILLS_BIN="$TARGET/$cargo_profile_dir/mills"
CARGO_TARGET_DIR="$TARGET" t cargo build --quiet --profile "$cargo_profile" --workspace --bin mills-server --bin mills-tls-front --bin mills \
  || fail "building mills-server, mills-tls-front or mills failed"

# 4. One kotlinc run: generated bindings + shared UI + desktop glue + tests.
SOURCES=("$GEN" "$ROOT/android/app/src/shared/kotlin" "$HERE/src/main/kotlin" "$HERE/src/test/kotlin")
[[ -n "${COMPOSE_EXTRA_TESTS:-}" ]] && SOURCES+=("$COMPOSE_EXTRA_TESTS")
rm -rf "$BUILD/classes"
export JAVA_OPTS="${JAVA_OPTS:--Xmx2g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
t "$KOTLIN_HOME/bin/kotlinc" -jvm-target 17 -no-stdlib -nowarn \
  -Xplugin="$KOTLIN_HOME/lib/compose-compiler-plugin.jar" \
  -opt-in=kotlin.ExperimentalUnsignedTypes \
  -cp "$LIBCP$LAUNCHER" -d "$BUILD/classes" "${SOURCES[@]}" \
  || fail "kotlinc failed"

# 4b. On request, the icons drawn from the adaptive icon's motif (IconTest checks them).
if [[ "${MILLS_WRITE_ICONS:-}" == 1 ]]; then
  java -Djava.awt.headless=true -cp "$BUILD/classes:$LIBCP" app.mills.desktop.IconArtKt "$ROOT" \
    || fail "drawing the icons failed"
fi

# 5. JUnit Platform (Jupiter): view models, Compose UI, screenshots.
rm -rf "$SHOTS"
set +e
MILLS_TEST_ROOT_CERT="$BUILD/test-root.der" java -Djava.awt.headless=true -Djna.library.path="$(dirname "$SO")" \
  -Dmills.res="$ROOT/android/app/src/main/res" -Dmills.screenshots="$SHOTS" -Dmills.root="$ROOT" \
  -Dmills.puzzleTables="$TARGET/tmp/puzzle-tables" -Dmills.serverBin="$SERVER_BIN" -Dmills.tlsFrontBin="$TLS_FRONT_BIN" -Dmills.millsBin="$MILLS_BIN" \
  -XX:TieredStopAtLevel=1 -Xmx2g \
  -jar "$LAUNCHER" execute --disable-banner --disable-ansi-colors --details=tree \
  --class-path "$BUILD/classes:$LIBCP" --select-package app.mills.tests \
  --reports-dir "$BUILD/reports" >"$BUILD/tests.log" 2>&1
rc=$?
set -e
grep -v -E '^\s*$|DiscoveryIssueNotifier|non-critical issue' "$BUILD/tests.log" | grep -v '^\[' || true
if [[ -d "$SHOTS" ]]; then
  echo "screenshots:"
  find "$SHOTS" -name '*.png' | sort | sed 's/^/  /'
fi
ok=$(sed -n 's/^\[ *\([0-9]*\) tests successful.*/\1/p' "$BUILD/tests.log")
ko=$(sed -n 's/^\[ *\([0-9]*\) tests failed.*/\1/p' "$BUILD/tests.log")
if [[ -z "$ok" && -z "$ko" ]]; then
  echo "compose: 0 passed, 1 failed"
  exit 1
fi
echo "compose: ${ok:-0} passed, ${ko:-0} failed"
if ((rc != 0)) || [[ "${ko:-0}" != 0 ]] || [[ "${ok:-0}" == 0 ]]; then exit 1; fi
