"""The game registry: what each game brings, and what registering refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.engine.options import Option
from app.games import registry
from app.games.registry import GameType

ROOT = Path(__file__).resolve().parents[2]


def test_the_registered_games_in_order():
    assert registry.ids() == ("phase10", "uno", "uno_flip", "uno_no_mercy", "points")
    assert [g.id for g in registry.all_games()] == list(registry.ids())
    assert registry.get("uno") is registry.require("uno") and registry.get("darts") is None and registry.get(3) is None


@pytest.mark.parametrize("kind", registry.ids())
def test_every_game_brings_its_parts(kind):
    game = registry.require(kind)
    assert game.folder == ROOT / "app" / "games" / kind
    for template in (game.sheet_macros, game.round_rows, game.rules_page):
        assert template.startswith(f"{kind}/")
        assert (game.folder / "templates" / template.removeprefix(f"{kind}/")).is_file(), template
    if game.script:
        assert (game.folder / "static" / game.script).is_file()
    assert 2 <= game.min_players <= game.max_players
    assert game.sheet.game == kind
    assert game.make_rules().to_dict() == {o.name: o.default for o in game.options if o.kind != "custom"} | {
        o.name: list(o.default) for o in game.options if o.kind == "custom"
    }
    assert game.form_fields()  # every game's table rules are on the new-sheet form


def test_the_uno_target_default_lives_in_its_option_only(app):
    with app.test_request_context():
        from app.forms import new_game_form

        form = new_game_form(formdata=None, meta={"csrf": False})
        target = next(o for o in registry.require("uno").options if o.name == "target")
        assert form.target.data == target.default
        form.game.data = "uno"
        form.target.data = None  # left empty: the option's default
        assert form.rules()["target"] == target.default


def test_registering_refuses_a_second_game_with_an_id_or_a_field_name_taken():
    class Again(GameType):
        id = "uno"
        options = ()

    with pytest.raises(ValueError, match="registered already"):
        registry.register(Again())

    class Clash(GameType):
        id = "clash"
        options = (Option("target", "int", 5, "Target", minimum=1, maximum=9),)

    with pytest.raises(ValueError, match="form field 'target'"):
        registry.register(Clash())
    assert "clash" not in registry.ids()
