"""The `api` check of check_ios.py: the app uses only what the generated bindings declare.

A pragmatic name check, not a type checker. The generated `mills_ffi.swift` is read for its
public API: types (with enum cases, properties, methods, static methods, initializers and
their argument labels) and free functions. In the app's Swift (tree-sitter), these uses are
resolved and checked:

  - calls of the engine's free functions (`rulesText(game:locale:)`): the name and labels;
  - initializers of engine types (`SessionConfig(game:mode:timer:)`), static calls
    (`GameSession.restore(json:options:listener:)`) and cases named on a type (`GameId.zhiqi`);
  - member chains on values of known type (`session.tapIndex(index:)`,
    `model.snapshot.p1.inHand`): a value's type comes from its declaration in the app (a
    stored or computed property, a parameter, a `let` with a type or an initializer, a
    `for` over a known array, `@Environment(Type.self)`, a type parameter by the app
    protocol it is constrained to, a value bound by a case pattern of a known enum), and
    each member's type from the bindings or from the app's own declarations (an app
    protocol's property requirements too);
  - enum cases written `.name` where the type is known: `switch` and `if case` over a
    known value, comparisons with one, arguments of engine calls, and the values of
    properties and functions declared to return an engine enum;
  - app types that adopt an engine protocol (`SessionListener`) implement its methods.

Uses whose receiver type cannot be told are skipped, and counted.
"""
import re

from swift_source import Report, parse, text, walk, where

# ---------------------------------------------------------------- the generated API


class Signature:
    def __init__(self, params, returns):
        self.params = params  # [(label or "_", type, has_default)]
        self.returns = returns

    def accepts(self, labels):
        """Do these call labels (None for unlabeled) fit, defaults left out in order?"""
        wanted = [label or "_" for label in labels]
        i = 0
        for label, _, has_default in self.params:
            if i < len(wanted) and wanted[i] == label:
                i += 1
            elif not has_default:
                return False
        return i == len(wanted)

    def param_type(self, label):
        for name, kind, _ in self.params:
            if name == (label or "_"):
                return kind
        return None

    def __str__(self):
        return "(" + "".join(f"{label}:" for label, _, _ in self.params) + ")"


class TypeInfo:
    def __init__(self, name, kind):
        self.name = name
        self.kind = kind
        self.cases = {}  # name -> [labels]
        self.case_types = {}  # name -> [types of the associated values]
        self.properties = {}  # name -> type
        self.methods = {}  # name -> [Signature]
        self.statics = {}  # name -> [Signature]
        self.inits = []  # [Signature]


def _strip_comments(source):
    source = re.sub(r"/\*.*?\*/", " ", source, flags=re.S)
    return re.sub(r"//[^\n]*", "", source)


def _split_top(params):
    parts, depth, current = [], 0, ""
    for char in params:
        if char in "([<":
            depth += 1
        elif char in ")]>":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    return [part.strip() for part in parts]


def _params(params):
    result = []
    for part in _split_top(params):
        declaration, _, default = part.partition("=")
        names, _, kind = declaration.partition(":")
        words = names.split()
        if not words:
            continue
        result.append((words[0], kind.strip(), bool(default.strip())))
    return result


def _bodies(source):
    """(header text, body text) of every top-level `{...}` block."""
    depth, start, header_start, blocks = 0, 0, 0, []
    i = 0
    while i < len(source):
        char = source[i]
        if char == '"':
            end = source.find('"', i + 1)
            while end != -1 and source[end - 1] == "\\":
                end = source.find('"', end + 1)
            i = end + 1 if end != -1 else len(source)
            continue
        if char == "{":
            if depth == 0:
                start = i
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                blocks.append((source[header_start:start], source[start + 1 : i]))
                header_start = i + 1
        i += 1
    return blocks


# A name that is a keyword is escaped in the bindings (func `open`).
FUNC = re.compile(
    r"(?P<mods>(?:(?:public|open|static|class|convenience|override|final|required)\s+)*)"
    r"(?:func\s+`?(?P<name>\w+)`?|(?P<init>init))\s*(?:<[^>]*>)?\s*\((?P<params>.*?)\)\s*"
    r"(?:async\s*)?(?:throws\s*)?(?:->\s*(?P<returns>[^{]+?))?\s*$",
    re.S,
)


def read_bindings(path):
    with open(path, encoding="utf-8") as f:
        source = _strip_comments(f.read())
    types, functions = {}, {}
    for header, body in _bodies(source):
        # The text between the previous block and this one: the declaration that opens it.
        head = header.strip()
        declaration = re.search(r"(public|open)\s+(struct|class|enum|protocol)\s+(\w+)[^{]*$", head)
        extension = re.search(r"extension\s+(\w+)[^{]*$", head)
        function = FUNC.search(head)
        if declaration and declaration.group(2):
            name = declaration.group(3)
            if name.startswith("FfiConverter") or name.startswith("Uniffi"):
                continue
            info = types.setdefault(name, TypeInfo(name, declaration.group(2)))
            _read_members(info, body)
        elif extension:
            name = extension.group(1)
            if name in types:
                _read_members(types[name], body)
        elif function and function.group("name") and "public" in (function.group("mods") or ""):
            name = function.group("name")
            if not name.startswith("FfiConverter") and not name.startswith("uniffi"):
                functions.setdefault(name, []).append(
                    Signature(_params(function.group("params")), (function.group("returns") or "").strip())
                )
    return types, functions


def _read_members(info, body):
    """Adds a type body's public members to `info`."""
    flat = body
    # Enum cases (one per `case`, labels optional); a keyword is escaped (case `continue`).
    if info.kind == "enum":
        for match in re.finditer(r"^\s*case\s+`?(\w+)`?\s*(\((.*?)\))?\s*$", flat, re.M | re.S):
            params = _params(match.group(3) or "")
            info.cases[match.group(1)] = [p[0] for p in params]
            info.case_types[match.group(1)] = [p[1] for p in params]
    # The declarations at the top level of the body: nested bodies become `;`, which ends
    # every signature (protocol requirements have no body: there a line ends one).
    depth_zero = []
    depth = 0
    for char in flat:
        if char == "{":
            if depth == 0:
                depth_zero.append(";")
            depth += 1
        elif char == "}":
            depth -= 1
        elif depth == 0:
            depth_zero.append(";" if char == "\n" and info.kind == "protocol" else char)
    lines = "".join(depth_zero)
    for match in re.finditer(r"(?:public|open)\s+(?:static\s+)?(?:var|let)\s+(\w+)\s*:\s*([^;={\n]+)", lines):
        info.properties[match.group(1)] = match.group(2).strip()
    top = re.sub(r"\s+", " ", lines)
    for match in re.finditer(
        r"((?:(?:public|open|static|class|convenience|override|final|required)\s+)*)"
        r"(func\s+`?(\w+)`?|init)\s*(?:<[^>]*>)?\s*\(((?:[^()]|\([^()]*\))*)\)\s*(?:async\s*)?(?:throws\s*)?"
        r"(?:->\s*([^;]+?))?\s*;",
        top,
    ):
        mods, name, params, returns = match.group(1), match.group(3), match.group(4), match.group(5)
        public = "public" in mods or "open" in mods or info.kind == "protocol"
        if not public:
            continue
        signature = Signature(_params(params), (returns or "").strip())
        if name is None:
            info.inits.append(signature)
        elif "static" in mods or "class " in mods:
            info.statics.setdefault(name, []).append(signature)
        else:
            info.methods.setdefault(name, []).append(signature)


# ---------------------------------------------------------------- the app side


def base_type(kind):
    """`Snapshot?` → Snapshot; `[PointState]` → [PointState] kept as an array marker."""
    if kind is None:
        return None
    kind = kind.strip().rstrip("?!").strip()
    if kind.startswith("some "):
        return None
    return kind or None


def element_type(kind):
    kind = base_type(kind)
    if kind and kind.startswith("[") and kind.endswith("]") and ":" not in kind:
        return base_type(kind[1:-1])
    return None


class Declaration:
    """A named value: its type (written, or an expression to work it out from) and the part
    of the file where the name means it."""

    def __init__(self, name, node, scope, kind=None, value=None, element_of=None, member=False):
        self.name = name
        self.start = node.start_byte
        self.scope = scope  # (start byte, end byte)
        self.kind = base_type(kind) if kind else None
        self.value = value  # an expression node whose type is the value's
        self.element_of = element_of  # a sequence expression (`for x in ...`)
        self.member = member  # a type's member: visible before its declaration too


class App:
    """What the app declares: its types, named values and its types' members (including
    members that its extensions add to engine types)."""

    def __init__(self, trees):
        self.types = set()
        self.members = {}  # (type, name) -> type or None when it cannot be told
        self.declarations = {}  # file -> [Declaration]
        self.adoptions = []  # (path, node, type name, [protocols])
        self.functions = {}  # (type or None, name) -> return type
        for path, tree in trees:
            self._collect(path, tree)

    def _add(self, path, declaration):
        self.declarations.setdefault(path, []).append(declaration)

    def _collect(self, path, tree):
        for node in walk(tree.root_node):
            if node.type in ("class_declaration", "protocol_declaration"):
                name = _type_name(node)
                if name:
                    if not text(node).lstrip().startswith("extension") and "extension " not in _keywords(node):
                        self.types.add(name)
                    protocols = [
                        text(c).strip() for c in node.named_children if c.type == "inheritance_specifier"
                    ]
                    self.adoptions.append((path, node, name, protocols))
            elif node.type == "protocol_property_declaration":
                # An app protocol's property requirement (`var snapshot: Snapshot { get }`):
                # values typed by the protocol, or by a type parameter constrained to it, have it.
                name, owner = _pattern_name(node), _enclosing_type(node)
                if name and owner:
                    self.members[(owner, name)] = base_type(_declared_type(node))
            elif node.type == "property_declaration":
                name = _pattern_name(node)
                if not name:
                    continue
                kind = _constrained(node, _declared_type(node)) or _environment_type(node)
                value = None if kind else _initial_value(node)
                owner = _enclosing_type(node)
                if owner:
                    if base_type(kind) or (owner, name) not in self.members:
                        self.members[(owner, name)] = base_type(kind)
                    scope = _scope_of(node, member=True)
                    self._add(path, Declaration(name, node, scope, kind, value, member=True))
                else:
                    self._add(path, Declaration(name, node, _scope_of(node), kind, value))
            elif node.type == "parameter":
                names = [c for c in node.named_children if c.type == "simple_identifier"]
                kind = _constrained(node, "".join(text(c) for c in node.named_children if c.type != "simple_identifier"))
                if names and kind:
                    self._add(path, Declaration(text(names[-1]), node, _scope_of(node), kind))
            elif node.type == "for_statement":
                pattern = next((c for c in node.named_children if c.type == "pattern"), None)
                sequence = next(
                    (c for c in node.named_children if c.type not in ("pattern", "statements", "where_clause")), None
                )
                ident = pattern and next((c for c in pattern.named_children if c.type == "simple_identifier"), None)
                if ident is not None and sequence is not None:
                    scope = (node.start_byte, node.end_byte)
                    self._add(path, Declaration(text(ident), ident, scope, element_of=sequence))
            elif node.type == "function_declaration":
                name = _child_text(node, "simple_identifier")
                returns = None
                for child in node.named_children:
                    if child.type in ("user_type", "optional_type", "array_type"):
                        returns = text(child)
                if name:
                    self.functions[(_enclosing_type(node), name)] = base_type(returns)
                    owner = _enclosing_type(node)
                    if owner:
                        self.members.setdefault((owner, name), base_type(returns))


def _constrained(node, kind):
    """A declared type, with an enclosing type's generic parameter replaced by the protocol
    it is constrained to: in `struct BoardView<Model: BoardModel>`, `Model` is `BoardModel`."""
    written = base_type(kind)
    if written is None:
        return kind
    parent = node.parent
    while parent is not None:
        if parent.type == "class_declaration":
            for parameters in (c for c in parent.named_children if c.type == "type_parameters"):
                for parameter in (c for c in parameters.named_children if c.type == "type_parameter"):
                    name = _child_text(parameter, "type_identifier")
                    constraint = _child_text(parameter, "user_type")
                    if name == written and constraint:
                        return constraint
        parent = parent.parent
    return kind


def _keywords(node):
    return " ".join(text(c) for c in node.children if not c.is_named)


def _type_name(node):
    for child in node.named_children:
        if child.type == "type_identifier":
            return text(child)
        if child.type == "user_type":  # extension Name
            return text(child)
    return None


def _initial_value(node):
    for child in node.named_children:
        if child.type not in ("value_binding_pattern", "pattern", "type_annotation", "modifiers", "attribute"):
            return child
    return None


def _scope_of(node, member=False):
    """The byte range where a declaration's name is visible."""
    parent = node.parent
    while parent is not None:
        if member and parent.type in ("class_body", "protocol_body", "enum_class_body"):
            return (parent.start_byte, parent.end_byte)
        if not member and parent.type in (
            "statements", "function_declaration", "init_declaration", "lambda_literal",
            "computed_property", "class_body", "if_statement", "guard_statement",
        ):
            if parent.type == "statements" and parent.parent is not None and parent.parent.type in (
                "function_body", "computed_property", "lambda_literal"
            ):
                return (parent.parent.start_byte, parent.parent.end_byte)
            if node.type == "parameter" and parent.type != "function_declaration" and parent.type != "init_declaration" and parent.type != "lambda_literal":
                parent = parent.parent
                continue
            return (parent.start_byte, parent.end_byte)
        parent = parent.parent
    return (0, 1 << 62)


def _child_text(node, kind):
    child = next((c for c in node.named_children if c.type == kind), None)
    return text(child) if child is not None else None


def _pattern_name(node):
    pattern = next((c for c in node.named_children if c.type == "pattern"), None)
    if pattern is None:
        return None
    ident = next((c for c in pattern.named_children if c.type == "simple_identifier"), None)
    return text(ident) if ident is not None else None


def _declared_type(node):
    annotation = next((c for c in node.named_children if c.type == "type_annotation"), None)
    if annotation is None:
        return None
    return text(annotation).lstrip(":").strip()


def _environment_type(node):
    """`@Environment(AppModel.self) private var app`."""
    source = text(node)
    match = re.match(r"\s*@Environment\((\w+)\.self\)", source)
    return match.group(1) if match else None


def _enclosing_type(node):
    parent = node.parent
    while parent is not None:
        if parent.type in ("class_declaration", "protocol_declaration"):
            return _type_name(parent)
        if parent.type in (
            "function_declaration", "init_declaration", "deinit_declaration", "lambda_literal",
            "computed_property", "statements",
        ):
            return None
        parent = parent.parent
    return None


# ---------------------------------------------------------------- the check


# Members of Optional itself, used on optional values of engine types without `?.`; no
# engine type declares them, so on an engine type they can only be Optional's.
OPTIONAL_MEMBERS = {"map", "flatMap"}


class Checker:
    def __init__(self, types, functions, app, path):
        self.types = types
        self.functions = functions
        self.app = app
        self.path = path
        self.problems = []
        self.checked = 0
        self.skipped = 0

    def problem(self, node, message):
        self.problems.append(f"{where(self.path, node)}: {message}")

    # Types of expressions.

    def value_type(self, name, node):
        """The type of the value `name` seen at `node`: the innermost declaration whose
        scope holds it (locals only once declared), else a member of the enclosing type."""
        best = None
        for declaration in self.app.declarations.get(self.path, []):
            if declaration.name != name:
                continue
            start, end = declaration.scope
            if not (start <= node.start_byte < end):
                continue
            if not declaration.member and declaration.start > node.start_byte:
                continue
            span = end - start
            if best is None or span < best[0] or (span == best[0] and declaration.start > best[1].start):
                best = (span, declaration)
        if best is not None:
            return self.declaration_type(best[1])
        owner = _enclosing_type(node)
        while owner is None and node.parent is not None:
            node = node.parent
            owner = _enclosing_type(node) if node.type not in ("class_declaration",) else _type_name(node)
        return self.app.members.get((owner, name)) if owner else None

    def declaration_type(self, declaration):
        if declaration.kind:
            return declaration.kind
        if getattr(declaration, "resolving", False):
            return None
        declaration.resolving = True
        try:
            if declaration.value is not None:
                declaration.kind = base_type(self.expression_type(declaration.value))
            elif declaration.element_of is not None:
                declaration.kind = element_type(self.expression_type(declaration.element_of))
        finally:
            declaration.resolving = False
        return declaration.kind

    def member_type(self, owner, name, node, call_labels):
        """The type of `owner.name` (or of its call), checking it against the bindings."""
        owner = base_type(owner)
        if owner is None:
            return None
        if name in OPTIONAL_MEMBERS and owner in self.types and name not in self.types[owner].methods:
            # `position.map { ... }` on a `ReviewPosition?` (the app's types are read without
            # their `?`): Optional's own member, whose result is not told here.
            self.skipped += 1
            return None
        if owner in self.types:
            info = self.types[owner]
            self.checked += 1
            if name in info.properties and call_labels is None:
                return info.properties[name]
            if name in info.methods:
                signatures = info.methods[name]
                if call_labels is not None and not any(s.accepts(call_labels) for s in signatures):
                    self.problem(node, f"{owner}.{name}{_labels(call_labels)}: the bindings declare "
                                       + " or ".join(f"{name}{s}" for s in signatures))
                return signatures[0].returns
            if name in info.cases:
                return owner
            if (owner, name) in self.app.members or (owner, name) in self.app.functions:
                return self.app.members.get((owner, name)) or self.app.functions.get((owner, name))
            self.problem(node, f"{owner} has no member '{name}' in the bindings or the app's extensions")
            return None
        if owner in self.app.types:
            kind = self.app.members.get((owner, name)) or self.app.functions.get((owner, name))
            return kind
        return None

    def static_member(self, type_name, name, node, call_labels):
        info = self.types[type_name]
        self.checked += 1
        if name in info.cases:
            labels = info.cases[name]
            if call_labels is not None and len(call_labels) > len(labels):
                self.problem(node, f"{type_name}.{name} has {len(labels)} associated value(s)")
            return type_name
        if name in info.statics:
            signatures = info.statics[name]
            if call_labels is not None and not any(s.accepts(call_labels) for s in signatures):
                self.problem(node, f"{type_name}.{name}{_labels(call_labels)}: the bindings declare "
                                   + " or ".join(f"{name}{s}" for s in signatures))
            return signatures[0].returns
        if name == "init":
            return type_name
        if name == "self":
            # `MillsError.self`: the type itself (a metatype, e.g. `#require(throws:)`), no member
            return None
        self.problem(node, f"{type_name} has no case or static member '{name}' in the bindings")
        return None

    def expression_type(self, node):
        """The type of an expression, or None when it cannot be told."""
        if node is None:
            return None
        if node.type in ("try_expression", "await_expression", "parenthesized_expression"):
            return self.expression_type(node.named_children[-1])
        if node.type == "simple_identifier":
            return self.value_type(text(node), node)
        if node.type == "self_expression":
            return _enclosing_type(node)
        if node.type == "navigation_expression":
            return self.navigation_type(node, None)
        if node.type == "call_expression":
            return self.call_type(node)
        return None

    def navigation_type(self, node, call_labels):
        target, suffix = node.children[0], node.children[-1]
        name = text(suffix).lstrip(".").lstrip("?").lstrip(".")
        if target.type == "simple_identifier" and text(target) in self.types:
            return self.static_member(text(target), name, suffix, call_labels)
        owner = self.expression_type(target)
        if owner is None:
            if _chain_root(target).type == "simple_identifier":
                self.skipped += 1
            return None
        return self.member_type(owner, name, suffix, call_labels)

    def call_type(self, node):
        callee = node.children[0]
        labels = [label for label, _ in _arguments(node)]
        if callee.type == "navigation_expression":
            return self.navigation_type(callee, labels)
        if callee.type == "simple_identifier":
            name = text(callee)
            if name in self.types:
                info = self.types[name]
                self.checked += 1
                if info.kind == "enum" or not info.inits:
                    self.problem(callee, f"{name} has no initializer in the bindings")
                elif not any(s.accepts(labels) for s in info.inits):
                    self.problem(callee, f"{name}{_labels(labels)}: the bindings declare "
                                         + " or ".join(f"init{s}" for s in info.inits))
                self.check_argument_cases(node, info.inits)
                return name
            if name in self.functions:
                signatures = self.functions[name]
                self.checked += 1
                if not any(s.accepts(labels) for s in signatures):
                    self.problem(callee, f"{name}{_labels(labels)}: the bindings declare "
                                         + " or ".join(f"{name}{s}" for s in signatures))
                self.check_argument_cases(node, signatures)
                return signatures[0].returns
            enclosing = _enclosing_type(node)
            return self.app.functions.get((enclosing, name)) or self.app.functions.get((None, name))
        return None

    # Enum cases written `.name`.

    def check_case(self, type_name, name_node, arity=None):
        type_name = base_type(type_name)
        info = self.types.get(type_name)
        if info is None or info.kind != "enum":
            return
        # `.continue` and `.`continue`` name the same case
        name = text(name_node).strip("`")
        self.checked += 1
        if name not in info.cases:
            self.problem(name_node, f"{type_name} has no case '.{name}' in the bindings")
        elif arity is not None and arity > len(info.cases[name]):
            self.problem(name_node, f"{type_name}.{name} has {len(info.cases[name])} associated value(s), not {arity}")

    def check_argument_cases(self, call, signatures):
        for label, value in _arguments(call):
            if value is not None and value.type == "prefix_expression" and text(value).startswith("."):
                for signature in signatures:
                    kind = signature.param_type(label)
                    if kind:
                        self.check_case(kind, value.named_children[-1])
                        break

    def run(self, tree):
        for node in walk(tree.root_node):
            parent = node.parent
            if node.type == "call_expression":
                if parent is not None and parent.type == "navigation_expression" and parent.children[0] == node:
                    continue  # resolved as part of the outer chain
                self.call_type(node)
            elif node.type == "navigation_expression":
                if parent is not None and parent.type in ("navigation_expression", "call_expression") and parent.children[0] == node:
                    continue
                self.navigation_type(node, None)
            elif node.type == "switch_statement":
                subject = node.named_children[0]
                kind = self.expression_type(subject)
                for entry in node.named_children[1:]:
                    for pattern in _case_patterns(entry):
                        self.check_case(kind, pattern[0], pattern[1])
                        self.bind_case_values(kind, pattern[0], pattern[2], (entry.start_byte, entry.end_byte))
            elif node.type == "if_statement" or node.type == "guard_statement":
                self.check_if_case(node)
            elif node.type == "equality_expression":
                left, right = node.named_children[0], node.named_children[-1]
                for value, other in ((left, right), (right, left)):
                    if value.type == "prefix_expression" and text(value).startswith("."):
                        self.check_case(self.expression_type(other), value.named_children[-1])
            elif node.type in ("property_declaration", "function_declaration"):
                self.check_returned_cases(node)
        self.check_adoptions()

    def check_if_case(self, node):
        children = node.named_children
        if not children or children[0].type != "simple_identifier":
            return
        # `if case .name(...) = expr`: the case name, its patterns, then the expression.
        patterns = [c for c in children[1:] if c.type == "pattern"]
        expression = next(
            (c for c in children[1:] if c.type not in ("pattern", "statements", "else")), None
        )
        kind = self.expression_type(expression)
        self.check_case(kind, children[0], len(patterns) or None)
        # `if case`: the values are bound in its block; `guard case`: after it, in the block
        # the guard stands in.
        scope = (node.start_byte, node.end_byte)
        if node.type == "guard_statement" and node.parent is not None:
            scope = (node.start_byte, node.parent.end_byte)
        self.bind_case_values(kind, children[0], patterns, scope)

    def bind_case_values(self, type_name, name_node, patterns, scope):
        """Declares the names a case pattern binds (`.played(_, let changes, ...)`,
        `let .wrong(action, why)`) with the types of the case's associated values, so that
        their uses are checked too (`switch verdict { case .solved: ... }`)."""
        info = self.types.get(base_type(type_name))
        if info is None or info.kind != "enum":
            return
        types = info.case_types.get(text(name_node), [])
        for position, pattern in enumerate(patterns):
            if position >= len(types) or text(pattern).lstrip().startswith("."):
                continue
            ident = next((c for c in pattern.named_children if c.type == "simple_identifier"), None)
            if ident is not None and text(ident) != "_":
                self.app._add(self.path, Declaration(text(ident), ident, scope, types[position]))

    def check_returned_cases(self, node):
        if node.type == "property_declaration":
            declared = _declared_type(node)
            body = next((c for c in node.named_children if c.type == "computed_property"), None)
        else:
            declared = None
            for child in node.named_children:
                if child.type in ("user_type", "optional_type"):
                    declared = text(child)
            body = next((c for c in node.named_children if c.type == "function_body"), None)
        declared = base_type(declared)
        if body is None or declared not in self.types or self.types[declared].kind != "enum":
            return
        for inner in walk(body):
            if inner.type == "prefix_expression" and text(inner).startswith(".") and _is_result(inner):
                self.check_case(declared, inner.named_children[-1])

    def check_adoptions(self):
        for path, node, name, protocols in self.app.adoptions:
            if path != self.path:
                continue
            for protocol in protocols:
                protocol = protocol.split()[-1]
                info = self.types.get(protocol)
                if info is None or info.kind != "protocol":
                    continue
                declared = {
                    _child_text(c, "simple_identifier")
                    for c in walk(node)
                    if c.type == "function_declaration"
                }
                self.checked += 1
                for method in info.methods:
                    if method not in declared:
                        self.problem(node, f"{name} adopts {protocol} but does not implement {method}")


def _chain_root(node):
    while node.type in ("navigation_expression", "call_expression", "try_expression") and node.children:
        node = node.children[0] if node.type != "try_expression" else node.named_children[-1]
    return node


def _labels(labels):
    return "(" + "".join(f"{label or '_'}:" for label in labels) + ")"


def _arguments(call):
    for child in call.children:
        if child.type != "call_suffix":
            continue
        for part in child.children:
            if part.type != "value_arguments":
                continue
            for argument in part.named_children:
                if argument.type != "value_argument":
                    continue
                label, value = None, None
                for piece in argument.named_children:
                    if piece.type == "value_argument_label":
                        label = text(piece)
                    else:
                        value = piece
                yield label, value


def _case_patterns(entry):
    """(name node, number of associated patterns, those patterns) of each `.name(...)` case
    of a switch entry (`let .name(a, b)` too)."""
    found = []
    for switch_pattern in (c for c in entry.named_children if c.type == "switch_pattern"):
        for pattern in (c for c in switch_pattern.named_children if c.type == "pattern"):
            idents = [c for c in pattern.named_children if c.type == "simple_identifier"]
            if idents and re.sub(r"^\s*(let|var)\s+", "", text(pattern)).startswith("."):
                nested = [c for c in pattern.named_children if c.type == "pattern"]
                found.append((idents[0], len(nested) or None, nested))
    return found


def _is_result(node):
    parent = node.parent
    while parent is not None and parent.type in ("ternary_expression", "control_transfer_statement"):
        parent = parent.parent
    return parent is not None and parent.type in ("statements", "computed_property")


def check_api(bindings_path, files):
    report = Report("api")
    types, functions = read_bindings(bindings_path)
    problems = []
    if not types or not functions:
        problems.append(f"{bindings_path}: no types or functions found")
    for expected in ("GameSession", "Snapshot", "SessionListener"):
        if expected not in types:
            problems.append(f"{bindings_path}: {expected} not found")
    report.item(
        f"{bindings_path} ({len(types)} types, {len(functions)} functions read)", problems
    )
    trees = [(path, parse(path)[1]) for path in files]
    app = App(trees)
    total_checked = total_skipped = 0
    for path, tree in trees:
        checker = Checker(types, functions, app, path)
        checker.run(tree)
        total_checked += checker.checked
        total_skipped += checker.skipped
        report.item(path, checker.problems)
    print(f"     {total_checked} uses of the bindings checked; {total_skipped} member chains on values of unknown type skipped (views, closures, Foundation)")
    return report.close()
