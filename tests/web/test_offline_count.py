"""A round kept on a phone with no connection is counted by the engine itself, in the phone's browser (issue 22).

The browser runs :mod:`app.inbrowser` / :mod:`app.provisional` under Pyodide with the engine's zip and what the sheet
page gives (``#offline-sheet``) and the round form says (``data-field-kinds``). Here the same code runs in CPython on
exactly those, and its count must be the server's own: the live preview's change for the same posted round, for
every game, one round after another. The zip itself must hold what the count needs and nothing of the web app."""

from __future__ import annotations

import html
import io
import json
import re
import subprocess
import sys
import zipfile

import pytest
from api_helpers import create, token_of
from flask_babel import force_locale
from flask_babel import gettext as _

from app.games import KINDS
from app.provisional import count

PLAYERS = ("Ana", "Ben", "Cy")


def editable_sheet(client, game: str) -> str:
    """A sheet made through the API whose edit key this client's session holds (as a phone that opened the link)."""
    game_id, key, _data = create(client, game, PLAYERS)
    url = f"/sheets/{game_id}"
    page = client.get(url).get_data(as_text=True)
    csrf = re.search(r'data-csrf="([^"]*)"', page).group(1)  # as the page's script hands the key over
    answer = client.post(url + "/key", data={"csrf_token": csrf, "key": key})
    assert answer.status_code == 204
    return url


def offline_sheet(client, url: str) -> dict:
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'<div id="offline-sheet" hidden data-offline="([^"]*)">', page)
    assert found, "the sheet page of a phone that can edit gives what the engine counts with"
    return json.loads(html.unescape(found.group(1)))


def round_form(client, url: str) -> tuple[dict[str, str], dict]:
    """The next round's form: its hidden fields and how each field reads what is typed."""
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    kinds = json.loads(html.unescape(re.search(r'data-field-kinds="([^"]*)"', page).group(1)))
    hidden = {name: token_of(page, name) for name in ("csrf_token", "round", "version", "idempotency")}
    return hidden, kinds


def typed(kinds: dict, out: int, points: list[int]) -> list[tuple[str, str]]:
    """A round as a person types it: who went out (when the game asks), the others' totals counted at the table."""
    fields = []
    if "went_out" in kinds["form"]:
        fields.append(("went_out", str(out)))
    fields += [(name, value) for name, value in (("side", "light"), ("won_by", "out")) if name in kinds["form"]]
    for seat, value in enumerate(points):
        fields.append((f"players-{seat}-seat", str(seat)))
        if seat != out or "went_out" not in kinds["form"]:
            fields.append((f"players-{seat}-points", str(value)))
    return fields


def preview(client, url: str, hidden: dict[str, str], fields: list[tuple[str, str]]) -> dict:
    answer = client.post(url + "/rounds/preview", data={**hidden, **dict(fields)})
    data = answer.get_json()
    assert data["ok"], data
    return data["change"]


@pytest.mark.parametrize("game", KINDS)
def test_the_phones_count_of_kept_rounds_is_the_servers_preview_round_after_round(client, game):
    url = editable_sheet(client, game)
    offline = offline_sheet(client, url)
    hidden, kinds = round_form(client, url)
    first, second = typed(kinds, 0, [0, 55, 60]), typed(kinds, 1, [75, 0, 90])  # Phase 10: ten cards, 50 or more
    counted = count(offline["sheet"], [{"fields": first, "kinds": kinds}, {"fields": second, "kinds": kinds}])

    assert counted[0] == {"change": preview(client, url, hidden, first)}
    saved = client.post(url + "/rounds/new", data={**hidden, **dict(first), "submit": "Save round"})
    assert saved.status_code == 302
    hidden, _kinds = round_form(client, url)
    assert counted[1] == {"change": preview(client, url, hidden, second)}  # counted on the first, as the server does
    assert any(line["score"] for line in counted[1]["change"].values())


def test_a_kept_round_the_engine_refuses_is_named_with_its_reason_and_the_next_counts_without_it(client):
    url = editable_sheet(client, "uno")
    offline = offline_sheet(client, url)
    _hidden, kinds = round_form(client, url)
    nobody_out = [(name, value) for name, value in typed(kinds, 0, [0, 15, 40]) if name != "went_out"]
    counted = count(
        offline["sheet"],
        [{"fields": nobody_out, "kinds": kinds}, {"fields": typed(kinds, 1, [30, 0, 20]), "kinds": kinds}],
    )
    assert counted[0] == {"error": "Choose who went out."}
    assert counted[1] == {"change": {"Ana": {"score": 0}, "Ben": {"score": 50}, "Cy": {"score": 0}}}


def test_a_phase_10_sheet_counts_phases_across_kept_rounds(client):
    """Ana goes out twice: phase 1 then phase 2 completed; the others' ten-card hands stay on phase 1."""
    url = editable_sheet(client, "phase10")
    offline = offline_sheet(client, url)
    _hidden, kinds = round_form(client, url)
    hands = [("players-1-cards", "1 2 3 4 5 6 7 8 9 10"), ("players-2-cards", "11 12 1 2 3 4 5 6 7 S")]
    kept = [{"fields": [("went_out", "0"), *hands], "kinds": kinds}] * 2
    counted = count(offline["sheet"], kept)
    assert [answer["change"]["Ana"] for answer in counted] == [{"phase": 1, "score": 0}] * 2
    assert [answer["change"]["Ben"] for answer in counted] == [{"phase": 0, "score": 55}] * 2
    assert counted[0]["change"]["Cy"] == {"phase": 0, "score": 70}


def test_a_phone_that_cannot_edit_is_given_nothing_to_count_with(client):
    game_id, _key, _data = create(client, "uno", PLAYERS)
    assert 'id="offline-sheet"' not in client.get(f"/sheets/{game_id}").get_data(as_text=True)


def test_the_engines_zip_counts_on_its_own_in_the_pages_language_without_the_web_app(client, app, tmp_path):
    url = editable_sheet(client, "uno")
    offline = offline_sheet(client, url)
    _hidden, kinds = round_form(client, url)
    answer = client.get(offline["engine_zip"])
    assert answer.status_code == 200
    assert "immutable" in answer.headers["Cache-Control"]
    archive = zipfile.ZipFile(io.BytesIO(answer.get_data()))
    names = archive.namelist()
    assert "app/inbrowser.py" in names and "app/games/uno/engine/sheet.py" in names
    assert "app/translations/he/LC_MESSAGES/messages.mo" in names
    assert not [name for name in names if re.match(r"app/(views|api|services|models|forms)", name)], names
    assert not [name for name in names if name.endswith("plugin.py")], names
    archive.extractall(tmp_path)

    kept = [{"fields": [(n, v) for n, v in typed(kinds, 0, [0, 15, 40]) if n != "went_out"], "kinds": kinds}]
    kept.append({"fields": typed(kinds, 0, [0, 15, 40]), "kinds": kinds})
    script = (
        "import sys\n"
        "for name in ('flask', 'flask_babel', 'wtforms', 'sqlalchemy', 'werkzeug', 'jinja2', 'markupsafe'):\n"
        "    sys.modules[name] = None  # none of the web app's packages is there in the browser\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from app.inbrowser import count_json\n"
        "print(count_json(sys.argv[1], sys.argv[2], 'he', sys.argv[3]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, json.dumps(offline["sheet"]), json.dumps(kept), json.dumps(offline["lists"])],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    with app.test_request_context(), force_locale("he"):
        refused = _("Choose who went out.")
    assert refused != "Choose who went out."
    assert json.loads(run.stdout) == [
        {"error": refused},
        {"change": {"Ana": {"score": 55}, "Ben": {"score": 0}, "Cy": {"score": 0}}},
    ]


def test_a_refusal_counted_on_the_phone_says_what_the_server_says_names_set_apart(client):
    """A Phase 10 round whose ten-card hand holds fewer than 50 points: the engine in the browser names Ben as the
    server's refusal of the same posted round does, with the name set apart (a Hebrew page keeps its full stop)."""
    url = editable_sheet(client, "phase10")
    offline = offline_sheet(client, url)
    hidden, kinds = round_form(client, url)
    fields = typed(kinds, 0, [0, 20, 60])
    (counted,) = count(offline["sheet"], [{"fields": fields, "kinds": kinds}])
    said = "\u2068Ben\u2069 did not complete a phase, so \u2068Ben\u2069 holds 10 cards: at least 50 points."
    assert counted == {"error": said}
    refused = client.post(url + "/rounds/new", data={**hidden, **dict(fields), "submit": "Save round"})
    assert refused.status_code == 200  # the form again, with the row's problem under Ben's row; nothing saved
    assert f'<p class="error" role="alert" data-error>{html.escape(said, quote=False)}</p>' in refused.get_data(
        as_text=True
    )


LIST_SAMPLES = [
    ["Ana", "Ben"],
    ["Ana", "Ben", "Cy"],
    ["Ana", "Eli", "Owen", "Ifan"],  # Welsh "ac" before a vowel
    ["אנה", "בן"],  # Hebrew ו joined to a Hebrew word
    ["10", "11"],
    ["18", "8", "7"],
    ["\u2068Dee\u2069 (12)", "\u2068Eve\u2069 (40)"],  # as the deck check lists players
]


@pytest.mark.parametrize("language", ["en", "de", "he", "hi", "cy", "ro"])
def test_a_list_in_the_engines_sentences_reads_in_the_browser_as_on_the_server(app, client, monkeypatch, language):
    """The engine joins lists in its sentences (the deck check's players, a phase's choices). In the browser there
    is no Babel: the sheet page hands over its language's CLDR patterns and app.inbrowser joins with them as the
    server joins ("Ana, Ben und Cy", not the English "and"), for "and" and "or" lists."""
    from app import inbrowser
    from app.engine import i18n as engine_i18n
    from app.i18n import format_list

    client.set_cookie("lang", language)
    offline = offline_sheet(client, editable_sheet(client, "uno"))
    with app.test_request_context(headers={"Cookie": f"lang={language}"}):
        server = [format_list(items, style) for style in ("standard", "or") for items in LIST_SAMPLES]
    for name in ("_translator", "_plural", "_join", "_number", "_context"):  # put back after the test
        monkeypatch.setattr(engine_i18n, name, getattr(engine_i18n, name))
    inbrowser.use_language(language, offline["lists"])
    browser = [engine_i18n.join(items, style) for style in ("standard", "or") for items in LIST_SAMPLES]
    assert browser == server
    if language != "en":
        assert " and " not in " ".join(browser)


@pytest.mark.parametrize("language", ["en", "de", "he", "hi", "cy", "ro"])
def test_the_shared_list_joiner_applies_cldr_patterns_as_babel_does(language):
    """app.engine.listing joins with CLDR's patterns itself (Babel is not in the browser): where a language has no
    joiner of its own, it must say what Babel's format_list says."""
    from babel.lists import format_list as babel_format_list

    from app.engine.listing import AND_JOINERS, join_list
    from app.i18n import _LIST_LOCALE, list_patterns

    for style in ("standard", "or"):
        if style == "standard" and language in AND_JOINERS:
            continue
        for items in LIST_SAMPLES:
            expected = babel_format_list(items, style=style, locale=_LIST_LOCALE.get(language, language))
            assert join_list(items, list_patterns(language)[style], language, style) == expected
