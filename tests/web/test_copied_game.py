"""A game is a folder: a copy of one game's folder, registered under a new id, works end to end with no other
file touched (issue "Each game is one folder"); and registering refuses, with a sentence, a game that lacks what
the shared pages ask of it."""

from __future__ import annotations

import importlib
import re
import shutil
import sys
from pathlib import Path

import pytest
from api_helpers import text, token_of

from app import create_app
from app.extensions import db
from app.games import registry

GAMES = Path(__file__).resolve().parents[2] / "app" / "games"


def copy_game(tmp_path: Path, source: str, kind: str, edit=None) -> Path:
    """``app/games/<source>/`` copied to a package ``<kind>`` on the import path, with its id (and its form
    fields' prefix) changed in its plug-in, nothing else."""
    folder = tmp_path / "copied" / kind
    shutil.copytree(GAMES / source, folder, ignore=shutil.ignore_patterns("__pycache__"))
    plugin = folder / "plugin.py"
    code = plugin.read_text()
    code, changed = re.subn(rf'^(\s+)id = "{source}"$', rf'\1id = "{kind}"', code, count=1, flags=re.M)
    assert changed == 1
    code = re.sub(r'^(\s+)form_prefix = "[a-z0-9_]*"$', rf'\1form_prefix = "{kind}_"', code, count=1, flags=re.M)
    plugin.write_text(edit(code) if edit else code)
    return folder


@pytest.fixture
def copied(tmp_path, monkeypatch):
    """Import a copied game's plug-in (from ``tmp_path/copied``); forgotten by the registry afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path / "copied"))
    registered: list[str] = []

    def load(kind: str):
        importlib.invalidate_caches()
        module = importlib.import_module(f"{kind}.plugin")
        return module.GAME

    yield load, registered
    for kind in registered:
        registry.unregister(kind)
    for name in [m for m in sys.modules if m.split(".")[0].startswith("five_crowns")]:
        del sys.modules[name]


def test_a_copied_game_folder_under_a_new_id_works_end_to_end(tmp_path, copied, database_url):
    load, registered = copied
    copy_game(tmp_path, "points", "five_crowns")
    game = registry.register(load("five_crowns"))
    registered.append("five_crowns")
    assert game.folder == tmp_path / "copied" / "five_crowns"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-only"})
    try:
        client = app.test_client()
        # the new-sheet page offers it, with its own rule fields
        page = text(client.get("/sheets/new"))
        assert 'value="five_crowns"' in page and 'name="five_crowns_wins"' in page
        data = {"csrf_token": token_of(page), "game": "five_crowns", "five_crowns_wins": "lowest"}
        data.update({f"players-{i}": name for i, name in enumerate(("Ana", "Ben", "Cy"))})
        created = client.post("/sheets/new", data=data)
        assert created.status_code == 302, text(created)
        url = created.headers["Location"].split("#")[0]
        # a round on the round page, which loads the copy's own script from the copy's folder
        form = text(client.get(url + "/rounds/new"))
        script = re.search(r'src="(/games/five_crowns/static/sheet\.js\?v=\w+)"', form)
        assert script, "the round page loads the copied game's script"
        served = client.get(script.group(1))
        assert served.status_code == 200 and served.get_data() == (game.folder / "static" / "sheet.js").read_bytes()
        served.close()
        round_data = {
            "csrf_token": token_of(form),
            "round": token_of(form, "round"),
            "version": token_of(form, "version"),
            "idempotency": token_of(form, "idempotency"),
            "submit": "Save round",
        }
        for seat, points in enumerate(("7", "3", "12")):
            round_data[f"players-{seat}-seat"] = str(seat)
            round_data[f"players-{seat}-points"] = points
        assert client.post(url + "/rounds/new", data=round_data).status_code == 302
        # the sheet page: ranked by the copy's rule (lowest wins), drawn with the copy's templates
        sheet = text(client.get(url))
        assert re.findall(r'class="num total">(-?\d+)<', sheet) == ["3", "7", "12"]
        assert "Record round 2" in sheet
        # the API knows the kind and the rules page is the copy's
        game_id = url.rstrip("/").rsplit("/", 1)[1]
        answer = client.get(f"/api/games/{game_id}").get_json()
        assert answer["game"] == "five_crowns" and [p["score"] for p in answer["players"]] == [7, 3, 12]
        assert client.get("/rules/five_crowns").status_code == 200
    finally:
        with app.app_context():
            db.engine.dispose()


def test_a_copied_game_that_says_headline_is_named_in_the_products_words(tmp_path, copied, database_url):
    """The product's name, description and home page lines name the games that say ``headline``, from the registry:
    a copied game folder that says so is named too, with no shared file edited."""
    load, registered = copied
    copy_game(
        tmp_path,
        "points",
        "five_crowns_head",
        edit=lambda code: code.replace(
            '    id = "five_crowns_head"\n', '    id = "five_crowns_head"\n    headline = True\n'
        ),
    )
    registry.register(load("five_crowns_head"))
    registered.append("five_crowns_head")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-only"})
    try:
        client = app.test_client()
        manifest = client.get("/manifest.webmanifest", headers={"Accept-Language": "en"}).get_json()
        assert manifest["name"] == "Deckside: Phase 10, UNO and Points at the table"
        home = text(client.get("/", headers={"Accept-Language": "en"}))
        assert "A digital Phase 10, UNO or Points game on this device" in home
    finally:
        with app.app_context():
            db.engine.dispose()


def unmark(folder: Path, hook: str) -> None:
    """Take a data attribute the shared scripts need out of a copied game's round.html (its classes stay)."""
    partial = folder / "templates" / "round.html"
    source = partial.read_text()
    assert f" {hook}" in source
    partial.write_text(source.replace(f" {hook}", ""))


@pytest.mark.parametrize(
    ("kind", "edit", "sentence"),
    [
        ("five_crowns_a", lambda folder: (folder / "templates" / "round.html").unlink(), "has no template round.html"),
        (
            "five_crowns_b",
            lambda folder: (folder / "templates" / "sheet.html").write_text(
                "{% macro standings_head() %}{% endmacro %}"
            ),
            "does not define the macro(s) standings_cells, standings_help, history_mark, history_help",
        ),
        ("five_crowns_c", lambda folder: (folder / "static" / "sheet.js").unlink(), "script sheet.js is not in"),
        # The shared scripts find a round form's rows by data attributes (registry.ROUND_HOOKS), not by classes.
        ("five_crowns_d", lambda folder: unmark(folder, "data-row"), "round.html does not mark data-row"),
        ("five_crowns_flip", lambda folder: unmark(folder, "data-leftover"), "round.html does not mark data-leftover"),
    ],
)
def test_registering_refuses_a_game_folder_that_lacks_a_part(tmp_path, copied, kind, edit, sentence):
    load, _registered = copied
    edit(copy_game(tmp_path, "uno_flip" if kind.endswith("flip") else "points", kind))
    with pytest.raises(registry.GameError, match=re.escape(sentence)):
        registry.register(load(kind))
    assert kind not in registry.ids()


def test_registering_refuses_an_id_the_database_cannot_keep(tmp_path, copied):
    load, _registered = copied
    long_id = "five_crowns_" + "x" * 12
    copy_game(tmp_path, "points", long_id)
    with pytest.raises(registry.GameError, match="longer than the 20 characters the database keeps"):
        registry.register(load(long_id))
    assert long_id not in registry.ids()


def test_the_app_refuses_a_game_named_like_one_of_its_parts(tmp_path, copied, database_url):
    load, registered = copied
    copy_game(
        tmp_path,
        "points",
        "five_crowns_sheets",
        edit=lambda code: code.replace('id = "five_crowns_sheets"', 'id = "sheets"'),
    )
    registry.register(load("five_crowns_sheets"))
    registered.append("sheets")
    with pytest.raises(registry.GameError, match="'sheets' is the name of one of the app's own parts"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-only"})


def declare(field: str, attr: str = "result_fields"):
    """A plug-in edit: the copied game declares a key of its own (``field``: the declaration's source) in ``attr``
    (``result_fields``, ``round_fields``, ``standing_fields``, ``seat_fields``; ``row_fields`` takes a dict's items)."""

    def edit(code: str) -> str:
        code = code.replace(
            "from __future__ import annotations\n",
            "from __future__ import annotations\n\nfrom wtforms import IntegerField, StringField\n"
            "from app.games.registry import ResultField, RoundField, SeatField, StandingField\n",
        )
        value = f"{{{field}}}" if attr == "row_fields" else f"({field},)"
        return re.sub(r"^(\s+)round_form = ", rf"\1{attr} = {value}\n\1round_form = ", code, count=1, flags=re.M)

    return edit


def test_a_copied_game_declares_a_result_field_of_its_own_and_the_shared_schema_takes_it(tmp_path, copied):
    """A game's own result key (as No Mercy's knock-out) is the game's declaration: the API schema, its JSON Schema
    and the importer take it with no shared file edited."""
    from app.api import schemas
    from app.services import importer

    load, registered = copied
    copy_game(tmp_path, "points", "five_crowns_bonus", declare('ResultField("bonus", int, "Five Crowns: the bonus.")'))
    registry.register(load("five_crowns_bonus"))
    registered.append("five_crowns_bonus")
    model = schemas.result_model(registry.result_fields())
    assert model.model_json_schema()["properties"]["bonus"] == {
        "type": "integer",
        "title": "Bonus",
        "description": "Five Crowns: the bonus.",
        "default": None,
    }
    assert "knocked_out" in model.model_json_schema()["properties"]  # the other games' fields stay
    assert model.model_validate({"player": "Ana", "points": 3, "bonus": 2}).bonus == 2
    with pytest.raises(ValueError, match="bonus"):
        model.model_validate({"player": "Ana", "bonus": "2"})  # strictly its declared type
    item = {"round": 1, "went_out": None, "results": [{"player": "Ana", "points": 3, "bonus": 2, "other": 1}]}
    body = importer._round_body(item, 1, (), registry.result_fields())
    assert body["results"] == [{"player": "Ana", "bonus": 2, "points": 3}]


def test_a_copied_game_declares_a_shaped_way_of_entering_a_hand_and_the_schema_and_importer_take_it(tmp_path, copied):
    """A game's own result key may have a shape (here a tally of crowns and stars, as Phase 10's keypad counts are
    declared): the API schema checks it strictly, a 400 says what it must be, and the importer sends it as what was
    entered instead of the points the sheet made from it."""
    from app.api import schemas
    from app.services import importer

    load, registered = copied
    shape = (
        'ResultField("tally", dict[str, int], "Five Crowns: crowns and stars left.", entered=True, '
        'expected="an object of whole numbers")'
    )
    copy_game(tmp_path, "points", "five_crowns_tally", declare(shape))
    registry.register(load("five_crowns_tally"))
    registered.append("five_crowns_tally")
    model = schemas.result_model(registry.result_fields())
    described = model.model_json_schema()["properties"]["tally"]
    assert described["x-expected"] == "an object of whole numbers"
    assert described["additionalProperties"] == {"type": "integer"}
    assert model.model_validate({"player": "Ana", "tally": {"crowns": 2}}).tally == {"crowns": 2}
    with pytest.raises(ValueError, match="tally"):
        model.model_validate({"player": "Ana", "tally": {"crowns": "2"}})
    item = {"round": 1, "went_out": None, "results": [{"player": "Ana", "points": 30, "tally": {"crowns": 2}}]}
    body = importer._round_body(item, 1, (), registry.result_fields())
    assert body["results"] == [{"player": "Ana", "tally": {"crowns": 2}}]  # the points are the sheet's to make


def test_phase_10s_result_keys_are_its_own_declarations():
    """Phase 10's completed phase, keypad counts and laid-down groups are declared by Phase 10 (its folder's
    results.py), not by the shared schema: a round of another game that sends them is refused by that game."""
    from app.api import schemas

    phase10 = {f.name: f for f in registry.get("phase10").result_fields}
    assert set(phase10) == {"completed", "counts", "laid_down"}
    assert phase10["counts"].entered and not phase10["completed"].entered
    assert not set(phase10) & set(registry.SHARED_RESULT_KEYS)
    assert not set(phase10) & (set(schemas.SharedResultIn.model_fields) | set(schemas.SharedDraftRowIn.model_fields))
    with pytest.raises(ValueError, match="counts"):
        schemas.ResultIn.model_validate({"player": "Ana", "counts": {"low": "2"}})


def prefixed(kind: str, then=None):
    """A plug-in edit for a copy of UNO (whose rule fields have no prefix): its rule fields get one (``then``: a
    further edit)."""
    line = f'    id = "{kind}"\n'

    def edit(code: str) -> str:
        code = code.replace(line, line + f'    form_prefix = "{kind}_"\n')
        return then(code) if then else code

    return edit


def test_a_copied_game_declares_round_and_standing_fields_of_its_own_and_the_shared_schemas_take_them(tmp_path, copied):
    """A game's own round key (as UNO Flip's side) and standing key (as Phase 10's phase) are the game's declarations:
    the API schemas of a round (entered, a draft row, answered) and of a standing, and the importer, take them with no
    shared file edited."""
    from app.api import schemas
    from app.services import importer

    load, registered = copied
    wild = (
        'RoundField("wild_rank", int, "Five Crowns: the rank that is wild this round.", '
        'row_description="Five Crowns: the wild rank, read by this row.")'
    )
    edit = declare(wild, "round_fields")
    copy_game(
        tmp_path,
        "points",
        "five_crowns_wild",
        lambda code: declare('StandingField("crowns", int, nullable=True)', "standing_fields")(edit(code)),
    )
    game = registry.register(load("five_crowns_wild"))
    registered.append("five_crowns_wild")
    assert game.round_keys == ("wild_rank",)  # stored, exported and imported with the round (services.sheets)
    round_in = schemas.round_model(registry.round_fields(), schemas.ResultIn)
    document = round_in.model_json_schema()
    assert list(document["properties"]) == ["round", "went_out", "side", "last_standing", "wild_rank", "results"]
    assert document["properties"]["wild_rank"]["description"] == "Five Crowns: the rank that is wild this round."
    assert round_in.model_validate({"round": 2, "wild_rank": 4, "results": []}).wild_rank == 4
    with pytest.raises(ValueError, match="wild_rank"):
        round_in.model_validate({"round": 2, "wild_rank": "4", "results": []})  # strictly its declared type
    row = schemas.draft_row_model(
        registry.result_fields(), "DraftRowIn", schemas.SharedDraftRowIn, registry.round_fields()
    )
    assert (
        row.model_json_schema()["properties"]["wild_rank"]["description"]
        == "Five Crowns: the wild rank, read by this row."
    )
    assert "wild_rank" in schemas.round_out_model(registry.round_fields()).model_json_schema()["properties"]
    standing = schemas.standing_model(registry.standing_fields(), registry.all_games()).model_json_schema()
    assert list(standing["properties"]) == ["name", "score", "phase", "phases_done", "crowns", "joined", "left"]
    assert standing["description"].endswith("; Points adds ``crowns``.")  # the copy keeps the name of the game copied
    item = {"round": 1, "went_out": None, "wild_rank": 3, "results": [{"player": "Ana", "points": 3}]}
    assert importer._round_body(item, 1, game.round_keys, registry.result_fields())["wild_rank"] == 3


def test_a_copied_game_declares_row_fields_of_its_own_and_its_round_form_rows_carry_them(tmp_path, copied):
    """A game's own fields of a round form's row (as Phase 10's completed phase) are its declaration: its round form's
    rows carry them, the shared row and the other games' forms do not."""
    from app.forms import RoundForm, row_field_names

    load, registered = copied
    copy_game(
        tmp_path,
        "uno",
        "five_crowns_row",
        prefixed("five_crowns_row", declare('"note": StringField("Note")', "row_fields")),
    )
    game = registry.register(load("five_crowns_row"))
    registered.append("five_crowns_row")
    assert {"note", "points", "cards", "seat"} <= row_field_names(game.round_form_class)
    assert "note" not in row_field_names(RoundForm) and "note" not in row_field_names(
        registry.require("uno").round_form_class
    )
    assert {"completed", "phase"} <= row_field_names(registry.require("phase10").round_form_class)
    assert not {"completed", "phase"} & row_field_names(RoundForm)


@pytest.mark.parametrize(
    ("field", "attr", "sentence"),
    [
        (
            'RoundField("went_out", str, "x")',
            "round_fields",
            "The round field 'went_out' of 'five_crowns_clash' is a shared key",
        ),
        (
            'RoundField("side", str, "x")',
            "round_fields",
            "The round field 'side' of 'five_crowns_clash' is a shared key or another game's",
        ),
        (
            'StandingField("score", int)',
            "standing_fields",
            "The standing field 'score' of 'five_crowns_clash' is a shared key",
        ),
        (
            'StandingField("phase", str)',
            "standing_fields",
            "The standing field 'phase' of 'five_crowns_clash' is a shared key or another game's",
        ),
        (
            'SeatField("hand", list[str])',
            "seat_fields",
            "The seat field 'hand' of 'five_crowns_clash' is a shared key",
        ),
        (
            '"cards": StringField("x")',
            "row_fields",
            "The row field 'cards' of 'five_crowns_clash' is a field the round form's rows have",
        ),
    ],
)
def test_registering_refuses_a_round_standing_or_row_field_that_clashes(tmp_path, copied, field, attr, sentence):
    load, _registered = copied
    copy_game(tmp_path, "uno", "five_crowns_clash", prefixed("five_crowns_clash", declare(field, attr)))
    with pytest.raises(registry.GameError, match=re.escape(sentence)):
        registry.register(load("five_crowns_clash"))
    assert "five_crowns_clash" not in registry.ids()


@pytest.mark.parametrize(
    ("field", "sentence"),
    [
        ('ResultField("points", int, "x")', "The result field 'points' of 'five_crowns_clash' is a shared key"),
        (
            'ResultField("knocked_out", int, "x")',
            "The result field 'knocked_out' of 'five_crowns_clash' is a shared key or another game's",
        ),
        (
            'ResultField("bonus", list, "x")',
            "must hold a bool, an int, a str or a shape with a JSON type for every part",
        ),
        (
            'ResultField("bonus", dict, "x")',
            "must hold a bool, an int, a str or a shape with a JSON type for every part",
        ),
        (
            'ResultField("bonus", object, "x")',
            "must hold a bool, an int, a str or a shape with a JSON type for every part",
        ),
        (
            'ResultField("completed", bool, "x")',
            "The result field 'completed' of 'five_crowns_clash' is a shared key or another game's",
        ),
    ],
)
def test_registering_refuses_a_result_field_that_clashes_or_has_no_json_type(tmp_path, copied, field, sentence):
    load, _registered = copied
    copy_game(tmp_path, "points", "five_crowns_clash", declare(field))
    with pytest.raises(registry.GameError, match=re.escape(sentence)):
        registry.register(load("five_crowns_clash"))
    assert "five_crowns_clash" not in registry.ids()


def test_registering_refuses_a_stylesheet_the_game_folder_lacks(tmp_path, copied):
    load, _registered = copied
    copy_game(
        tmp_path,
        "points",
        "five_crowns_css",
        edit=lambda code: code.replace(
            '    script = "sheet.js"\n', '    script = "sheet.js"\n    styles = ("gone.css",)\n'
        ),
    )
    with pytest.raises(registry.GameError, match=re.escape("'five_crowns_css''s stylesheet gone.css is not in")):
        registry.register(load("five_crowns_css"))


def test_registering_refuses_play_styles_from_a_game_that_is_not_a_registered_digital_game(tmp_path, copied):
    """A digital game may load another's play stylesheets (``styles_from``, as UNO Flip loads UNO's) only from a
    digital game registered before it."""
    load, _registered = copied
    kind = "five_crowns_s"
    prefix = f'    id = "{kind}"\n'

    def edit(code: str) -> str:
        code = code.replace(prefix, prefix + '    form_prefix = "fcs_"\n')
        return code.replace(
            '        styles=("play.css",),\n', '        styles=("play.css",),\n        styles_from=("points",),\n'
        )

    copy_game(tmp_path, "uno", kind, edit=edit)
    with pytest.raises(
        registry.GameError,
        match=re.escape("loads the play stylesheets of 'points', which is not a digital game registered before it"),
    ):
        registry.register(load(kind))
    assert kind not in registry.ids()


def test_registering_refuses_a_digital_game_without_its_words(tmp_path, copied):
    """A game played on the device brings the game page's words of its own (templates/play_strings.html)."""
    load, _registered = copied
    kind = "five_crowns_u"
    prefix = f'    id = "{kind}"\n'
    folder = copy_game(
        tmp_path, "uno", kind, edit=lambda code: code.replace(prefix, prefix + '    form_prefix = "fcu_"\n')
    )
    (folder / "templates" / "play_strings.html").unlink()
    with pytest.raises(
        registry.GameError, match=re.escape("is played on the device but has no template play_strings.html")
    ):
        registry.register(load(kind))
    assert kind not in registry.ids()


@pytest.mark.parametrize(
    ("result", "words"),
    [
        ({"player": "Ben", "completed": "yes", "points": 5}, "must be true, false or a phase number"),
        ({"player": "Ben", "completed": False, "counts": {"low": "2"}}, '"low" in "counts"'),
        ({"player": "Ben", "completed": False, "counts": {"low": 2, "aces": 1}}, "aces"),
        ({"player": "Ben", "completed": True, "laid_down": ["7 7 7"], "points": 5}, '"laid_down"'),
    ],
)
def test_a_phase_10_round_with_a_badly_shaped_key_is_a_400_naming_it(client, result, words):
    """Phase 10's own keys are checked at the API's edge as declared, and the 400 names the key and what it must be;
    nothing is stored."""
    game = client.post("/api/games", json={"game": "phase10", "players": ["Ana", "Ben"]}).get_json()
    body = {"went_out": "Ana", "results": [{"player": "Ana", "completed": True}, result]}
    answer = client.post(
        f"/api/games/{game['id']}/rounds", json=body, headers={"Authorization": f"Bearer {game['edit_key']}"}
    )
    assert answer.status_code == 400, answer.get_json()
    assert words in answer.get_json()["error"]
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []
