#!/usr/bin/env bash
# The server's invite page and privacy policy in a real browser: the real mills-server on a
# loopback port, Debian's Chromium (headless) loading /join/CODE in English, Simplified and
# Traditional Chinese (the browser's own Accept-Language) and /privacy, each page's DOM
# checked for its language, the code spelled out and the links, and a screenshot of each in
# build/screenshots/ (web-*.png). Chromium and a CJK font (fonts-noto-cjk, so that Chinese
# renders as glyphs, not boxes) are installed with apt-get when missing.
#
#   tests/web/run.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
step() { echo "-- $* ($SECONDS s)"; }

needed=()
command -v chromium >/dev/null 2>&1 || needed+=(chromium)
[[ -n "$(fc-list :lang=zh-cn 2>/dev/null)" ]] || needed+=(fonts-noto-cjk)
if ((${#needed[@]} > 0)); then
  step "installing ${needed[*]} from Debian's packages"
  apt_install "${needed[@]}"
fi
step "$(chromium --version)"

cd "$root"
step "building mills-server ($cargo_profile)"
cargo build --quiet --profile "$cargo_profile" --workspace --bin mills-server
server_bin="$root/target/$cargo_profile_dir/mills-server"

work="$(mktemp -d /tmp/mills-web.XXXXXX)"
server_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

"$server_bin" --listen 127.0.0.1:0 --db "$work/rooms.db" \
  --play-store-url "https://play.google.com/store/apps/details?id=app.mills" \
  --app-store-url "https://apps.apple.com/app/mills/id0000000000" \
  --privacy-contact "privacy@mills.example" 2>"$work/server.log" &
server_pid=$!
addr=""
for _ in $(seq 100); do
  addr="$(sed -n 's/.*"msg":"mills-server listening".*"listen":"\([^"]*\)".*/\1/p' "$work/server.log")"
  [[ -z "$addr" ]] && addr="$(sed -n 's/.*"listen":"\([^"]*\)".*"msg":"mills-server listening".*/\1/p' "$work/server.log")"
  [[ -n "$addr" ]] && break
  sleep 0.1
done
if [[ -z "$addr" ]]; then
  echo "web: the server did not say where it listens:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
step "mills-server on $addr"

shots="$root/build/screenshots"
mkdir -p "$shots"
failures=0

# browse NAME LANGUAGE PATH: the page's DOM into $work/NAME.html and its screenshot into
# $shots/web-NAME.png, as a phone-sized window shows it.
browse() {
  local name="$1" language="$2" path="$3"
  local flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    --lang="$language" --accept-lang="$language" "--window-size=412,1000")
  timeout 60 chromium "${flags[@]}" --user-data-dir="$work/profile-$name-dom" \
    --dump-dom "http://$addr$path" >"$work/$name.html" 2>>"$work/chromium.log"
  timeout 60 chromium "${flags[@]}" --user-data-dir="$work/profile-$name-png" \
    --screenshot="$shots/web-$name.png" "http://$addr$path" >/dev/null 2>>"$work/chromium.log"
}

# expect NAME TEXT...: each text is in the page's DOM.
expect() {
  local name="$1" text
  shift
  for text in "$@"; do
    if ! grep -qF -- "$text" "$work/$name.html"; then
      echo "web: $name lacks: $text" >&2
      failures=$((failures + 1))
    fi
  done
  local size
  size="$(stat -c %s "$shots/web-$name.png" 2>/dev/null || echo 0)"
  if ((size < 10000)); then
    echo "web: $name's screenshot is missing or blank ($size bytes)" >&2
    failures=$((failures + 1))
  fi
}

code="K7QM2XRP9DTA"
common=("K7QM-2XRP-9DTA" "href=\"mills://join/$code\"" "href=\"https://play.google.com/store/apps/details?id=app.mills\"")
browse join-en en-US "/join/k7qm-2xrp-9dta"
expect join-en '<html lang="en">' "invited to a game of Mills" "Open in Mills" "${common[@]}"
browse join-zh-hans zh-CN "/join/$code"
expect join-zh-hans '<html lang="zh-Hans">' "朋友邀请你在 Mills 里下一局棋" "在 Mills 中打开" "${common[@]}"
browse join-zh-hant zh-TW "/join/$code"
expect join-zh-hant '<html lang="zh-Hant">' "朋友邀請你在 Mills 裡下一局棋" "在 Mills 中開啟" "${common[@]}"
browse privacy-zh-hant zh-TW "/privacy"
expect privacy-zh-hant '<html lang="zh-Hant">' "SHA-256 雜湊值" 'href="mailto:privacy@mills.example"'
browse not-a-code en-US "/join/%3Cscript%3Ealert(1)%3C/script%3E"
expect not-a-code "This link holds no invite code"
if grep -qi "<script" "$work/not-a-code.html"; then
  echo "web: the page of a hostile path holds a script" >&2
  failures=$((failures + 1))
fi

if ((failures > 0)); then
  tail -n 20 "$work/chromium.log" >&2
  echo "web: $failures failed" >&2
  exit 1
fi
step "5 pages checked; screenshots: build/screenshots/web-*.png"
