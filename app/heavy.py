"""Slots for long work: at most ``HEAVY_SLOTS`` requests per machine run long work at once (bots' moves,
an import, a correction checking every later round); the others wait their turn without using the CPU.

On a small server every process competes for the same few cores: eight requests each computing for a
tenth of a second would slow down everything else — including the short transaction that holds the
database's write lock for another table's round save. The slots are lock files in the instance folder
(``fcntl.flock``), so they are shared by every worker process on the machine and released by the kernel
if a worker dies. ``HEAVY_SLOTS`` defaults to one less than the number of CPUs (at least one), so long work
never takes every core from the short requests; ``0`` turns the slots off.

The turns are fair (a queue file beside the slots, ``queue.json``, read and written under its own lock):

- **First come, first served between clients**: a request that must wait takes a ticket; a free slot goes to
  the oldest ticket of the client whose last turn lies furthest back (a client that has had no turn yet comes
  first), so one client's forty requests queue behind each other and not in front of another client's one.
  A client is its address (:func:`client_of`, after ``DECKSIDE_PROXIES``).
- **A share per client**: one client holds at most ``HEAVY_CLIENT_SHARE`` slots at once (default half of
  them, at least one), so it can never hold them all while someone else waits.
- **A bounded wait**: a request that has not had its turn after ``HEAVY_WAIT_SECONDS`` is answered 503 with
  ``Retry-After`` and a sentence (:class:`~app.errors.ApiError`); nothing was done. A client that already
  holds its share and has ``HEAVY_CLIENT_WAITING`` requests waiting gets that 503 at once: its flood does not
  hold the server's threads while it waits.

Long work may run at a lower priority than the short requests (:func:`run`, off unless ``HEAVY_NICE`` is set):
each worker process then keeps a thread per slot whose operating-system priority is lowered by ``HEAVY_NICE``
(``nice``), and a request that has its turn hands its long work to one of them and waits. When both compete for a
core, the kernel gives it to the short request; but a lowered thread that holds the database's write lock (an
import, bots' moves being stored) makes every other write wait longer. Measured with ``bench/fairness.py`` on 2
cores, the two effects were about even: over 30 s runs the victims' p95 fell by about a quarter with 19, over
60 s runs it rose. The work runs in a copy of the request's context (the same request, ``g`` and database
session; the request's thread waits meanwhile), so nothing about it changes but its priority. Nothing to lower
under gevent (one thread for every greenlet) or with ``HEAVY_NICE`` 0 (the default): the work runs in the
request's thread.

Replaying a sheet costs about a millisecond a round: a write on a sheet of more than
``LONG_REPLAY_ROUNDS`` rounds (a save, an undo, a tie-breaker) replays it in a slot too
(:func:`run_for_replay`), so that saving rounds on big sheets cannot crowd out the small ones either.
A request already holding a slot does not take a second one.
"""

from __future__ import annotations

import contextlib
import contextvars
import fcntl
import json
import logging
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import wraps
from pathlib import Path
from typing import Any

from flask import current_app, g, request
from flask_babel import gettext as _

from .errors import ApiError

logger = logging.getLogger(__name__)

POLL_SECONDS = 0.005
"""How often the first waiters in the queue look for a free slot (those further back look less often)."""
LONG_REPLAY_ROUNDS = 100
WAIT_SECONDS = 10.0
"""How long a request waits for its turn before it is answered 503 (``HEAVY_WAIT_SECONDS``)."""
RETRY_AFTER_SECONDS = 5
NICE = 0
"""How much lower the long work's threads are scheduled than the requests' (``HEAVY_NICE``, 0 to 19, added to the
process's own nice value; 0: not lowered, the work runs in the request's thread)."""
CLIENT_WAITING = 8
"""Requests one client may have waiting beyond its share (``HEAVY_CLIENT_WAITING``); more are answered 503 at
once, so that a client's flood holds no worker thread while it waits."""

_released = threading.Condition()
"""Wakes this process's waiters when one of its requests gives a slot back (others poll the queue file)."""


def client_of() -> str:
    """Who a request comes from, for the share and the turns: its address (``request.remote_addr`` after
    the proxy fix-up), or ``"-"`` outside a request."""
    try:
        return request.remote_addr or "-"
    except RuntimeError:
        return "-"


def _share(count: int) -> int:
    configured = current_app.config.get("HEAVY_CLIENT_SHARE")
    if configured not in (None, ""):
        return max(1, int(configured))
    return max(1, count // 2)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class _Queue:
    """The machine's queue file: ``{"next": n, "turn": n, "waiting": [[ticket, pid, client], ...],
    "holders": {slot: [ticket, pid, client]}, "turns": {client: turn}}``, changed under ``queue.lock``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / "queue.json"

    @contextlib.contextmanager
    def state(self) -> Iterator[dict[str, Any]]:
        with (self.folder / "queue.lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                try:
                    state = json.loads(self.path.read_text())
                except (OSError, ValueError):
                    state = {}
                for key, empty in (("next", 0), ("turn", 0), ("waiting", []), ("holders", {}), ("turns", {})):
                    state.setdefault(key, empty)
                before = json.dumps(state, sort_keys=True)
                yield state
                after = json.dumps(state, sort_keys=True)
                if after != before:
                    spare = self.path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
                    spare.write_text(after)
                    spare.replace(self.path)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _forget_the_dead(state: dict[str, Any]) -> None:
    """Drop the tickets and holders of worker processes that have ended (a killed worker's slot locks went with it)."""
    pids = {entry[1] for entry in state["waiting"]} | {entry[1] for entry in state["holders"].values()}
    dead = {pid for pid in pids if not _alive(pid)}
    if dead:
        state["waiting"] = [entry for entry in state["waiting"] if entry[1] not in dead]
        state["holders"] = {slot: entry for slot, entry in state["holders"].items() if entry[1] not in dead}
    present = {entry[2] for entry in state["waiting"]} | {entry[2] for entry in state["holders"].values()}
    state["turns"] = {client: turn for client, turn in state["turns"].items() if client in present}


def _order(state: dict[str, Any], count: int, share: int) -> tuple[list[int], list[int]]:
    """The waiting tickets in their order: (those that get the slots free now, the others)."""
    held = Counter(entry[2] for entry in state["holders"].values())
    turns = state["turns"]
    free = count - len(state["holders"])
    ranked = sorted(state["waiting"], key=lambda entry: (turns.get(entry[2], -1), entry[0]))
    first, later = [], []
    for ticket, _pid, client in ranked:
        if free > 0 and held[client] < share:
            first.append(ticket)
            held[client] += 1
            free -= 1
        else:
            later.append(ticket)
    return first, later


def _try_to_take(queue: _Queue, ticket: int, count: int, share: int) -> tuple[Any, int, int] | None:
    """Take a slot when it is ``ticket``'s turn: (the slot's open lock file, the slot, -1); else (None, -1, the
    ticket's place in the queue)."""
    with queue.state() as state:
        _forget_the_dead(state)
        first, later = _order(state, count, share)
        if ticket in later:
            return (None, -1, len(first) + later.index(ticket))
        if ticket not in first:
            return None  # forgotten (its process looked dead): take a new ticket
        place = first.index(ticket)
        for slot in range(count):
            if str(slot) in state["holders"]:
                continue
            handle = (queue.folder / f"heavy-{slot}.lock").open("a")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # held by a process that no longer says so (the queue file was reset)
                handle.close()
                continue
            entry = next(entry for entry in state["waiting"] if entry[0] == ticket)
            state["waiting"].remove(entry)
            state["holders"][str(slot)] = entry
            state["turn"] += 1
            state["turns"][entry[2]] = state["turn"]
            return (handle, slot, -1)
        return (None, -1, place)


def _folder(app) -> Path:
    """The slots' folder (lock files and the queue), made when missing."""
    folder = Path(app.instance_path) / "slots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _allowed(count: int) -> int:
    """How many requests one client may hold or wait with: its share of ``count`` slots and its waiting room."""
    return _share(count) + int(current_app.config.get("HEAVY_CLIENT_WAITING", CLIENT_WAITING))


def _held_or_awaited(state: dict[str, Any], client: str) -> int:
    """The slots ``client`` holds and the turns it waits for."""
    return sum(entry[2] == client for entry in state["waiting"]) + sum(
        entry[2] == client for entry in state["holders"].values()
    )


def _enter(queue: _Queue, client: str, allowed: int) -> int:
    """A ticket for ``client``; the 503 of :func:`busy` at once when it already holds or waits for ``allowed``."""
    with queue.state() as state:
        _forget_the_dead(state)
        if _held_or_awaited(state, client) >= allowed:
            raise busy()
        ticket = state["next"]
        state["next"] += 1
        state["waiting"].append([ticket, os.getpid(), client])
        return ticket


def _leave(queue: _Queue, ticket: int, slot: int | None) -> None:
    with queue.state() as state:
        state["waiting"] = [entry for entry in state["waiting"] if entry[0] != ticket]
        if slot is not None and state["holders"].get(str(slot), [None])[0] == ticket:
            del state["holders"][str(slot)]
    with _released:
        _released.notify_all()


def busy() -> ApiError:
    """The 503 of a request whose turn did not come in time."""
    return ApiError(
        _(
            "The server is busy with other long work (bots' moves, imports, long sheets); nothing was done. "
            "Try again in a few seconds."
        ),
        503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


@contextlib.contextmanager
def slot() -> Iterator[None]:
    """Hold one of the machine's slots for long work: wait, sleeping, for this request's turn (first come,
    first served between clients, at most the client's share at once), or raise the 503 of :func:`busy`."""
    count = int(current_app.config["HEAVY_SLOTS"] or 0)
    if count <= 0 or g.get("heavy_slot"):
        yield
        return
    queue = _Queue(_folder(current_app))
    share = _share(count)
    patience = float(current_app.config.get("HEAVY_WAIT_SECONDS") or WAIT_SECONDS)
    deadline = time.monotonic() + patience
    allowed = _allowed(count)
    ticket = _enter(queue, client_of(), allowed)
    handle, taken = None, None
    try:
        while True:
            found = _try_to_take(queue, ticket, count, share)
            if found is None:
                ticket = _enter(queue, client_of(), allowed)
                continue
            handle, number, place = found
            if handle is not None:
                taken = number
                break
            left = deadline - time.monotonic()
            if left <= 0:
                raise busy()
            # The first in line look often; the ones further back less (the queue file is read each time).
            with _released:
                _released.wait(min(left, POLL_SECONDS * (1 + place)))
        g.heavy_slot = True
        yield
    finally:
        g.heavy_slot = False
        if handle is not None:
            fcntl.flock(handle, fcntl.LOCK_UN)
            handle.close()
        _leave(queue, ticket, taken)


def refuse_at_limit() -> None:
    """The 503 of :func:`busy` at once when this request's client already holds its share of the slots and has
    as many requests waiting as it may: a read that must load a big game before it knows whether its bots move
    checks this first, so that a client's flood is refused before it costs any work."""
    count = int(current_app.config["HEAVY_SLOTS"] or 0)
    if count <= 0 or g.get("heavy_slot"):
        return
    client = client_of()
    with _Queue(_folder(current_app)).state() as state:
        mine = _held_or_awaited(state, client)
    if mine >= _allowed(count):
        raise busy()


def holders(app) -> list[tuple[int, str]]:
    """(ticket, client) of the requests holding a slot now, by slot (for tests and operators)."""
    with _Queue(_folder(app)).state() as state:
        return [(entry[0], entry[2]) for _slot, entry in sorted(state["holders"].items())]


def waiting(app) -> list[tuple[int, str]]:
    """(ticket, client) of the requests waiting for a slot now, oldest first."""
    with _Queue(_folder(app)).state() as state:
        return [(entry[0], entry[2]) for entry in state["waiting"]]


def _lower(nice: int) -> None:
    """Start of a long-work thread: lower its own priority by ``nice`` (Linux schedules threads, not processes),
    from the process's own (a server already started with ``nice`` goes lower still, up to 19). Never higher: a
    refusal leaves the thread as it is (the work still runs, at the requests' priority)."""
    me = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, me, min(19, os.getpriority(os.PRIO_PROCESS, me) + nice))
    except OSError as error:  # e.g. a sandbox that forbids it
        logger.warning("long work keeps the requests' priority: %s", error)


_pools: dict[tuple[int, int, int], ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(count: int, nice: int) -> ThreadPoolExecutor:
    """This process's long-work threads: one per slot (a process never holds more slots than there are)."""
    key = (os.getpid(), count, nice)  # a worker forked from a process that had made its threads makes its own
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None:
            pool = _pools[key] = ThreadPoolExecutor(
                max_workers=count, thread_name_prefix="deckside-long-work", initializer=_lower, initargs=(nice,)
            )
        return pool


def _threads_are_greenlets() -> bool:
    gevent_monkey = sys.modules.get("gevent.monkey")
    return bool(gevent_monkey and gevent_monkey.is_module_patched("threading"))


def _at_low_priority(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``work(*args, **kwargs)`` on one of this process's long-work threads, in a copy of this request's context;
    its answer, or what it raised. In this thread when there is nothing to lower (see the module's text)."""
    nice = min(19, int(current_app.config.get("HEAVY_NICE", NICE) or 0))
    count = int(current_app.config["HEAVY_SLOTS"] or 0)
    if nice <= 0 or count <= 0 or _threads_are_greenlets():
        return work(*args, **kwargs)
    context = contextvars.copy_context()
    return _pool(count, nice).submit(context.run, work, *args, **kwargs).result()


def run(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``work(*args, **kwargs)`` as long work: in a slot (:func:`slot`: wait for the turn, or the 503 of
    :func:`busy`), at a lower priority than the short requests when ``HEAVY_NICE`` says so; its answer. A request already holding a slot runs
    it at once, where it is."""
    if g.get("heavy_slot"):
        return work(*args, **kwargs)
    with slot():
        return _at_low_priority(work, *args, **kwargs)


def run_for_replay(rounds: int, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``work(*args, **kwargs)``, as long work (:func:`run`) when replaying ``rounds`` rounds is long (more than
    ``LONG_REPLAY_ROUNDS``)."""
    if rounds > LONG_REPLAY_ROUNDS:
        return run(work, *args, **kwargs)
    return work(*args, **kwargs)


def long_work(view):
    """Run the view as long work (:func:`run`)."""

    @wraps(view)
    def run_view(*args, **kwargs):
        return run(view, *args, **kwargs)

    return run_view


def default_slots(cpus: int | None = None) -> int:
    """One slot per CPU this process may use, less one left to the short requests (at least one slot).

    Measured with ``bench/fairness.py`` on 2 cores: with two slots another table's save waited p95 659 ms
    behind the long work, with one slot 329 ms (the lock-free read alike, ~40 ms, in both)."""
    if cpus is None:
        try:
            cpus = len(os.sched_getaffinity(0))
        except AttributeError:  # not Linux
            cpus = os.cpu_count() or 2
    return max(1, cpus - 1)
