"""What the server benchmarks share: a server on 127.0.0.1, its database, HTTP calls, and their figures.

- :func:`database_url` — a fresh SQLite file in a temporary folder, or the PostgreSQL database named by
  ``TEST_DATABASE_URL`` (``scripts/pg-test.sh`` starts a throwaway one), emptied first.
- :func:`start_gunicorn` / :func:`start_waitress` — the app served on a free port, waited for until it
  answers; the :class:`Server` they give stops it (``with`` or :meth:`Server.stop`).
- :class:`Client` — a kept-alive JSON connection that times each call and notes every 5xx; :func:`call`
  for one request on its own connection.
- :func:`percentiles`, :func:`figures` — p50/p95/p99/max of a list of timings, and the line that prints them.
- :func:`load_average`, :func:`cpu_seconds` — what the machine and the server were doing meanwhile.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
TICKS = os.sysconf("SC_CLK_TCK")


# --- rounds -------------------------------------------------------------------------------------------


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


# --- the database -------------------------------------------------------------------------------------


def empty_postgres(url: str) -> None:
    """Drop everything in the database's public schema."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def database_url(database: str, folder: str | Path, name: str) -> str | None:
    """The URL of an empty database for a run: ``folder/name.sqlite``, or the PostgreSQL database of
    ``TEST_DATABASE_URL`` (or ``DATABASE_URL``) emptied. ``None`` (said on stderr) when none is named."""
    if database == "sqlite":
        return f"sqlite:///{Path(folder) / f'{name}.sqlite'}"
    url = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL") or ""
    if not url.startswith("postgres"):
        print("--database postgres needs TEST_DATABASE_URL (run it under scripts/pg-test.sh)", file=sys.stderr)
        return None
    empty_postgres(url)
    return url


# --- the server ---------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A server process on ``127.0.0.1:port``; stopping it (SIGTERM, then SIGKILL) waits for it to end."""

    def __init__(self, process: subprocess.Popen, port: int, log: Path, description: str):
        self.process, self.port, self.log, self.description = process, port, log, description

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self, timeout: float = 30) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


BENCH_LIMITS = {"DECKSIDE_CREATE_LIMIT": "1000000 per minute"}
"""The benchmarks measure the database and the live updates, not the creation rate limit (30 a minute per
client address by default), which would refuse most of the sheets and games they create from 127.0.0.1."""


def _start(command: list[str], database_url: str, log: Path, env: dict[str, str] | None, wait: float) -> Server:
    port = free_port()
    environment = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT), "SECRET_KEY": "bench"}
    environment.update(BENCH_LIMITS)
    environment.update(env or {})
    command = [part.replace("{port}", str(port)) for part in command]
    process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=log.open("ab"))
    server = Server(process, port, log, "")
    try:
        wait_until_up(server, wait)
    except BaseException:
        server.stop()
        raise
    return server


def wait_until_up(server: Server, seconds: float) -> None:
    """Wait until the server answers an HTTP request (any status); raise if it exits or never answers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
            connection.request("GET", "/api/games/none")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            if server.process.poll() is not None:
                raise RuntimeError(f"the server did not start (see {server.log})") from None
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer within {seconds:.0f} s (see {server.log})")


def start_gunicorn(
    database_url: str,
    log: Path,
    *,
    workers: int,
    threads: int = 1,
    worker_class: str = "gthread",
    keep_alive: int | None = None,
    timeout: int = 120,
    env: dict[str, str] | None = None,
    wait: float = 300,
    extra: list[str] | None = None,
) -> Server:
    """gunicorn (``-k gthread`` unless told) with ``workers`` processes of ``threads`` threads on a free port;
    ``extra``: more options (e.g. ``--worker-connections`` for ``-k gevent``)."""
    command = [str(Path(sys.executable).with_name("gunicorn")), "-k", worker_class, "-w", str(workers)]
    if worker_class == "gthread":
        command += ["--threads", str(threads)]
    if keep_alive is not None:
        command += ["--keep-alive", str(keep_alive)]
    command += [*(extra or []), "--timeout", str(timeout), "-b", "127.0.0.1:{port}", "app:create_app()"]
    server = _start(command, database_url, log, env, wait)
    shape = (
        f"-k gthread -w {workers} --threads {threads}"
        if worker_class == "gthread"
        else f"-k {worker_class} -w {workers}"
    )
    server.description = " ".join(["gunicorn", shape, *(extra or [])])
    return server


def start_waitress(
    database_url: str, log: Path, *, threads: int, env: dict[str, str] | None = None, wait: float = 60
) -> Server:
    """The production server (waitress) with ``threads`` threads on a free port."""
    command = [sys.executable, "-m", "waitress", "--host=127.0.0.1", "--port={port}", f"--threads={threads}"]
    server = _start([*command, "--call", "app:create_app"], database_url, log, env, wait)
    server.description = f"waitress, {threads} threads"
    return server


# --- HTTP ---------------------------------------------------------------------------------------------


class Client:
    """A kept-alive JSON connection to the server on ``port``: each call is timed, each 5xx noted."""

    def __init__(self, port: int, timeout: float = 120, source: str | None = None):
        """``source``: the loopback address to send from (e.g. ``127.0.2.1``), so that the server tells clients apart."""
        self.port, self.timeout, self.source = port, timeout, source
        self.connection = self._connect()
        self.errors: list[str] = []
        self.requests = 0
        self.last = b""

    def call(
        self, method: str, path: str, body: Any = None, key: str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any, float]:
        """The status, the decoded answer (``{}`` when not JSON) and the milliseconds it took."""
        sent = dict(headers or {})
        if body is not None:
            sent["Content-Type"] = "application/json"
        if key:
            sent["Authorization"] = f"Bearer {key}"
        data = json.dumps(body).encode() if body is not None else None
        started = time.perf_counter()
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=sent)
                answer = self.connection.getresponse()
                raw = answer.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # a kept-alive connection the server closed between two requests: open a new one
                self.connection.close()
                self.connection = self._connect()
                if attempt:
                    raise
        took = (time.perf_counter() - started) * 1000
        self.requests += 1
        self.last = raw
        if answer.status >= 500:
            self.errors.append(f"{method} {path.split('?')[0]}: {answer.status} {raw[:200]!r}")
        try:
            return answer.status, json.loads(raw), took
        except ValueError:
            return answer.status, {}, took

    def _connect(self) -> http.client.HTTPConnection:
        source = (self.source, 0) if self.source else None
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout, source_address=source)

    def close(self) -> None:
        self.connection.close()


def call(port: int, method: str, path: str, key: str | None = None, body: Any = None, timeout: float = 40):
    """One request on its own connection: the status and the decoded answer (``None`` when empty)."""
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


# --- figures ------------------------------------------------------------------------------------------


def percentiles(values: list[float], digits: int = 1) -> dict:
    """``count``, ``p50``, ``p95``, ``p99`` and ``max`` of ``values`` (only ``count`` when there are none)."""
    if not values:
        return {"count": 0}
    cuts = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else [values[0]] * 99
    return {
        "count": len(values),
        "p50": round(cuts[49], digits),
        "p95": round(cuts[94], digits),
        "p99": round(cuts[98], digits),
        "max": round(max(values), digits),
    }


def figures(summary: dict, what: str, keys: tuple[str, ...] = ("p50", "p95", "p99", "max")) -> str:
    """``p50 …  p95 …  p99 …  max …  (N what)`` for a :func:`percentiles` summary."""
    shown = "  ".join(f"{key} {summary.get(key)}" for key in keys)
    return f"{shown}  ({summary['count']} {what})"


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, and its CPUs."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} CPUs)"


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (gunicorn's master and workers)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                children = Path(f"/proc/{current}/task/{task}/children").read_text().split()
                todo.extend(int(c) for c in children)
        except OSError:
            continue
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of the process ``pid`` and its descendants (Linux /proc)."""
    total = 0
    for each in process_tree(pid):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS
