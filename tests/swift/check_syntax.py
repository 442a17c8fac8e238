#!/usr/bin/env python3
"""Syntax check of Swift sources with tree-sitter-swift (no Swift toolchain needed on Linux).

    check_syntax.py FILE.swift [--expect TEXT ...]   parse FILE; fail on any ERROR or MISSING
                                                    node, or if an expected declaration is absent
    check_syntax.py --self-test                     show that broken Swift is caught

Exit status 0 when the file parses cleanly, 1 otherwise.
"""

import argparse
import re
import sys

import tree_sitter
import tree_sitter_swift

LANGUAGE = tree_sitter.Language(tree_sitter_swift.language())

# Valid Swift that tree-sitter-swift 0.7.4 cannot parse, found in UniFFI's generated code.
# Each is rewritten to an equivalent the grammar knows, keeping every byte offset (so error
# positions stay right), and reported with its count. Nothing else is rewritten.
GRAMMAR_GAPS = [
    (
        # An attribute alone in a conditional-compilation block, before a declaration:
        #   #if swift(>=5.8)
        #   @_documentation(visibility: private)
        #   #endif
        "attribute inside #if/#endif",
        re.compile(rb"#if swift\(>=5\.8\)\n[ \t]*@_documentation\(visibility: private\)\n[ \t]*#endif"),
        lambda m: re.sub(rb"[^\n]", b" ", m.group(0)),
    ),
    (
        # A closure whose body is the empty tuple: `{ () }` (returns Void).
        "closure returning ()",
        re.compile(rb"\{ \(\) \}"),
        lambda m: b"{ 0  }",
    ),
]


def normalize(source: bytes):
    """The source with the grammar gaps rewritten, and how often each was."""
    counts = {}
    for name, pattern, replace in GRAMMAR_GAPS:
        source, n = pattern.subn(replace, source)
        counts[name] = n
    return source, counts


def syntax_errors(source: bytes, limit: int = 20):
    """The (line, column, kind, text) of ERROR and MISSING nodes, in document order."""
    parser = tree_sitter.Parser(LANGUAGE)
    tree = parser.parse(source)
    errors = []
    cursor = tree.walk()
    visited_children = False
    while True:
        node = cursor.node
        if not visited_children:
            if node.type == "ERROR" or node.is_missing:
                line, column = node.start_point
                text = source[node.start_byte : min(node.end_byte, node.start_byte + 60)]
                kind = "missing " + node.type if node.is_missing else "unexpected"
                errors.append((line + 1, column + 1, kind, text.decode("utf-8", "replace")))
                if len(errors) >= limit:
                    break
            elif node.has_error and cursor.goto_first_child():
                continue
        if cursor.goto_next_sibling():
            visited_children = False
        elif cursor.goto_parent():
            visited_children = True
        else:
            break
    return tree, errors


def check_file(path: str, expected: list) -> bool:
    with open(path, "rb") as f:
        original = f.read()
    source, counts = normalize(original)
    assert len(source) == len(original)
    for name, n in counts.items():
        print(f"{path}: rewrote {n} x {name} (valid Swift; tree-sitter-swift grammar gap)")
    tree, errors = syntax_errors(source)
    for line, column, kind, text in errors:
        print(f"{path}:{line}:{column}: {kind}: {text!r}")
    missing = [e for e in expected if e.encode() not in source]
    for text in missing:
        print(f"{path}: expected declaration not found: {text!r}")
    declarations = sum(1 for child in tree.root_node.children if child.is_named)
    ok = not errors and not missing and declarations > 0
    status = "ok" if ok else "FAILED"
    print(f"{path}: {len(source.splitlines())} lines, {declarations} top-level declarations, "
          f"{len(errors)} syntax errors: {status}")
    return ok


def self_test() -> bool:
    good = b"""
public protocol Listener: AnyObject { func onEvent(_ event: Int) }
open class Session { private let handle: UInt64
    public init(handle: UInt64) { self.handle = handle }
    public func tap(point: String) throws -> Bool { return try rustCall { point.isEmpty } }
}
"""
    broken = [
        b"public func tap(point: String -> Bool { }\n",
        b"open class Session { public init() { self.x = }\n",
        b"enum E { case a(\n",
        # The rewrites must not hide an error next to them.
        normalize(b"#if swift(>=5.8)\n@_documentation(visibility: private)\n#endif\n"
                  b"public func f( {}\n")[0],
        normalize(b"func g() { let r = { () }\n let x = (1 }\n")[0],
    ]
    gaps = (b"struct S {\n#if swift(>=5.8)\n    @_documentation(visibility: private)\n#endif\n"
            b"    public static func f() { let w = { () }; w() }\n}\n")
    gaps_ok = not syntax_errors(normalize(gaps)[0])[1]
    print(f"self-test: rewritten grammar gaps {'parse' if gaps_ok else 'DO NOT parse'}")
    ok = gaps_ok
    ok = ok and not syntax_errors(good)[1]
    for snippet in broken:
        caught = bool(syntax_errors(snippet)[1])
        print(f"self-test: {'caught' if caught else 'NOT caught'}: {snippet.strip()!r}")
        ok = ok and caught
    print(f"self-test: valid Swift {'accepted' if not syntax_errors(good)[1] else 'REJECTED'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--expect", action="append", default=[],
                        help="text that must occur in every file (a declaration)")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    ok = True
    if args.self_test:
        ok = self_test() and ok
    for path in args.files:
        ok = check_file(path, args.expect) and ok
    if not args.self_test and not args.files:
        parser.error("nothing to check")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
