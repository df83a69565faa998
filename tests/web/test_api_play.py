"""Digital games (``/api/play``) as ../shared/API.md fixes them: create, read per seat, act, bots, storage,
optimistic concurrency, and finished rounds landing in score sheets."""

from __future__ import annotations

import json
import threading
from collections import Counter

import pytest
from sqlalchemy.orm import Session

from app import create_app
from app.extensions import db
from app.games.phase10.engine.bots import run_bots as p10_run_bots
from app.games.phase10.engine.game import Game as Phase10Game
from app.models import Game, PlayGame
from app.services import play as play_service
from app.services.sheets import Conflict

# Two people, UNO: Ana is dealt R1 R2 R3 G4 G5 Y6 B7, Ben Y1 Y2 Y3 B4 B5 G6 G7 (one card at a time),
# the first discard is R9 and the top of the draw pile G8.
ANA_UNO = ["R1", "R2", "R3", "G4", "G5", "Y6", "B7"]
BEN_UNO = ["Y1", "Y2", "Y3", "B4", "B5", "G6", "G7"]
UNO_DECK = [card for pair in zip(ANA_UNO, BEN_UNO) for card in pair] + ["R9", "G8"]

# Two people, Phase 10: Ana can lay down phase 1 (7 7 7 and 3 3 3); the first discard is Y9, then B1 on the pile.
ANA_P10 = ["R7", "B7", "G7", "R3", "B3", "G3", "R10", "B11", "G12", "Y1"]
BEN_P10 = ["Y2", "Y4", "Y6", "Y8", "R9", "B5", "G2", "G4", "R12", "B12"]
P10_DECK = [card for pair in zip(ANA_P10, BEN_P10) for card in pair] + ["Y9", "B1"]


def post(client, url, body, key=None, headers=None):
    all_headers = dict(headers or {})
    if key:
        all_headers["Authorization"] = f"Bearer {key}"
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json", headers=all_headers)


def get(client, play_id, seat=None, key=None):
    url = f"/api/play/{play_id}" + ("" if seat is None else f"?seat={seat}")
    return client.get(url, headers={"Authorization": f"Bearer {key}"} if key else {})


def create(client, game, seats, **extra):
    answer = post(client, "/api/play", {"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def act(client, data, seat, action, key, status=200, headers=None):
    answer = post(client, f"/api/play/{data['id']}/actions", {"seat": seat, "action": action}, key, headers)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def eager_uno_move(legal):
    """Seat 0's UNO move that ends the hand soonest: calling UNO, else playing a card, else what is left."""
    return (
        next((a for a in legal if a.get("uno")), None)
        or next((a for a in legal if a["type"] == "play"), None)
        or legal[0]
    )


def people(*names):
    return [{"name": name} for name in names]


def uno_people(client):
    return create(client, "uno", people("Ana", "Ben"), seed=5, deck=UNO_DECK)


def p10_people(client):
    return create(client, "phase10", people("Ana", "Ben"), seed=5, deck=P10_DECK)


def without(data, *keys):
    return {k: v for k, v in data.items() if k not in keys}


def timeless(data, *keys):
    """:func:`without`, and without the seats' ``turn_since`` (a moment: different in every run)."""
    out = without(data, *keys)
    out["seats"] = [{k: v for k, v in seat.items() if k != "turn_since"} for seat in out["seats"]]
    return out


# --- creating -----------------------------------------------------------------------------------------


def test_create_uno_answers_the_first_persons_state_after_the_bots(client):
    data = create(
        client,
        "uno",
        [{"name": "Bot", "bot": "smart"}, {"name": "Ana"}, {"name": "Cy", "bot": "random"}],
        seed=42,
        rules={"target": 200},
    )
    assert len(data["id"]) >= 20 and len(data["edit_key"]) >= 20
    assert data["game"] == "uno" and data["status"] == "playing" and data["sheet"] is None
    assert data["rules"]["target"] == 200 and data["rules"]["stacking"] is False
    assert [s["bot"] for s in data["seats"]] == ["smart", None, "random"]
    assert [("hand" in s) for s in data["seats"]] == [False, True, False]
    assert len(data["seats"][1]["hand"]) == data["seats"][1]["cards"]
    # the bot in seat 0 plays first; the answer comes when Ana (seat 1) must act
    assert data["turn"] == 1 and data["legal"]
    assert any(entry["seat"] == 0 and entry["type"] in ("play", "draw") for entry in data["log"])


def test_same_seed_same_game_and_no_seed_picks_a_stored_one(app, client):
    seats = people("Ana", "Ben")
    first = create(client, "phase10", seats, seed=9)
    again = create(client, "phase10", seats, seed=9)
    assert timeless(first, "id", "edit_key") == timeless(again, "id", "edit_key")
    free = [create(client, "phase10", seats) for _ in range(2)]
    with app.app_context():
        seeds = [db.session.get(PlayGame, d["id"]).state["seed"] for d in free]
    assert all(isinstance(seed, int) for seed in seeds) and seeds[0] != seeds[1]
    assert "seed" not in free[0]  # the seed would let a spectator rebuild the deck


def test_stacked_uno_deck_is_dealt_one_card_at_a_time(client):
    data = uno_people(client)
    assert data["seats"][0]["hand"] == ANA_UNO
    assert "hand" not in data["seats"][1]
    assert data["discard_top"] == "R9" and data["turn"] == 0 and data["draw_pile"] == 108 - 15


def test_stacked_phase10_deck_is_dealt_one_card_at_a_time(client):
    data = p10_people(client)
    assert Counter(data["seats"][0]["hand"]) == Counter(ANA_P10)
    assert data["discard_top"] == "Y9" and data["turn"] == 0 and data["stage"] == "draw"
    assert [s["phase"] for s in data["seats"]] == [1, 1] and data["seats"][0]["laid"] == []


@pytest.mark.parametrize(
    "body, fragment",
    [
        ([1, 2], "JSON object"),
        ({"game": "chess", "seats": people("A", "B")}, '"phase10", "uno", "uno_flip"'),
        ({"game": "uno", "seats": people("A", "B"), "colour": "red"}, 'Unknown field "colour"'),
        ({"game": "uno", "seats": people("A")}, "2 to 10 seats"),
        ({"game": "uno", "seats": people(*[f"P{i}" for i in range(11)])}, "2 to 10 seats"),
        ({"game": "phase10", "seats": people(*[f"P{i}" for i in range(7)])}, "2 to 6 seats"),
        ({"game": "uno", "seats": ["Ana", "Ben"]}, "must be an object"),
        ({"game": "uno", "seats": people("Ana", "ana ")}, "same name"),
        ({"game": "uno", "seats": people("Ana", "x" * 31)}, "too long"),
        ({"game": "uno", "seats": people("Ana", "  ")}, "no name"),
        ({"game": "uno", "seats": people("A\u202eB", "Ben")}, "no control characters"),
        ({"game": "phase10", "seats": people("Ana", "Ben\nCy")}, "no control characters"),
        ({"game": "uno", "seats": [{"name": "Ana"}, {"name": "B", "bot": "genius"}]}, "no bot called genius"),
        ({"game": "phase10", "seats": [{"name": "Ana", "seat": 1}, {"name": "B"}]}, 'unknown field "seat"'),
        ({"game": "uno", "seats": people("A", "B"), "rules": {"target": 0}}, "target"),
        ({"game": "uno", "seats": people("A", "B"), "rules": {"house": True}}, "house"),
        ({"game": "phase10", "seats": people("A", "B"), "rules": {"variant": "speedy"}}, "variant must be one of"),
        ({"game": "uno", "seats": people("A", "B"), "rules": {"newer_wilds": True}}, "newer_wilds"),
        ({"game": "uno", "seats": people("A", "B"), "seed": "42"}, '"seed"'),
        ({"game": "uno", "seats": people("A", "B"), "seed": -1}, '"seed"'),
        ({"game": "uno", "seats": people("A", "B"), "seed": True}, '"seed"'),
        ({"game": "uno", "seats": people("A", "B"), "deck": "R5 G7"}, '"deck"'),
        ({"game": "uno", "seats": people("A", "B"), "deck": ["W4"] * 5}, "W4"),
        ({"game": "uno", "seats": people("A", "B"), "deck": ["R5", "Q9"]}, "Q9"),
        ({"game": "phase10", "seats": people("A", "B"), "deck": ["13"]}, "13"),
        ({"game": "phase10", "seats": people("A", "B"), "deck": ["S"] * 5}, "S"),
    ],
)
def test_create_refusals(client, body, fragment):
    answer = post(client, "/api/play", body)
    assert answer.status_code == 400
    assert fragment.lower() in answer.get_json()["error"].lower()


# --- reading --------------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_only_and_a_spectator_none(client):
    data = uno_people(client)
    key = data["edit_key"]
    ben = get(client, data["id"], 1, key).get_json()
    assert ben["seats"][1]["hand"] == BEN_UNO and "hand" not in ben["seats"][0]
    assert ben["legal"] == [] and ben["turn"] == 0  # Ben may do nothing out of turn now
    ana = get(client, data["id"], 0, key).get_json()
    assert ana == without(data, "edit_key")
    for spectator in (get(client, data["id"]), get(client, data["id"], 0), get(client, data["id"], None, key)):
        assert spectator.status_code == 200
        view = spectator.get_json()
        assert all("hand" not in s for s in view["seats"]) and view["legal"] == []
        assert [s["cards"] for s in view["seats"]] == [7, 7] and view["discard_top"] == "R9"
        assert view["id"] == data["id"] and view["sheet"] is None
    assert "R1" not in json.dumps(get(client, data["id"]).get_json()["seats"])


def test_a_drawn_card_is_shown_to_its_drawer_only(client):
    data = create(client, "phase10", people("Ana", "Ben"), seed=5, deck=P10_DECK)
    key = data["edit_key"]
    act(client, data, 0, {"type": "draw", "from": "pile"}, key)
    mine = get(client, data["id"], 0, key).get_json()["log"][-1]
    theirs = get(client, data["id"], 1, key).get_json()["log"][-1]
    spectator = get(client, data["id"]).get_json()["log"][-1]
    assert mine["type"] == "draw" and mine["card"] == "B1"
    assert "card" not in theirs and "card" not in spectator


def test_read_refusals(client):
    data = create(client, "uno", [{"name": "Ana"}, {"name": "Bot", "bot": "random"}], seed=3)
    key = data["edit_key"]
    assert get(client, "no-such-game", 0, "wrong").status_code == 404  # 404 before the key
    assert get(client, data["id"], 0, "wrong-key").status_code == 403
    assert get(client, data["id"], None, "wrong-key").status_code == 403
    for seat in ("x", "2", "-1", "99999"):
        answer = get(client, data["id"], seat, key)
        assert answer.status_code == 400 and "seat" in answer.get_json()["error"]
    bot = get(client, data["id"], 1, key)
    assert bot.status_code == 400 and "bot" in bot.get_json()["error"]


# --- acting ---------------------------------------------------------------------------------------------


def test_uno_flow_for_people(client):
    data = uno_people(client)
    key = data["edit_key"]
    assert {"type": "play", "card": "R1"} in data["legal"] and {"type": "draw"} in data["legal"]
    assert {"type": "play", "card": "G4"} not in data["legal"]

    before = get(client, data["id"], 0, key).get_json()
    refused = post(
        client, f"/api/play/{data['id']}/actions", {"seat": 0, "action": {"type": "play", "card": "G4"}}, key
    )
    assert refused.status_code == 400 and "match" in refused.get_json()["error"]
    assert get(client, data["id"], 0, key).get_json() == before  # nothing changed

    ana = act(client, data, 0, {"type": "play", "card": "R1"}, key)
    assert ana["discard_top"] == "R1" and ana["turn"] == 1 and ana["seats"][0]["hand"] == ANA_UNO[1:]
    assert ana["version"] == before["version"] + 1
    again = post(client, f"/api/play/{data['id']}/actions", {"seat": 0, "action": {"type": "play", "card": "R2"}}, key)
    assert again.status_code == 409 and "turn" in again.get_json()["error"]

    ben = get(client, data["id"], 1, key).get_json()
    assert {"type": "play", "card": "Y1"} in ben["legal"] and {"type": "draw"} in ben["legal"]
    ben = act(client, data, 1, {"type": "draw"}, key)  # G8 cannot be played on R1: the turn passes at once
    assert ben["seats"][1]["hand"] == BEN_UNO + ["G8"] and ben["turn"] == 0 and ben["pending"] is None
    assert ben["log"][-1]["type"] == "draw" and ben["log"][-1]["cards"] == ["G8"]


def test_phase10_flow_for_people(client):
    data = p10_people(client)
    key = data["edit_key"]
    assert data["legal"] == [{"type": "draw", "from": "pile"}, {"type": "draw", "from": "discard"}]
    early = post(
        client, f"/api/play/{data['id']}/actions", {"seat": 0, "action": {"type": "discard", "card": "Y1"}}, key
    )
    assert early.status_code == 400 and "draw" in early.get_json()["error"]

    ana = act(client, data, 0, {"type": "draw", "from": "pile"}, key)
    assert ana["stage"] == "play" and "B1" in ana["seats"][0]["hand"]
    lay_downs = [a for a in ana["legal"] if a["type"] == "lay_down"]
    assert len(lay_downs) == 1
    ana = act(client, data, 0, lay_downs[0], key)
    laid = ana["seats"][0]["laid"]
    assert sorted(tuple(sorted(g["cards"])) for g in laid) == [("B3", "G3", "R3"), ("B7", "G7", "R7")]
    assert ana["seats"][0]["laid_down_phase"] is not None and ana["seats"][0]["cards"] == 5
    assert {"type": "discard", "card": "B1"} in ana["legal"]
    ana = act(client, data, 0, {"type": "discard", "card": "B1"}, key)
    assert ana["turn"] == 1 and ana["discard_top"] == "B1" and ana["seats"][0]["cards"] == 4

    ben = get(client, data["id"], 1, key).get_json()
    assert ben["legal"] == [{"type": "draw", "from": "pile"}, {"type": "draw", "from": "discard"}]
    ben = act(client, data, 1, {"type": "draw", "from": "discard"}, key)
    assert "B1" in ben["seats"][1]["hand"] and ben["stage"] == "play"


@pytest.mark.parametrize("game", ["uno", "phase10"])
def test_bots_move_after_a_persons_action(client, game):
    data = create(
        client, game, [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}, {"name": "Cy", "bot": "random"}], seed=11
    )
    key = data["edit_key"]
    state = data
    for _step in range(40):
        assert state["turn"] == 0 and state["legal"]
        mine = [a for a in state["legal"] if a["type"] not in ("lay_down",)] or state["legal"]
        plays = [a for a in mine if a["type"] in ("play", "discard") and a.get("card") != "S"]
        before = state["log"][-1]["seq"]
        state = act(client, state, 0, (plays or mine)[0], key)
        moved = {e["seat"] for e in state["log"] if e["seq"] > before and e["type"] in ("play", "draw", "discard")}
        if moved & {1, 2}:
            break
    else:
        pytest.fail("the bots never moved")
    assert state["status"] == "finished" or state["turn"] == 0  # the answer comes when Ana must act again


def test_action_refusals(client):
    data = create(client, "uno", [{"name": "Ana"}, {"name": "Bot", "bot": "random"}], seed=3)
    key, url = data["edit_key"], f"/api/play/{data['id']}/actions"
    draw = {"seat": 0, "action": {"type": "draw"}}
    assert post(client, "/api/play/nope/actions", draw, "wrong").status_code == 404
    assert post(client, url, draw).status_code == 401
    assert post(client, url, draw, "wrong-key").status_code == 403
    cases = [
        ("[1]", "JSON object"),
        ({"seat": 0, "action": {"type": "draw"}, "extra": 1}, 'Unknown field "extra"'),
        ({"action": {"type": "draw"}}, '"seat"'),
        ({"seat": "zero", "action": {"type": "draw"}}, '"seat"'),
        ({"seat": 5, "action": {"type": "draw"}}, '"seat"'),
        ({"seat": 1, "action": {"type": "draw"}}, "bot"),
        ({"seat": 0, "action": "draw"}, '"action"'),
        ({"seat": 0, "action": {"type": "fly"}}, ""),
        ({"seat": 0, "action": {"type": "play", "card": "Q1"}}, "Q1"),
    ]
    for body, fragment in cases:
        answer = post(client, url, body, key)
        assert answer.status_code == 400, (body, answer.get_json())
        assert fragment in answer.get_json()["error"]
    stale = post(client, url, draw, key, {"If-Match": str(data["version"] + 1)})
    assert stale.status_code == 409
    assert post(client, url, draw, key, {"If-Match": f'"{data["version"]}"'}).status_code == 200


def test_any_action_on_a_finished_game_is_a_conflict(client):
    data = create(client, "uno", [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}], seed=1)
    assert data["status"] == "finished" and data["winner"] in ("A", "B")
    answer = post(client, f"/api/play/{data['id']}/actions", {"seat": 0, "action": {"type": "draw"}}, data["edit_key"])
    assert answer.status_code == 409 and "over" in answer.get_json()["error"]


# --- storage and concurrency ----------------------------------------------------------------------------


def test_a_game_resumes_from_the_database_in_a_new_app(tmp_path):
    config = {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'resume.sqlite'}",
        "SECRET_KEY": "test-only",
    }
    first = create_app(config).test_client()
    data = create(first, "phase10", [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], seed=21)
    key = data["edit_key"]
    state = act(first, data, 0, {"type": "draw", "from": "pile"}, key)
    second = create_app(dict(config)).test_client()
    for seat in (0, None):
        assert get(second, data["id"], seat, key).get_json() == get(first, data["id"], seat, key).get_json()
    assert get(second, data["id"], 0, key).get_json() == state
    discard = next(a for a in state["legal"] if a["type"] == "discard" and a["card"] != "S")
    on_second = act(second, data, 0, discard, key)
    assert get(first, data["id"], 0, key).get_json() == on_second
    assert on_second["turn"] == 0 and on_second["stage"] == "draw"  # the bot played its turn in between


def test_an_uno_row_stored_before_the_uno_call_grace_still_loads_and_plays_on(app, client):
    """Rows written before ``exchanged`` was stored (the UNO-call grace) lack the key; the game still shows and moves."""
    data = uno_people(client)
    key = data["edit_key"]
    with app.app_context():
        row = db.session.get(PlayGame, data["id"])
        old_form = dict(row.state)
        del old_form["exchanged"]
        row.state = old_form
        db.session.commit()
    loaded = get(client, data["id"], 0, key).get_json()
    assert without(loaded, "version") == without(data, "edit_key", "version")
    state = act(client, data, 0, {"type": "play", "card": "R1"}, key)
    assert state["discard_top"] == "R1" and state["turn"] == 1
    assert stored(app, data["id"])["exchanged"] == []


def test_two_actions_on_the_same_version_one_wins(client):
    data = uno_people(client)
    key, version = data["edit_key"], data["version"]
    answers = []
    barrier = threading.Barrier(2)

    def send():
        barrier.wait()
        answers.append(
            post(
                client,
                f"/api/play/{data['id']}/actions",
                {"seat": 0, "action": {"type": "play", "card": "R1"}},
                key,
                {"If-Match": str(version)},
            )
        )

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [200, 409]
    state = get(client, data["id"], 0, key).get_json()
    assert state["version"] == version + 1 and state["seats"][0]["hand"] == ANA_UNO[1:]


def test_a_write_from_a_stale_read_is_refused_whole(app, client):
    data = uno_people(client)
    key = data["edit_key"]
    with app.app_context(), Session(db.engine, expire_on_commit=False) as session:
        stale = session.get(PlayGame, data["id"])
        assert stale.state and stale.sheet_id is None
        session.expunge(stale)
    winner = act(client, data, 0, {"type": "play", "card": "R1"}, key)
    with app.test_request_context(method="POST"):
        mine = db.session.merge(stale, load=False)
        with pytest.raises(Conflict, match="same moment"):  # If-Match: no second try on the new state
            play_service.apply_action(
                mine, {"seat": 0, "action": {"type": "play", "card": "R2"}}, if_match=str(stale.version)
            )
    assert get(client, data["id"], 0, key).get_json() == winner


# --- landing in score sheets ----------------------------------------------------------------------------


def check_sheet(client, data, stored_rounds):
    """The sheet of a finished bot game holds its rounds and agrees on winner and scores."""
    assert data["status"] == "finished" and data["winner"] is not None and data["sheet"]
    sheet = client.get(f"/api/games/{data['sheet']}").get_json()
    assert sheet["game"] == data["game"] and sheet["rules"] == {**data["rules"], "join_score": "worst"}
    assert sheet["status"] == "finished" and sheet["winner"] == data["winner"]
    assert [p["name"] for p in sheet["players"]] == [s["name"] for s in data["seats"]]
    assert [p["score"] for p in sheet["players"]] == [s["score"] for s in data["seats"]]
    assert [(r["round"], r["went_out"]) for r in sheet["rounds"]] == [
        (r["round"], r["went_out"]) for r in stored_rounds
    ]
    return sheet


def stored(app, play_id):
    with app.app_context():
        return db.session.get(PlayGame, play_id).state


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"target": 150, "scoring": "lowest_wins"},
        {"stacking": True, "jump_in": True, "seven_o": True, "target": 200},
    ],
)
def test_finished_uno_bot_games_land_in_sheets(app, client, rules):
    for seed in (1, 2):
        data = create(
            client,
            "uno",
            [{"name": "Ana", "bot": "smart"}, {"name": "Ben", "bot": "random"}, {"name": "Cy", "bot": "smart"}],
            seed=seed,
            rules=rules,
        )
        state = stored(app, data["id"])
        check_sheet(client, data, state["finished_rounds"])
        assert sum(state["scores"]) > 0


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"variant": "all_advance", "phases": [1, 2, 3]},
        {"variant": "pick_a_phase", "phases": [1, 4, 6, 9]},
        {"skip_target": "choose", "natural_card": "group", "go_out_by_hit": True},
    ],
)
def test_finished_phase10_bot_games_land_in_sheets(app, client, rules):
    data = create(
        client,
        "phase10",
        [{"name": "Ana", "bot": "smart"}, {"name": "Ben", "bot": "random"}, {"name": "Cy", "bot": "smart"}],
        seed=4,
        rules=rules,
    )
    sheet = check_sheet(client, data, stored(app, data["id"])["finished_rounds"])
    assert [p["phases_done"] for p in sheet["players"]] == [s["phases_done"] for s in data["seats"]]
    assert sheet["tiebreaker"] == data["tiebreaker"]


def _has_tiebreaker(seed: int) -> bool:
    game = Phase10Game([{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}], seed=seed, record_log=False)
    p10_run_bots(game, max_rounds=play_service.MAX_ROUNDS)
    return game.tiebreaker is not None and game.tiebreaker["winner"] is not None


def test_a_phase10_tiebreaker_result_lands_in_the_sheet(app, client):
    seed = next(s for s in range(199, 1000) if _has_tiebreaker(s))  # 199 is the first today
    data = create(client, "phase10", [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}], seed=seed)
    sheet = check_sheet(client, data, stored(app, data["id"])["finished_rounds"])
    assert data["tiebreaker"]["winner"] == data["winner"]
    assert sheet["tiebreaker"] == data["tiebreaker"] and data["outcome"]["rule"] == "tiebreaker"


def test_the_sheet_of_a_digital_game_is_read_only(app, client):
    data = create(client, "uno", [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "smart"}], seed=2)
    with app.app_context():
        play = db.session.get(PlayGame, data["id"])
        assert db.session.get(Game, data["sheet"]).edit_key_hash != play.edit_key_hash
    last = len(client.get(f"/api/games/{data['sheet']}").get_json()["rounds"])
    url = f"/api/games/{data['sheet']}/rounds/{last}"
    assert client.delete(url, headers={"Authorization": f"Bearer {data['edit_key']}"}).status_code == 403
    assert len(client.get(f"/api/games/{data['sheet']}").get_json()["rounds"]) == last


def test_a_hand_ending_mid_game_lands_at_once(app, client):
    data = create(client, "uno", [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], seed=8, rules={"target": 10000})
    key = data["edit_key"]
    state = data
    for _step in range(400):
        if state["sheet"] is not None:
            break
        state = act(client, state, 0, eager_uno_move(state["legal"]), key)
    else:
        pytest.fail("no hand ended")
    sheet = client.get(f"/api/games/{state['sheet']}").get_json()
    assert sheet["status"] == "playing" and len(sheet["rounds"]) == state["round"] - 1 >= 1
    assert [p["score"] for p in sheet["players"]] == [s["score"] for s in state["seats"]]


def test_a_hand_ending_move_sent_again_after_its_answer_was_lost_lands_the_hand_once(app, client):
    """The phone sends the move that ends a hand, the server stores it (and lands the hand on the sheet), the answer
    is lost; the phone sends the same move with the same Idempotency-Key: the same answer, the hand on the sheet
    once, the game where the first sending left it."""
    data = create(client, "uno", [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], seed=8, rules={"target": 10000})
    key, state = data["edit_key"], data
    for number in range(400):
        move = eager_uno_move(state["legal"])
        headers = {"Idempotency-Key": f"move-{number}"}
        answer = act(client, state, 0, move, key, headers=headers)
        if answer["sheet"] is not None:
            break
        state = answer
    else:
        pytest.fail("no hand ended")
    again = act(client, state, 0, move, key, headers=headers)  # the first answer never reached the phone
    assert again == answer
    sheet = client.get(f"/api/games/{answer['sheet']}").get_json()
    assert len(sheet["rounds"]) == answer["round"] - 1 == 1
    assert get(client, data["id"], 0, key).get_json()["version"] == answer["version"]


def test_a_move_that_ends_no_hand_does_not_read_the_sheets_rounds(app, client):
    """Once the game has a score sheet, a move that lands nothing counts the sheet's rounds in one query and
    reads none of them (loading every round and result on each move cost a third of its time); the move that
    ends the next hand still lands it."""
    from sqlalchemy import event

    data = create(client, "uno", [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], seed=8, rules={"target": 10000})
    key, state = data["edit_key"], data

    def move(state):
        return act(client, state, 0, eager_uno_move(state["legal"]), key)

    for _step in range(400):
        if state["sheet"] is not None:
            break
        state = move(state)
    else:
        pytest.fail("no hand ended")
    with app.app_context():
        engine = db.engine
    statements: list[str] = []
    listener = lambda *args: statements.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        hand = state["round"]
        state = move(state)
        assert state["round"] == hand  # this move ended no hand
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    reads = [s.lower() for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert reads and not any("result" in s for s in reads)
    for _step in range(400):  # and the next hand that ends is on the sheet at once
        if state["round"] > hand:
            break
        state = move(state)
    sheet = client.get(f"/api/games/{state['sheet']}").get_json()
    assert len(sheet["rounds"]) == state["round"] - 1 >= hand


def test_a_refused_round_fails_loudly_or_is_set_aside(app, client, monkeypatch):
    from app.errors import ApiError

    def refuse(*_args, **_kwargs):
        raise ApiError("refused for the test")

    monkeypatch.setattr(play_service.sheets, "score_round", refuse)
    body = {"game": "uno", "seats": [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "smart"}], "seed": 2}
    assert post(client, "/api/play", body).status_code == 500
    with app.app_context():
        assert db.session.query(PlayGame).count() == 0  # nothing half-written
    app.config["PLAY_STRICT_SHEETS"] = False
    answer = post(client, "/api/play", body)
    assert answer.status_code == 201 and answer.get_json()["status"] == "finished"
    with app.app_context():
        assert "refused for the test" in db.session.get(PlayGame, answer.get_json()["id"]).sheet_error


def test_the_rounds_before_a_refused_one_are_landed(app, client, monkeypatch):
    """A sheet that refuses the second of the hands a request finished keeps the first, and the reason."""
    from app.errors import ApiError

    score = play_service.sheets.score_round
    calls = []

    def refuse_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise ApiError("refused for the test")
        return score(*args, **kwargs)

    monkeypatch.setattr(play_service.sheets, "score_round", refuse_the_second)
    app.config["PLAY_STRICT_SHEETS"] = False
    body = {"game": "uno", "seats": [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "smart"}], "seed": 2}
    answer = post(client, "/api/play", body)
    assert answer.status_code == 201 and answer.get_json()["status"] == "finished"
    with app.app_context():
        play = db.session.get(PlayGame, answer.get_json()["id"])
        assert "refused for the test" in play.sheet_error
        assert play.sheet is not None and [r.number for r in play.sheet.rounds] == [1]
        assert play.sheet.version == 2  # created, then one round


@pytest.mark.parametrize("shift", [-1, 1])
def test_a_finished_round_with_the_wrong_number_is_refused_as_the_api_would(app, client, shift):
    """The digital game's rounds meet the same checks as a round sent to the API, the number included."""
    body = {"game": "uno", "seats": [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "smart"}], "seed": 2}
    answer = post(client, "/api/play", body)
    app.config["PLAY_STRICT_SHEETS"] = False
    with app.app_context():
        play = db.session.get(PlayGame, answer.get_json()["id"])
        engine = play_service.load(play)
        recorded = len(play.sheet.rounds)
        engine.finished_rounds.append({**engine.finished_rounds[-1], "round": recorded + 1 + shift})
        landing = play_service.prepare_landing(play, engine)
    assert landing.rounds == [] and landing.new_sheet is None
    assert f"the next round is {recorded + 1}" in landing.refused.lower()


def test_review_inputs_are_400_not_500(client):
    """Found by review: a non-ASCII digit as a seat, and the error sentence for a missing action."""
    answer = client.post(
        "/api/play",
        data=json.dumps({"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bo", "bot": "random"}], "seed": 3}),
        content_type="application/json",
    )
    state = answer.get_json()
    headers = {"Authorization": f"Bearer {state['edit_key']}"}
    assert client.get(f"/api/play/{state['id']}?seat=²", headers=headers).status_code == 400
    bad = client.post(
        f"/api/play/{state['id']}/actions",
        data=json.dumps({"seat": "²", "action": {"type": "draw"}}),
        content_type="application/json",
        headers=headers,
    )
    assert bad.status_code == 400
    missing = client.post(
        f"/api/play/{state['id']}/actions",
        data=json.dumps({"seat": 0}),
        content_type="application/json",
        headers=headers,
    )
    assert missing.status_code == 400 and '{"type": "draw"}' in missing.get_json()["error"]


@pytest.mark.parametrize("bad_id", ["%00", "a%00b", "x" * 65, "%C3%A9t%C3%A9"])
def test_ids_that_cannot_be_ids_are_404_without_a_lookup(client, bad_id):
    assert client.get(f"/api/play/{bad_id}").status_code == 404
    answer = client.post(
        f"/api/play/{bad_id}/actions",
        data=json.dumps({"seat": 0, "action": {"type": "draw"}}),
        content_type="application/json",
        headers={"Authorization": "Bearer k"},
    )
    assert answer.status_code == 404


@pytest.mark.parametrize(
    "make, draw",
    [(uno_people, {"type": "draw"}), (p10_people, {"type": "draw", "from": "pile"})],
    ids=["uno", "phase10"],
)
def test_a_loaded_engine_never_changes_the_state_the_row_holds(app, client, make, draw):
    """Every read and action rebuilds the engine from a copy of the stored state (``play.copy_state``): what the
    engine then does (a draw, bots moving) must not reach the row's state, which a write compares and a
    conflict shows again."""
    data = make(client)
    with app.app_context():
        found = play_service.get_play(data["id"])
        before = json.dumps(found.state, sort_keys=True)
        engine = play_service.load(found)
        engine.apply(0, draw)
        assert json.dumps(engine.to_json(), sort_keys=True) != before  # the engine did change
        assert json.dumps(found.state, sort_keys=True) == before
        copied = play_service.copy_state(found.state)
        assert copied == found.state and copied is not found.state
        assert copied["seats"] is not found.state["seats"]
