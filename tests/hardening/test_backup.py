"""The README's SQLite backup works while the app serves (issue 21 §6): ``sqlite3 <db> ".backup <copy>"`` (the
online backup API) and ``VACUUM INTO``, run while phones keep saving rounds, make a copy that passes SQLite's
integrity check and that the app opens with every round the copy was taken after."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import threading

import pytest

from app import create_app
from app.extensions import db

ROUNDS = 30


def _backup(command: str, source, target) -> None:
    if command == ".backup":
        subprocess.run([shutil.which("sqlite3") or "sqlite3", str(source), f".backup '{target}'"], check=True)
    else:
        connection = sqlite3.connect(source)
        connection.execute("VACUUM INTO ?", (str(target),))
        connection.close()


@pytest.mark.parametrize("command", [".backup", "VACUUM INTO"])
def test_an_online_backup_taken_while_rounds_are_saved_is_whole(tmp_path, command):
    source = tmp_path / "deckside.sqlite"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{source}", "SECRET_KEY": "t"})
    client = app.test_client()
    made = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_key']}"}
    saved = threading.Event()

    def phone() -> None:
        for number in range(1, ROUNDS + 1):
            body = {"round": number, "results": [{"player": "Ana", "points": number}, {"player": "Ben", "points": 1}]}
            assert client.post(f"/api/games/{made['id']}/rounds", json=body, headers=auth).status_code == 201
            if number == ROUNDS // 2:
                saved.set()

    writer = threading.Thread(target=phone)
    writer.start()
    saved.wait(60)
    copies = [tmp_path / f"copy-{n}.sqlite" for n in range(3)]
    for copy in copies:  # while the phone keeps saving
        _backup(command, source, copy)
    writer.join(120)
    with app.app_context():
        db.engine.dispose()
    for copy in copies:
        connection = sqlite3.connect(copy)
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.close()
        restored = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{copy}", "SECRET_KEY": "t"})
        game = restored.test_client().get(f"/api/games/{made['id']}").get_json()
        rounds = [r["round"] for r in game["rounds"]]
        assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= ROUNDS // 2
        assert game["players"][0]["score"] == sum(rounds)  # every round whole, with its results
        with restored.app_context():
            db.engine.dispose()
