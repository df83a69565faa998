"""Several phones on one digital game: how soon a move shows on the other phones, and what an idle phone costs.

    python bench/phones.py                                   (SQLite file)
    scripts/pg-test.sh python bench/phones.py --database postgres

Two production servers (waitress, separate processes) share one database, as two workers behind a
proxy would. A UNO game of four remote seats is played by a "mover" on server B (one move a second,
each seat with its own seat key), while ``--phones`` phones watch it through
``GET /api/play/<id>/wait`` on server A. The delay of a move is the time from the mover's answer
to a watcher's long poll answering with that version (0 when the watcher saw it first); the run
prints its p50/p95/max (API.md: p95 ≤ 2 s). Then the phones watch an idle game for ``--idle``
seconds: the run prints the requests each idle phone made per minute and the CPU time the
watching server spent per phone per minute.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import call, cpu_seconds, database_url, percentiles, start_waitress

SEATS = [{"name": name, "remote": True} for name in ("Ana", "Ben", "Cy", "Dee")]


class Watcher(threading.Thread):
    """One phone following the game by long poll; records when each version reached it."""

    def __init__(self, port: int, game: str, key: str, version: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.game, self.key, self.version, self.stop = port, game, key, version, stop
        self.seen: dict[int, float] = {}
        self.requests = 0
        self.errors = 0

    def run(self) -> None:
        while not self.stop.is_set():
            self.requests += 1
            try:
                status, body = call(self.port, "GET", f"/api/play/{self.game}/wait?version={self.version}", self.key)
            except OSError:
                self.errors += 1
                time.sleep(1)
                continue
            if status == 200:
                self.version = body["version"]
                self.seen.setdefault(self.version, time.monotonic())
            elif status != 304:
                self.errors += 1
                time.sleep(1)


def move(port: int, game: str, keys: dict[str, str]) -> tuple[int, float] | None:
    """The seat to play makes its first legal move (with its own key); the new version and when it was answered."""
    _status, spectator = call(port, "GET", f"/api/play/{game}")
    if spectator["status"] != "playing":
        return None
    seat = spectator["pending"]["seat"] if spectator["pending"] else spectator["turn"]
    key = keys[str(seat)]
    _status, view = call(port, "GET", f"/api/play/{game}", key)
    action = next((a for a in view["legal"] if a["type"] not in ("uno", "catch")), None)
    if action is None:
        return None
    status, answer = call(port, "POST", f"/api/play/{game}/actions", key, {"action": action})
    return (answer["version"], time.monotonic()) if status == 200 else None


def run(url: str, phones: int, moves: int, idle: float, threads: int, log: Path) -> dict:
    watch_server = start_waitress(url, log, threads=threads)
    move_server = start_waitress(url, log, threads=threads)
    watch_port, move_port = watch_server.port, move_server.port
    try:
        status, game = call(move_port, "POST", "/api/play", body={"game": "uno", "seats": SEATS, "seed": 1})
        assert status == 201, game
        stop = threading.Event()
        keys = game["seat_keys"]
        watchers = [Watcher(watch_port, game["id"], keys[str(n % 4)], game["version"], stop) for n in range(phones)]
        for watcher in watchers:
            watcher.start()
        time.sleep(1)
        made = []
        for _ in range(moves):
            done = move(move_port, game["id"], keys)
            if done is None:
                break
            made.append(done)
            time.sleep(1)
        time.sleep(3)
        delays = []
        for version, answered in made:
            for watcher in watchers:
                seen = min((t for v, t in watcher.seen.items() if v >= version), default=None)
                if seen is not None:
                    delays.append(max(0.0, seen - answered))
        missed = len(made) * len(watchers) - len(delays)
        # Idle: nobody moves; the phones keep watching.
        before_requests = sum(w.requests for w in watchers)
        before_cpu = cpu_seconds(watch_server.pid)
        time.sleep(idle)
        idle_requests = sum(w.requests for w in watchers) - before_requests
        idle_cpu = cpu_seconds(watch_server.pid) - before_cpu
        stop.set()
        return {
            "phones": phones,
            "moves": len(made),
            "delay_seconds": {k: v for k, v in percentiles(delays, digits=3).items() if k in ("p50", "p95", "max")},
            "missed": missed,
            "errors": sum(w.errors for w in watchers),
            "idle_seconds": idle,
            "idle_requests_per_phone_per_minute": round(idle_requests / phones * 60 / idle, 2),
            "idle_cpu_ms_per_phone_per_minute": round(idle_cpu * 1000 / phones * 60 / idle, 1),
        }
    finally:
        for server in (watch_server, move_server):
            server.stop(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--phones", type=int, default=8, help="phones watching through server A")
    parser.add_argument("--moves", type=int, default=30, help="moves made through server B, one a second")
    parser.add_argument("--idle", type=float, default=50.0, help="seconds of watching an idle game")
    parser.add_argument("--threads", type=int, default=16, help="waitress threads per server (a long poll holds one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = database_url(args.database, tmp, "phones")
        if url is None:
            return 2
        result = run(url, args.phones, args.moves, args.idle, args.threads, Path(tmp) / "server.log")
    result = {"database": args.database, "server": f"2 x waitress, {args.threads} threads", **result}
    print(json.dumps(result, indent=2))
    return 0 if result["delay_seconds"].get("p95", 0.0) <= 2.0 and not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
