"""What every game shares (all of ``app/`` outside the games' folders) names no key that only one game has: a round's
own keys (UNO Flip's ``side``), a standing's (Phase 10's ``phase``), a digital seat's (Phase 10's ``phases_open``), a
result's (No Mercy's ``knocked_out``) and a round form row's fields (Phase 10's ``completed``) are the games'
declarations (:class:`registry.RoundField`, :class:`registry.StandingField`, :class:`registry.SeatField`,
:class:`registry.ResultField`, :attr:`GameType.row_fields`), and the shared API
schemas, their OpenAPI document, the importer and the round form are built from the registry (issue 19)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from app.games import registry

APP = Path(__file__).resolve().parents[2] / "app"


def declared_keys() -> dict[str, str]:
    """Each key a registered game declares as its own (a round's, a standing's, a result's), and the game (the first
    that declares it)."""
    keys: dict[str, str] = {}
    for game in registry.all_games():
        for field in (*game.round_fields, *game.standing_fields, *game.seat_fields, *game.result_fields):
            keys.setdefault(field.name, game.id)
    return keys


def row_fields() -> dict[str, str]:
    """Each field of a round form's row that a registered game declares as its own, and the game."""
    return {name: game.id for game in reversed(registry.all_games()) for name in game.row_fields}


def named_keys(source: str, keys: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` names one of ``keys`` as a key: as a string (``"side"``), an attribute (``row.phase``), a
    keyword (``side=...``) or a class field (``side: str``, ``completed = BooleanField()``). A local variable or an argument is the code's own word
    (the deal check's ``counts`` of card classes is no game's key); docstrings and comments are prose."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        name = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value
        elif isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.keyword):
            name = node.arg
        elif isinstance(node, ast.ClassDef):  # a class's fields (a schema's, a form's)
            for line in node.body:
                targets = (
                    line.targets
                    if isinstance(line, ast.Assign)
                    else [line.target]
                    if isinstance(line, ast.AnnAssign)
                    else []
                )
                found += [(line.lineno, t.id) for t in targets if isinstance(t, ast.Name) and t.id in keys]
        if name in keys:
            found.append((getattr(node, "lineno", 0), name))
    return found


def shared_modules() -> list[Path]:
    games = {APP / "games" / kind for kind in registry.ids()}
    return [p for p in sorted(APP.rglob("*.py")) if not any(folder in p.parents for folder in games)]


def test_the_games_declare_their_own_keys():
    keys = declared_keys()
    assert {
        key: keys[key] for key in ("side", "last_standing", "knocked_out", "phase", "phases_done", "phases_open")
    } == {
        "side": "uno_flip",
        "last_standing": "uno_no_mercy",
        "knocked_out": "uno_no_mercy",
        "phase": "phase10",
        "phases_done": "phase10",
        "phases_open": "phase10",
    }
    assert {"completed": "phase10", "phase": "phase10"}.items() <= row_fields().items()


def test_shared_code_names_no_games_own_key():
    keys = declared_keys()
    offenders = {}
    for path in shared_modules():
        hits = named_keys(path.read_text(encoding="utf-8"), set(keys))
        if hits:
            offenders[str(path.relative_to(APP.parent))] = [f"line {n}: {k!r} ({keys[k]})" for n, k in hits]
    assert not offenders, offenders


def test_the_shared_round_form_names_no_games_own_row_field():
    """The shared round form (``app/forms.py``: the row every game's rows start from) carries no game's field; a
    game's row fields are added from its declaration (``GameType.row_fields``)."""
    fields = row_fields()
    hits = named_keys((APP / "forms.py").read_text(encoding="utf-8"), set(fields))
    assert not hits, [f"line {n}: {k!r} ({fields[k]})" for n, k in hits]


def test_the_check_finds_a_key_written_into_a_shared_schema_or_form():
    """The shapes the shared files had before the games declared their keys are caught."""
    keys = {"side", "last_standing", "phase", "phases_done", "completed"}
    schema = (
        "class RoundIn(Body):\n"
        "    side: Literal['light', 'dark'] | None = None\n"
        "    last_standing: StrictStr | None = None\n"
        "class Standing(Answer):\n"
        "    phase: int | None = None\n"
    )
    assert named_keys(schema, keys) == [(2, "side"), (3, "last_standing"), (5, "phase")]
    form = "class PlayerRow(Form):\n    completed = BooleanField('x')\nrow.form.phase.choices = []\nf(phases_done=1)\n"
    assert sorted(named_keys(form, keys)) == [(2, "completed"), (3, "phase"), (4, "phases_done")]
    assert named_keys('"""A round\'s side, a phase."""\nx = "the side"\n', keys) == []


def test_phase_10s_keypad_counts_and_laid_down_phase_are_its_own_row_fields():
    """The four-key keypad's counts and the phase as it lies on the table are Phase 10's row fields, not the shared
    row's: an UNO round form's rows do not carry them."""
    assert {name: "phase10" for name in ("low", "high", "skip", "wild", "laid_down")}.items() <= row_fields().items()
    from app.forms import row_field_names

    own = {"low", "high", "skip", "wild", "laid_down"}
    for game in registry.all_games():
        names = row_field_names(game.round_form_class)
        assert (own <= names) if game.id == "phase10" else not (own & names), game.id


def jinja_names(text: str, keys: set[str]) -> list[tuple[int, str]]:
    """Where a template's Jinja code reads one of ``keys`` as an attribute (``f.low``) or an item (``f["low"]``)."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for code in re.findall(r"{[{%](.*?)[}%]}", line):
            for key in keys:
                if re.search(rf"\.{key}\b|\[\s*['\"]{key}['\"]\s*\]", code):
                    found.append((number, key))
    return found


def test_the_shared_templates_name_no_games_own_row_field():
    """The shared round-form partials (``templates/sheets/_rows.html``: a row's errors) list a row's fields as the
    form has them, not by a game's field names."""
    fields = row_fields()
    offenders = {}
    for path in sorted((APP.parent / "templates").rglob("*.html")):
        hits = jinja_names(path.read_text(encoding="utf-8"), set(fields))
        if hits:
            offenders[str(path.relative_to(APP.parent))] = [f"line {n}: {k!r} ({fields[k]})" for n, k in hits]
    assert not offenders, offenders


def test_the_template_check_finds_a_row_field_read_by_name():
    old = "{% for field in (f.low, f.high, f.cards, f.laid_down) %}{{ field }}{% endfor %}\n<p>a low card</p>"
    assert sorted(jinja_names(old, {"low", "high", "laid_down"})) == [(1, "high"), (1, "laid_down"), (1, "low")]
    assert jinja_names('{{ row["phase"] }} {{ f.phases }}', {"phase"}) == [(1, "phase")]
