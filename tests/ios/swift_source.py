"""Shared helpers of the iOS source checks: tree-sitter-swift parsing and reporting."""
import tree_sitter_swift
from tree_sitter import Language, Parser

PARSER = Parser(Language(tree_sitter_swift.language()))


def parse(path):
    with open(path, "rb") as f:
        source = f.read()
    return source, PARSER.parse(source)


def walk(node):
    """Every node under `node`, depth first, in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def text(node):
    return node.text.decode("utf-8", "replace")


def where(path, node):
    row, col = node.start_point
    return f"{path}:{row + 1}:{col + 1}"


class Report:
    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0

    def item(self, label, problems):
        if problems:
            self.failed += 1
            print(f"FAIL {label}")
            for problem in problems:
                print(f"     {problem}")
        else:
            self.passed += 1
            print(f"ok   {label}")

    def close(self):
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
