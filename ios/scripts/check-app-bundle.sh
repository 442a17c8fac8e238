#!/usr/bin/env bash
# Checks a built Mills.app for what App Store Connect looks at and this repository can only
# check in the project spec: the privacy manifest at the bundle's root, the endgame tables pack,
# the compiled app icon, version numbers taken from MARKETING_VERSION / CURRENT_PROJECT_VERSION,
# and the SDK it was built with, no older than the Xcode that ios/App/project.yml names
# (`xcodeVersion` 26: the iOS 26 SDK, which App Store Connect has required since 28 April 2026).
#
#   ios/scripts/check-app-bundle.sh path/to/Mills.app        (macOS: uses plutil)
set -euo pipefail

app="${1:?usage: $0 path/to/Mills.app}"
spec="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/App/project.yml"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
read_key() { plutil -extract "$2" raw -o - "$1" 2>/dev/null || true; }

[[ -d "$app" ]] || { echo "error: no app bundle at $app" >&2; exit 2; }

manifest="$app/PrivacyInfo.xcprivacy"
if [[ -f "$manifest" ]] && plutil -lint "$manifest" >/dev/null; then
  echo "ok   PrivacyInfo.xcprivacy is in the bundle and parses"
else
  fail "PrivacyInfo.xcprivacy is missing from $app or does not parse"
fi

# expect WHAT ACTUAL WANTED: one line, ok or FAIL.
expect() {
  if [[ -n "$3" && "$2" == "$3" ]]; then
    echo "ok   $1 is '$2'"
  else
    fail "$1 is '$2', not '$3'"
  fi
}

# the endgame tables pack (the EndgameTablesPack target and the app's copy phase): without it
# a first puzzle waits for the tables to be built on the phone
pack="$app/tables.pack"
if [[ -f "$pack" && "$(head -c 8 "$pack")" == MILLSPAK ]]; then
  echo "ok   tables.pack is in the bundle ($(wc -c <"$pack" | tr -d ' ') bytes)"
else
  fail "tables.pack is missing from $app or is not a tables pack"
fi

if [[ -f "$app/Assets.car" ]]; then echo "ok   Assets.car (the compiled asset catalog)"; else fail "no Assets.car in $app"; fi
expect CFBundleIconName "$(read_key "$app/Info.plist" CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconName)" AppIcon

marketing="$(sed -n 's/^ *MARKETING_VERSION: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$spec" | head -n 1)"
build="$(sed -n 's/^ *CURRENT_PROJECT_VERSION: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$spec" | head -n 1)"
expect CFBundleShortVersionString "$(read_key "$app/Info.plist" CFBundleShortVersionString)" "$marketing"
expect CFBundleVersion "$(read_key "$app/Info.plist" CFBundleVersion)" "$build"

# Xcode records the SDK it built with (DTPlatformVersion, e.g. 26.2); from Xcode 26 on, the
# iOS SDK's major version is Xcode's.
minimum_sdk="$(sed -n 's/^ *xcodeVersion: *"\{0,1\}\([0-9]*\).*/\1/p' "$spec" | head -n 1)"
sdk="$(read_key "$app/Info.plist" DTPlatformVersion)"
if [[ -n "$minimum_sdk" && "$sdk" =~ ^[0-9]+ ]] && ((${sdk%%.*} >= minimum_sdk)); then
  echo "ok   built with the iOS $sdk SDK (at least $minimum_sdk)"
else
  fail "built with the iOS SDK '$sdk', older than $minimum_sdk (xcodeVersion in $spec)"
fi

((failures == 0)) || exit 1
echo "ok: $app"
