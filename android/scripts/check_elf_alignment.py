"""The ELF half of check-16kb-alignment.sh: every LOAD segment of each 64-bit native library
in an APK (lib/arm64-v8a, lib/x86_64) or an Android App Bundle (base/lib/arm64-v8a,
base/lib/x86_64) is aligned to at least 16 KB, and the engine (libmills_ffi.so) and JNA
(libjnidispatch.so) are both there.

    python3 android/scripts/check_elf_alignment.py APP.apk|APP.aab    (exit status 1 on a failure)

tests/platform runs it on APKs and bundles made of libraries linked here with 4 KB and 16 KB
pages.
"""

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


def layout(path):
    """(where the native libraries are, what to call the file): a bundle keeps its base module's
    under base/lib/, an APK under lib/."""
    if str(path).endswith(".aab"):
        return "base/lib", "bundle"
    return "lib", "APK"


def check(apk_path, out=sys.stdout):
    """Prints one line a library; returns the failures."""
    failures = []
    libs, kind = layout(apk_path)
    with zipfile.ZipFile(apk_path) as apk:
        for abi in ("arm64-v8a", "x86_64"):
            prefix = f"{libs}/{abi}/"
            names = {n[len(prefix):]: n for n in apk.namelist() if n.startswith(prefix) and n.endswith(".so")}
            for missing in sorted(REQUIRED - names.keys()):
                failures.append(f"{prefix}{missing}: not in the {kind}")
            for name in sorted(names.values()):
                alignments = load_alignments(apk.read(name))
                worst = min(alignments) if alignments else 0
                state = "ok  " if worst >= PAGE else "FAIL"
                print(f"{state} {name}: LOAD alignment {', '.join(hex(a) for a in alignments)}", file=out)
                if worst < PAGE:
                    failures.append(f"{name}: a LOAD segment is aligned to {worst} bytes, not {PAGE}")
    for failure in failures:
        print("FAIL", failure, file=out)
    return failures


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} APP.apk|APP.aab")
    sys.exit(1 if check(sys.argv[1]) else 0)
