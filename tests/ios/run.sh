#!/usr/bin/env bash
# The iOS app's checks that need no Swift toolchain (this machine and CI have none):
#
#   1. syntax   every Swift source under ios/ parses with tree-sitter-swift (file:line of
#               any ERROR or MISSING node)
#   2. strings  the String Catalog parses, has `en`, `zh-Hans` and `zh-Hant` for every key
#               with the same format arguments, plural forms for every count ("%lld turns")
#               in every language, and holds every key the Swift uses; and the check fails
#               on a copy of the catalog with one translation, or one count's plural forms,
#               taken out
#   2b. a11y    every Button, NavigationLink and Menu of the app has words for VoiceOver (a
#               title, a Text or Label in its label, or an accessibilityLabel)
#   2c. imports every Swift file imports the framework of the system names it uses (URL,
#               Date, CGFloat, UIPasteboard, @Observable, String(localized:)): importing
#               MillsCore does not make Foundation's types visible
#   3. api      the app uses only types, initializers, functions, methods, properties and
#               enum cases that the generated Swift bindings declare, with their labels
#               (the bindings are generated here by ios/scripts/build-xcframework.sh
#               --bindings-only)
#   4. scripts  `bash -n` on ios/scripts/*.sh
#   5. project  ios/App/project.yml (XcodeGen) parses and names paths that exist
#
#   tests/ios/run.sh        last line: `ios: N passed, M failed`; exit status 1 on a failure
#
# Installs what it needs when missing into tests/.tools/venv (git-ignored, reused; shared
# with tests/swift through tests/lib.sh): tree-sitter, tree-sitter-swift and PyYAML, from PyPI.
# Honours CARGO_TARGET_DIR; generated bindings go to $CARGO_TARGET_DIR/ffi-tests/ios.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/tests/ios"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
build="$target_dir/ffi-tests/ios"
cd "$root" || exit 1

step() { echo "-- $* ($SECONDS s)"; }

passed=0
failed=0

# record OUTPUT_FILE: adds the `N passed, M failed` of a check's last line to the totals.
record() {
  local line n m
  line="$(tail -n 1 "$1")"
  if [[ "$line" =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    n="${BASH_REMATCH[1]}"
    m="${BASH_REMATCH[2]}"
  else
    n=0
    m=1
    echo "FAIL the check printed no result line"
  fi
  passed=$((passed + n))
  failed=$((failed + m))
}

# check NAME COMMAND...: runs one check, shows its output, adds up its result.
check() {
  local name="$1" out
  shift
  out="$(mktemp)"
  step "$name"
  "$@" >"$out" 2>&1
  local status=$?
  cat "$out"
  record "$out"
  if ((status != 0)) && ! grep -qE '[1-9][0-9]* failed$' "$out"; then
    # A crash rather than a counted failure.
    failed=$((failed + 1))
  fi
  rm -f "$out"
}

# 1. Tools, installed once.
python="$(ensure_python_tools)" || {
  echo "ios: could not install the checkers"
  echo "ios: 0 passed, 1 failed"
  exit 1
}

# The Swift sources of the app and its package, as git sees them (generated files such as
# MillsCore/Sources/MillsCore/mills_ffi.swift are ignored and not checked here).
swift_files=()
while IFS= read -r file; do
  [[ -f "$file" ]] && swift_files+=("$file")
done < <(git ls-files --cached --others --exclude-standard -- 'ios/*.swift' | sort)
app_files=()
for file in "${swift_files[@]}"; do
  [[ "$file" == ios/App/* ]] && app_files+=("$file")
done
catalog="ios/App/Mills/Localization/Localizable.xcstrings"

check "syntax (tree-sitter-swift $TREE_SITTER_SWIFT_VERSION, ${#swift_files[@]} files)" \
  "$python" "$here/check_ios.py" syntax "${swift_files[@]}"

check "strings ($catalog)" \
  "$python" "$here/check_ios.py" strings "$catalog" "${app_files[@]}"

# refuses WHAT EXPECTED ARG: the strings check fails, naming EXPECTED (a grep -F text), on a
# copy of the catalog that the Python on stdin broke (it gets the catalog, the copy and ARG).
refuses() {
  local what="$1" expected="$2" broken out
  broken="$(mktemp --suffix=.xcstrings)"
  "$python" - "$catalog" "$broken" "$3"
  if out="$("$python" "$here/check_ios.py" strings "$broken" 2>&1)"; then
    echo "FAIL $what passes"
    failed=$((failed + 1))
  elif grep -q -F "$expected" <<<"$out"; then
    echo "ok   $what fails, naming it"
    passed=$((passed + 1))
  else
    echo "FAIL $what fails without naming it:"
    echo "$out"
    failed=$((failed + 1))
  fi
  rm -f "$broken"
}

step "strings refuses a catalog that lacks a translation"
for language in zh-Hans zh-Hant; do
  refuses "a catalog without one $language value" "no $language value" "$language" <<'PY'
import json, sys
catalog = json.load(open(sys.argv[1], encoding="utf-8"))
entry = next(iter(catalog["strings"].values()))
del entry["localizations"][sys.argv[3]]
json.dump(catalog, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
done

step "strings refuses a count without plural forms (\"1 turns\")"
refuses "a count string without English plural forms" \
  "'result_turns %lld': counts 'turns' (argument 1) but its en value has no plural forms" en <<'PY'
import json, sys
catalog = json.load(open(sys.argv[1], encoding="utf-8"))
english = catalog["strings"]["result_turns %lld"]["localizations"][sys.argv[3]]
english.pop("variations", None)
english["stringUnit"] = {"state": "translated", "value": "%1$lld turns"}
json.dump(catalog, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY

check "a11y (controls VoiceOver can name, ${#app_files[@]} files)" \
  "$python" "$here/check_ios.py" a11y "${app_files[@]}"

check "imports (system names and the imports that provide them, ${#swift_files[@]} files)" \
  "$python" "$here/check_ios.py" imports "${swift_files[@]}"

step "generating the Swift bindings (ios/scripts/build-xcframework.sh --bindings-only)"
bindings="$build/bindings/mills_ffi.swift"
mkdir -p "$build"
rm -f "$bindings"
if MILLS_IOS_BUILD_DIR="$build" ios/scripts/build-xcframework.sh --bindings-only >"$build.log" 2>&1 &&
  [[ -s "$bindings" ]]; then
  check "api (against $bindings)" \
    "$python" "$here/check_ios.py" api "$bindings" "${swift_files[@]}"
else
  cat "$build.log"
  echo "FAIL the bindings were not generated"
  failed=$((failed + 1))
fi

step "scripts (bash -n)"
for script in ios/scripts/*.sh; do
  # bash -n exits 0 on some errors (a broken `[[ ... ]]`): any message is a failure too.
  if out="$(bash -n "$script" 2>&1)" && [[ -z "$out" ]]; then
    echo "ok   $script"
    passed=$((passed + 1))
  else
    echo "FAIL $script"
    while IFS= read -r line; do echo "     $line"; done <<<"$out"
    failed=$((failed + 1))
  fi
done

check "project (XcodeGen spec)" "$python" "$here/check_ios.py" project ios/App/project.yml

# Both apps, Android's Kotlin too: they only draw what the engine says (no notation parsing,
# board tables, level ranges, timer seconds or piece counts of their own).
check "apps draw only (tests/apps/check_draw_only.py)" "$python" "$here/../apps/check_draw_only.py"

echo
echo "ios: $passed passed, $failed failed"
((failed == 0))
