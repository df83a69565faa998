"""Nothing under the shared ``templates/`` and ``static/`` names a game (issue 19, "Done when"): a game's words,
strings, styles and scripts live in its folder (``app/games/<kind>/``), and the shared files ask the registry.

This reads text, not syntax (``test_game_names.py`` reads comparisons and mappings): a registered game's id or
display name, in any case, as a word (``_`` and ``-`` count as word breaks, so ``uno_color`` and ``tag-uno`` name
UNO), and the words that set a game apart from the game its name starts with (``Flip`` of "UNO Flip", ``no_mercy``
of ``uno_no_mercy``). Comments count: a comment naming a game is a sign that game's code sits in a shared file.
There is no allow-list: the product's own words that name the games (its name and description, the home page's
lines) are built from the registry (the games that say ``headline``, by their names) in ``app/views/main.py``
(``product_words``), which names no game either.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask_babel import force_locale

from app import create_app
from app.games import registry

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("templates", "static")
TEXT = {".html", ".js", ".css", ".webmanifest", ".svg", ".json", ".txt"}

ORDINARY = {"points"}
"""Ids and names that are also the scoring vocabulary every game shares ("1 point", the API's ``points`` field):
the Points kind is named after what all sheets count. ``test_game_names.py`` still catches a comparison with it."""


def game_words() -> dict[str, str]:
    """Each pattern (a regular expression) that names a registered game, and the game's id."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context(), force_locale("en"):
        names = {game.id: str(game.name) for game in registry.all_games()}
    words: dict[str, str] = {}

    def add(text: str, kind: str) -> None:
        if text.lower() in ORDINARY or not text.strip():
            return
        parts = [re.escape(part) for part in re.split(r"[\s_-]+", text.strip())]
        words[r"(?<![A-Za-z0-9])" + r"[\s_-]*".join(parts) + r"(?![A-Za-z0-9])"] = kind

    for kind, name in names.items():
        add(kind, kind)
        add(name, kind)
        for other, other_name in names.items():
            if other != kind and kind.startswith(other + "_"):
                add(kind[len(other) + 1 :], kind)
            if other != kind and name.lower().startswith(other_name.lower() + " "):
                add(name[len(other_name) + 1 :], kind)
    return words


def hits(relative: str, text: str, words: dict[str, str]) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, kind in words.items():
            match = re.search(pattern, line, re.IGNORECASE)
            if match:
                found.append(f"{relative}:{number} names {kind!r} ({match.group(0)!r}): {line.strip()[:100]}")
                break
    return found


def shared_files() -> list[Path]:
    return sorted(p for folder in SHARED for p in (ROOT / folder).rglob("*") if p.suffix in TEXT and p.is_file())


def test_no_shared_file_names_a_game():
    words = game_words()
    found = []
    for path in shared_files():
        found += hits(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), words)
    assert not found, "a shared file names a game:\n" + "\n".join(found)


def test_the_words_cover_every_game():
    """Every registered game is looked for, by id and by name; the distinguishing words of a family's games too."""
    words = game_words()
    kinds = set(words.values())
    assert kinds == set(registry.ids()) - ORDINARY
    probe = {
        "uno_color": "uno",
        ".tag-uno {": "uno",
        "Phase 10 Masters": "phase10",
        '{% import "phase10/cards.html" %}': "phase10",
        "UNO Flip's dark side": "uno",
        "No Mercy's knocked-out rows": "uno_no_mercy",
        "a flip of the card": "uno_flip",
    }
    for text, kind in probe.items():
        assert any(re.search(p, text, re.IGNORECASE) and words[p] == kind for p in words), text
    for text in ("unofficial", "phases", "points", "1 point", "mercy-full"):
        assert not hits("x.html", text, words), text


def test_the_products_own_words_name_no_game():
    """The view that says the product's words (``product_words``) asks the registry for the games they name."""
    path = ROOT / "app" / "views" / "main.py"
    found = hits(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), game_words())
    assert not found, "the product's words name a game:\n" + "\n".join(found)


def test_the_products_words_name_the_headline_games_by_their_names():
    """Built from the registry, the English words are the product's as they were; each language names the games by
    their own translated names, joined by its own "and" and "or"."""
    from app.views.main import product_words

    assert [g.id for g in registry.all_games() if g.headline] == ["phase10", "uno"]
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context():
        with force_locale("en"):
            assert product_words() == {
                "name": "Deckside: Phase 10 and UNO at the table",
                "description": "Score sheets, a phase checker and digital games for Phase 10 and UNO played with a "
                "real deck.",
                "lead": "The companion for Phase 10 and UNO played with a real deck.",
                "sheets": "Keep the score of a real-deck Phase 10 or UNO game, or of any game scored in points: "
                "rounds, standings, the winner.",
                "play": "A digital Phase 10 or UNO game on this device: bots and friends passing the phone.",
            }
        with force_locale("he"):
            assert product_words()["name"] == "Deckside: שלב 10 ו־UNO ליד השולחן"
        with force_locale("de"):
            assert product_words()["play"].startswith("Ein digitales Phase 10 oder UNO auf diesem Gerät")
        with force_locale("cy"):
            assert product_words()["name"] == "Deckside: Phase 10 ac UNO wrth y bwrdd"


HAND_STATE = re.compile(r"\bui\s*[.=\[]|\bstandsFor\b|\bstands_for\b|\bas_value\b|\.color\s*===\s*\"S\"")
"""A game's own hand on the shared game page: a state object of the hand being built (``ui.sel``, ``ui.groups``, the
sort order, the phase picked, a call), Phase 10's wild that stands for a number, its Skip card's colour."""


def test_the_shared_game_page_keeps_no_games_hand():
    """``static/js/play-game.js`` holds what every digital game uses: a game's hand being built (selection, groups,
    sort order, phase picked, an UNO call) and its own card words live in its script (``app/games/<kind>/static/
    play.js``), which keeps its own state and clears it through its ``clear`` hook."""
    script = (ROOT / "static" / "js" / "play-game.js").read_text(encoding="utf-8")
    found = [
        f"line {n}: {line.strip()[:100]}"
        for n, line in enumerate(script.splitlines(), 1)
        if HAND_STATE.search(line.split("//")[0])
    ]
    assert not found, "the shared game page holds a game's hand:\n" + "\n".join(found)
    assert "hooks(state.game)" in script and "own.clear" in script


def test_the_hand_check_finds_the_old_shapes():
    for line in (
        'var ui = { sel: [], groups: [], sort: stored.sort || "number", call: false, phase: null };',
        "ui.sel = []; ui.groups = []; ui.call = false;",
        "function cardEl(token, game, standsFor, small) {",
        'if (c.color === "S") return T.skip;',
        '"skip": _("skip"), "as_value": _("as {value}"),',
    ):
        assert HAND_STATE.search(line), line
    for line in ("var guide = 1;", "hooks(state.game).clear();", 'if (token === "W") return T.wild;'):
        assert not HAND_STATE.search(line), line


def test_the_api_schemas_name_no_game():
    """The shared API schemas (``app/api/schemas.py``: docstrings, descriptions, the request examples) name no game: a
    game's own keys are described by its declarations, and the examples are the games' (``GameType.api_examples``)."""
    path = ROOT / "app" / "api" / "schemas.py"
    found = hits(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), game_words())
    assert not found, "the API schemas name a game:\n" + "\n".join(found)


def test_the_api_documents_the_games_examples():
    """The document's request examples are each game's own, with its id (the headline games bring them)."""
    from app.api.schemas import CreateGame, CreatePlay

    sheets = CreateGame.model_config["json_schema_extra"]["examples"]
    plays = CreatePlay.model_config["json_schema_extra"]["examples"]
    assert [e["game"] for e in sheets] == [e["game"] for e in plays] == ["phase10", "uno"]
    assert sheets[0] == {"game": "phase10", "players": ["Ana", "Ben", "Cy"], "rules": {"variant": "classic"}}
    assert plays[1] == {"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 42}
