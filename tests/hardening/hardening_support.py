"""Helpers for the hardening tests: JSON over HTTP, game bodies, free ports, a server in its own process."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


class Http:
    """A small JSON client on one kept-alive connection (one per thread)."""

    def __init__(self, base: str):
        host, port = base.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)

    def request(
        self, method: str, path: str, body: Any = None, key: str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        """The status and the decoded JSON answer (``None`` when the answer is not JSON)."""
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if key:
            sent["Authorization"] = f"Bearer {key}"
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=sent)
                response = self.connection.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # a kept-alive connection the server closed between two requests: open a new one
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if attempt:
                    raise
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, None

    def close(self) -> None:
        self.connection.close()


def new_game(http: Http, players=PLAYERS, game: str = "phase10", rules: dict | None = None) -> tuple[str, str]:
    status, body = http.request("POST", "/api/games", {"game": game, "players": list(players), "rules": rules or {}})
    assert status == 201, body
    return body["id"], body["edit_key"]


def rotating_round(number: int, points: int = 50, players=PLAYERS) -> dict[str, Any]:
    """A Phase 10 round in which the players go out in turn (so a game lasts many rounds): the
    one who went out completed their phase, the first other player has ``points``, the rest 10 low cards."""
    went_out = players[(number - 1) % len(players)]
    results = []
    others = [p for p in players if p != went_out]
    for name in players:
        if name == went_out:
            results.append({"player": name, "completed": True})
        elif name == others[0]:
            results.append({"player": name, "completed": False, "points": points})
        else:
            results.append({"player": name, "completed": False, "counts": {"low": 10, "high": 0, "skip": 0, "wild": 0}})
    return {"round": number, "went_out": went_out, "results": results}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen | None = None, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing answered on port {port} within {timeout} s")


HIGH_LIMITS = {"EDIT_KEY_FAILURES": 1_000_000}


class ServerProcess:
    """The production server (waitress) in a separate process, on a given database."""

    def __init__(self, database_url: str, instance: Path):
        self.database_url = database_url
        self.instance = instance
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, DATABASE_URL=self.database_url, SECRET_KEY="test-only", PYTHONPATH=str(ROOT))
        self.log = (self.instance / "server.log").open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "waitress",
                "--host=127.0.0.1",
                f"--port={self.port}",
                "--threads=4",
                "--call",
                "app:create_app",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        wait_for_port(self.port, self.process)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a power cut of the app server."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        if self.process is not None:
            self.log.close()


TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip() or None


def fresh_database_url(directory: Path) -> str:
    """An empty database for a module's app: TEST_DATABASE_URL emptied (as tests/conftest.py does), or SQLite."""
    if TEST_DATABASE_URL is None:
        return f"sqlite:///{directory / 'test.sqlite'}"
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(TEST_DATABASE_URL, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return TEST_DATABASE_URL
