"""Fairness: two victims' requests while eight clients loop on the heaviest requests anyone may send and one
client loops forty reads of bots-only digital games.

    python bench/fairness.py --database sqlite
    PG_FSYNC=on scripts/pg-test.sh python bench/fairness.py --database postgres   (TEST_DATABASE_URL names it)

gunicorn serves the app on 127.0.0.1 as the README deploys it (``-k gthread -w 4 --threads 16``: the long polls, which
go to a gevent server of their own, are not part of this run). Every client sends from a loopback address of its own (127.0.1.x), as
different phones would, so that the slots' share per client and their turns apply; the attacker's forty
loops all come from one address (127.0.2.1).

- Eight "heavy" clients loop, each on its own connection, over: ``POST /api/play`` of ten bots to 10,000
  points, ``GET`` of such a game (which drives its bots), ``POST /api/games/import`` of a 200-round sheet,
  ``PUT …/rounds/1`` of a 200-round sheet (every later round checked again), and undoing the last round of a
  200-round sheet and saving it again (each replays the sheet).
- The attacker: ``--attackers`` loops (40) each reading a bots-only UNO game of ten bots over and over
  (``GET /api/play/<id>``: every read lets the bots move, up to the bot budget).
- Victim 1, another table: saves a round of its own 4-player sheet every 0.25 s (a new sheet every 30 rounds)
  and reads it after each save (a read takes no write lock: what the machine's load alone costs).
- Victim 2, a 70-round sheet: a round saved every 0.5 s on an UNO sheet that holds 70 to 100 rounds (a new one
  is imported past 100, ``LONG_REPLAY_ROUNDS``, where a save replays the sheet in a slot for long work).
- Victim 3, a person's move: a person playing UNO against three bots makes a move every 0.5 s.

It prints the machine's load average when the run starts and when it ends, the victims' p50/p95/p99/max,
each heavy request's p50/p95 and the attacker's, and the count of 5xx answers other than the slots' 503
"busy" (which the attacker's and heavy clients' requests may get by design). Targets: the other table's save
p95 < 200 ms, the 70-round sheet's save and the person's move p95 < 300 ms, no 5xx for a victim. Creation
limits are raised for the run, as in every benchmark (``common.BENCH_LIMITS``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]
from common import (  # noqa: E402
    PLAYERS,
    Client,
    database_url,
    figures,
    load_average,
    percentiles,
    round_body,
    start_gunicorn,
)

from app.heavy import LONG_REPLAY_ROUNDS  # noqa: E402

TARGET_P95_MS = 200.0
TARGET_VICTIM_P95_MS = 300.0
BIG_VICTIM = 70  # rounds of the victim's big sheet
ATTACKER = "127.0.2.1"
TEN_BOTS = [{"name": f"Bot {i}", "bot": "smart" if i % 2 else "random"} for i in range(10)]
UNO_ROUND = {"went_out": "Ana", "results": [{"player": "Ben", "points": 1}, {"player": "Cy", "points": 1}]}
BIG = 200  # rounds of the big sheets (the most a sheet holds)
KINDS = ("play", "watch", "import", "replace", "undo", "resave")


def address(index: int) -> str:
    """The loopback address of client ``index`` (127.0.1.1, 127.0.1.2, …)."""
    return f"127.0.1.{1 + index % 250}"


def uno_export(client: Client, rounds: int = BIG) -> dict:
    """A UNO sheet of ``rounds`` rounds (made through the API): its export."""
    status, game, _took = client.call(
        "POST", "/api/games", {"game": "uno", "players": ["Ana", "Ben", "Cy"], "rules": {"target": 10000}}
    )
    assert status == 201, game
    for number in range(1, rounds + 1):
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
        self.client = Client(port, source=address(100 + index))
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
        self.client = Client(port, source=address(1))
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


class BigSheet:
    """Victim 2: a round saved every ``every`` seconds on an UNO sheet of 70 rounds and more (imported anew past
    ``LONG_REPLAY_ROUNDS``, where a save becomes long work that waits its turn)."""

    def __init__(self, port: int, export: dict, every: float):
        self.client = Client(port, source=address(2))
        self.export, self.every = export, every
        self.saves: list[float] = []
        self.sheet = self.new_sheet()  # before the run: the measure is the saves, not the import

    def new_sheet(self) -> tuple[str, str]:
        status, created, _took = self.client.call("POST", "/api/games/import", self.export)
        assert status == 201, created
        return created["id"], created["edit_key"]

    def loop(self, stop: threading.Event) -> None:
        (game, key), number = self.sheet, BIG_VICTIM + 1
        while not stop.is_set():
            if number > LONG_REPLAY_ROUNDS:  # a save on a bigger sheet is long work (app/heavy.py): a new 70-round one
                (game, key), number = self.new_sheet(), BIG_VICTIM + 1
            started = time.perf_counter()
            status, body, took = self.client.call(
                "POST", f"/api/games/{game}/rounds", {"round": number, **UNO_ROUND}, key
            )
            if status == 201:
                self.saves.append(took)
                number += 1
            elif status < 500:
                self.client.errors.append(f"big sheet's save refused: {status} {body}")
            time.sleep(max(0.0, self.every - (time.perf_counter() - started)))


class Person:
    """Victim 3: a person playing UNO against three bots, one move every ``every`` seconds (a new game when over)."""

    def __init__(self, port: int, every: float):
        self.client = Client(port, source=address(3))
        self.every = every
        self.moves: list[float] = []
        self.first = self.new_game()  # before the run: the measure is the moves, not the game's creation

    def new_game(self) -> tuple[str, str, dict]:
        seats = [{"name": "Ana"}, *({"name": f"Bot {n}", "bot": "random"} for n in range(3))]
        while True:  # a new game during the run may be told to come back (503, the slots are busy)
            status, body, _took = self.client.call("POST", "/api/play", {"game": "uno", "seats": seats})
            if status == 201:
                return body["id"], body["edit_key"], body
            if status != 503:
                raise AssertionError(f"new game refused: {status} {body}")
            self.client.errors.pop()  # the slots' "busy" answer: by design, not a server error
            time.sleep(1)

    def loop(self, stop: threading.Event) -> None:
        game, key, state = self.first
        while not stop.is_set():
            started = time.perf_counter()
            legal = [a for a in state.get("legal") or [] if a.get("type") not in ("catch", "call")]
            if state.get("status") != "playing" or not legal:
                status, state, _took = self.client.call("GET", f"/api/play/{game}?seat=0", key=key)
                if state.get("status") != "playing":
                    game, key, state = self.new_game()
                time.sleep(0.05)
                continue
            status, body, took = self.client.call(
                "POST", f"/api/play/{game}/actions", {"seat": 0, "action": legal[0]}, key
            )
            if status == 200:
                self.moves.append(took)
                state = body
            else:
                if status < 500:
                    self.client.errors.append(f"move refused: {status} {body}")
                _status, state, _took = self.client.call("GET", f"/api/play/{game}?seat=0", key=key)
            time.sleep(max(0.0, self.every - (time.perf_counter() - started)))


class Attacker:
    """One of the attacker's loops (all from one address): reads of a bots-only game of ten bots, over and over."""

    def __init__(self, port: int, game: str):
        self.client = Client(port, source=ATTACKER)
        self.game = game
        self.took: list[float] = []
        self.busy = 0

    def loop(self, stop: threading.Event) -> None:
        while not stop.is_set():
            status, _body, took = self.client.call("GET", f"/api/play/{self.game}")
            self.took.append(took)
            if status == 503:
                self.busy += 1
                self.client.errors.pop()  # the slots' "busy" answer: by design, not a server error


def run(port: int, clients: int, seconds: float, every: float, attackers: int) -> dict:
    setup = Client(port, source=address(200))
    export = uno_export(setup)
    big_export = uno_export(setup, BIG_VICTIM)
    games = []
    for index in range(attackers):
        body = {"game": "uno", "seats": TEN_BOTS, "seed": 1000 + index, "rules": {"target": 10000}}
        status, created, _took = Client(port, source=ATTACKER).call("POST", "/api/play", body)
        assert status == 201, created
        games.append(created["id"])
    heavies = [Heavy(port, export, i) for i in range(clients)]
    table = Table(port, every)
    big = BigSheet(port, big_export, 0.5)
    person = Person(port, 0.5)
    attack = [Attacker(port, game) for game in games]
    stop = threading.Event()
    workers = [*heavies, *attack, table, big, person]
    threads = [threading.Thread(target=worker.loop, args=(stop,)) for worker in workers]
    load_before = load_average()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(300)
    load_after = load_average()
    for heavy in heavies:  # the slots' "busy" answers are by design, not server errors
        heavy.client.errors = [e for e in heavy.client.errors if ": 503 " not in e]
    victims = table.client.errors + big.client.errors + person.client.errors
    errors = victims + setup.errors + [e for h in heavies for e in h.client.errors]
    errors += [e for a in attack for e in a.client.errors]
    kinds = {kind: [t for h in heavies for t in h.took[kind]] for kind in KINDS}
    return {
        "saves": table.saves,
        "big_saves": big.saves,
        "moves": person.moves,
        "attack": [t for a in attack for t in a.took],
        "attack_busy": sum(a.busy for a in attack),
        "victim_errors": victims,
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
    parser.add_argument("--attackers", type=int, default=40, help="loops of one client reading bots-only games")
    parser.add_argument("--worker-class", default="gthread", choices=["gevent", "gthread"])
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes (as the README deploys)")
    parser.add_argument("--threads", type=int, default=16, help="threads per gunicorn worker (gthread)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    parser.add_argument("--keep-log", help="copy the server's log here at the end")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        url = database_url(args.database, tmp, "fairness")
        if url is None:
            return 2
        log = Path(tmp) / "gunicorn.log"
        extra = ["--worker-connections", "1000"] if args.worker_class == "gevent" else []
        server = start_gunicorn(
            url, log, workers=args.workers, threads=args.threads, worker_class=args.worker_class, extra=extra
        )
        try:
            with server:
                result = run(server.port, args.clients, args.seconds, args.every, args.attackers)
        finally:
            if args.keep_log:
                Path(args.keep_log).write_bytes(log.read_bytes())
    saves = percentiles(result["saves"])
    big, moves = percentiles(result["big_saves"]), percentiles(result["moves"])
    summary = {
        "database": args.database,
        "server": server.description,
        "heavy_clients": args.clients,
        "seconds": args.seconds,
        "load_average": result["load_average"],
        "round_save_ms": saves,
        "sheet_read_ms": percentiles(result["reads"]),
        "big_sheet_save_ms": big,
        "person_move_ms": moves,
        "attackers": args.attackers,
        "attacker_read_ms": percentiles(result["attack"]),
        "attacker_busy_503": result["attack_busy"],
        "heavy_ms": {k: percentiles(v) for k, v in result["kinds"].items()},
        "server_errors": len(result["errors"]),
    }
    ok = (
        saves.get("p95", 1e9) < TARGET_P95_MS
        and big.get("p95", 1e9) < TARGET_VICTIM_P95_MS
        and moves.get("p95", 1e9) < TARGET_VICTIM_P95_MS
        and not result["errors"]
    )
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{args.database}: {args.clients} heavy clients and one client's {args.attackers} loops reading bots-only "
            f"games, for {args.seconds:.0f} s against {summary['server']}"
        )
        print(f"  load average at the start: {result['load_average']['start']}")
        print(f"  another table's round save (ms): {figures(saves, 'saves')}")
        print(f"  a {BIG_VICTIM}-round sheet's save (ms): {figures(big, 'saves')}")
        print(f"  a person's move against bots (ms): {figures(moves, 'moves')}")
        attack = summary["attacker_read_ms"]
        print(
            f"  attacker's reads (ms): {figures(attack, 'reads', ('p50', 'p95', 'max'))}, {result['attack_busy']} answered 503 busy"
        )
        print(f"  the same sheet read, no lock (ms): {figures(summary['sheet_read_ms'], 'reads')}")
        for kind, took in summary["heavy_ms"].items():
            print(f"  heavy {kind:8s} (ms): {figures(took, 'requests', ('p50', 'p95', 'max'))}")
        print(f"  5xx: {len(result['errors'])}" + (f" (first: {result['errors'][0]})" if result["errors"] else ""))
        print(f"  load average at the end: {result['load_average']['end']}")
        print(
            f"  targets: another table's save p95 < {TARGET_P95_MS:.0f} ms, the {BIG_VICTIM}-round sheet's save and the "
            f"person's move p95 < {TARGET_VICTIM_P95_MS:.0f} ms, no 5xx: {'met' if ok else 'MISSED'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
