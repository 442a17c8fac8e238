#!/usr/bin/env bash
# Runs every test of the project: Rust (rules, perft, random games, AI, session, CLI,
# the online server), the online server on a throwaway PostgreSQL (postgres), the
# generated Kotlin bindings on the JVM, the Swift and C views of the FFI, the iOS app's
# Swift without SwiftUI compiled and tested on Linux (swift-linux), the Compose UI shared
# with Android, the iOS source checks, the Android and iOS build settings (platform), and
# the linters of the GitHub workflows (actionlint) and shell scripts (shellcheck), and the
# server's web pages in headless Chromium (web).
#
# It installs what it needs on a fresh machine (Rust components, the Kotlin compiler from
# npm, jars from Maven Central, Python packages in a venv, Debian's Swift in a Debian root)
# into tests/.tools, which is ignored by git and reused by later runs; PostgreSQL comes
# from Debian's packages (apt-get, when missing).
#
# Environment:
#   MILLS_RANDOM_GAMES  random games per variant in the property test (default 10000 here)
#   MILLS_SKIP          space-separated suite names to skip while iterating locally
#   MILLS_CARGO_PROFILE the cargo profile of every build of the suite and of the scripts it
#                       runs (default suite, Cargo.toml: release speed, faster to build; the
#                       scripts build in release when run on their own)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
export MILLS_RANDOM_GAMES="${MILLS_RANDOM_GAMES:-10000}"
export CARGO_TERM_COLOR=never
export MILLS_CARGO_PROFILE="${MILLS_CARGO_PROFILE:-suite}"

passed=0
failed=0
failed_names=()

# run_suite NAME COMMAND...: runs one suite, records its result, never stops the others.
run_suite() {
  local name="$1"
  shift
  if [[ " ${MILLS_SKIP:-} " == *" $name "* ]]; then
    echo "== $name: skipped (MILLS_SKIP)"
    return
  fi
  echo
  echo "== $name"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "== $name: ok ($((SECONDS - start)) s)"
  else
    failed=$((failed + 1))
    failed_names+=("$name")
    echo "== $name: FAILED ($((SECONDS - start)) s)"
  fi
}

ensure_rust_components() {
  # The rustup toolchain normally ships both; add them if this machine lacks one.
  cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
  cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
}

rust_style() {
  ensure_rust_components &&
    cargo fmt --all -- --check &&
    cargo clippy --workspace --all-targets -- -D warnings
}

rust_tests() {
  # Optimised: the random-game property test plays tens of thousands of games.
  cargo test --profile "$MILLS_CARGO_PROFILE" --workspace
}

run_suite "rust-style" rust_style
run_suite "rust-tests" rust_tests
for suite in tests/postgres/run.sh tests/web/run.sh tests/kotlin/run.sh tests/python/run.sh tests/swift/run.sh tests/swift-linux/run.sh tests/c/run.sh tests/compose/run.sh \
  tests/ios/run.sh tests/platform/run.sh tests/actionlint/run.sh tests/shellcheck/run.sh; do
  if [[ -x "$suite" ]]; then
    run_suite "$(basename "$(dirname "$suite")")" "$suite"
  fi
done

echo
if ((failed > 0)); then
  echo "failed suites: ${failed_names[*]}"
fi
echo "suites: $passed passed, $failed failed"
((failed == 0))
