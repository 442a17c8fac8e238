#!/usr/bin/env python3
"""The apps only draw what the engine says: no source under android/ or ios/
parses action notation, holds board tables, level ranges or defaults, timer seconds or piece
counts, names a lesson outside its tests, or re-reads the game to guess what changed; each app
reads the board's changes in one place (Android's BoardFeed, iOS's BoardDriver); and both
apps read the engine's changes and game facts (iOS: and its lessons). Run by tests/ios/run.sh
(and on its own: `tests/apps/check_draw_only.py`).

Each rule prints `ok` or `FAIL` with the offending lines; the last line is
`apps: N passed, M failed`; exit status 1 when anything failed.
"""
import os
import re
import sys

# MILLS_APPS_ROOT checks another checkout (e.g. an old one, to see the rules bite).
ROOT = os.environ.get("MILLS_APPS_ROOT") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", "..")
)
# The apps' own code (ios/MillsCore is the engine's Swift package and its API tests).
SOURCES = {
    "android": (os.path.join(ROOT, "android", "app", "src"), (".kt",)),
    "ios": (os.path.join(ROOT, "ios", "App"), (".swift",)),
}

# What no app source may contain: (rule, regular expression).
FORBIDDEN = [
    ("notation parsing: removals", r'(startsWith|hasPrefix)\(\s*"x"\s*\)'),
    ("notation parsing: steps", r'split\(\s*(separator:\s*)?["\']-["\']\s*\)|\'-\'\s+in\s+|contains\("-"\)'),
    ("notation parsing: a parser of actions", r'\bAction\.parse\b|ActionLog|MotionPlanner'),
    ("grid positions parsed from point names", r"\[0\]\s*-\s*'a'|substring\(1\)\.toInt\(\)"),
    ("board tables: drawn segments", r'GridPoint\(\s*\d+\s*,\s*\d+\s*\)|\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)'),
    ("board tables: rings of the squares", r'for\s*\(?\s*(k|ring)\s+in\s+0\s*(\.\.<\s*3|\.\.\s*2)'),
    ("level ranges and defaults", r'\b1\s*\.\.\.?\s*10\b|1f\s*\.\.\s*10f|DEFAULT_LEVEL|coerceIn\(\s*1\s*,\s*10\s*\)|static let level\s*=\s*\d'),
    ("timer seconds", r'(SECONDS\d+\s*->\s*\d+|case\s+\.seconds\d+\s*:\s*\d+)'),
    ("piece counts", r'\belse\s+1[02]\b|==\s*GameId\.LINKED_HORSE\)\s*10|piecesEach\s*[:=]\s*1[02]\b'),
    ("re-reading the game to guess changes", r'\.actions\(\)|readState\(|zhiQiMoving|isPull\b'),
    # The lessons are the engine's data; an app names no lesson (the courses come
    # from `lessons(game, locale)`, the next one from the progress or the session). Tests
    # drive named lessons, so they are not searched for this rule.
    ("lesson ids outside tests", r'"(zhiqi|linked-horse|twelve-mens-morris)-[a-z][a-z-]*"'),
    # "White is better" is the engine's Verdict, not a threshold on its score.
    ("verdicts from the evaluation score", r'scoreForP1\s*(<|>|<=|>=|/|\*)|(<|>|<=|>=)\s*\w*\.?scoreForP1'),
]

# Rules that tests may break on purpose (they name what they drive).
TESTS_EXEMPT = {"lesson ids outside tests"}
TEST_FOLDERS = re.compile(r"/(MillsTests|test|androidTest)/")

# What each app must use: the engine's changes and facts.
REQUIRED = {
    # lessons: the engine's lesson session judges the taps, keeps the progress and
    # takes the timer's expiry; the app never holds solutions of its own
    "android": [r"changesSince\(", r"\bgames\(\)|gameInfo\(", r"\blevels\(\)", r"timerChoices\(\)", r"\.panel\b", r"lastTurnPoints",
                r"LessonSession\(", r"lessonProgressMarkSolved\(", r"\.timeOut\(\)",
                # the move list, review, hints, analysis and records are the engine's
                r"\.moveList\(", r"\.reviewPosition\(", r"\.undoToTurn\(", r"\.hint\(", r"\.evaluate\(",
                r"\.verdict\b", r"\.exportRecord\(", r"readRecord\(", r"fromRecord\("],
    "ios": [r"changesSince\(", r"\bgames\(\)|gameInfo\(", r"\blevels\(\)", r"timerChoices\(\)", r"\.panel\b", r"lastTurnPoints",
            # lessons: the course, the session, the progress file and the lesson's
            # own timer seconds all come from the engine
            r"\blessons\(game:", r"\bLessonSession\(", r"lessonProgressMarkSolved\(", r"\.timerSeconds\b",
            # the move list, review, hints, evaluation and records are the engine's
            r"\.moveList\(\)", r"\.reviewPosition\(turn:", r"\.undoToTurn\(turn:", r"\.hint\(timeMs:",
            r"\.cancelHint\(\)", r"\.evaluate\(timeMs:", r"\.verdict\b", r"\.exportRecord\(\s*details:",
            r"\breadRecord\(text:", r"\.fromRecord\(text:",
            # puzzles: the engine's sessions judge and defend, word the goal and what a
            # wrong turn allows, pick the daily, rush and chosen puzzles, keep the
            # statistics and rate the games against the computer
            r"\bPuzzleSession\(puzzleId:", r"\.goal\(\)", r"\.explanation\b", r"\bpuzzleDaily\(",
            r"\bpuzzleRushOrder\(", r"\bpuzzleRushSeconds\(\)", r"\bpuzzleChoose\(",
            r"\bpuzzleStatsRecord\(", r"\bpuzzleStatsRecordRush\(", r"\bpuzzleStatsPath:"],
}


def sources(app):
    top, exts = SOURCES[app]
    for folder, _, files in os.walk(top):
        if "/build" in folder or "/." in folder:
            continue
        for name in sorted(files):
            if name.endswith(exts):
                yield os.path.join(folder, name)


def code_lines(path):
    """Lines without comments (// ... and /* ... */ on one line), numbered from 1."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = re.sub(r"/\*.*?\*/", "", line)
            stripped = re.sub(r"//.*$", "", stripped)
            yield number, stripped


# Each app reads the board's changes in one place, whichever session is behind the board
# (a game, a lesson, a puzzle, an online room): one loop, so that no screen can fall behind
# the others or carry one session's changes into the next.
BOARD_READERS = {
    "android": "android/app/src/shared/kotlin/app/mills/data/BoardFeed.kt",
    "ios": "ios/App/Mills/Model/BoardDriver.swift",
}


def board_readers(app):
    """The app's sources outside tests that read `changesSince`, other than its reader."""
    regex = re.compile(r"\bchangesSince\(")
    return [
        f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()[:100]}"
        for path in sources(app)
        if not TEST_FOLDERS.search(path) and os.path.relpath(path, ROOT) != BOARD_READERS[app]
        for number, line in code_lines(path)
        if regex.search(line)
    ]


def report(title, problems):
    """Prints one rule's result; returns whether it held."""
    print(f"{'FAIL' if problems else 'ok  '} {title}")
    for problem in problems:
        print(f"     {problem}")
    return not problems


def engine_string_keys():
    """The label keys the engine hands the apps (`rust-core/src/facts.rs`: panel counters and
    level names), which the apps look up at run time, so no literal check sees them."""
    with open(os.path.join(ROOT, "rust-core", "src", "facts.rs"), encoding="utf-8") as f:
        return sorted(set(re.findall(r'"((?:count|level)_[a-z0-9_]+)"', f.read())))


def missing_engine_keys():
    import json

    keys = engine_string_keys()
    problems = [] if keys else ["no keys found in rust-core/src/facts.rs"]
    res = os.path.join(ROOT, "android", "app", "src", "main", "res")
    for values in ("values", "values-b+zh+Hans", "values-b+zh+Hant"):
        with open(os.path.join(res, values, "strings.xml"), encoding="utf-8") as f:
            names = set(re.findall(r'<string name="([^"]+)"', f.read()))
        problems += [f"{values}/strings.xml has no {k}" for k in keys if k not in names]
    catalog = os.path.join(ROOT, "ios", "App", "Mills", "Localization", "Localizable.xcstrings")
    with open(catalog, encoding="utf-8") as f:
        strings = json.load(f)["strings"]
    for key in keys:
        units = strings.get(key, {}).get("localizations", {})
        problems += [f"Localizable.xcstrings has no {lang} {key}" for lang in ("en", "zh-Hans", "zh-Hant") if lang not in units]
    return problems


def main():
    results = [report("the engine's label keys are in both apps' strings", missing_engine_keys())]
    for rule, pattern in FORBIDDEN:
        regex = re.compile(pattern)
        hits = [
            f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()[:100]}"
            for app in SOURCES
            for path in sources(app)
            if not (rule in TESTS_EXEMPT and TEST_FOLDERS.search(path))
            for number, line in code_lines(path)
            if regex.search(line)
        ]
        results.append(report(f"no {rule}", hits))
    for app, reader in BOARD_READERS.items():
        results.append(report(f"{app} reads board changes only in {os.path.basename(reader)}", board_readers(app)))
    for app, patterns in REQUIRED.items():
        text = "".join(line for path in sources(app) for _, line in code_lines(path))
        missing = [f"nothing matches {p}" for p in patterns if not re.search(p, text)]
        results.append(report(f"{app} reads the engine's changes and facts", missing))
    passed = sum(results)
    print(f"apps: {passed} passed, {len(results) - passed} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
