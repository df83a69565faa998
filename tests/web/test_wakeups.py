"""Long polls wake at once when their own process saves a change (app/changes.py): with a poll far longer
than the test, a held wait still answers within a few seconds of the save. A save that is refused, or a
read, wakes nobody. Changes made by another process wake the waits at once on PostgreSQL (LISTEN/NOTIFY:
``make test-postgres`` runs the test with a 30 s poll) and at the next poll on SQLite (tests/tls, bench/live.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from api_helpers import create, p10_round, post
from test_api_seats import FIRST_MOVE
from test_api_seats import call as seat_call
from test_api_seats import create as create_play

from app import changes
from tests.conftest import TEST_DATABASE_URL

LONG_POLL = 30.0  # far longer than any test here: only a wake-up can answer in time


def held(app, url: str, key: str | None = None) -> tuple[threading.Thread, dict]:
    """``GET url`` from another phone, in a thread; what it answered and how long it took."""
    seen: dict = {}

    def wait():
        with app.test_client() as phone:
            started = time.monotonic()
            seen["answer"] = seat_call(phone, "GET", url, key)
            seen["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=wait)
    thread.start()
    time.sleep(0.5)  # the wait has made its first check and sleeps
    return thread, seen


def test_a_sheet_wait_answers_at_once_when_this_process_saves(app, client):
    app.config.update(LIVE_WAIT_SECONDS=LONG_POLL + 5, LIVE_POLL_SECONDS=LONG_POLL)
    game_id, key, _ = create(client)
    thread, seen = held(app, f"/api/games/{game_id}/wait?version=1")
    saved_at = time.monotonic()
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    thread.join(timeout=LONG_POLL + 10)
    answer = seen["answer"]
    assert answer.status_code == 200 and answer.get_json()["version"] == 2
    assert seen["seconds"] < 5 and time.monotonic() - saved_at < 4  # not at the 30 s poll


def test_a_play_wait_answers_at_once_when_this_process_saves_a_move(app, client):
    app.config.update(PLAY_WAIT_SECONDS=LONG_POLL + 5, PLAY_POLL_SECONDS=LONG_POLL)
    data = create_play(client, "uno")
    url = f"/api/play/{data['id']}/wait?version={data['version']}"
    thread, seen = held(app, url, data["seat_keys"]["1"])
    moved = seat_call(
        client, "POST", f"/api/play/{data['id']}/actions", data["edit_key"], {"seat": 0, "action": FIRST_MOVE["uno"]}
    )
    assert moved.status_code == 200
    thread.join(timeout=LONG_POLL + 10)
    answer = seen["answer"]
    assert answer.status_code == 200 and answer.get_json()["version"] > data["version"]
    assert seen["seconds"] < 5


def test_only_a_committed_change_wakes_the_waiters(client):
    game_id, key, _ = create(client)
    before = changes.generation(changes.SHEETS)
    assert client.get(f"/api/games/{game_id}").status_code == 200  # a read
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(5), key).status_code == 409  # refused
    bad = p10_round(1, others={"Ben": {"points": 7}})
    assert post(client, f"/api/games/{game_id}/rounds", bad, key).status_code == 400  # refused by the rules
    assert changes.generation(changes.SHEETS) == before
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    assert changes.generation(changes.SHEETS) == before + 1


def test_a_move_wakes_only_those_who_watch_that_game_and_nothing_is_kept_for_others(client):
    data = create_play(client, "uno")
    other = create_play(client, "uno")
    watched, unwatched = changes.play_key(data["id"]), changes.play_key(other["id"])
    sheets_before = changes.generation(changes.SHEETS)
    url = "/api/play/{}/actions"
    move = {"seat": 0, "action": FIRST_MOVE["uno"]}
    with changes.watching(watched):
        seen = changes.generation(watched)
        assert seat_call(client, "POST", url.format(other["id"]), other["edit_key"], move).status_code == 200
        assert changes.generation(watched) == seen  # another game's move
        assert seat_call(client, "POST", url.format(data["id"]), data["edit_key"], move).status_code == 200
        assert changes.generation(watched) == seen + 1
        assert changes.wait(watched, 5.0, seen) == seen + 1  # at once
    assert changes.generation(unwatched) == 0 and changes.generation(watched) == 0  # nothing kept once unwatched
    assert changes.generation(changes.SHEETS) == sheets_before  # no hand ended: no sheet changed


ANOTHER_PROCESS = """
import json, sys
from app import create_app
app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": sys.argv[1], "SECRET_KEY": "test-only"})
method, url, key, body = sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
answer = app.test_client().open(url, method=method, json=body, headers={"Authorization": "Bearer " + key})
print(answer.status_code)
"""


def in_another_process(database_url: str, method: str, url: str, key: str, body: dict) -> int:
    """The request made by another Python process with its own app on the same database: its status."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", ANOTHER_PROCESS, database_url, method, url, key, json.dumps(body)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return int(done.stdout.split()[-1])


# PostgreSQL: the other process's commit NOTIFYs, and the held wait answers long before its first poll
# (30 s, after the 25 s wait is over: only the notification can bring the new version). SQLite cannot say:
# the wait sees it at its next poll, every half second here.
CROSS_POLL = LONG_POLL if TEST_DATABASE_URL else 0.5


def test_a_sheet_wait_hears_a_save_made_by_another_process(app, client, database_url):
    app.config.update(LIVE_WAIT_SECONDS=25, LIVE_POLL_SECONDS=CROSS_POLL)
    game_id, key, _ = create(client)
    thread, seen = held(app, f"/api/games/{game_id}/wait?version=1")
    assert in_another_process(database_url, "POST", f"/api/games/{game_id}/rounds", key, p10_round(1)) == 201
    saved_at = time.monotonic()
    thread.join(timeout=40)
    answer = seen["answer"]
    assert answer.status_code == 200 and answer.get_json()["version"] == 2
    assert time.monotonic() - saved_at < 5


def test_a_play_wait_hears_a_move_made_by_another_process(app, client, database_url):
    app.config.update(PLAY_WAIT_SECONDS=25, PLAY_POLL_SECONDS=CROSS_POLL)
    data = create_play(client, "uno")
    thread, seen = held(app, f"/api/play/{data['id']}/wait?version={data['version']}", data["seat_keys"]["1"])
    move = {"seat": 0, "action": FIRST_MOVE["uno"]}
    assert in_another_process(database_url, "POST", f"/api/play/{data['id']}/actions", data["edit_key"], move) == 200
    moved_at = time.monotonic()
    thread.join(timeout=40)
    answer = seen["answer"]
    assert answer.status_code == 200 and answer.get_json()["version"] > data["version"]
    assert time.monotonic() - moved_at < 5
