"""No game is named outside its own places: services, views, forms, templates and scripts ask the registry.

A game's own places are its folder (``app/games/<kind>/``: engine, plug-in, templates, static files),
templates in a folder or file named after it (``templates/**/<kind>/**``, ``templates/**/<kind>.html``),
scripts named after it (``static/js/**/<kind>*``), and the registry (``app/games/registry.py``).

"Naming a game" means comparing with its kind id (``kind == "uno"``, ``game in ("phase10", "uno")``,
``case "uno":``, ``{% if game.kind == "phase10" %}``, ``game === 'uno'``) or keying a mapping by kind ids
(``{"phase10": ..., "uno": ...}``). This reads syntax trees (Python's ``ast``, Jinja's parser, a small
JavaScript tokenizer), not text: ``"points"`` is also a JSON field, so a mapping with a ``"points"`` key is
a game mapping only when it has keys of another game too, and ``x == "points"`` only when ``x`` is a game's
kind (a name or attribute called ``kind``/``game``).
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest
from jinja2 import nodes

from app import create_app
from app.games import registry

ROOT = Path(__file__).resolve().parents[2]
KINDS = frozenset(registry.ids())
FIELD_NAMES = frozenset({"points"})
"""Kind ids that are also JSON field names (API.md): only a comparison of a game's kind with them counts."""

PENDING: set[str] = set()
REGISTRY = {"app/games/registry.py", "app/games/__init__.py", "tests/web/test_game_names.py"}


def own_kinds(relative: str) -> set[str]:
    """The kinds whose own place ``relative`` is (a path part or a file stem named after the game)."""
    parts = Path(relative).parts
    stem = Path(relative).name.split(".")[0]
    owned = {part for part in parts[:-1] if part in KINDS}
    owned |= {kind for kind in KINDS if stem == kind or (stem.startswith(kind) and relative.startswith("static/"))}
    return owned


def named(value: object) -> str | None:
    return value if isinstance(value, str) and value in KINDS else None


def looks_like_kind(text: str) -> bool:
    return bool(re.search(r"(kind|game)$", text, re.IGNORECASE))


def comparison_hit(kind: str | None, other: str) -> str | None:
    """``kind`` (a constant compared with an expression described by ``other``) when it names a game."""
    if kind is None:
        return None
    if kind in FIELD_NAMES and not looks_like_kind(other):
        return None
    return kind


def mapping_hit(keys: list[str]) -> str | None:
    found = [k for k in keys if k in KINDS]
    if not found:
        return None
    if len(set(found)) == 1 and found[0] in FIELD_NAMES:
        return None
    return found[0]


# --- Python -----------------------------------------------------------------------------------------


def _describe(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    if isinstance(node, ast.Call):
        return _describe(node.func)
    return ""


def _constants(node: ast.AST) -> list[object]:
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return []


def python_hits(source: str) -> list[tuple[int, str]]:
    """(line, kind) of every comparison with, or mapping keyed by, a kind id."""
    hits = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for (left, right), op in zip(itertools.pairwise(operands), node.ops):
                if isinstance(op, (ast.In, ast.NotIn)):
                    pairs = [
                        (named(v), _describe(left)) for v in _constants(right) if not isinstance(right, ast.Constant)
                    ]
                else:
                    pairs = [(named(v), _describe(right)) for v in _constants(left) if isinstance(left, ast.Constant)]
                    pairs += [(named(v), _describe(left)) for v in _constants(right) if isinstance(right, ast.Constant)]
                for kind, other in pairs:
                    hit = comparison_hit(kind, other)
                    if hit:
                        hits.append((node.lineno, hit))
        elif isinstance(node, ast.Dict):
            hit = mapping_hit([k.value for k in node.keys if isinstance(k, ast.Constant)])
            if hit:
                hits.append((node.lineno, hit))
        elif isinstance(node, ast.match_case):
            for sub in ast.walk(node.pattern):
                if isinstance(sub, ast.MatchValue) and named(getattr(sub.value, "value", None)):
                    hits.append((sub.lineno, sub.value.value))
    return hits


# --- Jinja templates --------------------------------------------------------------------------------


def _jinja_describe(node: nodes.Node) -> str:
    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Getattr):
        return node.attr
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
        return str(node.arg.value)
    return ""


def _jinja_constants(node: nodes.Node) -> list[object]:
    if isinstance(node, nodes.Const):
        return [node.value]
    if isinstance(node, (nodes.Tuple, nodes.List)):
        return [item.value for item in node.items if isinstance(item, nodes.Const)]
    return []


def template_hits(env, source: str) -> list[tuple[int, str]]:
    hits = []
    for node in env.parse(source).find_all((nodes.Compare, nodes.Dict)):
        if isinstance(node, nodes.Dict):
            hit = mapping_hit([p.key.value for p in node.items if isinstance(p.key, nodes.Const)])
            if hit:
                hits.append((node.lineno, hit))
            continue
        left = node.expr
        for operand in node.ops:
            right = operand.expr
            if operand.op in ("in", "notin"):
                pairs = [
                    (named(v), _jinja_describe(left))
                    for v in _jinja_constants(right)
                    if not isinstance(right, nodes.Const)
                ]
            else:
                pairs = [
                    (named(v), _jinja_describe(right)) for v in _jinja_constants(left) if isinstance(left, nodes.Const)
                ]
                pairs += [
                    (named(v), _jinja_describe(left)) for v in _jinja_constants(right) if isinstance(right, nodes.Const)
                ]
            for kind, other in pairs:
                hit = comparison_hit(kind, other)
                if hit:
                    hits.append((node.lineno, hit))
            left = right
    return hits


# --- JavaScript -------------------------------------------------------------------------------------

TOKEN = re.compile(
    r"""(?P<space>\s+)|(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)"""
    r"""|(?P<name>[A-Za-z_$][\w$]*)|(?P<number>\d[\w.]*)|(?P<punct>===|!==|==|!=|=>|&&|\|\||[{}()\[\];,:?.=!<>+\-*%&|^~/])""",
    re.DOTALL,
)
REGEX = re.compile(r"/(?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n\[])+/[a-z]*")
BEFORE_REGEX = {
    "(",
    ",",
    "=",
    ":",
    "[",
    "!",
    "&&",
    "||",
    "?",
    "{",
    "}",
    ";",
    "return",
    "typeof",
    "=>",
    "==",
    "===",
    "!=",
    "!==",
}


def js_tokens(source: str) -> list[tuple[str, str, int]]:
    """(type, text, line) tokens; strings unquoted; comments and regular expressions dropped."""
    tokens: list[tuple[str, str, int]] = []
    position, line = 0, 1
    while position < len(source):
        if (
            source[position] == "/"
            and (not tokens or tokens[-1][1] in BEFORE_REGEX)
            and source[position + 1 : position + 2] not in ("/", "*")
        ):
            found = REGEX.match(source, position)
            if found:
                line += found.group(0).count("\n")
                position = found.end()
                continue
        found = TOKEN.match(source, position)
        assert found, f"cannot read the script at line {line}: {source[position : position + 30]!r}"
        kind, text = found.lastgroup, found.group(0)
        if kind == "string":
            tokens.append(("string", text[1:-1], line))
        elif kind not in ("space", "comment"):
            tokens.append((kind, text, line))
        line += text.count("\n")
        position = found.end()
    return tokens


def script_hits(source: str) -> list[tuple[int, str]]:
    tokens = js_tokens(source)
    hits = []
    frames: list[list[str]] = []
    for index, (kind, text, line) in enumerate(tokens):
        before = tokens[index - 1] if index else ("", "", 0)
        after = tokens[index + 1] if index + 1 < len(tokens) else ("", "", 0)
        if kind == "string" and text in KINDS:
            if before[1] in ("==", "===", "!=", "!==") or before[1] == "case":
                other = tokens[index - 2][1] if index >= 2 else ""
                if comparison_hit(text, other):
                    hits.append((line, text))
            elif after[1] in ("==", "===", "!=", "!=="):
                other = tokens[index + 2][1] if index + 2 < len(tokens) else ""
                if comparison_hit(text, other):
                    hits.append((line, text))
        if text == "{" and kind == "punct":
            frames.append([])
        elif text == "}" and kind == "punct" and frames:
            keys = frames.pop()
            hit = mapping_hit(keys)
            if hit:
                hits.append((line, hit))
        elif kind in ("string", "name") and after[1] == ":" and before[1] in ("{", ",") and frames:
            frames[-1].append(text)
    return hits


# --- the test ---------------------------------------------------------------------------------------


def files(pattern: str) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern))


def misplaced(relative: str, hits: list[tuple[int, str]]) -> list[str]:
    if relative in PENDING or relative in REGISTRY:
        return []
    mine = own_kinds(relative)
    return [f"{relative}:{line} names {kind!r}" for line, kind in hits if kind not in mine]


def test_no_game_is_named_outside_its_own_places():
    env = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"}).jinja_env
    found = []
    for relative in files("app/**/*.py"):
        found += misplaced(relative, python_hits((ROOT / relative).read_text(encoding="utf-8")))
    for relative in files("templates/**/*.html"):
        found += misplaced(relative, template_hits(env, (ROOT / relative).read_text(encoding="utf-8")))
    for relative in files("static/js/**/*.js"):
        found += misplaced(relative, script_hits((ROOT / relative).read_text(encoding="utf-8")))
    assert not found, "a game is named outside its own places:\n" + "\n".join(found)


def test_pending_files_exist():
    """The allow-list names real files (a renamed one would silently widen it)."""
    missing = [relative for relative in PENDING | REGISTRY if not (ROOT / relative).exists()]
    assert not missing


# The detectors themselves: each kind of naming is caught, and a JSON field called "points" is not.
@pytest.fixture(autouse=True)
def three_kinds(request, monkeypatch):
    """The detector tests read with three kinds, whatever the registry holds."""
    if request.node.name.startswith("test_") and "detector" in request.node.name:
        monkeypatch.setitem(globals(), "KINDS", frozenset({"phase10", "uno", "points"}))


@pytest.mark.parametrize(
    "source, expected",
    [
        ('if game.kind == "uno": pass', ["uno"]),
        ('ok = "phase10" != kind', ["phase10"]),
        ('ok = kind in ("phase10", "uno")', ["phase10", "uno"]),
        ('LIMITS = {"phase10": 6, "uno": 10}', ["phase10"]),
        ('match kind:\n    case "uno":\n        pass', ["uno"]),
        ('ok = "points" in result', []),
        ('row = {"points": 12, "player": "Ana"}', []),
        ('ok = source == "points"', []),
        ('ok = game.kind == "points"', ["points"]),
        ('TABLE = {"points": 1, "uno": 2}', ["points"]),
    ],
)
def test_python_detector(source, expected):
    assert [kind for _line, kind in python_hits(source)] == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        ('{% if game.kind == "phase10" %}x{% endif %}', ["phase10"]),
        ("{% set x = 'uno' if kind in ('uno',) else '' %}", ["uno"]),
        ('{{ {"phase10": 1, "uno": 2}|tojson }}', ["phase10"]),
        ('{{ res.points }}{% if "points" in res %}{% endif %}', []),
        ('{% if game == "points" %}{% endif %}', ["points"]),
    ],
)
def test_template_detector(source, expected):
    env = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"}).jinja_env
    assert [kind for _line, kind in template_hits(env, source)] == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        ('if (game === "uno") { go(); }', ["uno"]),
        ("var x = 'phase10' == state.game;", ["phase10"]),
        ("switch (g) { case 'uno': break; }", ["uno"]),
        ('var t = {phase10: 1, "uno": 2};', ["phase10"]),
        ('var r = {points: 5, player: "Ana"}; var s = list.split(/"uno"/);', []),
        ('var c = key === "points";', []),
        ('// game === "uno"\nvar ok = 1;', []),
    ],
)
def test_script_detector(source, expected):
    assert [kind for _line, kind in script_hits(source)] == expected
