#!/usr/bin/env bash
# Makes the endgame tables pack the iOS app ships in its bundle (docs/ai.md, "Tables ready at
# once"): the host's `mills`, built by cargo from this checkout (the engine the xcframework is
# built from), builds the tables and packs them, zstd-compressed, into OUT_FILE.
#
#   ios/scripts/pack-tables.sh OUT_FILE
#
# Run by the Xcode build (the EndgameTablesPack target of ios/App/project.yml) before the app
# copies OUT_FILE into its bundle. cargo decides whether the engine changed: the pack is made
# again only when the `mills` it builds is newer than OUT_FILE (a minute of CPU), so an
# unchanged checkout costs a second. CARGO_TARGET_DIR is honoured.
#
# Written for the bash 3.2 that macOS ships.
set -euo pipefail

out="${1:?usage: $0 OUT_FILE}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

# Xcode starts build scripts without the login shell's PATH (no ~/.cargo/bin), and with the iOS
# SDK's settings, which a host build must not see: the C compile inside the toolbox (zstd) would
# build for the iPhone.
find_cargo() {
  local candidate
  for candidate in "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" "$HOME/.cargo/bin/cargo" "$(command -v cargo || true)"; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  echo "error: cargo was not found: install Rust with rustup (https://rustup.rs)" >&2
  return 1
}
cargo="$(find_cargo)"
host_env=(env -u SDKROOT -u IPHONEOS_DEPLOYMENT_TARGET -u LIBRARY_PATH -u PLATFORM_NAME
  PATH="$(dirname "$cargo"):/usr/bin:/bin:/usr/sbin:/sbin")

cd "$ROOT"
"${host_env[@]}" "$cargo" build --release --quiet -p mills-toolbox --bin mills
mills="$TARGET_DIR/release/mills"

if [[ -f "$out" && "$out" -nt "$mills" ]]; then
  echo "tables pack up to date: $out"
  exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/mills-tables.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$(dirname "$out")"
"$mills" tables build --out "$work/tables"
# written beside OUT_FILE and renamed: an interrupted build leaves no half pack to ship
"$mills" tables pack --tables "$work/tables" --out "$out.partial"
mv -f "$out.partial" "$out"
