"""The digital-game pages (/play/): shells that the scripts fill from the /api/play JSON API."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"
ROOT = STATIC.parent


def page(client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return answer.get_data(as_text=True)


def attribute_json(text: str, name: str) -> dict:
    match = re.search(name + r"='([^']*)'", text)
    assert match, f"no {name} attribute"
    return json.loads(html.unescape(match.group(1)))


def js_keys(script: str) -> set[str]:
    """The translation keys a script reads: T.key, T["key"], t("key"…) and f("key"…)."""
    keys = set(re.findall(r"\bT\.(\w+)", script))
    keys |= set(re.findall(r'\bT\["(\w+)"\]', script))
    keys |= set(re.findall(r'\b[tf]\("(\w+)"', script))
    keys |= set(re.findall(r'P\.text\(T, "(\w+)"', script))
    return keys


def assert_no_inline_script(text: str) -> None:
    for tag in re.findall(r"<script\b[^>]*>", text):
        assert "src=" in tag, tag
    assert not re.search(r"<script\b[^>]*>(?!\s*</script>)", text), "a <script> element with a body"
    assert not re.search(r"\son[a-z]+\s*=", text), "an inline event handler"
    assert "javascript:" not in text


def test_start_page_renders_form_hooks_and_no_inline_script(client):
    text = page(client, "/play/")
    assert_no_inline_script(text)
    assert 'data-api="/api/play"' in text
    assert "/static/js/play-common.js" in text and "/static/js/play-start.js" in text
    assert "/static/css/play.css" in text
    assert "<noscript>" in text and "needs JavaScript" in text
    assert attribute_json(text, "data-seats") == {"phase10": [2, 6], "uno": [2, 10], "uno_flip": [2, 10]}
    for rule in (
        "variant",
        "phases",
        "natural_card",
        "skip_target",
        "skip_once_per_lap",
        "go_out_by_hit",
        "target",
        "scoring",
        "first_wild",
        "draw_until_playable",
        "stacking",
        "seven_o",
        "jump_in",
        "multiples",
    ):
        assert f'data-rule="{rule}"' in text, rule
    assert 'data-rule="newer_wilds"' not in text  # the digital game deals the 108-card deck only
    assert 'id="play-seed"' in text


def test_start_page_has_every_string_its_script_uses(client):
    strings = attribute_json(page(client, "/play/"), "data-i18n")
    script = (STATIC / "js" / "play-start.js").read_text()
    missing = js_keys(script) - set(strings)
    assert not missing
    assert strings["smart"] == "Smart bot" and strings["uno"] == "UNO"


def new_game(client, game: str = "uno") -> str:
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    answer = client.post("/api/play", json={"game": game, "seats": seats, "seed": 5})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def test_game_page_shell_carries_id_api_strings_and_phases(client):
    game_id = new_game(client, "phase10")
    text = page(client, f"/play/{game_id}")
    assert_no_inline_script(text)
    assert f'data-id="{game_id}"' in text and f'data-api="/api/play/{game_id}"' in text
    assert 'data-sheet-url="/sheets/"' in text and 'data-play-url="/play/"' in text
    assert 'aria-live="polite"' in text and 'role="alert"' in text
    phases = attribute_json(text, "data-games")["phase10"]["phases"]
    assert phases["1"]["needs"] == "a set of 3 + a set of 3"
    assert phases["8"]["needs"] == "7 cards of one colour"
    assert set(phases) == {str(n) for n in range(1, 11)} | {"tiebreaker"}


def test_a_flip_game_page_loads_unos_play_styles_before_its_own_instead_of_copying_them(client):
    text = page(client, f"/play/{new_game(client, 'uno_flip')}")
    links = re.findall(r'<link rel="stylesheet" href="([^"?]+)', text)
    shared = links.index("/static/css/play.css")
    assert links[shared + 1 :] == ["/games/uno/static/play.css", "/games/uno_flip/static/play.css"]
    uno = (ROOT / "app" / "games" / "uno" / "static" / "play.css").read_text()
    flip = (ROOT / "app" / "games" / "uno_flip" / "static" / "play.css").read_text()
    rules = [line for line in uno.splitlines() if line.startswith(".")]
    assert rules and not [line for line in rules if line in flip.splitlines()]  # no rule of UNO's written again
    uno_page = page(client, f"/play/{new_game(client, 'uno')}")
    assert "/games/uno_flip/static/play.css" not in uno_page and "/games/uno/static/play.css" in uno_page


def test_game_page_has_every_string_its_script_uses(client):
    strings = {}  # each game's page carries the common strings and its own game's
    for game in ("phase10", "uno", "uno_flip"):
        strings.update(attribute_json(page(client, f"/play/{new_game(client, game)}"), "data-i18n"))
    scripts = [STATIC / "js" / "play-game.js", *sorted(ROOT.glob("app/games/*/static/play.js"))]
    script = "\n".join(path.read_text() for path in scripts)
    used = js_keys(script)
    assert {"handover", "uno_catch", "p10_lay_down", "p10_skip_whom", "uno_challenge"} <= used
    dynamic = (
        {f"color_{c}" for c in "RYGBPTOU"}
        | {f"flip_{rank}" for rank in ("D1", "D5", "R", "S", "SE", "F", "W", "W2", "WC")}
        | {
            "p10_sort_number",
            "p10_sort_color",
            "random",
            "smart",
            "phase10",
            "uno",
            "flip_light",
            "flip_dark",
        }
    )
    # Keys built from a prefix and a colour or bot: each card's colour has its own name pattern, each bot its sentence.
    used -= {key for key in used if key.endswith("_")}
    dynamic |= {f"card_{c}" for c in "RYGBPTOU"} | {
        f"{head}_{bot}" for head in ("bot_plays_you", "played_by") for bot in ("smart", "random")
    }
    assert not (used | dynamic) - set(strings)
    assert "{name}" in strings["handover"]


def test_strings_in_json_attributes_cannot_break_out(client):
    text = page(client, f"/play/{new_game(client)}")
    for name in ("data-i18n", "data-games"):
        raw = re.search(name + r"='([^']*)'", text).group(1)
        assert "<" not in raw and ">" not in raw


@pytest.mark.parametrize("bad", ["a.b", "a%20b", "x" * 65])
def test_game_page_refuses_ids_that_cannot_be_games(client, bad):
    assert client.get(f"/play/{bad}").status_code == 404


def test_game_page_of_a_real_game(client):
    game_id = new_game(client)
    text = page(client, f"/play/{game_id}")
    assert f'data-api="/api/play/{game_id}"' in text
    # the page loads the script of the game's plug-in (the registry's), not the other games'
    assert "/games/uno/static/play.js" in text and "/games/phase10/static/play.js" not in text
    assert set(attribute_json(text, "data-games")) == {"uno"}


def test_game_page_of_an_unknown_game_is_a_404_page(client):
    # As an unknown sheet: a 404 page that says so, not an empty table whose script finds nothing.
    answer = client.get("/play/no-such-game")
    assert answer.status_code == 404
    text = html.unescape(answer.get_data(as_text=True))
    assert "There is no such game. It may have been deleted." in text and "/static/js/play-game.js" not in text
    german = client.get("/play/no-such-game", headers={"Accept-Language": "de"})
    assert german.status_code == 404 and "There is no such game" not in german.get_data(as_text=True)
    assert client.get("/api/play/no-such-game").status_code == 404


def test_nav_and_home_link_to_play(client):
    home = page(client, "/")
    assert home.count('href="/play/"') == 2  # the nav link and the home tile
    assert 'aria-current="page"' in page(client, "/play/").split("</nav>")[0]


def test_scripts_and_styles_are_served(client):
    for path in (
        "js/play-common.js",
        "js/play-start.js",
        "js/play-game.js",
        "css/play.css",
    ):
        answer = client.get(f"/static/{path}")
        assert answer.status_code == 200, path
        answer.close()
    for path in ("/games/phase10/static/play.js", "/games/uno/static/play.js"):  # each game's, from its folder
        answer = client.get(path)
        assert answer.status_code == 200, path
        answer.close()


def test_start_page_shows_words_not_option_values_and_keeps_the_seed_aside(client):
    text = page(client, "/play/")
    assert ">Who goes out scores the others&#39; cards<" in text or ">Who goes out scores the others' cards<" in text
    assert ">The player who discards it chooses<" in text
    assert ">winner_takes<" not in text and ">choose<" not in text and ">classic<" not in text
    advanced = text[text.index('class="field advanced-box"') :]
    assert advanced.index('id="play-seed"') < advanced.index("</details>")
