"""Android APIs newer than the app's minSdk in the generated Kotlin bindings.

Android lint does not look at generated sources (they are registered as such with the Android
Gradle plugin), so a generator option that drifts back, or a new UniFFI version that reaches for
a newer Java API, would only show as a crash on an older phone. This reads the generated files
for the APIs UniFFI's Kotlin templates are known to be able to use that are newer than minSdk.

    python3 android/scripts/check_bindings_api.py DIR_OR_FILE...      (exit status 1 on a finding)

Run by tests/kotlin/run.sh on the bindings it generates; tests/platform checks the checker.
"""

import re
import sys
from pathlib import Path

GRADLE = Path(__file__).resolve().parent.parent / "app/build.gradle.kts"

# (pattern, API level that added it, name). Comments are stripped before matching.
NEWER_APIS = [
    (r"\bjava\.lang\.ref\.Cleaner\b", 33, "java.lang.ref.Cleaner"),
    (r"\bandroid\.system\.SystemCleaner\b", 33, "android.system.SystemCleaner"),
    (r"\.readNBytes\(", 33, "InputStream.readNBytes"),
    (r"\.readAllBytes\(", 33, "InputStream.readAllBytes"),
    (r"\.transferTo\(", 33, "InputStream.transferTo"),
    (r"\b(?:java\.util\.)?(?:List|Set|Map)\.(?:of|copyOf|ofEntries)\(", 30, "java.util collection factories"),
    (r"\bjava\.util\.HexFormat\b", 34, "java.util.HexFormat"),
]


def min_sdk(gradle=GRADLE):
    found = re.findall(r"^\s*minSdk\s*=\s*(\d+)", gradle.read_text(encoding="utf-8"), flags=re.M)
    if len(found) != 1:
        raise ValueError(f"minSdk is set {len(found)} times in {gradle}, not once")
    return int(found[0])


def without_comments(text):
    """Kotlin without comments, each line kept in place (for line numbers)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def findings(paths, minimum):
    """One line per use of an API newer than [minimum] in the .kt files under [paths]."""
    files = []
    for path in map(Path, paths):
        files.extend(sorted(path.rglob("*.kt")) if path.is_dir() else [path])
    if not files:
        return [f"no Kotlin files in {', '.join(map(str, paths))}"]
    found = []
    for file in files:
        lines = without_comments(file.read_text(encoding="utf-8")).splitlines()
        for number, line in enumerate(lines, start=1):
            for pattern, level, name in NEWER_APIS:
                if level > minimum and re.search(pattern, line):
                    found.append(f"{file}:{number}: {name} needs API {level}, minSdk is {minimum}")
    return found


def main(argv):
    if not argv:
        sys.exit(f"usage: {sys.argv[0]} DIR_OR_FILE...")
    minimum = min_sdk()
    found = findings(argv, minimum)
    for line in found:
        print("FAIL", line)
    if not found:
        print(f"ok: no API newer than minSdk {minimum} in the generated Kotlin")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
