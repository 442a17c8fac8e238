#!/usr/bin/env bash
# Checks that an APK or an Android App Bundle can run on devices with 16 KB memory pages, as
# Google Play requires of apps targeting Android 15 and later:
#   1. APKs only: zipalign -c -P 16, every uncompressed native library starts on a 16 KB boundary
#      in the zip (a bundle is not installed as it is: Play, through bundletool, writes and aligns
#      the APKs it serves from it);
#   2. every LOAD segment of each 64-bit library (arm64-v8a, x86_64; in a bundle, base/lib/...)
#      is aligned to at least 16 KB; libmills_ffi.so (the engine) and libjnidispatch.so (JNA)
#      must both be there.
#
#   android/scripts/check-16kb-alignment.sh APP.apk|APP.aab   (zipalign from build-tools 35+ on PATH)
set -euo pipefail

apk="${1:?usage: $0 APP.apk|APP.aab}"
[[ -f "$apk" ]] || { echo "error: no file at $apk" >&2; exit 2; }
elf_check() {
  echo "== ELF LOAD segment alignment of the 64-bit libraries"
  python3 "$(dirname "${BASH_SOURCE[0]}")/check_elf_alignment.py" "$apk"
  echo "ok: $apk is 16 KB page-size ready"
}
if [[ "$apk" == *.aab ]]; then
  elf_check
  exit 0
fi
command -v zipalign >/dev/null || { echo "error: zipalign (Android build-tools 35 or later) is not on PATH" >&2; exit 2; }

echo "== zipalign -c -P 16 -v 4 $apk"
if ! zipalign -c -P 16 -v 4 "$apk" >/tmp/zipalign.log 2>&1; then
  grep -v '(OK' /tmp/zipalign.log || true
  echo "FAIL: $apk is not 16 KB aligned (zipalign)"
  exit 1
fi
echo "ok"
elf_check
