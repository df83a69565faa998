"""Words and choices (issue 22): the play-again form's option words, the Hebrew play page, Save as the one main
action, Undo right after a save, the phase check asking set-or-run only when the answer depends on it, and
what 1–9's "auto" fills."""

from __future__ import annotations

import re

import pytest
from api_helpers import text, token_of


def new_sheet(client, game="phase10", players=("Ana", "Ben", "Cy")):
    page = client.get("/sheets/new").get_data(as_text=True)
    data = {
        "csrf_token": token_of(page),
        "game": game,
        "variant": "classic",
        "phase_list": "all",
        "natural_card": "phase",
        "skip_target": "next",
        "skip_once_per_lap": "y",
        "target": "500",
        "scoring": "winner_takes",
        "first_wild": "choose",
        "points_wins": "highest",
    }
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code == 302, text(answer)
    return answer.headers["Location"].split("#")[0]


def test_the_play_again_form_shows_option_words_not_ids(client):
    url = new_sheet(client)
    page = text(client.get(url + "/again"))
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', page)
    assert ("classic", "classic") not in options and options, options
    words = dict(options)
    assert words["all_advance"] != "all_advance" and words["next"] != "next", words
    new_form = text(client.get("/sheets/new"))
    assert f">{words['all_advance']}</option>" in new_form  # the same words as the new-sheet form


def test_the_hebrew_play_page_has_no_english_seed(client):
    client.get("/language/he")
    page = text(client.get("/play/"))
    shown = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S)  # what the page says, not its markup
    assert "מספר ערבוב" in shown and "seed" not in shown.lower()


def test_save_is_the_one_main_action_and_comes_first(client):
    url = new_sheet(client)
    form = text(client.get(url + "/rounds/new"))
    bar = form[form.index('class="button-row sticky-actions"') :]
    bar = bar[: bar.index("</div>")]
    assert 'name="submit"' in bar and 'name="preview"' not in bar  # Check is not beside Save
    assert form.index('name="submit"') < form.index('name="preview"')  # Enter in a field saves


def test_undo_is_offered_right_after_a_save_and_takes_the_round_back(client):
    url = new_sheet(client, game="points")
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    data = {
        "csrf_token": token_of(page),
        "round": token_of(page, "round"),
        "version": token_of(page, "version"),
        "idempotency": token_of(page, "idempotency"),
        "submit": "Save round",
    }
    for seat, value in enumerate(("5", "7", "9")):
        data.update({f"players-{seat}-seat": str(seat), f"players-{seat}-points": value})
    assert client.post(url + "/rounds/new", data=data).status_code == 302
    sheet = text(client.get(url))
    notice = sheet[sheet.index('class="flash flash-ok saved-notice"') :]
    notice = notice[: notice.index("</div>")]
    assert "Round 1 saved." in notice and ">Undo</button>" in notice and "/rounds/1/undo" in notice
    assert "saved-notice" not in text(client.get(url))  # said once
    undo = re.search(r'action="([^"]+/rounds/1/undo)"', notice).group(1)
    answer = client.post(undo, data={"csrf_token": token_of(sheet), "version": token_of(notice, "version")})
    assert answer.status_code == 302
    assert "Record round 1" in text(client.get(url))


@pytest.fixture
def hit(client, csrf_token):
    def post(**fields):
        token = csrf_token(client, "/check/")
        data = {"hit-csrf_token": token, "hit-kind": "auto", "hit-end": "auto"}
        data.update({f"hit-{k}": v for k, v in fields.items()})
        return text(client.post("/check/hit", data=data))

    return post


def test_the_phase_check_asks_set_or_run_only_when_the_answer_depends_on_it(hit):
    page = hit(group="5 W", card="6")  # a set of 5s refuses a 6; so does the run 5 6 (its wild is the 6)
    assert "say which" not in page and '<span class="badge no">No</span>' in page
    assert "As a set:" in page and "As a run:" in page
    page = hit(group="5 W W W", card="9")  # the run takes it, the set does not
    assert "These cards could be a set or a run: say which." in page


def test_one_to_nine_says_what_auto_fills(client):
    url = new_sheet(client)
    form = text(client.get(url + "/rounds/new"))
    # the word on the label, only the number it fills in the field (it fits a 320 px screen in every language)
    assert 'placeholder="10"' in form and 'data-auto-count="10"' in form and 'placeholder="auto' not in form
    assert '<small class="count-auto">auto</small>' in form
