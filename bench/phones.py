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
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import empty_postgres, start_server  # the load benchmark's server start-up

SEATS = [{"name": name, "remote": True} for name in ("Ana", "Ben", "Cy", "Dee")]


def call(port: int, method: str, path: str, key: str | None = None, body: dict | None = None, timeout: float = 40):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    raw = response.read()
    connection.close()
    return response.status, (json.loads(raw) if raw else None)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 3),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "max": round(ordered[-1], 3),
    }


def run(url: str, phones: int, moves: int, idle: float, threads: int, log: Path) -> dict:
    watch_server, watch_port = start_server(url, threads, log)
    move_server, move_port = start_server(url, threads, log)
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
            "delay_seconds": percentiles(delays),
            "missed": missed,
            "errors": sum(w.errors for w in watchers),
            "idle_seconds": idle,
            "idle_requests_per_phone_per_minute": round(idle_requests / phones * 60 / idle, 2),
            "idle_cpu_ms_per_phone_per_minute": round(idle_cpu * 1000 / phones * 60 / idle, 1),
        }
    finally:
        for server in (watch_server, move_server):
            server.terminate()
            server.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--phones", type=int, default=8, help="phones watching through server A")
    parser.add_argument("--moves", type=int, default=30, help="moves made through server B, one a second")
    parser.add_argument("--idle", type=float, default=50.0, help="seconds of watching an idle game")
    parser.add_argument("--threads", type=int, default=16, help="waitress threads per server (a long poll holds one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.database == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'phones.sqlite'}"
        else:
            url = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL") or ""
            if not url.startswith("postgres"):
                print("--database postgres needs TEST_DATABASE_URL (run it under scripts/pg-test.sh)", file=sys.stderr)
                return 2
            empty_postgres(url)
        result = run(url, args.phones, args.moves, args.idle, args.threads, Path(tmp) / "server.log")
    result = {"database": args.database, "server": f"2 x waitress, {args.threads} threads", **result}
    print(json.dumps(result, indent=2))
    return 0 if result["delay_seconds"]["p95"] <= 2.0 and not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
