"""Fairness: one table's round saves while eight clients loop on the heaviest requests anyone may send.

    python bench/fairness.py --database sqlite
    scripts/pg-test.sh python bench/fairness.py --database postgres     (TEST_DATABASE_URL names the database)

gunicorn (``--workers``, sync) serves the app on 127.0.0.1. Eight "heavy" clients loop, each on its own
connection, over: ``POST /api/play`` of ten bots to 10,000 points, ``GET`` of such a game (which drives
its bots), ``POST /api/games/import`` of a 200-round sheet, and ``PUT …/rounds/1`` of a 200-round sheet
(every later round checked again). Meanwhile one table saves a round of its own 4-player sheet every
0.25 s. The run prints the p50/p95/p99 of that table's saves and the count of 5xx answers anywhere;
the target is p95 < 200 ms and 0 5xx. Creation limits are raised for the run (the point is the database,
not the rate limiter, which would otherwise refuse most heavy requests). Every request goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import empty_postgres, free_port, percentiles, round_body

ROOT = Path(__file__).resolve().parent.parent
TARGET_P95_MS = 200.0
TEN_BOTS = [{"name": f"Bot {i}", "bot": "smart" if i % 2 else "random"} for i in range(10)]
UNO_ROUND = {"went_out": "Ana", "results": [{"player": "Ben", "points": 1}, {"player": "Cy", "points": 1}]}


class Client:
    """A kept-alive connection that counts server errors."""

    def __init__(self, port: int):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.errors: list[str] = []
        self.requests = 0

    def call(self, method: str, path: str, body=None, key: str | None = None) -> tuple[int, dict, float]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        data = json.dumps(body).encode() if body is not None else None
        started = time.perf_counter()
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                answer = self.connection.getresponse()
                raw = answer.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                if attempt:
                    raise
        took = (time.perf_counter() - started) * 1000
        self.requests += 1
        if answer.status >= 500:
            self.errors.append(f"{method} {path.split('?')[0]}: {answer.status} {raw[:200]!r}")
        try:
            return answer.status, json.loads(raw), took
        except ValueError:
            return answer.status, {}, took


def uno_export(client: Client) -> tuple[dict, str, str]:
    """A 200-round UNO sheet (made through the API): its export, its id and its key."""
    status, game, _took = client.call(
        "POST", "/api/games", {"game": "uno", "players": ["Ana", "Ben", "Cy"], "rules": {"target": 10000}}
    )
    assert status == 201, game
    for number in range(1, 201):
        status, body, _took = client.call(
            "POST", f"/api/games/{game['id']}/rounds", {"round": number, **UNO_ROUND}, game["edit_key"]
        )
        assert status == 201, body
    connection = http.client.HTTPConnection("127.0.0.1", client.port, timeout=60)
    connection.request("GET", f"/sheets/{game['id']}/export.json")
    export = json.loads(connection.getresponse().read())
    connection.close()
    return export, game["id"], game["edit_key"]


def heavy(port: int, export: dict, stop: threading.Event, out: dict, index: int) -> None:
    """Loop on the heaviest requests until ``stop``."""
    client = Client(port)
    status, own, _took = client.call("POST", "/api/games/import", export)
    sheet, key = (own["id"], own["edit_key"]) if status == 201 else (None, None)
    step = index  # the clients start at different points of the cycle
    kinds: dict[str, list[float]] = {"play": [], "watch": [], "import": [], "replace": []}
    bots_game = None
    while not stop.is_set():
        kind = ("play", "watch", "import", "replace")[step % 4]
        step += 1
        if kind == "play":
            body = {"game": "uno", "seats": TEN_BOTS, "seed": step, "rules": {"target": 10000}}
            status, answer, took = client.call("POST", "/api/play", body)
            bots_game = answer.get("id") or bots_game
        elif kind == "watch" and bots_game:
            status, answer, took = client.call("GET", f"/api/play/{bots_game}")
        elif kind == "import":
            status, answer, took = client.call("POST", "/api/games/import", export)
        elif kind == "replace" and sheet:
            status, answer, took = client.call("PUT", f"/api/games/{sheet}/rounds/1", {"round": 1, **UNO_ROUND}, key)
        else:
            continue
        kinds[kind].append(took)
    out[index] = {"client": client, "kinds": kinds}


def table(port: int, stop: threading.Event, every: float, out: dict) -> None:
    """One table saving a round of its own 4-player Phase 10 sheet every ``every`` seconds (a new sheet
    every 30 rounds)."""
    client = Client(port)
    saves: list[float] = []
    reads: list[float] = []  # the same sheet read (no write lock): what the machine's load alone costs
    game = key = None
    number = 31
    while not stop.is_set():
        if number > 30:
            status, created, _took = client.call(
                "POST", "/api/games", {"game": "phase10", "players": ["Ana", "Ben", "Cy", "Dee"]}
            )
            game, key, number = created.get("id"), created.get("edit_key"), 1
        started = time.perf_counter()
        status, body, took = client.call("POST", f"/api/games/{game}/rounds", round_body(number), key)
        if status == 201:
            saves.append(took)
            number += 1
        elif status < 500:
            client.errors.append(f"round save refused: {status} {body}")
        reads.append(client.call("GET", f"/api/games/{game}")[2])
        time.sleep(max(0.0, every - (time.perf_counter() - started)))
    out["table"] = {"client": client, "saves": saves, "reads": reads}


def start_gunicorn(database_url: str, workers: int, log: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = dict(
        os.environ,
        DATABASE_URL=database_url,
        SECRET_KEY="fairness",
        PYTHONPATH=str(ROOT),
        DECKSIDE_CREATE_LIMIT="1000000 per minute",
    )
    command = [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--bind", f"127.0.0.1:{port}"]
    command += ["--timeout", "120", "app:create_app()"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log.open("ab"))
    deadline = time.monotonic() + 300  # ten workers starting on a busy machine
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/phase10/phases")
            connection.getresponse().read()
            return process, port
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn did not start (see {log})") from None
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("gunicorn did not answer within 300 s")


def run(port: int, clients: int, seconds: float, every: float) -> dict:
    setup = Client(port)
    export, _sheet, _key = uno_export(setup)
    stop = threading.Event()
    out: dict = {}
    threads = [threading.Thread(target=heavy, args=(port, export, stop, out, i)) for i in range(clients)]
    threads.append(threading.Thread(target=table, args=(port, stop, every, out)))
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(300)
    heavy_out = [out[i] for i in range(clients) if i in out]
    errors = out["table"]["client"].errors + setup.errors + [e for h in heavy_out for e in h["client"].errors]
    kinds = {k: [t for h in heavy_out for t in h["kinds"][k]] for k in ("play", "watch", "import", "replace")}
    return {"saves": out["table"]["saves"], "reads": out["table"]["reads"], "errors": errors, "kinds": kinds}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--clients", type=int, default=8, help="heavy clients")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between the table's round saves")
    parser.add_argument("--workers", type=int, default=10, help="gunicorn sync workers (one per client and more)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        if args.database == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'fairness.sqlite'}"
        else:
            url = os.environ.get("TEST_DATABASE_URL") or ""
            if not url.startswith("postgres"):
                print("--database postgres needs TEST_DATABASE_URL (run it under scripts/pg-test.sh)", file=sys.stderr)
                return 2
            empty_postgres(url)
        log = Path(tmp) / "gunicorn.log"
        process, port = start_gunicorn(url, args.workers, log)
        try:
            result = run(port, args.clients, args.seconds, args.every)
        finally:
            process.terminate()
            process.wait(60)
    saves = percentiles(result["saves"])
    summary = {
        "database": args.database,
        "server": f"gunicorn, {args.workers} sync workers",
        "heavy_clients": args.clients,
        "seconds": args.seconds,
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
        print(
            f"  another table's round save (ms): p50 {saves.get('p50')}  p95 {saves.get('p95')}  "
            f"p99 {saves.get('p99')}  max {saves.get('max')}  ({saves['count']} saves)"
        )
        reads = summary["sheet_read_ms"]
        print(
            f"  the same sheet read, no lock (ms): p50 {reads.get('p50')}  p95 {reads.get('p95')}  "
            f"p99 {reads.get('p99')}  ({reads['count']} reads)"
        )
        for kind, figures in summary["heavy_ms"].items():
            print(f"  heavy {kind:8s} (ms): p50 {figures.get('p50')}  p95 {figures.get('p95')}  ({figures['count']})")
        print(f"  5xx: {len(result['errors'])}" + (f" (first: {result['errors'][0]})" if result["errors"] else ""))
        print(f"  target p95 < {TARGET_P95_MS:.0f} ms and no 5xx: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
