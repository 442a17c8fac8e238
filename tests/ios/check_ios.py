#!/usr/bin/env python3
"""Source checks of the iOS app that need no Swift toolchain (run by tests/ios/run.sh).

  check_ios.py syntax  FILE.swift...
      tree-sitter-swift parse; every ERROR or MISSING node is reported as file:line:col.
  check_ios.py strings CATALOG.xcstrings FILE.swift...
      the String Catalog parses, every entry has translated `en`, `zh-Hans` and `zh-Hant`
      values with the same format specifiers (each plural form and substitution too), every
      string that counts something ("%lld turns") has plural forms for that count in every
      language, and every localization key the Swift uses is in it.
  check_ios.py api     BINDINGS.swift FILE.swift...
      every use of the engine's generated Swift API (types, initializers, functions,
      methods, properties, enum cases, protocol requirements) names something the
      generated file declares, with the argument labels it declares.
  check_ios.py imports FILE.swift...
      every file imports the framework of the system names it uses (`URL`, `Date`, `CGFloat`,
      `UIPasteboard`, `@Observable`, `String(localized:)`, ...), itself or through one that
      re-exports it (SwiftUI, UIKit, XCTest): importing MillsCore, whose generated file
      imports Foundation, does not make Foundation's types visible.
  check_ios.py a11y    FILE.swift...
      every Button, NavigationLink and Menu has a title VoiceOver can read: a title argument,
      a Text or Label in its label, or an accessibilityLabel among its modifiers (a button
      drawn as an icon alone, or as a clear shape over the board, is unlabelled otherwise).
  check_ios.py project project.yml
      the XcodeGen spec parses and every path it names exists; an app target whose Swift
      opens files (`.onOpenURL`) declares the plain-text document type it opens (game
      records, docs/records.md); its usage descriptions (`NS...UsageDescription`) are in its
      InfoPlist.xcstrings, in every language.

Each check prints one line per file or item, `ok` or `FAIL`, and the problems under it;
the last line is `<check>: N passed, M failed`. Exit status 1 when anything failed.
"""
import json
import os
import re
import sys

from swift_source import Report, parse, text, walk, where

# ---------------------------------------------------------------- syntax


def syntax_problems(path):
    source, tree = parse(path)
    lines = source.decode("utf-8", "replace").splitlines()
    problems = []

    def visit(node):
        if node.is_error or node.is_missing:
            row = node.start_point[0]
            kind = f"MISSING {node.type}" if node.is_missing else "ERROR"
            line = lines[row].strip() if row < len(lines) else ""
            problems.append(f"{where(path, node)}: {kind}: {line[:100]}")
            return
        if node.has_error:
            for child in node.children:
                visit(child)

    visit(tree.root_node)
    return problems


def check_syntax(files):
    report = Report("syntax")
    for path in files:
        report.item(path, syntax_problems(path))
    return report.close()


# ---------------------------------------------------------------- strings

# Initializers and modifiers whose first unlabeled string literal is a LocalizedStringKey.
KEY_CALLS = {
    "Text", "Label", "Button", "Toggle", "Picker", "Section", "LabeledContent", "Stepper",
    "TextField", "SecureField", "Link", "Menu", "NavigationLink", "ProgressView",
    "LocalizedStringKey", "LocalizedStringResource", "DisclosureGroup", "GroupBox",
    "ContentUnavailableView", "ControlGroup", "Tab",
    "navigationTitle", "confirmationDialog", "alert", "help", "accessibilityLabel",
    "accessibilityHint", "accessibilityValue", "badge",
}
# Calls whose argument labelled `localized:` is a key: String(localized:), ...
LOCALIZED_LABEL = "localized"
# Types whose literals are keys wherever a declaration of that type returns them.
KEY_TYPES = {"LocalizedStringKey", "LocalizedStringResource"}
FORMAT_SPEC = re.compile(r"%(?:(\d+)\$)?(?:ll|l|h|hh|q|z|t|j)?([@dDuUxXoOfeEgGcCsSpaAi])")
ANY_SPEC = r"%(?:\d+\$)?(?:ll|l|h|hh|q|z|t|j)?[@dDuUxXoOfeEgGcCsSpaAi]"


def callee_name(call):
    """`Text` for Text(...), `navigationTitle` for x.navigationTitle(...)."""
    target = call.children[0]
    if target.type == "simple_identifier":
        return text(target)
    if target.type == "navigation_expression":
        suffix = target.children[-1]
        if suffix.type == "navigation_suffix" and suffix.named_children:
            return text(suffix.named_children[-1])
    return None


def call_arguments(call):
    """(label or None, expression node) of a call's parenthesised arguments."""
    for child in call.children:
        if child.type != "call_suffix":
            continue
        for part in child.children:
            if part.type != "value_arguments":
                continue
            for argument in part.named_children:
                if argument.type != "value_argument":
                    continue
                label = None
                value = None
                for piece in argument.named_children:
                    if piece.type == "value_argument_label":
                        label = text(piece)
                    else:
                        value = piece
                yield label, value
    return


def literal_pattern(node):
    """A regex matching the catalog key of a string literal: its interpolations become
    format specifiers (`"a \\(x) b"` → `a %@ b`, `a %lld b`, ...). None for raw or
    multi-line literals."""
    if node is None or node.type != "line_string_literal":
        return None, None
    parts, shown = [], []
    for child in node.named_children:
        if child.type == "interpolated_expression":
            parts.append(ANY_SPEC)
            shown.append("%@")
        elif child.type == "str_escaped_char":
            value = text(child).encode().decode("unicode_escape")
            parts.append(re.escape(value))
            shown.append(value)
        else:
            parts.append(re.escape(text(child)))
            shown.append(text(child))
    return "".join(parts), "".join(shown)


def localized_key_functions(trees):
    """Functions declared in the app with LocalizedStringKey parameters: name → list of
    (external label or None, position)."""
    functions = {}
    for _, _, tree in trees:
        for node in walk(tree.root_node):
            if node.type != "function_declaration":
                continue
            name_node = next((c for c in node.named_children if c.type == "simple_identifier"), None)
            if name_node is None:
                continue
            params = [c for c in node.named_children if c.type == "parameter"]
            for position, param in enumerate(params):
                names = [c for c in param.named_children if c.type == "simple_identifier"]
                type_text = "".join(text(c) for c in param.named_children if c.type not in ("simple_identifier",))
                if type_text.strip() in KEY_TYPES and names:
                    label = None if (len(names) == 2 and text(names[0]) == "_") else text(names[0])
                    functions.setdefault(text(name_node), []).append((label, position))
    return functions


def key_literals(tree, key_functions):
    """(node, regex, shown key) of every string literal used as a localization key."""
    found = []
    for node in walk(tree.root_node):
        if node.type == "call_expression":
            name = callee_name(node)
            arguments = list(call_arguments(node))
            for position, (label, value) in enumerate(arguments):
                is_key = (
                    (label is None and position == 0 and name in KEY_CALLS)
                    or label == LOCALIZED_LABEL
                    or any(
                        (lbl is None and pos == position and label is None) or (lbl is not None and lbl == label)
                        for lbl, pos in key_functions.get(name, [])
                    )
                )
                if is_key and value is not None and value.type == "line_string_literal":
                    found.append((value, *literal_pattern(value)))
        elif node.type in ("property_declaration", "function_declaration"):
            declared = None
            for child in node.named_children:
                if child.type == "type_annotation" or child.type == "user_type":
                    declared = text(child).lstrip(":").strip()
            if declared in KEY_TYPES:
                body = next(
                    (c for c in node.named_children if c.type in ("computed_property", "function_body")), None
                )
                if body is not None:
                    for inner in walk(body):
                        if inner.type == "line_string_literal" and returns_literal(inner):
                            found.append((inner, *literal_pattern(inner)))
    unique = {}
    for node, pattern, shown in found:
        unique[node.start_byte] = (node, pattern, shown)
    return list(unique.values())


def returns_literal(literal):
    """A literal that is the value of its statement or case (not an argument of a call,
    which the call check covers, nor an interpolation)."""
    parent = literal.parent
    while parent is not None and parent.type in ("ternary_expression", "return_statement", "control_transfer_statement"):
        parent = parent.parent
    return parent is not None and parent.type in ("statements", "computed_property", "switch_entry")


# The app's languages: every key of the String Catalog has a translated value in each.
LANGUAGES = ("en", "zh-Hans", "zh-Hant")
# The plural categories each language's forms must have (CLDR): English says "1 turn" and
# "2 turns"; Chinese has one form for every count.
PLURAL_CATEGORIES = {"en": {"one", "other"}, "zh-Hans": {"other"}, "zh-Hant": {"other"}}
# A count of things in English: a number argument, perhaps one word, then a plural noun
# ("%lld turns", "%1$lld short lessons"). Its number must choose a plural form in every
# language, or the app says "1 turns".
COUNTED_NOUN = re.compile(r" (?:[a-z]+ )?([a-z]{3,}s)\b")
NOT_PLURAL_NOUNS = {"this"}


def unit_value(holder, language, where, problems):
    """The translated value of a `stringUnit`, or None (with the problem noted)."""
    unit = holder.get("stringUnit", {})
    value = unit.get("value")
    if not value:
        problems.append(f"{where}: no {language} value")
        return None
    if unit.get("state") != "translated":
        problems.append(f"{where}: {language} state is {unit.get('state')!r}, not 'translated'")
        return None
    return value


def plural_forms(holder, language, where, problems):
    """A plural variation's values by category; None when the holder has none."""
    plural = holder.get("variations", {}).get("plural")
    if plural is None:
        return None
    missing = PLURAL_CATEGORIES[language] - set(plural)
    if missing:
        problems.append(f"{where}: {language} plural forms lack {', '.join(sorted(missing))}")
    forms = {}
    for category, form in plural.items():
        value = unit_value(form, language, f"{where} ({category})", problems)
        if value is not None:
            forms[category] = value
    return forms


def integer_positions(text):
    """The argument positions of the integer specifiers of a format, in order."""
    positions = []
    for index, (number, kind) in enumerate(FORMAT_SPEC.findall(text)):
        if kind in "dDuUxXoOi":
            positions.append(int(number) if number else index + 1)
    return positions


def localized_texts(key, localization, language, problems):
    """Every text one language's entry can show (plural forms and `%#@name@` substitutions
    expanded), and the argument positions whose count chooses a form."""
    where = repr(key)
    counted = set()
    forms = plural_forms(localization, language, where, problems)
    if forms is not None:
        texts = list(forms.values())
        # a plural variation of the whole text follows the key's first integer
        counted.update(integer_positions(key)[:1])
    else:
        value = unit_value(localization, language, where, problems)
        texts = [value] if value else []
    for name, substitution in localization.get("substitutions", {}).items():
        argument = substitution.get("argNum")
        specifier = substitution.get("formatSpecifier", "lld")
        choices = plural_forms(substitution, language, f"{where} %#@{name}@", problems)
        if not choices:
            problems.append(f"{where}: {language} substitution {name!r} has no plural forms")
            continue
        counted.add(argument)
        texts = [
            text.replace(f"%#@{name}@", choice.replace("%arg", f"%{argument}${specifier}"))
            for text in texts
            for choice in choices.values()
        ]
    for text in texts:
        if "%#@" in text:
            problems.append(f"{where}: {language} value {text!r} names a substitution it does not have")
    return texts, counted


def counted_nouns(text):
    """The argument positions of a format that count a plural noun ("%2$lld turns")."""
    counts = []
    specs = list(FORMAT_SPEC.finditer(text))
    for index, spec in enumerate(specs):
        number, kind = spec.groups()
        noun = COUNTED_NOUN.match(text, spec.end())
        if kind in "dDuUxXoOi" and noun and noun.group(1) not in NOT_PLURAL_NOUNS:
            counts.append((int(number) if number else index + 1, noun.group(1)))
    return counts


def catalog_problems(catalog_path):
    problems = []
    try:
        with open(catalog_path, encoding="utf-8") as f:
            catalog = json.load(f)
    except (OSError, ValueError) as error:
        return None, [f"{catalog_path}: does not parse: {error}"]
    if catalog.get("sourceLanguage") != "en":
        problems.append(f"{catalog_path}: sourceLanguage is {catalog.get('sourceLanguage')!r}, not 'en'")
    if "version" not in catalog:
        problems.append(f"{catalog_path}: no version")
    strings = catalog.get("strings")
    if not isinstance(strings, dict) or not strings:
        return None, problems + [f"{catalog_path}: no strings"]
    for key, entry in strings.items():
        localizations = (entry or {}).get("localizations", {})
        texts = {}
        counted = {}
        for language in LANGUAGES:
            if language not in localizations:
                problems.append(f"{key!r}: no {language} value")
                continue
            texts[language], counted[language] = localized_texts(key, localizations[language], language, problems)
        key_specs = FORMAT_SPEC.findall(key)
        for language, values in texts.items():
            for value in values:
                if not same_arguments(key_specs, FORMAT_SPEC.findall(value)):
                    problems.append(f"{key!r}: {language} value {value!r} has other format arguments than the key")
        for value in texts.get("en", []):
            for position, noun in counted_nouns(value):
                for language in LANGUAGES:
                    if language in counted and position not in counted[language]:
                        problems.append(
                            f"{key!r}: counts {noun!r} (argument {position}) but its {language} value has no plural forms for it"
                        )
    return set(strings), sorted(set(problems), key=problems.index)


def same_arguments(key_specs, value_specs):
    """Equal argument lists: by position (`%2$@`) where numbered, else in order."""

    def normal(specs):
        kinds = {}
        for index, (number, kind) in enumerate(specs):
            position = int(number) if number else index + 1
            kinds[position] = "@" if kind == "@" else ("int" if kind in "dDuUxXoOi" else kind)
        return kinds

    return normal(key_specs) == normal(value_specs)


def check_strings(catalog_path, files):
    report = Report("strings")
    keys, problems = catalog_problems(catalog_path)
    report.item(f"{catalog_path} ({' + '.join(LANGUAGES)} for every key)", problems)
    if keys is None:
        return report.close()
    trees = []
    for path in files:
        source, tree = parse(path)
        trees.append((path, source, tree))
    key_functions = localized_key_functions(trees)
    used = set()
    total = 0
    for path, _, tree in trees:
        problems = []
        for node, pattern, shown in key_literals(tree, key_functions):
            total += 1
            matches = [key for key in keys if re.fullmatch(pattern, key)]
            if not matches:
                problems.append(f"{where(path, node)}: key {shown!r} is not in the catalog")
            used.update(matches)
        report.item(path, problems)
    unused = sorted(keys - used)
    shown = ", ".join(unused[:10]) + (", ..." if len(unused) > 10 else "")
    print(f"     {total} key uses checked; {len(keys)} catalog keys, {len(unused)} not used"
          + (f": {shown}" if unused else ""))
    return report.close()


# ---------------------------------------------------------------- api

from ffi_api import check_api  # noqa: E402  (its own module: the largest check)


# ---------------------------------------------------------------- imports

# Modules that provide a framework's names to a file that imports them: the framework, and
# the ones that re-export it on iOS.
FOUNDATION = {"Foundation", "SwiftUI", "UIKit", "AppKit", "XCTest"}
PROVIDERS = {
    "Foundation": FOUNDATION,
    "CoreGraphics": FOUNDATION | {"CoreGraphics"},
    "UIKit": {"UIKit", "SwiftUI"},
    "Observation": {"Observation", "SwiftUI"},
}
# System names by framework: types (and attributes) a file spells out.
SYSTEM_NAMES = {
    "Foundation": {
        "URL", "URLComponents", "Date", "DateFormatter", "DateComponents", "Data", "TimeInterval",
        "FileManager", "FileHandle", "Locale", "Calendar", "TimeZone", "Bundle", "UUID", "NSError",
        "JSONDecoder", "JSONEncoder", "UserDefaults", "NotificationCenter", "ProcessInfo",
        "CharacterSet", "IndexSet", "AttributedString", "Measurement", "Decimal",
    },
    "CoreGraphics": {"CGFloat", "CGPoint", "CGSize", "CGRect", "CGVector", "CGAffineTransform"},
    "UIKit": {"UIAccessibility", "UIPasteboard", "UIColor", "UIApplication", "UIImage", "UIDevice"},
    "Observation": {"Observable", "ObservationIgnored", "ObservationTracked"},
}
# Nodes under which a name is a member, a label or the name being declared, not a use.
NOT_A_USE = {
    "navigation_suffix", "value_argument_label", "class_declaration", "protocol_declaration",
    "typealias_declaration",
}


def imported_modules(tree):
    modules = set()
    for node in tree.root_node.named_children:
        if node.type == "import_declaration":
            names = [c for c in walk(node) if c.type == "simple_identifier"]
            if names:
                modules.add(text(names[0]))
    return modules


def declared_type_names(tree):
    names = set()
    for node in walk(tree.root_node):
        if node.type in ("class_declaration", "protocol_declaration", "typealias_declaration"):
            name = next((c for c in node.named_children if c.type == "type_identifier"), None)
            if name is not None:
                names.add(text(name))
    return names


def import_problems(path):
    _, tree = parse(path)
    modules = imported_modules(tree)
    own = declared_type_names(tree)
    missing = {}
    for node in walk(tree.root_node):
        name = None
        if node.type in ("type_identifier", "simple_identifier") and node.parent is not None:
            if node.parent.type not in NOT_A_USE:
                name = text(node)
        if name is None or name in own:
            continue
        for framework, names in SYSTEM_NAMES.items():
            if name in names and not (modules & PROVIDERS[framework]):
                missing.setdefault(framework, (node, name))
        if (
            node.type == "simple_identifier"
            and name == "String"
            and node.parent.type == "call_expression"
            and any(label == LOCALIZED_LABEL for label, _ in call_arguments(node.parent))
            and not (modules & PROVIDERS["Foundation"])
        ):
            # Foundation's initializer: found today only because members of modules imported
            # through MillsCore leak into lookup (an error with MemberImportVisibility).
            missing.setdefault("Foundation", (node, "String(localized:)"))
    return [
        f"{where(path, node)}: {name} needs `import {framework}` (imports: {', '.join(sorted(modules)) or 'none'})"
        for framework, (node, name) in sorted(missing.items())
    ]


def check_imports(files):
    report = Report("imports")
    for path in files:
        report.item(path, import_problems(path))
    return report.close()


# ---------------------------------------------------------------- a11y

LABELLED_CONTROLS = {"Button", "NavigationLink", "Menu"}
# Views that read out as words inside a control's label.
WORDED_VIEWS = {"Text", "Label", "LabeledContent"}


def control_labels(call):
    """The label closure of a control call (`Button { } label: { }`, `Button(action:) { }`),
    and whether it has a title argument (`Button("action_undo") { }`)."""
    titled = False
    label = None
    for child in call.children:
        if child.type != "call_suffix":
            continue
        pieces = list(child.children)
        for index, part in enumerate(pieces):
            if part.type == "value_arguments":
                arguments = [a for a in part.named_children if a.type == "value_argument"]
                if arguments and not any(c.type == "value_argument_label" for c in arguments[0].named_children):
                    titled = True
            elif part.type == "lambda_literal":
                labelled_by = pieces[index - 2] if index >= 2 and pieces[index - 1].type == ":" else None
                if labelled_by is not None and text(labelled_by) == "label":
                    label = part
                elif labelled_by is None:
                    label = part  # the trailing closure: the label when the action is an argument
    return titled, label


def modifier_names(call):
    """The names of the modifiers applied to a view call: `.disabled(...)`, ..."""
    names = []
    node = call
    while node.parent is not None and node.parent.type in ("navigation_expression", "call_expression"):
        parent = node.parent
        if parent.type == "navigation_expression":
            suffix = parent.children[-1]
            if suffix.type == "navigation_suffix" and suffix.named_children:
                names.append(text(suffix.named_children[-1]))
        node = parent
    return names


def says_words(node):
    return any(
        inner.type == "call_expression" and callee_name(inner) in WORDED_VIEWS
        for inner in walk(node)
    )


def check_a11y(files):
    report = Report("a11y")
    controls = 0
    for path in files:
        _, tree = parse(path)
        problems = []
        for node in walk(tree.root_node):
            if node.type != "call_expression" or node.children[0].type != "simple_identifier":
                continue
            if text(node.children[0]) not in LABELLED_CONTROLS:
                continue
            controls += 1
            titled, label = control_labels(node)
            if titled or (label is not None and says_words(label)):
                continue
            if "accessibilityLabel" in modifier_names(node):
                continue
            problems.append(f"{where(path, node)}: {text(node.children[0])} with no title, no Text or Label, and no accessibilityLabel")
        report.item(path, problems)
    print(f"     {controls} controls checked")
    return report.close()


# ---------------------------------------------------------------- project


def check_project(path):
    import yaml

    report = Report("project")
    problems = []
    base = os.path.dirname(os.path.abspath(path))
    try:
        with open(path, encoding="utf-8") as f:
            spec = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as error:
        report.item(path, [f"does not parse: {error}"])
        return report.close()
    for name, package in (spec.get("packages") or {}).items():
        package_path = os.path.join(base, package.get("path", ""))
        if not os.path.isfile(os.path.join(package_path, "Package.swift")):
            problems.append(f"package {name}: no Package.swift in {package_path}")
    targets = spec.get("targets") or {}
    # XcodeGen's script-only targets (the endgame tables pack), which a target may depend on
    aggregates = spec.get("aggregateTargets") or {}
    if not targets:
        problems.append("no targets")
    for name, aggregate in aggregates.items():
        if not aggregate.get("buildScripts"):
            problems.append(f"aggregate target {name}: no buildScripts")
    for name, target in targets.items():
        sources = target.get("sources") or []
        for source in sources:
            source_path = source if isinstance(source, str) else source.get("path")
            if not os.path.exists(os.path.join(base, source_path)):
                problems.append(f"target {name}: source path {source_path} does not exist")
        for dependency in target.get("dependencies") or []:
            if "package" in dependency and dependency["package"] not in (spec.get("packages") or {}):
                problems.append(f"target {name}: unknown package {dependency['package']}")
            if "target" in dependency and dependency["target"] not in targets and dependency["target"] not in aggregates:
                problems.append(f"target {name}: unknown target {dependency['target']}")
        if target.get("type") == "application":
            problems += document_type_problems(name, target, base)
            problems += info_plist_string_problems(name, target, base)
    report.item(path, problems)
    return report.close()


def info_plist_string_problems(name, target, base):
    """The Info.plist's words a person reads (usage descriptions) are in the target's
    InfoPlist.xcstrings in every language, under keys the spec sets, with the spec's English."""
    properties = (target.get("info") or {}).get("properties") or {}
    shown = {key: value for key, value in properties.items() if key.endswith("UsageDescription")}
    catalogs = []
    for source in target.get("sources") or []:
        source_path = os.path.join(base, source if isinstance(source, str) else source.get("path"))
        for folder, _, files in os.walk(source_path):
            catalogs += [os.path.join(folder, f) for f in files if f == "InfoPlist.xcstrings"]
    if not catalogs:
        return [f"target {name}: no InfoPlist.xcstrings for {', '.join(sorted(shown))}"] if shown else []
    problems = []
    for catalog_path in sorted(set(catalogs)):
        keys, catalog_issues = catalog_problems(catalog_path)
        problems += [f"{catalog_path}: {problem}" for problem in catalog_issues]
        with open(catalog_path, encoding="utf-8") as f:
            strings = json.load(f).get("strings", {})
        for key in sorted((keys or set()) - set(properties)):
            problems.append(f"{catalog_path}: {key} is not an Info.plist property of target {name}")
        for key, value in shown.items():
            english = strings.get(key, {}).get("localizations", {}).get("en", {}).get("stringUnit", {}).get("value")
            if english is None:
                problems.append(f"target {name}: {key} is not translated in {catalog_path}")
            elif english != value:
                problems.append(f"target {name}: {key} in project.yml differs from the English of {catalog_path}")
    return problems


def document_type_problems(name, target, base):
    """An app that opens shared files (`.onOpenURL`) must say which in Info.plist: iOS
    offers "Open in Mills" only for the declared types. Game records are plain text."""
    opens_files = False
    for source in target.get("sources") or []:
        source_path = os.path.join(base, source if isinstance(source, str) else source.get("path", ""))
        for folder, _, names in os.walk(source_path):
            for file_name in names:
                if file_name.endswith(".swift"):
                    with open(os.path.join(folder, file_name), encoding="utf-8") as f:
                        opens_files = opens_files or ".onOpenURL" in f.read()
    if not opens_files:
        return []
    properties = (target.get("info") or {}).get("properties") or {}
    types = properties.get("CFBundleDocumentTypes") or []
    content = {item for entry in types for item in (entry.get("LSItemContentTypes") or [])}
    problems = []
    if "public.plain-text" not in content:
        problems.append(f"target {name}: uses .onOpenURL but declares no public.plain-text document type")
    for entry in types:
        if not entry.get("CFBundleTypeName") or entry.get("CFBundleTypeRole") not in ("Viewer", "Editor"):
            problems.append(f"target {name}: a document type needs CFBundleTypeName and a Viewer or Editor role")
    if "LSSupportsOpeningDocumentsInPlace" not in properties:
        problems.append(f"target {name}: document types need LSSupportsOpeningDocumentsInPlace (App Store validation)")
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    command, rest = argv[1], argv[2:]
    if command == "syntax":
        return check_syntax(rest)
    if command == "strings":
        return check_strings(rest[0], rest[1:])
    if command == "api":
        return check_api(rest[0], rest[1:])
    if command == "a11y":
        return check_a11y(rest)
    if command == "imports":
        return check_imports(rest)
    if command == "project":
        return check_project(rest[0])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
