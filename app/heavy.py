"""Slots for long work: at most ``HEAVY_SLOTS`` requests per machine run long work at once (bots' moves,
an import, a correction checking every later round); the others wait their turn without using the CPU.

On a small server every process competes for the same few cores: eight requests each computing for a
tenth of a second would slow down everything else — including the short transaction that holds the
database's write lock for another table's round save. The slots are lock files in the instance folder
(``fcntl.flock``), so they are shared by every worker process on the machine and released by the kernel
if a worker dies. ``HEAVY_SLOTS`` defaults to one less than the number of CPUs (at least one), so long work
never takes every core from the short requests; ``0`` turns the slots off.

Replaying a sheet costs about a millisecond a round: a write on a sheet of more than
``LONG_REPLAY_ROUNDS`` rounds (a save, an undo, a tie-breaker) replays it in a slot too
(:func:`slot_for_replay`), so that saving rounds on big sheets cannot crowd out the small ones either.
A request already holding a slot does not take a second one.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import time
from collections.abc import Iterator
from functools import wraps
from pathlib import Path

from flask import current_app, g

POLL_SECONDS = 0.01
LONG_REPLAY_ROUNDS = 60


@contextlib.contextmanager
def slot() -> Iterator[None]:
    """Hold one of the machine's slots for long work (wait, sleeping, until one is free)."""
    count = int(current_app.config["HEAVY_SLOTS"] or 0)
    if count <= 0 or g.get("heavy_slot"):
        yield
        return
    folder = Path(current_app.instance_path) / "slots"
    folder.mkdir(parents=True, exist_ok=True)
    order = list(range(count))
    random.shuffle(order)
    while True:
        for index in order:
            handle = (folder / f"heavy-{index}.lock").open("a")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            g.heavy_slot = True
            try:
                yield
            finally:
                g.heavy_slot = False
                fcntl.flock(handle, fcntl.LOCK_UN)
                handle.close()
            return
        time.sleep(POLL_SECONDS)


def slot_for_replay(rounds: int) -> contextlib.AbstractContextManager[None]:
    """A slot when replaying ``rounds`` rounds is long work (more than ``LONG_REPLAY_ROUNDS``); else nothing."""
    return slot() if rounds > LONG_REPLAY_ROUNDS else contextlib.nullcontext()


def long_work(view):
    """Run the view in a slot for long work."""

    @wraps(view)
    def run(*args, **kwargs):
        with slot():
            return view(*args, **kwargs)

    return run


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
