"""Phones at the same table at once, over real HTTP against a threaded server (SQLite or PostgreSQL).

- Two phones saving the same round of the same game: exactly one is stored, the other is told (409).
- Twenty phones recording rounds in twenty games at once: every round is stored, nobody sees an error.
- Two phones undoing the same round, or one undoing while another saves: exactly one change is stored.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from hardening_support import PLAYERS, Http, new_game, rotating_round

from tests.tiers import bounded

pytestmark = pytest.mark.slow  # starts servers and drives them from many threads

GAMES = 8


@pytest.mark.parametrize("rounds", bounded([10, 25], keep={10}))  # 8 games x 10 rounds = 80 races (long: 200)
def test_two_phones_saving_the_same_round_store_it_once(served, rounds):
    setup = Http(served)
    games = [new_game(setup) for _ in range(GAMES)]
    barrier = threading.Barrier(2)
    outcomes: list[list[tuple[int, object]]] = [[], []]

    def phone(index: int) -> None:
        http = Http(served)
        for game_id, key in games:
            for number in range(1, rounds + 1):
                # The two phones enter the round differently, so the stored one shows who won.
                body = rotating_round(number, points=50 + 5 * index)
                barrier.wait(timeout=30)
                outcomes[index].append(http.request("POST", f"/api/games/{game_id}/rounds", body, key))
        http.close()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert all(len(o) == GAMES * rounds for o in outcomes)

    for race, (first, second) in enumerate(zip(*outcomes)):
        assert sorted([first[0], second[0]]) == [201, 409], (race, first, second)
        loser = first if first[0] == 409 else second
        assert "reload" in loser[1]["error"]
    for g, (game_id, _key) in enumerate(games):
        status, game = setup.request("GET", f"/api/games/{game_id}")
        assert status == 200 and game["version"] == 1 + rounds
        assert [r["round"] for r in game["rounds"]] == list(range(1, rounds + 1))
        for number, stored in enumerate(game["rounds"], start=1):
            race = g * rounds + number - 1
            winner = 0 if outcomes[0][race][0] == 201 else 1
            others = [r for r in stored["results"] if r["player"] != stored["went_out"]]
            assert others[0]["points"] == 50 + 5 * winner
            assert len(stored["results"]) == len(PLAYERS)
    setup.close()


def _save_as_a_phone_does(http: Http, game_id: str, key: str, number: int) -> tuple[int, object]:
    """Save a round; on 503 "too busy" (the write lock waited past its timeout on a loaded machine), send it
    again after a moment with the same idempotency key, as a phone's queue does. Any other answer is final."""
    headers = {"Idempotency-Key": f"{game_id}-{number}"}
    for _attempt in range(4):
        status, body = http.request("POST", f"/api/games/{game_id}/rounds", rotating_round(number), key, headers)
        if status != 503 or "too busy" not in str(body):
            break
        time.sleep(2)  # the answer's Retry-After
    return status, body


@pytest.mark.parametrize("phones", bounded([10, 20], keep={10}))
def test_twenty_phones_in_twenty_games_all_rounds_stored(served, phones):
    rounds = 8
    setup = Http(served)
    games = [new_game(setup) for _ in range(phones)]
    setup.close()
    start = threading.Barrier(phones)

    def phone(game) -> list[tuple[int, object]]:
        game_id, key = game
        http = Http(served)
        start.wait(timeout=30)
        answers = []
        for number in range(1, rounds + 1):
            answers.append(_save_as_a_phone_does(http, game_id, key, number))
            answers.append(http.request("GET", f"/api/games/{game_id}"))
        http.close()
        return answers

    with ThreadPoolExecutor(phones) as pool:
        results = list(pool.map(phone, games))
    for answers in results:
        saves, reads = answers[0::2], answers[1::2]
        assert [status for status, _body in saves] == [201] * rounds, [b for s, b in saves if s != 201][:3]
        assert all(status == 200 for status, _body in reads)
        assert not any("locked" in str(body) for _status, body in answers)
    check = Http(served)
    for game_id, _key in games:
        status, game = check.request("GET", f"/api/games/{game_id}")
        assert status == 200 and len(game["rounds"]) == rounds and game["version"] == rounds + 1
    check.close()


RACES = 12  # per test: each race is one undo (or save) that must happen once


def _race(served, requests) -> list[tuple[int, object]]:
    """Send ``requests`` (method, path, body, key, headers) from as many phones at the same moment."""
    barrier = threading.Barrier(len(requests))

    def phone(request) -> tuple[int, object]:
        http = Http(served)
        barrier.wait(timeout=30)
        try:
            return http.request(*request)
        finally:
            http.close()

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(phone, requests))


def _game_with_rounds(http: Http, rounds: int) -> tuple[str, str]:
    game_id, key = new_game(http)
    for number in range(1, rounds + 1):
        status, body = http.request("POST", f"/api/games/{game_id}/rounds", rotating_round(number), key)
        assert status == 201, body
    return game_id, key


def test_two_phones_undoing_the_last_round_take_it_back_once(served):
    """Both phones send the version they read (as the page's form does): one undo is stored, the other is told."""
    http = Http(served)
    game_id, key = _game_with_rounds(http, RACES)
    for race in range(RACES):
        last, version = RACES - race, 1 + RACES + race
        undo = ("DELETE", f"/api/games/{game_id}/rounds/{last}", None, key, {"If-Match": f'"{version}"'})
        answers = _race(served, [undo, undo])
        assert sorted(status for status, _body in answers) == [200, 409], (race, answers)
        status, game = http.request("GET", f"/api/games/{game_id}")
        assert status == 200 and [r["round"] for r in game["rounds"]] == list(range(1, last)), race
        assert game["version"] == version + 1, race  # one change, not two
    # Without If-Match the loser finds the round gone (404): still only one round is taken back per race.
    for number in range(1, 4):
        http.request("POST", f"/api/games/{game_id}/rounds", rotating_round(number), key)
    undo = ("DELETE", f"/api/games/{game_id}/rounds/3", None, key, None)
    assert sorted(status for status, _body in _race(served, [undo, undo])) == [200, 404]
    _status, game = http.request("GET", f"/api/games/{game_id}")
    assert len(game["rounds"]) == 2
    http.close()


def test_an_undo_and_a_save_at_once_leave_one_of_them(served):
    """One phone takes the last round back while another saves the next: exactly one of them happens, and
    the stored rounds are the ones it leaves (nothing lost, nothing done twice)."""
    http = Http(served)
    game_id, key = _game_with_rounds(http, 2)
    for race in range(RACES):
        status, game = http.request("GET", f"/api/games/{game_id}")
        assert status == 200, game
        count, version = len(game["rounds"]), game["version"]
        undo = ("DELETE", f"/api/games/{game_id}/rounds/{count}", None, key, None)
        save = ("POST", f"/api/games/{game_id}/rounds", rotating_round(count + 1, points=60), key, None)
        (undone, _u), (saved, _s) = _race(served, [undo, save])
        assert sorted([undone, saved]) in ([200, 409], [201, 409]), (race, undone, saved, _u, _s)
        _status, game = http.request("GET", f"/api/games/{game_id}")
        expected = count - 1 if undone == 200 else count + 1
        assert [r["round"] for r in game["rounds"]] == list(range(1, expected + 1)), race
        assert game["version"] == version + 1, race
        if saved == 201:
            stored = game["rounds"][-1]
            assert next(r for r in stored["results"] if r["player"] != stored["went_out"])["points"] == 60
        if len(game["rounds"]) < 2:  # keep a round to undo
            http.request("POST", f"/api/games/{game_id}/rounds", rotating_round(len(game["rounds"]) + 1), key)
    http.close()
