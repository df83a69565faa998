"""Slots for long work (app/heavy.py): shared through lock files, taken once per request, and taken by a
write that replays a big sheet."""

from __future__ import annotations

import fcntl
import threading
from pathlib import Path

import pytest

from app import heavy


@pytest.fixture
def one_slot(app):
    app.config["HEAVY_SLOTS"] = 1
    return Path(app.instance_path) / "slots" / "heavy-0.lock"


def taken(lock_file: Path) -> bool:
    """Whether another holder has the slot's lock file (a second open file description cannot lock it)."""
    with lock_file.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def test_a_request_holding_a_slot_does_not_wait_for_a_second_one(app, one_slot):
    done = threading.Event()

    def nested() -> None:
        with app.test_request_context(), heavy.slot(), heavy.slot():
            assert taken(one_slot)
            done.set()

    worker = threading.Thread(target=nested, daemon=True)
    worker.start()
    worker.join(10)
    assert done.is_set(), "the second slot() waited for the slot its own request holds"
    assert not taken(one_slot)


@pytest.mark.parametrize(
    ("rounds", "in_slot"), [(heavy.LONG_REPLAY_ROUNDS, False), (heavy.LONG_REPLAY_ROUNDS + 1, True)]
)
def test_replaying_a_big_sheet_takes_a_slot(app, one_slot, rounds, in_slot):
    with app.test_request_context():
        with heavy.slot():  # makes the lock file; released at once
            pass
        with heavy.slot_for_replay(rounds):
            assert taken(one_slot) is in_slot


def test_a_save_on_a_big_sheet_replays_in_a_slot(client, app, one_slot, monkeypatch):
    from app.services import sheets as sheet_service

    seen: list[bool] = []
    replay = sheet_service.build_sheet
    monkeypatch.setattr(
        sheet_service, "build_sheet", lambda game, **kw: seen.append(taken(one_slot)) or replay(game, **kw)
    )
    game = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    seen.clear()  # the answer to the creation replayed the empty sheet
    for number in range(1, heavy.LONG_REPLAY_ROUNDS + 3):
        body = {"round": number, "results": [{"player": "Ana", "points": 1}, {"player": "Ben", "points": 2}]}
        answer = client.post(f"/api/games/{game['id']}/rounds", json=body, headers=auth)
        assert answer.status_code == 201, answer.get_json()
    # Saving round n replays n - 1 rounds: up to LONG_REPLAY_ROUNDS, no slot; past them, the replay runs in one.
    assert seen == [False] * (heavy.LONG_REPLAY_ROUNDS + 1) + [True]


@pytest.mark.parametrize(("cpus", "slots"), [(1, 1), (2, 1), (4, 3), (16, 15)])
def test_long_work_leaves_a_core_to_the_short_requests(cpus, slots):
    assert heavy.default_slots(cpus) == slots
