"""PostgreSQL restarted under load (issue 21 §4; only under ``make test-postgres``, which gives a throwaway
server this test may stop and start): eight phones keep saving rounds and reading while the server restarts.
No answer is a 500; every refusal is a 503 with Retry-After; the phones' resends (the same Idempotency-Key)
store every round exactly once; after the restart everything works again without restarting the app; the
outage is a handful of log lines and no traceback."""

from __future__ import annotations

import logging
import os
import subprocess
import threading
import time

import requests

from app import create_app
from app.extensions import db
from tests.hardening.hardening_support import HIGH_LIMITS

PHONES = 8
ROUNDS = 40


def _pg_ctl(*args: str) -> None:
    """pg_ctl on the test's cluster; the server it starts logs to the cluster's log (not to a pipe of ours)."""
    user = os.environ.get("PG_TEST_USER")
    data = os.environ["PG_TEST_DATA"]
    command = [os.environ["PG_TEST_CTL"], "-D", data, "-l", os.path.join(os.path.dirname(data), "server.log"), *args]
    subprocess.run(
        (["runuser", "-u", user, "--"] if user else []) + command,
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
    )


def test_a_postgresql_restart_under_load_is_answered_503_and_recovers(database_url, caplog):
    from werkzeug.serving import make_server

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", **HIGH_LIMITS})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    sheets = []
    for _ in range(PHONES):
        made = requests.post(f"{base}/api/games", json={"game": "points", "players": ["Ana", "Ben"]}, timeout=10)
        sheets.append(made.json())
    answers: list[tuple[int, str | None]] = []
    lock = threading.Lock()

    def phone(sheet) -> None:
        auth = {"Authorization": f"Bearer {sheet['edit_key']}"}
        session = requests.Session()
        for number in range(1, ROUNDS + 1):
            body = {"round": number, "results": [{"player": "Ana", "points": number}, {"player": "Ben", "points": 1}]}
            headers = {**auth, "Idempotency-Key": f"{sheet['id']}-{number}"}
            while True:  # as the phones' queue does: the same request again after Retry-After
                try:
                    saved = session.post(
                        f"{base}/api/games/{sheet['id']}/rounds", json=body, headers=headers, timeout=30
                    )
                    read = session.get(f"{base}/api/games/{sheet['id']}", timeout=30)
                except requests.ConnectionError:
                    continue
                with lock:
                    answers.extend((a.status_code, a.headers.get("Retry-After")) for a in (saved, read))
                if saved.status_code != 503:
                    break  # stored (201), or refused for good: the assertions below say which
                time.sleep(0.2)

    phones = [threading.Thread(target=phone, args=(sheet,)) for sheet in sheets]
    for thread in phones:
        thread.start()
    time.sleep(1.0)
    _pg_ctl("restart", "-m", "fast", "-w", "-t", "60")  # every connection is cut; the server is down a moment
    time.sleep(0.5)
    _pg_ctl("restart", "-m", "immediate", "-w", "-t", "60")  # and again, without a clean shutdown
    for thread in phones:
        thread.join(180)
    assert not any(thread.is_alive() for thread in phones)
    statuses = [status for status, _retry in answers]
    assert 500 not in statuses
    assert set(statuses) <= {200, 201, 503}
    refused = [(status, retry) for status, retry in answers if status == 503]
    assert refused, "the restarts were seen by some request"
    assert all(retry and int(retry) > 0 for _status, retry in refused)
    for sheet in sheets:  # every round stored once, in order: resends were answered, not stored twice
        game = requests.get(f"{base}/api/games/{sheet['id']}", timeout=10).json()
        assert [r["round"] for r in game["rounds"]] == list(range(1, ROUNDS + 1))
        assert game["players"][0]["score"] == sum(range(1, ROUNDS + 1))
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in lines if r.exc_info], "no traceback"
    assert len(lines) <= 30, [r.getMessage() for r in lines]
    print(f"\n{len(answers)} answers, {len(refused)} × 503, {len(lines)} log lines")
    server.shutdown()
    server.server_close()
    with app.app_context():
        db.engine.dispose()
