"""Thousands of watching phones: another table's round saves, and how soon a save reaches the phones, as the
number of phones holding a long poll grows (250, 500, 1,000, 2,000 by default).

    python bench/watchers.py                                   # gunicorn -k gevent -w 2, SQLite
    python bench/watchers.py --worker-class gthread --threads 128 --levels 250,500   # the old deployment
    PG_FSYNC=on scripts/pg-test.sh python bench/watchers.py --database postgres

gunicorn serves the app on 127.0.0.1 (``-k gevent -w 2 --worker-connections 5000`` unless told). The phones
are one asyncio loop in this process, each on its own connection from one of 200 loopback addresses
(127.0.1.1–127.0.1.200, so that ``WAITS_PER_CLIENT`` applies as it would to 200 households), each holding
``GET /api/games/<id>/wait?version=N`` as a page does and asking again at once after every answer.

- ``--sheets`` watched sheets share the phones evenly; each sheet's scorekeeper saves a round every
  ``--save-every`` seconds (spread out). Save-to-screen: from the moment such a save was sent until each
  phone watching that sheet (and waiting since before the save) holds the new version.
- Another table (its sheet watched by nobody) saves a round every 0.25 s on its own connection: its save
  time is what one more table at the pub sees while the phones wait.

For each level, after the phones are connected and settled, it measures for ``--seconds`` and prints:
another table's save p50/p95, the watched sheets' save p95, save-to-screen p50/p95, the server's CPU, and the
errors (any answer but 200/304, or a lost connection). Targets at 2,000 phones: another table's save p95 under
200 ms, save-to-screen p95 under 1 s, no errors. Everything runs on 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import PLAYERS, cpu_seconds, database_url, load_average, percentiles, round_body, start_gunicorn

TARGET_SAVE_P95_MS = 200.0
TARGET_SEEN_P95_S = 1.0
ADDRESSES = [f"127.0.1.{n}" for n in range(1, 201)]


class Connection:
    """One kept-alive HTTP/1.1 connection (asyncio streams), re-opened when the server closes it."""

    def __init__(self, port: int, source: str | None = None) -> None:
        self.port, self.source = port, source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None, key: str | None = None):
        """The status and the decoded JSON body (``None`` when empty)."""
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if key:
            head.append(f"Authorization: Bearer {key}")
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        for attempt in range(2):
            try:
                if self.writer is None:
                    local = (self.source, 0) if self.source else None
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=local)
                self.writer.write(raw)
                await self.writer.drain()
                return await self._answer()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _answer(self):
        assert self.reader is not None
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        length, close = 0, False
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _colon, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value.strip())
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        payload = await self.reader.readexactly(length) if length else b""
        if close:
            self.close()
        try:
            return status, (json.loads(payload) if payload else None)
        except ValueError:
            return status, None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Bench:
    def __init__(self, port: int, wait_port: int, sheets: list[tuple[str, str]]) -> None:
        self.port, self.wait_port = port, wait_port
        self.sheets = sheets
        self.watchers: list[dict] = []  # {"game", "since", "seen": {version: time}}
        self.errors: list[tuple[float, str]] = []
        self.keeper_saves: list[tuple[str, int, float, float]] = []  # (game, version, sent, answered)
        self.table_saves: list[tuple[float, float]] = []  # (sent, milliseconds)
        self.stop = asyncio.Event()

    async def watch(self, index: int) -> None:
        game = self.sheets[index % len(self.sheets)][0]
        state = {"game": game, "since": time.monotonic(), "seen": {}, "held": False}
        self.watchers.append(state)
        connection = Connection(self.wait_port, ADDRESSES[index % len(ADDRESSES)])
        version = 1
        while not self.stop.is_set():
            try:
                status, body = await connection.request("GET", f"/api/games/{game}/wait?version={version}")
            except (OSError, asyncio.IncompleteReadError) as error:
                if not self.stop.is_set():
                    self.errors.append((time.monotonic(), f"wait: {error!r}"))
                await asyncio.sleep(0.5)
                continue
            state["held"] = True
            if status == 200 and body:
                version = body["version"]
                state["seen"].setdefault(version, time.monotonic())
            elif status != 304:
                self.errors.append((time.monotonic(), f"wait: {status} {body}"))
                await asyncio.sleep(0.5)
        connection.close()

    async def keep_score(self, index: int, every: float) -> None:
        game, key = self.sheets[index]
        connection = Connection(self.port)
        await asyncio.sleep(index * every / len(self.sheets))
        number = 1
        while not self.stop.is_set():
            sent = time.monotonic()
            status, body = await connection.request("POST", f"/api/games/{game}/rounds", round_body(number), key)
            if status == 201:
                self.keeper_saves.append((game, body["version"], sent, time.monotonic()))
                number += 1
            else:
                self.errors.append((time.monotonic(), f"save: {status} {body}"))
            await asyncio.sleep(max(0.0, every - (time.monotonic() - sent)))
        connection.close()

    async def other_table(self, every: float) -> None:
        connection = Connection(self.port)
        game = key = None
        number = 31
        while not self.stop.is_set():
            if number > 30:
                _status, created = await connection.request(
                    "POST", "/api/games", {"game": "phase10", "players": PLAYERS}
                )
                game, key, number = created["id"], created["edit_key"], 1
            sent = time.monotonic()
            status, body = await connection.request("POST", f"/api/games/{game}/rounds", round_body(number), key)
            took = (time.monotonic() - sent) * 1000
            if status == 201:
                self.table_saves.append((sent, took))
                number += 1
            else:
                self.errors.append((time.monotonic(), f"other table's save: {status} {body}"))
            await asyncio.sleep(max(0.0, every - (time.monotonic() - sent)))
        connection.close()

    def figures(self, start: float, end: float) -> dict:
        saves = [took for sent, took in self.table_saves if start <= sent < end]
        keeper = [(done - sent) * 1000 for _g, _v, sent, done in self.keeper_saves if start <= sent < end]
        delays, missed = [], 0
        by_game: dict[str, list[dict]] = {}
        for watcher in self.watchers:
            by_game.setdefault(watcher["game"], []).append(watcher)
        for game, version, sent, _done in self.keeper_saves:
            if not start <= sent < end:
                continue
            for watcher in by_game.get(game, []):
                if watcher["since"] > sent or not watcher["held"]:
                    continue
                seen = [t for v, t in watcher["seen"].items() if v >= version]
                if seen:
                    delays.append(min(seen) - sent)
                else:
                    missed += 1
        return {
            "other_table_save_ms": percentiles(saves),
            "watched_sheet_save_ms": percentiles(keeper),
            "save_to_screen_s": percentiles(delays, 3),
            "missed": missed,
            "errors": [e for t, e in self.errors if start <= t < end],
        }


def server_cpu(servers) -> float:
    return sum(cpu_seconds(server.pid) for server in servers)


async def run(port: int, wait_port: int, sheets: list[tuple[str, str]], levels: list[int], args, servers) -> list[dict]:
    bench = Bench(port, wait_port, sheets)
    tasks = [asyncio.create_task(bench.other_table(0.25))]
    tasks += [asyncio.create_task(bench.keep_score(i, args.save_every)) for i in range(len(sheets))]
    results = []
    started = 0
    for level in levels:
        while started < level:  # connect the new phones gradually (about 400 a second)
            for _ in range(min(20, level - started)):
                tasks.append(asyncio.create_task(bench.watch(started)))
                started += 1
            await asyncio.sleep(0.05)
        deadline = time.monotonic() + 60
        while sum(w["held"] for w in bench.watchers) < level and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        await asyncio.sleep(args.settle)
        start, cpu = time.monotonic(), server_cpu(servers)
        await asyncio.sleep(args.seconds)
        end = time.monotonic()
        await asyncio.sleep(min(3.0, args.save_every))  # the last saves of the window reach the phones
        result = bench.figures(start, end)
        result["phones"] = level
        result["server_cpu_cores"] = round((server_cpu(servers) - cpu) / (time.monotonic() - start), 2)
        result["load_average"] = load_average()
        results.append(result)
        print_level(result)
    bench.stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return results


def print_level(r: dict) -> None:
    other, seen, keeper = r["other_table_save_ms"], r["save_to_screen_s"], r["watched_sheet_save_ms"]
    errors = r["errors"]
    print(
        f"  {r['phones']:5d} phones: other table's save p50 {other.get('p50')} p95 {other.get('p95')} ms"
        f" ({other['count']});  save-to-screen p50 {seen.get('p50')} p95 {seen.get('p95')} s"
        f" ({seen['count']} phone-saves, {r['missed']} not seen);  watched sheets' save p95 {keeper.get('p95')} ms;"
        f"  server CPU {r['server_cpu_cores']} cores;  errors {len(errors)}"
        + (f" (first: {errors[0]})" if errors else "")
        + f";  load {r['load_average']}",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--levels", default="250,500,1000,2000", help="phones at each step, comma-separated")
    parser.add_argument("--sheets", type=int, default=100, help="watched sheets (the phones share them evenly)")
    parser.add_argument("--save-every", type=float, default=10.0, help="seconds between two rounds of one sheet")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per level")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds after the phones hold their polls")
    parser.add_argument(
        "--waits", default="gevent", choices=["gevent", "same"],
        help="gevent: the long polls on a gunicorn -k gevent of their own (as deployed); same: one server for all",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the app's server")
    parser.add_argument("--wait-workers", type=int, default=1, help="worker processes of the long polls' server")
    parser.add_argument("--worker-class", default="gthread", choices=["gevent", "gthread"], help="with --waits same")
    parser.add_argument("--threads", type=int, default=128, help="threads per worker (gthread, with --waits same)")
    parser.add_argument("--json", action="store_true", help="also print one JSON object at the end")
    parser.add_argument("--keep-log", help="copy the server's log here at the end")
    args = parser.parse_args()
    levels = [int(n) for n in args.levels.split(",")]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 2 * max(levels) + 1000)), hard))

    with tempfile.TemporaryDirectory() as tmp:
        url = database_url(args.database, tmp, "watchers")
        if url is None:
            return 2
        log = Path(tmp) / "server.log"
        connections = ["--worker-connections", str(2 * max(levels) + 500)]
        servers = []
        try:
            if args.waits == "gevent":
                # As deployed: the app on threads, and the long polls (/wait, routed by the proxy) on gevent.
                app_server = start_gunicorn(url, log, workers=args.workers, threads=16, keep_alive=75, timeout=60)
                servers.append(app_server)
                wait_server = start_gunicorn(
                    url, log, workers=args.wait_workers, worker_class="gevent", keep_alive=75, timeout=60,
                    extra=connections,
                )  # fmt: skip
                servers.append(wait_server)
                description = f"app: {app_server.description}; /wait: {wait_server.description}"
            else:
                extra = connections if args.worker_class == "gevent" else []
                app_server = wait_server = start_gunicorn(
                    url, log, workers=args.workers, threads=args.threads, worker_class=args.worker_class,
                    keep_alive=75, timeout=60, extra=extra,
                )  # fmt: skip
                servers.append(app_server)
                description = f"everything: {app_server.description}"
            from common import Client

            setup = Client(app_server.port)
            sheets = []
            for _ in range(args.sheets):
                _status, body, _took = setup.call("POST", "/api/games", {"game": "phase10", "players": PLAYERS})
                sheets.append((body["id"], body["edit_key"]))
            setup.close()
            print(f"{args.database}: phones watching {args.sheets} sheets (a round every {args.save_every:.0f} s each), "
                  f"another table saving every 0.25 s; {description}; {args.seconds:.0f} s per level")  # fmt: skip
            print(f"  load average at the start: {load_average()}")
            results = asyncio.run(run(app_server.port, wait_server.port, sheets, levels, args, servers))
        finally:
            for server in servers:
                server.stop()
            if args.keep_log:
                Path(args.keep_log).write_bytes(log.read_bytes())
    last = results[-1]
    ok = (
        last["other_table_save_ms"].get("p95", 1e9) < TARGET_SAVE_P95_MS
        and last["save_to_screen_s"].get("p95", 1e9) < TARGET_SEEN_P95_S
        and not last["errors"]
        and not last["missed"]
    )
    print(
        f"  target at {last['phones']} phones: other table's save p95 < {TARGET_SAVE_P95_MS:.0f} ms, "
        f"save-to-screen p95 < {TARGET_SEEN_P95_S:.0f} s, no errors: {'met' if ok else 'MISSED'}"
    )
    if args.json:
        for result in results:
            result["errors"] = len(result["errors"])
        print(json.dumps({"database": args.database, "server": description, "levels": results}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
