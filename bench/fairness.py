"""Fairness: one table's round saves while eight clients loop on the heaviest requests anyone may send.

    python bench/fairness.py --database sqlite
    PG_FSYNC=on scripts/pg-test.sh python bench/fairness.py --database postgres   (TEST_DATABASE_URL names it)

gunicorn serves the app on 127.0.0.1 with threaded workers (``-k gthread``, ``--workers`` processes of
``--threads`` threads), as deployed. Eight "heavy" clients loop, each on its own connection, over:
``POST /api/play`` of ten bots to 10,000 points, ``GET`` of such a game (which drives its bots),
``POST /api/games/import`` of a 200-round sheet, ``PUT …/rounds/1`` of a 200-round sheet (every later
round checked again), and undoing the last round of a 200-round sheet and saving it again (each
replays the sheet). Meanwhile one table saves a round of its own 4-player sheet every 0.25 s, and
reads that sheet after each save (a read takes no write lock: what the machine's load alone costs).

It prints the machine's load average when the run starts and when it ends, the p50/p95/p99/max of
that table's saves and of its reads, each heavy request's p50/p95, and the count of 5xx answers
anywhere; the target is p95 < 200 ms for the saves and 0 5xx. Creation limits are raised for the
run, as in every benchmark (``common.BENCH_LIMITS``). Every request goes to 127.0.0.1.
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
from common import PLAYERS, Client, database_url, figures, load_average, percentiles, round_body, start_gunicorn

TARGET_P95_MS = 200.0
TEN_BOTS = [{"name": f"Bot {i}", "bot": "smart" if i % 2 else "random"} for i in range(10)]
UNO_ROUND = {"went_out": "Ana", "results": [{"player": "Ben", "points": 1}, {"player": "Cy", "points": 1}]}
BIG = 200  # rounds of the big sheets (the most a sheet holds)
KINDS = ("play", "watch", "import", "replace", "undo", "resave")


def uno_export(client: Client) -> dict:
    """A 200-round UNO sheet (made through the API): its export."""
    status, game, _took = client.call(
        "POST", "/api/games", {"game": "uno", "players": ["Ana", "Ben", "Cy"], "rules": {"target": 10000}}
    )
    assert status == 201, game
    for number in range(1, BIG + 1):
        status, body, _took = client.call(
            "POST", f"/api/games/{game['id']}/rounds", {"round": number, **UNO_ROUND}, game["edit_key"]
        )
        assert status == 201, body
    status, export, _took = client.call("GET", f"/sheets/{game['id']}/export.json")
    assert status == 200, export
    return export


class Heavy:
    """One client looping on the heaviest requests until ``stop``; ``index`` staggers where it starts."""

    def __init__(self, port: int, export: dict, index: int):
        self.client = Client(port)
        self.export = export
        self.step = index
        self.took: dict[str, list[float]] = {kind: [] for kind in KINDS}
        status, own, _took = self.client.call("POST", "/api/games/import", export)
        self.sheet, self.key = (own["id"], own["edit_key"]) if status == 201 else (None, None)
        self.bots_game: str | None = None

    def request(self, kind: str) -> tuple[int, dict, float] | None:
        sheet = f"/api/games/{self.sheet}"
        if kind == "play":
            body = {"game": "uno", "seats": TEN_BOTS, "seed": self.step, "rules": {"target": 10000}}
            answer = self.client.call("POST", "/api/play", body)
            self.bots_game = answer[1].get("id") or self.bots_game
            return answer
        if kind == "watch" and self.bots_game:
            return self.client.call("GET", f"/api/play/{self.bots_game}")
        if kind == "import":
            return self.client.call("POST", "/api/games/import", self.export)
        if not self.sheet:
            return None
        if kind == "replace":
            return self.client.call("PUT", f"{sheet}/rounds/1", {"round": 1, **UNO_ROUND}, self.key)
        if kind == "undo":
            return self.client.call("DELETE", f"{sheet}/rounds/{BIG}", key=self.key)
        if kind == "resave":
            return self.client.call("POST", f"{sheet}/rounds", {"round": BIG, **UNO_ROUND}, self.key)
        return None

    def loop(self, stop: threading.Event) -> None:
        while not stop.is_set():
            kind = KINDS[self.step % len(KINDS)]
            self.step += 1
            answer = self.request(kind)
            if answer is not None:
                self.took[kind].append(answer[2])


class Table:
    """One table saving a round of its own 4-player Phase 10 sheet every ``every`` seconds (a new sheet
    every 30 rounds), and reading its sheet after each save."""

    def __init__(self, port: int, every: float):
        self.client = Client(port)
        self.every = every
        self.saves: list[float] = []
        self.reads: list[float] = []  # the same sheet read (no write lock): what the machine's load alone costs

    def loop(self, stop: threading.Event) -> None:
        game = key = None
        number = 31
        while not stop.is_set():
            if number > 30:
                _status, created, _took = self.client.call(
                    "POST", "/api/games", {"game": "phase10", "players": PLAYERS}
                )
                game, key, number = created.get("id"), created.get("edit_key"), 1
            started = time.perf_counter()
            status, body, took = self.client.call("POST", f"/api/games/{game}/rounds", round_body(number), key)
            if status == 201:
                self.saves.append(took)
                number += 1
            elif status < 500:
                self.client.errors.append(f"round save refused: {status} {body}")
            self.reads.append(self.client.call("GET", f"/api/games/{game}")[2])
            time.sleep(max(0.0, self.every - (time.perf_counter() - started)))


def run(port: int, clients: int, seconds: float, every: float) -> dict:
    setup = Client(port)
    export = uno_export(setup)
    heavies = [Heavy(port, export, i) for i in range(clients)]
    table = Table(port, every)
    stop = threading.Event()
    threads = [threading.Thread(target=worker.loop, args=(stop,)) for worker in [*heavies, table]]
    load_before = load_average()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(300)
    load_after = load_average()
    errors = table.client.errors + setup.errors + [e for h in heavies for e in h.client.errors]
    kinds = {kind: [t for h in heavies for t in h.took[kind]] for kind in KINDS}
    return {
        "saves": table.saves,
        "reads": table.reads,
        "errors": errors,
        "kinds": kinds,
        "load_average": {"start": load_before, "end": load_after},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--clients", type=int, default=8, help="heavy clients")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between the table's round saves")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes (-k gthread)")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        url = database_url(args.database, tmp, "fairness")
        if url is None:
            return 2
        log = Path(tmp) / "gunicorn.log"
        with start_gunicorn(url, log, workers=args.workers, threads=args.threads) as server:
            result = run(server.port, args.clients, args.seconds, args.every)
    saves = percentiles(result["saves"])
    summary = {
        "database": args.database,
        "server": server.description,
        "heavy_clients": args.clients,
        "seconds": args.seconds,
        "load_average": result["load_average"],
        "round_save_ms": saves,
        "sheet_read_ms": percentiles(result["reads"]),
        "heavy_ms": {k: percentiles(v) for k, v in result["kinds"].items()},
        "server_errors": len(result["errors"]),
    }
    ok = saves.get("p95", 1e9) < TARGET_P95_MS and not result["errors"]
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{args.database}: {args.clients} heavy clients for {args.seconds:.0f} s against {summary['server']}")
        print(f"  load average at the start: {result['load_average']['start']}")
        print(f"  another table's round save (ms): {figures(saves, 'saves')}")
        print(f"  the same sheet read, no lock (ms): {figures(summary['sheet_read_ms'], 'reads')}")
        for kind, took in summary["heavy_ms"].items():
            print(f"  heavy {kind:8s} (ms): {figures(took, 'requests', ('p50', 'p95', 'max'))}")
        print(f"  5xx: {len(result['errors'])}" + (f" (first: {result['errors'][0]})" if result["errors"] else ""))
        print(f"  load average at the end: {result['load_average']['end']}")
        print(f"  target p95 < {TARGET_P95_MS:.0f} ms and no 5xx: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
