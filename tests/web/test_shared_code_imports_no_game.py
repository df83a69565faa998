"""What every game shares (all of ``app/`` outside the games' folders) imports no game's folder: it asks the
registry. A game's own endpoints, pages and rules live in its folder (issue "Each game is one folder")."""

from __future__ import annotations

import ast
from pathlib import Path

from app.games import registry

APP = Path(__file__).resolve().parents[2] / "app"


def game_imports(source: str, package: str) -> list[str]:
    """The game packages a module of ``package`` with this ``source`` imports (absolute or relative), dotted."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["app", "games"] and len(parts) > 2 and parts[2] in registry.ids():
                found.append(name)
    return found


def test_shared_code_imports_no_games_folder():
    games = {APP / "games" / kind for kind in registry.ids()}
    offenders = {}
    for path in sorted(APP.rglob("*.py")):
        if any(folder in path.parents for folder in games):
            continue
        package = ".".join(path.relative_to(APP.parent).with_suffix("").parts[:-1])
        hits = game_imports(path.read_text(encoding="utf-8"), package)
        if hits:
            offenders[str(path.relative_to(APP.parent))] = hits
    assert not offenders, offenders


def test_the_check_reads_relative_and_absolute_imports():
    source = (
        "from ..games.phase10.engine import cards\nimport app.games.uno.engine.cards\nfrom ..games import registry\n"
    )
    assert game_imports(source, "app.api") == [
        "app.games.phase10.engine",
        "app.games.phase10.engine.cards",
        "app.games.uno.engine.cards",
    ]
    assert game_imports("from .engine import cards\n", "app.games.uno") == [
        "app.games.uno.engine",
        "app.games.uno.engine.cards",
    ]
