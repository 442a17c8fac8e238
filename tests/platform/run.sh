#!/usr/bin/env bash
# The decisions in the Android and iOS build files that no build here can prove (this machine
# has no Android SDK and no Xcode), read from the files themselves so that they cannot regress
# unnoticed: SDK levels, the NDK and 16 KB pages, lint-fatal string rules, the icons, the
# privacy manifest, the version keys, the Xcode floor, and the workflows that build both apps.
#
#   tests/platform/run.sh        last line: `platform: N passed, M failed`
#
# Uses the PyYAML of tests/.tools/venv (tests/lib.sh), installed when missing.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
cd "$root" || exit 1

python="$(ensure_python_tools)" || {
  echo "platform: could not install PyYAML"
  echo "platform: 0 passed, 1 failed"
  exit 1
}
exec "$python" "$root/tests/platform/check_platform.py" "$root"
