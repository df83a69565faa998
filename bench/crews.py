"""How long a crew's statistics take: ``GET /api/crews/<id>`` and the crew page for 7 people and 30, 100 and 200
games of every kind (each game's sheet is replayed by the engine on every read; nothing is stored but rounds).

    .venv/bin/python bench/crews.py [--games 30 100 200] [--reads 20]

Runs the app in-process (Flask's test client) on a temporary SQLite file and prints p50/p95 per size.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]
os.environ.setdefault("DECKSIDE_CREATE_LIMIT", "100000 per minute")

from crew_pages import seed_crew  # noqa: E402

from app import create_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, nargs="+", default=[30, 100, 200])
    parser.add_argument("--reads", type=int, default=20)
    args = parser.parse_args()
    for games in args.games:
        with tempfile.TemporaryDirectory() as folder:
            app = create_app(
                {
                    "TESTING": True,
                    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'b.sqlite'}",
                    "SECRET_KEY": "b",
                }
            )
            client = app.test_client()
            crew_id, _key = seed_crew(client, games=games)
            for url, label in ((f"/api/crews/{crew_id}", "GET /api/crews/<id>"), (f"/crews/{crew_id}", "crew page")):
                timings = []
                for _ in range(args.reads):
                    start = time.perf_counter()
                    assert client.get(url).status_code == 200
                    timings.append((time.perf_counter() - start) * 1000)
                timings.sort()
                p95 = timings[max(0, round(len(timings) * 0.95) - 1)]
                print(f"{games:4d} games  {label:22s} p50 {statistics.median(timings):7.1f} ms  p95 {p95:7.1f} ms")


if __name__ == "__main__":
    main()
