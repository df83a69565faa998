"""Load test: simulated phones against the production server (waitress) on 127.0.0.1.

    python bench/load.py --database sqlite
    scripts/pg-test.sh python bench/load.py --database postgres      (TEST_DATABASE_URL names the database)

Paced run: 20 phones, each keeping the sheet of its own game of 4 players; every phone saves a
round every 2 seconds and reads its sheet every second, for 60 seconds, so each game grows to 30
rounds. It prints p50/p95/p99 of a round save and of a sheet read (milliseconds).
Flat-out run: the same 20 phones save rounds with no pause at all for 15 seconds (a new game every
30 rounds, so games stay the size of the paced run); it prints the round saves per second the
server sustained. Every request goes to 127.0.0.1; the run stops by itself.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
BUDGET_P95_SAVE_MS = 50.0


def round_body(number: int) -> dict:
    """A Phase 10 round in which the players go out in turn (a game of 4 lasts well past 30 rounds)."""
    went_out = PLAYERS[(number - 1) % 4]
    results = []
    for index, name in enumerate(p for p in PLAYERS if p != went_out):
        if index == 0:
            results.append({"player": name, "completed": False, "points": 50 + 5 * (number % 4)})
        else:
            results.append({"player": name, "completed": False, "counts": {"low": 9, "high": 1, "skip": 0, "wild": 0}})
    return {"round": number, "went_out": went_out, "results": [{"player": went_out, "completed": True}, *results]}


class Phone:
    """One phone: a kept-alive connection, a game and its edit key."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.errors: list[str] = []
        self.game, self.key = self.new_game()

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, float]:
        headers = {"Authorization": f"Bearer {self.key}"} if "/rounds" in path else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        raw = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        self.last = raw
        return response.status, elapsed

    def new_game(self) -> tuple[str, str]:
        status, _ms = self.call("POST", "/api/games", {"game": "phase10", "players": PLAYERS})
        if status != 201:
            raise RuntimeError(f"creating a game answered {status}: {self.last[:200]!r}")
        body = json.loads(self.last)
        return body["id"], body["edit_key"]

    def save(self, number: int) -> float:
        status, ms = self.call("POST", f"/api/games/{self.game}/rounds", round_body(number))
        if status != 201:
            self.errors.append(f"save {number}: {status} {self.last[:200]!r}")
        return ms

    def read(self) -> float:
        status, ms = self.call("GET", f"/api/games/{self.game}")
        if status != 200:
            self.errors.append(f"read: {status}")
        return ms


def paced(port: int, phones: int, seconds: float, save_every: float, read_every: float) -> dict:
    saves: list[float] = []
    reads: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    ready = threading.Barrier(phones + 1)

    def run(index: int) -> None:
        phone = Phone(port)
        ready.wait()
        start = time.monotonic() + index * save_every / phones  # phones spread over the 2 s, as at real tables
        next_save, next_read, number = start, start + read_every / 2, 1
        mine_s, mine_r = [], []
        while True:
            now = time.monotonic()
            if now >= start + seconds:
                break
            if now >= next_save:
                mine_s.append(phone.save(number))
                number += 1
                next_save += save_every
            elif now >= next_read:
                mine_r.append(phone.read())
                next_read += read_every
            else:
                time.sleep(max(0.0, min(next_save, next_read) - now))
        with lock:
            saves.extend(mine_s)
            reads.extend(mine_r)
            errors.extend(phone.errors)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(phones)]
    for thread in threads:
        thread.start()
    ready.wait()
    for thread in threads:
        thread.join()
    return {"saves": saves, "reads": reads, "errors": errors}


def flat_out(port: int, phones: int, seconds: float) -> dict:
    counts = [0] * phones
    errors: list[str] = []
    ready = threading.Barrier(phones + 1)
    stop_at = [0.0]

    def run(index: int) -> None:
        phone = Phone(port)
        number = 1
        ready.wait()
        while time.monotonic() < stop_at[0]:
            if number > 30:
                phone.game, phone.key = phone.new_game()
                number = 1
            phone.save(number)
            number += 1
            counts[index] += 1
        errors.extend(phone.errors)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(phones)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.monotonic() + seconds + 60  # provisional, set for real once every phone is ready
    ready.wait()
    began = time.monotonic()
    stop_at[0] = began + seconds
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    return {"saves": sum(counts), "seconds": elapsed, "per_second": sum(counts) / elapsed, "errors": errors}


def percentiles(values: list[float]) -> dict:
    if len(values) < 2:
        return {"count": len(values)}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "count": len(values),
        "p50": round(cuts[49], 1),
        "p95": round(cuts[94], 1),
        "p99": round(cuts[98], 1),
        "max": round(max(values), 1),
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(database_url: str, threads: int, log: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY="load-test", PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "waitress",
            "--host=127.0.0.1",
            f"--port={port}",
            f"--threads={threads}",
            "--call",
            "app:create_app",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("ab"),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, port
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer within 60 s")


def empty_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--flat-seconds", type=float, default=15)
    parser.add_argument("--threads", type=int, default=4, help="waitress worker threads (4 beat 8 on 2 cores)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        if args.database == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'load.sqlite'}"
        else:
            url = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL") or ""
            if not url.startswith("postgres"):
                print("--database postgres needs TEST_DATABASE_URL (run it under scripts/pg-test.sh)", file=sys.stderr)
                return 2
            empty_postgres(url)
        process, port = start_server(url, args.threads, Path(tmp) / "server.log")
        try:
            run = paced(port, args.phones, args.seconds, save_every=2.0, read_every=1.0)
            flat = flat_out(port, args.phones, args.flat_seconds)
        finally:
            process.terminate()
            process.wait(30)

    summary = {
        "database": args.database,
        "server": f"waitress, {args.threads} threads",
        "phones": args.phones,
        "seconds": args.seconds,
        "round_save_ms": percentiles(run["saves"]),
        "sheet_read_ms": percentiles(run["reads"]),
        "errors": len(run["errors"]) + len(flat["errors"]),
        "flat_out": {
            "saves": flat["saves"],
            "seconds": round(flat["seconds"], 1),
            "saves_per_second": round(flat["per_second"], 1),
        },
    }
    if args.json:
        print(json.dumps(summary))
    else:
        s, r = summary["round_save_ms"], summary["sheet_read_ms"]
        print(f"{args.database}: {args.phones} phones for {args.seconds:.0f} s against {summary['server']}")
        print(
            f"  round save (ms): p50 {s.get('p50')}  p95 {s.get('p95')}  p99 {s.get('p99')}  "
            f"max {s.get('max')}  ({s['count']} saves)"
        )
        print(
            f"  sheet read (ms): p50 {r.get('p50')}  p95 {r.get('p95')}  p99 {r.get('p99')}  "
            f"max {r.get('max')}  ({r['count']} reads)"
        )
        print(
            f"  flat out: {summary['flat_out']['saves_per_second']} round saves/s "
            f"({flat['saves']} in {flat['seconds']:.1f} s)"
        )
        print(
            f"  errors: {summary['errors']}"
            + (f" (first: {(run['errors'] + flat['errors'])[0]})" if summary["errors"] else "")
        )
        if args.database == "sqlite":
            verdict = "meets" if s.get("p95", 1e9) < BUDGET_P95_SAVE_MS else "MISSES"
            print(f"  budget: p95 of a round save under {BUDGET_P95_SAVE_MS:.0f} ms: {verdict}")
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
