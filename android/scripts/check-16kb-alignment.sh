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
python3 - "$apk" <<'PY'
import struct
import sys
import zipfile

REQUIRED = {"libmills_ffi.so", "libjnidispatch.so"}
PAGE = 16 * 1024


def load_alignments(elf):
    """p_align of every PT_LOAD program header of a 64-bit little-endian ELF file."""
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF file")
    phoff, = struct.unpack_from("<Q", elf, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    alignments = []
    for i in range(phnum):
        p_type, = struct.unpack_from("<I", elf, phoff + i * phentsize)
        if p_type == 1:  # PT_LOAD
            p_align, = struct.unpack_from("<Q", elf, phoff + i * phentsize + 0x30)
            alignments.append(p_align)
    return alignments


failures = []
with zipfile.ZipFile(sys.argv[1]) as apk:
    for abi in ("arm64-v8a", "x86_64"):
        names = {n.rsplit("/", 1)[1]: n for n in apk.namelist() if n.startswith(f"lib/{abi}/") and n.endswith(".so")}
        for missing in sorted(REQUIRED - names.keys()):
            failures.append(f"lib/{abi}/{missing}: not in the APK")
        for short, name in sorted(names.items()):
            alignments = load_alignments(apk.read(name))
            worst = min(alignments) if alignments else 0
            state = "ok  " if worst >= PAGE else "FAIL"
            print(f"{state} {name}: LOAD alignment {', '.join(hex(a) for a in alignments)}")
            if worst < PAGE:
                failures.append(f"{name}: a LOAD segment is aligned to {worst} bytes, not {PAGE}")
for failure in failures:
    print("FAIL", failure)
sys.exit(1 if failures else 0)
PY
echo "ok: $apk is 16 KB page-size ready"
