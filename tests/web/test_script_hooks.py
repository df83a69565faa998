"""The shared scripts find what they work on in a game's partials by the data attributes the registry documents
(``registry.ROUND_HOOKS``), never by a CSS class that only a game's partial defines: a partial may rename its
classes without silently losing the round form's live preview, its compact rows or its keypads."""

from __future__ import annotations

import re
from pathlib import Path

from app.games import registry

ROOT = Path(__file__).resolve().parents[2]
CLASS_ATTRIBUTE = re.compile(r"""class=(?:"([^"]*)"|'([^']*)'|\("([^"]*)")""")
JINJA = re.compile(r"\{[{%#].*?[}%#]\}", re.S)
SELECTOR = re.compile(r"""(?:querySelector(?:All)?|closest|matches)\(\s*(["'])(.*?)\1""")
CLASS_TEST = re.compile(r"""classList\.contains\(\s*["']([\w-]+)["']""")


def classes_of(paths) -> set[str]:
    """The CSS classes the templates at ``paths`` write (Jinja expressions left out)."""
    found: set[str] = set()
    for path in paths:
        for match in CLASS_ATTRIBUTE.finditer(path.read_text(encoding="utf-8")):
            found.update(JINJA.sub(" ", next(g for g in match.groups() if g is not None)).split())
    return found


def selected_classes(source: str) -> dict[str, int]:
    """The classes a script selects by (in selectors and ``classList.contains``), with a line of each."""
    found: dict[str, int] = {}
    for number, line in enumerate(source.splitlines(), 1):
        for match in SELECTOR.finditer(line):
            for name in re.findall(r"\.([A-Za-z_][\w-]*)", match.group(2)):
                found.setdefault(name, number)
        for name in CLASS_TEST.findall(line):
            found.setdefault(name, number)
    return found


def games_own_classes() -> set[str]:
    """Classes that only a game's partials write (none of the shared templates does)."""
    partials = [path for game in registry.all_games() for path in (game.folder / "templates").glob("*.html")]
    return classes_of(partials) - classes_of((ROOT / "templates").rglob("*.html"))


def test_the_shared_scripts_select_no_class_of_a_games_partial(app):
    own = games_own_classes()
    assert {"went-out", "leftover", "quick-counts"} <= own  # what the scripts found rows by until now
    wrong = []
    for script in sorted((ROOT / "static" / "js").glob("*.js")):
        for name, line in selected_classes(script.read_text(encoding="utf-8")).items():
            if name in own:
                wrong.append(f"static/js/{script.name}:{line} selects .{name}")
    assert wrong == [], "use the data attributes of registry.ROUND_HOOKS: " + "; ".join(wrong)


def test_every_hook_the_shared_scripts_use_is_documented_and_marked_by_the_partials(app):
    scripts = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "static" / "js").glob("*.js"))
    for hook in registry.ROUND_HOOKS:
        assert f"[{hook}]" in scripts or f'"{hook}"' in scripts, f"{hook} is documented but no shared script uses it"
    for game in registry.all_games():
        source = (game.folder / "templates" / "round.html").read_text(encoding="utf-8")
        uses_rows = "went_out_rows(" in source
        for hook in registry.ROUND_ROW_HOOKS if uses_rows else ("data-row",):
            assert hook in source, f"{game.id}'s round.html lacks {hook}"


def test_a_round_form_marks_its_rows_for_the_shared_scripts(client):
    """Every game's round form, as served, carries the hooks on each player's row."""
    from api_helpers import token_of

    for game in registry.all_games():
        page = client.get("/sheets/new").get_data(as_text=True)
        data = {"csrf_token": token_of(page), "game": game.id, "players-0": "Ana", "players-1": "Ben"}
        for name, field in game.form_fields().items():
            default = field.kwargs.get("default")
            if default is not None and default is not False:
                data[name] = str(default)
        answer = client.post("/sheets/new", data=data)
        assert answer.status_code == 302, game.id
        form = client.get(answer.headers["Location"].split("#")[0] + "/rounds/new").get_data(as_text=True)
        rows = re.findall(r"<fieldset[^>]*\bdata-row\b[^>]*>", form)
        assert len(rows) == 2, game.id
        if "went-out" in form:  # a game where someone goes out
            assert form.count(" data-went-out") == 2 and form.count(" data-leftover") == 2, game.id
