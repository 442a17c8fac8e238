#!/usr/bin/env bash
# Checks that an APK can run on devices with 16 KB memory pages, as Google Play requires of apps
# targeting Android 15 and later:
#   1. zipalign -c -P 16: every uncompressed native library starts on a 16 KB boundary in the zip;
#   2. every LOAD segment of each 64-bit library (arm64-v8a, x86_64) is aligned to at least 16 KB;
#      libmills_ffi.so (the engine) and libjnidispatch.so (JNA) must both be there.
#
#   android/scripts/check-16kb-alignment.sh APP.apk      (zipalign from build-tools 35+ on PATH)
set -euo pipefail

apk="${1:?usage: $0 APP.apk}"
[[ -f "$apk" ]] || { echo "error: no APK at $apk" >&2; exit 2; }
command -v zipalign >/dev/null || { echo "error: zipalign (Android build-tools 35 or later) is not on PATH" >&2; exit 2; }

echo "== zipalign -c -P 16 -v 4 $apk"
if ! zipalign -c -P 16 -v 4 "$apk" >/tmp/zipalign.log 2>&1; then
  grep -v '(OK' /tmp/zipalign.log || true
  echo "FAIL: $apk is not 16 KB aligned (zipalign)"
  exit 1
fi
echo "ok"

echo "== ELF LOAD segment alignment of the 64-bit libraries"
python3 "$(dirname "${BASH_SOURCE[0]}")/check_elf_alignment.py" "$apk"
echo "ok: $apk is 16 KB page-size ready"
