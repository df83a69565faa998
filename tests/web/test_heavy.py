"""Slots for long work (app/heavy.py): shared through lock files, taken once per request, taken by a write
that replays a big sheet; granted first come first served between clients, at most a client's share at once,
after a bounded wait (503), and not taken by a read of a digital game in which no bot can move."""

from __future__ import annotations

import fcntl
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from app import heavy


@pytest.fixture(autouse=True)
def own_instance(app, tmp_path):
    """This test's own slot files and queue (gunicorn in other tests shares the checkout's instance folder)."""
    app.instance_path = str(tmp_path / "instance")
    (tmp_path / "instance" / "slots").mkdir(parents=True)
    app.config["HEAVY_WAIT_SECONDS"] = 60  # a loaded test machine must not turn a turn that comes late into a 503


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
        assert heavy.run_for_replay(rounds, taken, one_slot) is in_slot


def test_a_save_on_a_big_sheet_replays_in_a_slot(client, app, one_slot, monkeypatch):
    app.config["HEAVY_NICE"] = 19
    # The threshold as a smaller number: the same path, without saving a hundred rounds one by one.
    monkeypatch.setattr(heavy, "LONG_REPLAY_ROUNDS", 12)
    from app.services import sheets as sheet_service

    seen: list[bool] = []
    replay = sheet_service.build_sheet
    monkeypatch.setattr(
        sheet_service,
        "build_sheet",
        lambda game, **kw: seen.append(taken(one_slot) and _priority() == 19) or replay(game, **kw),
    )
    game = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    seen.clear()  # the answer to the creation replayed the empty sheet
    for number in range(1, heavy.LONG_REPLAY_ROUNDS + 3):
        body = {"round": number, "results": [{"player": "Ana", "points": 1}, {"player": "Ben", "points": 2}]}
        answer = client.post(f"/api/games/{game['id']}/rounds", json=body, headers=auth)
        assert answer.status_code == 201, answer.get_json()
    # Saving round n replays n - 1 rounds: up to LONG_REPLAY_ROUNDS, no slot; past them, the replay runs in one, at
    # the long work's lower priority.
    assert seen == [False] * (heavy.LONG_REPLAY_ROUNDS + 1) + [True]


def _priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def test_long_work_runs_at_a_lower_priority_in_the_request_s_own_context(app, one_slot):
    """The work runs on a thread of its own whose nice value is HEAVY_NICE, with the request's ``g``, request
    and database session; the request's thread keeps its priority; what the work raises comes out of run()."""
    from flask import g, request

    from app.errors import ApiError
    from app.extensions import db

    app.config["HEAVY_NICE"] = 7
    with app.test_request_context("/api/play/x", environ_base={"REMOTE_ADDR": "10.0.0.9"}):
        g.marker = object()
        session = db.session()
        own = (threading.get_native_id(), _priority())

        def work(number: int) -> tuple:
            return (
                number,
                threading.get_native_id(),
                _priority(),
                g.marker,
                request.path,
                db.session() is session,
                taken(one_slot),
            )

        number, thread, priority, marker, path, same_session, in_slot = heavy.run(work, 5)
        assert (number, marker, path, same_session, in_slot) == (5, g.marker, "/api/play/x", True, True)
        assert thread != own[0] and priority == 7
        assert (threading.get_native_id(), _priority()) == own  # the request's thread is as it was

        def refuse() -> None:
            raise ApiError("no", 409)

        with pytest.raises(ApiError, match="no"):
            heavy.run(refuse)
        assert not taken(one_slot)


@pytest.mark.parametrize("setting", ["nice", "gevent"])
def test_long_work_stays_in_the_request_s_thread_when_there_is_nothing_to_lower(app, one_slot, monkeypatch, setting):
    """HEAVY_NICE 0, or threads that are gevent's greenlets (a thread's priority would be the whole process's)."""
    import types

    if setting == "nice":
        app.config["HEAVY_NICE"] = 0
    else:
        patched = types.SimpleNamespace(is_module_patched=lambda name: name == "threading")
        monkeypatch.setitem(sys.modules, "gevent.monkey", patched)
    with app.test_request_context():
        here = threading.get_native_id()
        assert heavy.run(lambda: (threading.get_native_id(), taken(one_slot))) == (here, True)


@pytest.mark.parametrize(("cpus", "slots"), [(1, 1), (2, 1), (4, 3), (16, 15)])
def test_long_work_leaves_a_core_to_the_short_requests(cpus, slots):
    assert heavy.default_slots(cpus) == slots


class Request(threading.Thread):
    """A request from ``address`` that takes a slot, notes when it got it, and holds it until ``release``."""

    def __init__(self, app, address: str, granted: list[str], name: str | None = None) -> None:
        super().__init__(daemon=True)
        self.app, self.address, self.granted = app, address, granted
        self.label = name or address
        self.holding = threading.Event()
        self.release = threading.Event()
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            with self.app.test_request_context(environ_base={"REMOTE_ADDR": self.address}), heavy.slot():
                self.granted.append(self.label)
                self.holding.set()
                self.release.wait(30)
        except Exception as error:  # noqa: BLE001 - the test looks at it
            self.error = error


def until(condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.005)


def test_slots_are_granted_first_come_first_served(app, one_slot):
    granted: list[str] = []
    holder = Request(app, "10.0.0.1", granted)
    holder.start()
    assert holder.holding.wait(10)
    queued = []
    for address in ("10.0.0.4", "10.0.0.2", "10.0.0.5", "10.0.0.3"):
        request = Request(app, address, granted)
        request.start()
        queued.append(request)
        count = len(queued)
        until(lambda count=count: len(heavy.waiting(app)) == count)  # in the queue before the next one comes
    holder.release.set()
    for request in queued:
        assert request.holding.wait(10)
        request.release.set()
        request.join(10)
    assert granted == ["10.0.0.1", "10.0.0.4", "10.0.0.2", "10.0.0.5", "10.0.0.3"]


def test_one_client_holds_at_most_its_share(app):
    app.config["HEAVY_SLOTS"] = 2  # a client's share: half of them, one
    granted: list[str] = []
    first = Request(app, "10.0.0.1", granted, "greedy 1")
    first.start()
    assert first.holding.wait(10)
    more = [Request(app, "10.0.0.1", granted, f"greedy {n}") for n in (2, 3)]
    for number, request in enumerate(more, start=1):  # one at a time: their tickets follow their names
        request.start()
        until(lambda number=number: len(heavy.waiting(app)) == number)
    time.sleep(0.1)
    assert granted == ["greedy 1"], "the same client took the second slot"
    other = Request(app, "10.0.0.2", granted, "other")
    other.start()
    assert other.holding.wait(10), "another client waited although a slot was free"
    assert [client for _ticket, client in heavy.holders(app)] == ["10.0.0.1", "10.0.0.2"]
    first.release.set()
    assert more[0].holding.wait(10)
    assert not more[1].holding.is_set()
    for request in [*more, other]:
        request.release.set()
    for request in [first, *more, other]:
        request.join(10)
    assert granted == ["greedy 1", "other", "greedy 2", "greedy 3"]


def test_a_client_with_many_waiting_requests_does_not_go_before_a_newcomer(app, one_slot):
    app.config["HEAVY_CLIENT_WAITING"] = 3
    granted: list[str] = []
    holder = Request(app, "10.0.0.1", granted, "greedy 1")
    holder.start()
    assert holder.holding.wait(10)
    greedy = [Request(app, "10.0.0.1", granted, f"greedy {n}") for n in (2, 3, 4)]
    for number, request in enumerate(greedy, start=1):  # one at a time: their tickets follow their names
        request.start()
        until(lambda number=number: len(heavy.waiting(app)) == number)
    late = Request(app, "10.0.0.9", granted, "newcomer")
    late.start()
    until(lambda: len(heavy.waiting(app)) == 4)
    holder.release.set()
    assert late.holding.wait(10)
    late.release.set()
    for request in greedy:
        assert request.holding.wait(10), request.error
        request.release.set()
    assert granted == ["greedy 1", "newcomer", "greedy 2", "greedy 3", "greedy 4"]


def bots_only_game(client) -> dict:
    seats = [{"name": f"Bot {n}", "bot": "random"} for n in range(4)]
    answer = client.post("/api/play", json={"game": "uno", "seats": seats, "rules": {"target": 10000}})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def test_a_request_whose_turn_does_not_come_gets_503_with_retry_after(app, client, one_slot):
    app.config["PLAY_BOT_BUDGET_MS"] = 1  # the bots stop at once: a read has bots to move
    game = bots_only_game(client)
    app.config["HEAVY_WAIT_SECONDS"] = 0.3
    granted: list[str] = []
    holder = Request(app, "10.0.0.1", granted)
    holder.start()
    assert holder.holding.wait(10)
    started = time.monotonic()
    answer = client.get(f"/api/play/{game['id']}", environ_base={"REMOTE_ADDR": "10.0.0.2"})
    holder.release.set()
    holder.join(10)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == str(heavy.RETRY_AFTER_SECONDS)
    assert "busy" in answer.get_json()["error"]
    assert time.monotonic() - started < 10
    assert heavy.waiting(app) == [], "the refused request left its ticket in the queue"
    assert client.get(f"/api/play/{game['id']}").status_code == 200  # and the next one gets the slot


def test_a_read_in_which_no_bot_can_move_takes_no_slot(app, client, monkeypatch):
    taken: list[str] = []
    real_slot = heavy.slot

    def noted_slot():
        taken.append(heavy.client_of())
        return real_slot()

    monkeypatch.setattr(heavy, "slot", noted_slot)
    seats = [{"name": "Ana"}, {"name": "Ben"}]  # people only: no bot can ever move
    answer = client.post("/api/play", json={"game": "phase10", "seats": seats})
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    taken.clear()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    assert client.get(f"/api/play/{game['id']}?seat=0", headers=auth).status_code == 200
    assert client.get(f"/api/play/{game['id']}").status_code == 200
    assert taken == []
    bots = bots_only_game(client)  # a game of bots: reading it moves them, in a slot
    taken.clear()
    assert client.get(f"/api/play/{bots['id']}").status_code == 200
    assert len(taken) == 1


def test_a_client_past_its_share_and_its_waiting_room_is_answered_503_at_once(app, client, one_slot):
    app.config.update(PLAY_BOT_BUDGET_MS=1, HEAVY_CLIENT_WAITING=1, HEAVY_WAIT_SECONDS=30)
    game = bots_only_game(client)
    granted: list[str] = []
    holder = Request(app, "10.0.0.1", granted)
    holder.start()
    assert holder.holding.wait(10)
    waiter = Request(app, "10.0.0.1", granted, "second")
    waiter.start()
    until(lambda: len(heavy.waiting(app)) == 1)
    started = time.monotonic()
    refused = client.get(f"/api/play/{game['id']}", environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert refused.status_code == 503 and "Retry-After" in refused.headers
    assert time.monotonic() - started < 10, "the third request waited instead of being refused at once"
    assert len(heavy.waiting(app)) == 1
    holder.release.set()
    assert waiter.holding.wait(10)
    waiter.release.set()
    for request in (holder, waiter):
        request.join(10)


def test_a_client_at_its_limit_is_refused_before_its_game_is_loaded(app, client, one_slot, monkeypatch):
    from app.services import play as play_service

    app.config.update(HEAVY_CLIENT_WAITING=0)
    seats = [{"name": "Ana"}, {"name": "Ben"}]
    game = client.post("/api/play", json={"game": "phase10", "seats": seats}).get_json()
    loaded: list[str] = []
    real_load = play_service.load
    monkeypatch.setattr(play_service, "load", lambda found: loaded.append(found.id) or real_load(found))
    granted: list[str] = []
    holder = Request(app, "10.0.0.1", granted)
    holder.start()
    assert holder.holding.wait(10)
    refused = client.get(f"/api/play/{game['id']}", environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert refused.status_code == 503 and loaded == []
    other = client.get(f"/api/play/{game['id']}", environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code == 200, "another client's read that moves no bot waited or was refused"
    holder.release.set()
    holder.join(10)


def test_a_persons_move_takes_no_slot(app, client, monkeypatch):
    """A person's move is short work (the bots that answer it stop at the next person's turn, one trip round the
    table at most): it does not wait behind long work for a slot."""
    taken: list[str] = []
    real_slot = heavy.slot

    def noted_slot():
        taken.append(heavy.client_of())
        return real_slot()

    seats = [{"name": "Ana"}, *({"name": f"Bot {n}", "bot": "random"} for n in range(3))]
    answer = client.post("/api/play", json={"game": "uno", "seats": seats})
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    state = client.get(f"/api/play/{game['id']}?seat=0", headers=auth).get_json()
    legal = [a for a in state["legal"] if a.get("type") not in ("catch", "call")]
    monkeypatch.setattr(heavy, "slot", noted_slot)
    moved = client.post(f"/api/play/{game['id']}/actions", json={"seat": 0, "action": legal[0]}, headers=auth)
    assert moved.status_code == 200, moved.get_json()
    assert taken == []


def test_short_requests_get_the_interpreter_back_soon_beside_long_work():
    """A worker process lets a thread hold Python's interpreter lock for 0.5 ms, not Python's 5 ms: a short request
    beside long work in another thread of the process waits that long each time it comes back from I/O. The
    setting is applied by create_app; empty, Python's own stays (the suite's processes: tests/conftest.py)."""
    import os
    import subprocess
    import sys

    from app import create_app

    default = sys.getswitchinterval()
    try:
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SWITCH_INTERVAL_SECONDS": "0.0005"})
        assert sys.getswitchinterval() == pytest.approx(0.0005)
        sys.setswitchinterval(default)
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SWITCH_INTERVAL_SECONDS": ""})
        assert sys.getswitchinterval() == pytest.approx(default)
    finally:
        sys.setswitchinterval(default)
    # A server started without the setting in its environment gets 0.5 ms.
    env = {k: v for k, v in os.environ.items() if k != "DECKSIDE_SWITCH_INTERVAL_SECONDS"}
    shown = subprocess.run(
        [sys.executable, "-c", "from app.config import Defaults; print(Defaults.SWITCH_INTERVAL_SECONDS)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout.strip()
    assert shown == "0.0005"


def test_long_work_goes_lower_from_the_process_s_own_priority_and_never_higher(monkeypatch, caplog):
    """HEAVY_NICE is added to the thread's nice value (a server started with ``nice`` keeps its place below the
    others), up to 19; a system that refuses leaves the thread at the requests' priority, and the work runs."""
    asked: list[int] = []
    monkeypatch.setattr(os, "getpriority", lambda which, who: 15)
    monkeypatch.setattr(os, "setpriority", lambda which, who, value: asked.append(value))
    heavy._lower(7)
    assert asked == [19]

    def refuse(which, who, value):
        raise PermissionError("not allowed here")

    monkeypatch.setattr(os, "setpriority", refuse)
    heavy._lower(7)  # logged, not raised: the pool's thread starts and runs the work
    assert "long work keeps the requests' priority: not allowed here" in caplog.text
