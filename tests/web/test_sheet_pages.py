"""Score-sheet pages through the test client, CSRF on: create, record, correct, undo, tie-breaker, share, export."""

from __future__ import annotations

import csv
import io
import re

import pytest
from api_helpers import text, token_of

from app.engine.players import isolated


@pytest.fixture
def new_sheet(client):
    """Create a sheet through the form; returns its URL."""

    def create(game="phase10", players=("Ana", "Ben", "Cy", "Dee"), **rules):
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
        }
        data.update({f"players-{i}": name for i, name in enumerate(players)})
        data.update(rules)
        answer = client.post("/sheets/new", data=data)
        assert answer.status_code == 302, text(answer)
        return answer.headers["Location"].split("#")[0]  # the edit key travels in the fragment

    return create


def round_data(client, url: str, went_out: int, rows: dict[int, dict[str, str]], players: int = 4, **extra):
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    data = {
        "csrf_token": token_of(page),
        "round": token_of(page, "round"),
        "version": token_of(page, "version"),
        "idempotency": token_of(page, "idempotency"),
        "went_out": str(went_out),
        "submit": "Save round",
    }
    for seat in range(players):
        data[f"players-{seat}-seat"] = str(seat)
        for key, value in rows.get(seat, {}).items():
            data[f"players-{seat}-{key}"] = value
    data.update(extra)
    return data


def record(client, url, went_out, rows, players=4, **extra):
    return client.post(url + "/rounds/new", data=round_data(client, url, went_out, rows, players, **extra))


def totals(page: str) -> list[int]:
    """The standings' totals by player name in alphabetical order (the players here are seated so; the
    standings list them by rank)."""
    table = page[page.index('<table class="standings">') :]
    rows = re.findall(r'<th scope="row"><bdi>([^<]+)</bdi>.*?class="num total">(\d+)<', table, re.S)
    return [int(total) for _name, total in sorted(rows)]


def test_create_shows_empty_sheet_with_dealer(client, new_sheet):
    url = new_sheet()
    page = text(client.get(url))
    assert "Round 1" in page and "Dee deals" in page  # the last player deals the first round
    assert "Record round 1" in page and totals(page) == [0, 0, 0, 0]


def test_create_refuses_bad_players(client):
    page = client.get("/sheets/new").get_data(as_text=True)
    answer = client.post(
        "/sheets/new",
        data={
            "csrf_token": token_of(page),
            "game": "phase10",
            "players-0": "Ana",
            "players-1": "ana",
            "variant": "classic",
            "phase_list": "all",
            "natural_card": "phase",
            "skip_target": "next",
            "scoring": "winner_takes",
            "first_wild": "choose",
        },
    )
    assert answer.status_code == 200 and "same name" in text(answer)


def test_record_round_with_keypad_counts(client, new_sheet):
    url = new_sheet()
    # Ana went out; Ben completed phase 1 and holds a 10 and a 5; Cy holds 3 high cards (low filled in: 7);
    # Dee holds one wild (9 low filled in).
    answer = record(
        client, url, 0, {1: {"completed": "y", "high": "1", "low": "1"}, 2: {"high": "3"}, 3: {"wild": "1"}}
    )
    assert answer.status_code == 302
    page = text(client.get(url))
    assert "Round 1 saved." in page
    assert totals(page) == [0, 15, 30 + 35, 25 + 45]
    assert "Record round 2" in page and "Ana deals" in page


def test_a_hand_of_fewer_than_ten_cards_completed_the_phase_without_the_tick(client, new_sheet):
    url = new_sheet()
    # Ben: a 5 and a 10, no tick: two cards, so Ben laid down his phase. Cy: 3 high cards and the 1–9 key left
    # alone (the rest of ten): no phase. Dee: the cards typed, three of them: a completed phase.
    rows = {1: {"high": "1", "low": "1"}, 2: {"high": "3"}, 3: {"cards": "5 11 W"}}
    answer = client.post(url + "/rounds/preview", data=round_data(client, url, 0, rows)).get_json()
    assert answer["ticked"] == {"Ana": True, "Ben": True, "Cy": False, "Dee": True}
    assert answer["points"] == {"Ana": 0, "Ben": 15, "Cy": 65, "Dee": 40}
    assert record(client, url, 0, rows).status_code == 302
    stored = client.get("/api/games/" + url.rstrip("/").split("/")[-1]).get_json()["rounds"][0]["results"]
    assert [r["completed"] for r in stored] == [True, True, False, True]
    # Ten cards given key by key, untouched tick: no phase.
    rows = {1: {"low": "7", "high": "3"}, 2: {"low": "10"}, 3: {"low": "10"}}
    answer = client.post(url + "/rounds/preview", data=round_data(client, url, 0, rows)).get_json()
    assert answer["ticked"] == {"Ana": True, "Ben": False, "Cy": False, "Dee": False}
    assert answer["points"] == {"Ana": 0, "Ben": 65, "Cy": 50, "Dee": 50}


def test_the_preview_of_a_new_round_says_what_it_changes_in_the_standings(client, new_sheet):
    """What a round kept offline carries (issue 22): each player's total and phase as the engine moves them."""
    url = new_sheet()
    rows = {1: {"high": "1", "low": "1"}, 2: {"high": "3"}, 3: {"cards": "5 11 W"}}
    answer = client.post(url + "/rounds/preview", data=round_data(client, url, 0, rows)).get_json()
    assert answer["change"] == {
        "Ana": {"score": 0, "phase": 1},
        "Ben": {"score": 15, "phase": 1},
        "Cy": {"score": 65, "phase": 0},
        "Dee": {"score": 40, "phase": 1},
    }
    assert record(client, url, 0, {}).status_code == 302  # nothing saved by the preview: round 1 is still free
    # A correction's preview changes no standings of its own.
    data = round_data(client, url, 0, rows, round="1")
    assert "change" not in client.post(url + "/rounds/preview", data=data).get_json()


def test_preview_computes_penalties_without_saving(client, new_sheet):
    url = new_sheet()
    data = round_data(client, url, 0, {2: {"points": "85"}, 3: {"skip": "2", "wild": "1"}})
    answer = client.post(url + "/rounds/preview", data=data).get_json()
    penalty = {"text": "Penalty", "gain": False}
    assert answer == {
        "ok": True,
        "points": {"Ana": 0, "Ben": 50, "Cy": 85, "Dee": 30 + 25 + 35},
        "labels": dict.fromkeys(("Ana", "Ben", "Cy", "Dee"), penalty),  # every Phase 10 row is a penalty
        "ticked": {"Ana": True, "Ben": False, "Cy": False, "Dee": False},  # went out ⇒ completed, said by the engine
        "change": {  # what the round would change in the standings
            "Ana": {"score": 0, "phase": 1},
            "Ben": {"score": 50, "phase": 0},
            "Cy": {"score": 85, "phase": 0},
            "Dee": {"score": 90, "phase": 0},
        },
    }
    data["players-3-points"] = "47"
    answer = client.post(url + "/rounds/preview", data=data).get_json()
    assert answer["ok"] is False and answer["player"] == "Dee" and "multiple of 5" in answer["error"]
    assert "Record round 1" in text(client.get(url))


def test_impossible_round_is_shown_next_to_the_row_and_not_saved(client, new_sheet):
    url = new_sheet()
    answer = record(client, url, 0, {1: {"points": "45"}})
    page = text(answer)
    assert answer.status_code == 200
    ben = isolated("Ben")  # names are set apart in the form's messages (right-to-left pages)
    assert f"{ben} did not complete a phase, so {ben} holds 10 cards" in page
    assert "Record round 1" in text(client.get(url))


def test_check_button_shows_penalties(client, new_sheet):
    url = new_sheet()
    data = round_data(client, url, 1, {0: {"high": "2"}})
    data.pop("submit")
    data["preview"] = "Check"
    page = text(client.post(url + "/rounds/new", data=data))
    assert "This round is possible." in page
    assert re.search(r'<output class="penalty-value">60</output>', page)


def test_correct_and_undo(client, new_sheet):
    url = new_sheet()
    record(client, url, 0, {})
    record(client, url, 1, {})
    page = text(client.get(url))
    assert totals(page) == [50, 50, 100, 100]
    edit = client.get(url + "/rounds/1/edit").get_data(as_text=True)
    assert re.search(r'<input [^>]*checked class="went-out"[^>]* id="went_out-0"', edit)
    data = {
        "csrf_token": token_of(edit),
        "round": "1",
        "version": token_of(edit, "version"),
        "idempotency": "",
        "went_out": "0",
        "submit": "Save round",
        "players-2-points": "80",
    }
    data.update({f"players-{s}-seat": str(s) for s in range(4)})
    answer = client.post(url + "/rounds/1/edit", data=data)
    assert answer.status_code == 302
    page = text(client.get(url))
    assert "Round 1 corrected." in page and totals(page) == [50, 50, 130, 100]
    # Undo the last round.
    version = re.search(r'data-version="(\d+)"', page).group(1)
    undo = client.post(url + "/rounds/2/undo", data={"csrf_token": token_of(page), "version": version})
    assert undo.status_code == 302
    page = text(client.get(url))
    assert "Round 2 was taken back." in page and totals(page) == [0, 50, 80, 50]


def test_correction_on_a_stale_version_is_refused(client, new_sheet):
    url = new_sheet()
    record(client, url, 0, {})
    edit = client.get(url + "/rounds/1/edit").get_data(as_text=True)
    record(client, url, 1, {})  # the sheet changes meanwhile
    data = {
        "csrf_token": token_of(edit),
        "round": "1",
        "version": token_of(edit, "version"),
        "idempotency": "",
        "went_out": "0",
        "submit": "Save round",
        **{f"players-{s}-seat": str(s) for s in range(4)},
    }
    page = text(client.post(url + "/rounds/1/edit", data=data, follow_redirects=True))
    assert "changed since you loaded it" in page


def test_second_phone_saving_the_same_round_keeps_its_entry_as_the_next_round(client, new_sheet, app):
    """Issue 20 §2: the stored round is shown beside this phone's entry; the main action discards the entry (the
    same round entered twice); saving it as round 2 is the secondary button, and asks first."""
    url = new_sheet()
    first = round_data(client, url, 0, {})
    second = round_data(client, url, 1, {2: {"wild": "2"}})
    assert client.post(url + "/rounds/new", data=first).status_code == 302
    answer = client.post(url + "/rounds/new", data=second)
    page = text(answer)
    assert answer.status_code == 200
    taken = re.search(r'<div class="flash flash-error taken-round".*?</div>', page, re.S).group(0)
    assert "Another phone saved round 1 first. Is it the round you entered?" in taken
    stored = re.search(r'<dd class="taken-stored">(.*?)</dd>', taken).group(1)
    yours = re.search(r'<dd class="taken-yours">(.*?)</dd>', taken).group(1)
    assert stored == f"{isolated('Ana')} went out · {isolated('Ben')} 50 · {isolated('Cy')} 50 · {isolated('Dee')} 50"
    assert yours == f"{isolated('Ben')} went out · {isolated('Ana')} 50 · {isolated('Cy')} 90 · {isolated('Dee')} 50"
    main = re.search(r'<a class="button primary" href="([^"]+)">Same round: discard mine</a>', taken)
    assert main and main.group(1) == url
    save = re.search(r'<input[^>]*name="submit"[^>]*>', page).group(0)
    assert 'class="button"' in save and 'value="Save mine as round 2"' in save
    assert 'data-confirm="Save your entry as round 2, a round of its own after the stored round 1?"' in save
    # Its own entry is on the form again, as round 2, with a new idempotency key: one tap saves it.
    assert token_of(page, "round") == "2" and token_of(page, "idempotency") != second["idempotency"]
    chosen = [tag for tag in re.findall(r'<input[^>]*name="went_out"[^>]*>', page) if " checked" in tag]
    assert len(chosen) == 1 and 'value="1"' in chosen[0]
    assert token_of(page, "players-2-wild") == "2"
    resend = {
        **second,
        "round": "2",
        "idempotency": token_of(page, "idempotency"),
        "version": token_of(page, "version"),
    }
    sheet = text(client.post(url + "/rounds/new", data=resend, follow_redirects=True))
    assert "Round 2 saved." in sheet
    assert totals(sheet) == [50, 50, 50 + 90, 100]


def test_the_same_round_saved_again_under_another_key_is_already_saved(client, new_sheet):
    """A phone whose save reached the server but whose key was lost sends the same entry again: the page says it
    is already saved (no conflict page, nothing stored twice)."""
    url = new_sheet()
    first = round_data(client, url, 0, {2: {"wild": "1"}})
    assert client.post(url + "/rounds/new", data=first).status_code == 302
    again = client.post(url + "/rounds/new", data={**first, "idempotency": "another"}, follow_redirects=True)
    page = text(again)
    assert "Round 1 was already saved: it is on the sheet." in page and "taken-round" not in page
    assert "Record round 2" in page and totals(page) == [0, 50, 70, 50]


def test_a_round_sent_by_the_offline_queue_is_answered_in_json(client, new_sheet, app):
    url = new_sheet()
    json_accept = {"Accept": "application/json"}
    data = round_data(client, url, 0, {})
    answer = client.post(url + "/rounds/new", data=data, headers=json_accept)
    assert answer.status_code == 200 and answer.get_json() == {"saved": True, "round": 1}
    # The same post again (its answer was lost): saved once, answered as saved.
    assert client.post(url + "/rounds/new", data=data, headers=json_accept).get_json()["saved"] is True
    # The same entry under another key (a phone that lost its key): the stored round is this one, said so.
    again = client.post(url + "/rounds/new", data={**data, "idempotency": "other"}, headers=json_accept)
    assert again.status_code == 409 and again.get_json()["same"] is True
    other = round_data(client, url, 1, {})
    other["round"] = "1"
    taken = client.post(url + "/rounds/new", data=other, headers=json_accept)
    assert taken.status_code == 409
    assert taken.get_json()["saved"] is False and taken.get_json()["same"] is False
    assert taken.get_json()["error"] == "Another phone saved round 1 first."  # shown beside the stored round
    assert taken.get_json()["next_round"] == 2
    assert taken.get_json()["stored"]["went_out"] == "Ana" and taken.get_json()["stored"]["round"] == 1
    assert taken.get_json()["compare"] == {
        "stored": f"{isolated('Ana')} went out · {isolated('Ben')} 50 · {isolated('Cy')} 50 · {isolated('Dee')} 50",
        "yours": f"{isolated('Ben')} went out · {isolated('Ana')} 50 · {isolated('Cy')} 50 · {isolated('Dee')} 50",
    }
    broken = round_data(client, url, 0, {1: {"wild": "9"}})
    refused = client.post(url + "/rounds/new", data=broken, headers=json_accept)
    assert refused.status_code == 400 and refused.get_json()["saved"] is False and refused.get_json()["error"]
    nobody = round_data(client, url, 0, {})
    del nobody["went_out"]
    refused = client.post(url + "/rounds/new", data=nobody, headers=json_accept)
    assert refused.status_code == 400 and refused.get_json()["error"] == "Choose who went out."
    stranger = app.test_client()  # a phone without the edit key
    token = token_of(stranger.get("/sheets/new").get_data(as_text=True))
    denied = stranger.post(url + "/rounds/new", data={**data, "csrf_token": token}, headers=json_accept)
    assert denied.status_code == 403 and "only view" in denied.get_json()["error"]
    assert totals(text(client.get(url))) == [0, 50, 50, 50]


def test_view_only_and_edit_link(client, new_sheet, app):
    url = new_sheet()
    page = text(client.get(url))
    # One way to hand edit rights over: the edit link's own page (no-store), which holds the link, its QR code
    # and "Make a new edit key"; the sheet page (kept by the service worker) holds neither the link nor a key.
    assert "Let another phone edit too" in page and url + "/share/edit" in page
    assert 'id="edit-link"' not in page and "#key=" not in page and "Make a new edit key" not in page
    share = client.get(url + "/share/edit")
    assert share.headers["Cache-Control"] == "no-store"
    assert 'id="edit-link"' in text(share) and "#claim=" in text(share) and "Make a new edit key" in text(share)
    assert "#key=" not in text(share)  # a claim code good for 30 minutes, not the key
    other = app.test_client()
    view = text(other.get(url))
    assert "View only" in view and "Record round 1" not in view and "Let another phone edit too" not in view
    assert "#claim=" not in text(other.get(url + "/share/edit", follow_redirects=True))
    assert "only view" in text(other.get(url + "/rounds/new", follow_redirects=True))
    wrong = text(other.get(url + "?key=nope", follow_redirects=True))
    assert "not right for this sheet" in wrong


def test_tiebreaker_flow_on_the_page(client, new_sheet):
    url = new_sheet(players=("Ana", "Ben", "Cy"), phase_list="custom", custom_phases="1 2")
    record(client, url, 0, {1: {"completed": "y", "points": "20"}}, players=3)
    record(client, url, 1, {0: {"completed": "y", "points": "20"}}, players=3)
    page = text(client.get(url))
    assert "Tie-breaker round" in page and "a set of 5 and a set of 3" in page
    assert "Record round 3" not in page
    version = re.search(r'data-version="(\d+)"', page).group(1)
    answer = client.post(url + "/tiebreaker", data={"csrf_token": token_of(page), "version": version, "winner": "Ben"})
    assert answer.status_code == 302
    page = text(client.get(url))
    assert "Ben wins!" in page and "tie-breaker" in page
    version = re.search(r'data-version="(\d+)"', page).group(1)
    client.post(url + "/tiebreaker/clear", data={"csrf_token": token_of(page), "version": version})
    page = text(client.get(url))
    assert "Who laid it down first?" in page


def test_uno_sheet_to_target(client, new_sheet):
    url = new_sheet(game="uno", players=("Ana", "Ben", "Cy"), target="100")
    answer = record(client, url, 0, {1: {"cards": "R5 W4"}, 2: {"points": "12"}}, players=3)
    assert answer.status_code == 302
    page = text(client.get(url))
    assert totals(page) == [67, 0, 0]
    record(client, url, 2, {0: {"points": "3"}, 1: {"cards": "W"}}, players=3)
    record(client, url, 0, {1: {"points": "40"}, 2: {"points": "0"}}, players=3)
    page = text(client.get(url))
    assert "Ana wins!" in page and totals(page) == [107, 0, 53]


def test_rules_page_marks_the_tables_choices(client, new_sheet):
    url = new_sheet(natural_card="group", phase_list="even")
    page = text(client.get(url + "/rules"))
    assert "How this table plays" in page
    assert "This table: One natural card in every group" in page and "2, 4, 6, 8, 10" in page
    assert "natural_card" not in page and ">group<" not in page  # words, not option values
    assert "changed from One natural card in the whole phase" in page


def test_export_json_and_csv(client, new_sheet):
    url = new_sheet(players=("=cmd", "Ben", "Cy", "Dee"))
    record(client, url, 1, {})
    data = client.get(url + "/export.json").get_json()
    assert data["game"] == "phase10" and data["players"][0] == "=cmd" and len(data["rounds"]) == 1
    raw = client.get(url + "/export.csv").get_data()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark: spreadsheets read accents right
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0][:8] == [
        "round",
        "went out",
        "'=cmd",
        "'=cmd: phase",
        "'=cmd: completed",
        "Ben",
        "Ben: phase",
        "Ben: completed",
    ]
    assert rows[1][:-1] == ["1", "Ben", "50", "1", "", "0", "1", "1", "50", "1", "", "50", "1", ""]
    assert rows[0][-1] == "saved" and rows[1][-1].endswith("Z")  # the round's saved time
    total = next(row for row in rows if row[0] == "total")
    assert total == ["total", "", "50", "1", "", "0", "2", "", "50", "1", "", "50", "1", ""]


def test_uno_csv_columns_add_up_for_both_scorings(client, new_sheet):
    for scoring in ("winner_takes", "lowest_wins"):
        url = new_sheet(game="uno", players=("Ana", "Ben", "Cy"), scoring=scoring)
        page = client.get(url + "/rounds/new").get_data(as_text=True)
        data = {
            "csrf_token": token_of(page),
            "round": "1",
            "version": token_of(page, "version"),
            "idempotency": token_of(page, "idempotency"),
            "went_out": "0",
            "submit": "Save round",
            "players-0-seat": "0",
            "players-1-seat": "1",
            "players-1-points": "15",
            "players-2-seat": "2",
            "players-2-cards": "W4 R5",
        }
        assert client.post(url + "/rounds/new", data=data).status_code == 302
        rows = list(csv.reader(io.StringIO(client.get(url + "/export.csv").get_data().decode("utf-8-sig"))))
        assert rows[0] == [
            "round",
            "went out",
            "Ana",
            "Ana: points in hand",
            "Ben",
            "Ben: points in hand",
            "Cy",
            "Cy: points in hand",
            "saved",
        ]
        players = [int(rows[1][i]) for i in (2, 4, 6)]
        totals_row = [int(next(row for row in rows if row[0] == "total")[i]) for i in (2, 4, 6)]
        assert players == totals_row  # one round: the player columns are the totals
        assert [rows[1][5], rows[1][7]] == ["15", "55"]  # the hands, labelled as such
        assert totals_row == ([70, 0, 0] if scoring == "winner_takes" else [0, 15, 55])


def test_correction_page_shows_the_phase_of_that_round(client, new_sheet):
    url = new_sheet()
    assert record(client, url, 0, {1: {"completed": "y", "high": "1"}}).status_code == 302  # Ben completed phase 1
    assert record(client, url, 0, {}).status_code == 302
    page = text(client.get(url + "/rounds/1/edit"))
    assert "Ben completed phase 1" in page and "Ben completed phase 2" not in page
    page = text(client.get(url + "/rounds/2/edit"))
    assert "Ben completed phase 2" in page


def test_recent_games_on_this_device(client, new_sheet):
    first = new_sheet(players=("Ana", "Ben"))
    new_sheet(game="uno", players=("Cy", "Dee"))
    page = text(client.get("/sheets/"))
    assert page.index("Cy") < page.index("Ana")  # newest first
    assert first.rsplit("/", 1)[-1] in page


def test_names_are_shown_as_text(client, new_sheet):
    url = new_sheet(players=("<script>x</script>", "Ben"))
    record(client, url, 1, {}, players=2)
    raw = client.get(url).get_data(as_text=True)
    assert "<script>x</script>" not in raw and "&lt;script&gt;" in raw


def test_resending_a_saved_form_is_not_a_conflict(client, new_sheet):
    url = new_sheet()
    data = round_data(client, url, 0, {})
    assert client.post(url + "/rounds/new", data=data).status_code == 302
    page = text(client.post(url + "/rounds/new", data=data, follow_redirects=True))
    shown = re.sub(r"<[^>]*>", " ", page)  # what the page says, not the scripts' strings in its attributes
    assert "Round 1 saved." in shown and "already saved" not in shown
    assert totals(page) == [0, 50, 50, 50]


def test_pick_a_phase_round_can_be_corrected_on_the_page(client, new_sheet):
    url = new_sheet(players=("Ana", "Ben"), variant="pick_a_phase", phase_list="custom", custom_phases="1 2 3")
    record(client, url, 0, {0: {"phase": "2"}}, players=2)
    edit = client.get(url + "/rounds/1/edit").get_data(as_text=True)
    ana_choices = re.search(r'<select[^>]*name="players-0-phase".*?</select>', edit, re.S).group(0)
    assert 'value="2" selected' in ana_choices or 'selected value="2"' in ana_choices
    data = {
        "csrf_token": token_of(edit),
        "round": "1",
        "version": token_of(edit, "version"),
        "idempotency": "",
        "went_out": "0",
        "submit": "Save round",
        "players-0-seat": "0",
        "players-1-seat": "1",
        "players-0-phase": "2",
        "players-1-points": "60",
    }
    assert client.post(url + "/rounds/1/edit", data=data).status_code == 302
    assert totals(text(client.get(url))) == [0, 60]


def test_a_typo_in_the_laid_down_phase_is_shown_not_a_crash(client, new_sheet):
    url = new_sheet()
    answer = record(client, url, 0, {0: {"laid_down": "7 7 7 |"}})
    assert answer.status_code == 200 and f"{isolated('Ana')}'s laid-down phase: Group 2 is empty." in text(answer)
    data = round_data(client, url, 0, {0: {"laid_down": "7 7 7 |"}})
    preview = client.post(url + "/rounds/preview", data=data).get_json()
    assert preview["ok"] is False and preview["player"] == "Ana"


def test_edit_keys_outlive_the_recent_list(client, new_sheet, monkeypatch):
    from app.views import device

    monkeypatch.setattr(device, "RECENT_LIMIT", 2)
    first = new_sheet(players=("Ana", "Ben"))
    for _ in range(3):
        new_sheet(players=("Cy", "Dee"))
    assert "Record round 1" in text(client.get(first))  # still editable on this phone


def test_nobody_leads_before_the_first_round(client, new_sheet):
    url = new_sheet()
    assert "leads" not in text(client.get(url))
    record(client, url, 1, {})
    page = text(client.get(url))
    assert page.count("★ leads") == 1 and page.index("★ leads") > page.index("<bdi>Ben</bdi>")


def test_history_adds_up_with_a_totals_row_and_recent_sheets_show_dates(client, new_sheet):
    url = new_sheet(game="uno", players=("Ana", "Ben", "A very long name of thirty c"))
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    data = {
        "csrf_token": token_of(page),
        "round": "1",
        "version": token_of(page, "version"),
        "idempotency": token_of(page, "idempotency"),
        "went_out": "0",
        "submit": "Save round",
        "players-0-seat": "0",
        "players-1-seat": "1",
        "players-1-points": "15",
        "players-2-seat": "2",
        "players-2-points": "55",
    }
    assert client.post(url + "/rounds/new", data=data).status_code == 302
    sheet = text(client.get(url))
    history = sheet[sheet.index('class="history"') :]
    # winner_takes: Ana's cell is her gain (70), the others' cells 0 with their hands labelled; the foot adds up.
    assert "out</span> 70" in history and "hand: 15" in history and "hand: 55" in history
    foot = history[history.index("<tfoot>") :]
    assert re.findall(r'<td class="num">(\d+)</td>', foot) == ["70", "0", "0"]
    assert 'title="A very long name of thirty c"' in history and "A very lo…" in history
    assert re.search(r"started \w+ \d+, \d{4}|started \d+ \w+ \d{4}", text(client.get("/sheets/")))


def test_chart_of_ten_long_names_clips_none(client, new_sheet):
    from app.views.chart import totals_chart

    names = [f"{'Long name of thirty characters'[:28]}{i:02d}" for i in range(10)]
    data = {"players": [{"name": n} for n in names], "totals": [{"round": 1, "scores": dict.fromkeys(names, 0)}]}
    chart = totals_chart(data)
    assert max(line["end_y"] for line in chart["lines"]) < chart["height"]  # every label inside the drawing
    url = new_sheet(game="uno", players=("Ana", "A name of exactly thirty chars"))
    assert record(client, url, 0, {1: {"points": "5"}}, players=2).status_code == 302
    page = text(client.get(url))
    legend = page[page.index('class="chart-legend"') :]
    assert "<bdi>A name of exactly thirty chars</bdi>: 0" in legend  # the full name, beside the chart


def test_entry_kept_after_a_lost_race_shows_the_phases_of_the_next_round(client, new_sheet, app):
    """The round that won the race moved players on to phase 2: the re-offered form (round 2) must label their
    "completed" toggles with phase 2, as a fresh round 2 form does, not with the phase of the round it lost."""
    url = new_sheet()
    first = round_data(client, url, 0, {0: {"completed": "y"}, 1: {"completed": "y", "points": "20"}})
    second = round_data(client, url, 1, {2: {"wild": "2"}})
    assert client.post(url + "/rounds/new", data=first).status_code == 302
    page = text(client.post(url + "/rounds/new", data=second))
    fresh = client.get(url + "/rounds/new").get_data(as_text=True)
    labels = re.compile(r'aria-label="([^"]*completed phase \d+)"')
    assert "completed phase 2" in " ".join(labels.findall(fresh))
    assert labels.findall(page) == labels.findall(fresh)


def test_the_new_sheet_form_chooses_what_a_joining_player_starts_with(client, csrf_token):
    """Every game's table rules on the new-sheet form hold the sheet rule join_score (a points sheet had it as
    one of its own rules; the other games' sheets now too); the choice is stored with the sheet."""
    from app.games import registry

    page = text(client.get("/sheets/new"))
    for game in registry.all_games():
        fieldset = page.split(f'data-for-game="{game.id}"', 1)[1].split("</fieldset>", 1)[0]
        assert "A player who joins starts with" in fieldset, game.id
        assert fieldset.count("The worst total at the table") == 1 and "Zero points" in fieldset, game.id
    assert 'name="sheet_uno_join_score"' in page and 'name="sheet_phase10_join_score"' in page

    def new_sheet(game, **fields):
        data = {"csrf_token": csrf_token(client, "/sheets/new"), "game": game, "players-0": "Ana", "players-1": "Ben"}
        data.update(fields)
        answer = client.post("/sheets/new", data=data)
        assert answer.status_code == 302, text(answer)[:800]
        return answer.headers["Location"].split("/sheets/", 1)[1].split("#", 1)[0]

    zero = new_sheet("uno", target="500", scoring="winner_takes", first_wild="choose", sheet_uno_join_score="zero")
    worst = new_sheet("uno", target="500", scoring="winner_takes", first_wild="choose")  # the default
    phase10 = new_sheet(
        "phase10",
        variant="classic",
        phase_list="all",
        natural_card="phase",
        skip_target="next",
        sheet_phase10_join_score="zero",
    )
    assert client.get(f"/api/games/{zero}").get_json()["rules"]["join_score"] == "zero"
    assert client.get(f"/api/games/{worst}").get_json()["rules"]["join_score"] == "worst"
    assert client.get(f"/api/games/{phase10}").get_json()["rules"]["join_score"] == "zero"
    refused = client.post(
        "/sheets/new",
        data={
            "csrf_token": csrf_token(client, "/sheets/new"),
            "game": "uno",
            "players-0": "Ana",
            "players-1": "Ben",
            "target": "500",
            "scoring": "winner_takes",
            "first_wild": "choose",
            "sheet_uno_join_score": "half",
        },
    )
    assert refused.status_code == 200 and "Not a valid choice" in text(refused)


def test_a_sheet_page_loads_its_own_games_stylesheets_only(client):
    """A Phase 10 sheet does not fetch UNO Flip's or No Mercy's stylesheets (they cost a first load 2.6 KB over
    its budget, tests/e2e/test_pages.py); an UNO Flip sheet loads its own; the new-sheet form, showing every game,
    loads every game's."""
    from api_helpers import create

    def styles(url):
        return re.findall(r'<link rel="stylesheet" href="(/games/[^"?]+)', text(client.get(url)))

    phase10, _key, _ = create(client, "phase10", ["Ana", "Ben"])
    flip, _key, _ = create(client, "uno_flip", ["Ana", "Ben"])
    assert not [s for s in styles(f"/sheets/{phase10}") if not s.startswith("/games/phase10/")]
    assert "/games/uno_flip/static/sheet.css" in styles(f"/sheets/{flip}")
    assert "/games/uno_no_mercy/static/sheet.css" not in styles(f"/sheets/{flip}")
    everything = styles("/sheets/new")
    assert {"/games/uno_flip/static/sheet.css", "/games/uno_no_mercy/static/sheet.css"} <= set(everything)
