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
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import PLAYERS, Client, database_url, figures, percentiles, round_body, start_waitress

BUDGET_P95_SAVE_MS = 50.0


class Phone:
    """One phone: a kept-alive connection, a game and its edit key."""

    def __init__(self, port: int):
        self.client = Client(port, timeout=30)
        self.errors: list[str] = []
        self.game, self.key = self.new_game()

    @property
    def last(self) -> bytes:
        return self.client.last

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, float]:
        key = self.key if "/rounds" in path else None
        status, _answer, elapsed = self.client.call(method, path, body, key)
        return status, elapsed

    def new_game(self) -> tuple[str, str]:
        status, _answer, _ms = self.client.call("POST", "/api/games", {"game": "phase10", "players": PLAYERS})
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
        url = database_url(args.database, tmp, "load")
        if url is None:
            return 2
        with start_waitress(url, Path(tmp) / "server.log", threads=args.threads) as server:
            run = paced(server.port, args.phones, args.seconds, save_every=2.0, read_every=1.0)
            flat = flat_out(server.port, args.phones, args.flat_seconds)

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
        print(f"  round save (ms): {figures(s, 'saves')}")
        print(f"  sheet read (ms): {figures(r, 'reads')}")
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
