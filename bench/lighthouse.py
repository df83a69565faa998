"""Lighthouse on three pages as deployed (issue 22, "Installable app"): the home page, a score sheet with rounds
and a digital game, each at phone size (Lighthouse's mobile emulation), against gunicorn with two workers.

Prints performance, accessibility, best practices and SEO for each page (the run with the median performance
of ``--runs``), and exits 1 when any is below the
target (95), naming the page, the category and the audits that cost it points. Lighthouse comes from
node_modules (``npm ci``, as for axe-core), driven in Debian's Chromium.

    .venv/bin/python bench/lighthouse.py [--target 95] [--runs 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, call, load_average, start_gunicorn

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = " ".join(
    [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
    ]
)


def pages(port: int) -> dict[str, str]:
    """The three pages: the home page, a Phase 10 sheet with three rounds, a digital UNO game against a bot."""
    status, sheet = call(port, "POST", "/api/games", body={"game": "phase10", "players": ["Ana", "Ben", "Cy"]})
    assert status == 201, sheet
    rounds = [
        {
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": True},
                {"player": "Ben", "completed": True, "points": 25},
                {"player": "Cy", "completed": False, "points": 95},
            ],
        },
        {
            "went_out": "Ben",
            "results": [
                {"player": "Ana", "completed": False, "points": 80},
                {"player": "Ben", "completed": True},
                {"player": "Cy", "completed": True, "points": 5},
            ],
        },
        {
            "went_out": "Cy",
            "results": [
                {"player": "Ana", "completed": True, "points": 10},
                {"player": "Ben", "completed": False, "points": 70},
                {"player": "Cy", "completed": True},
            ],
        },
    ]
    for number, body in enumerate(rounds, start=1):
        body = {"round": number, **body}
        status, answer = call(port, "POST", f"/api/games/{sheet['id']}/rounds", key=sheet["edit_key"], body=body)
        assert status == 201, answer
    status, game = call(
        port,
        "POST",
        "/api/play",
        body={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 7},
    )
    assert status == 201, game
    return {"home": "/", "sheet": f"/sheets/{sheet['id']}", "digital game": f"/play/{game['id']}"}


ATTEMPTS = 3
# What Lighthouse prints when the run, not the page, failed (cli/run.js).
RETRIED = ("Runtime error encountered", "Debugger protocol timed out")


def audit(url: str, out: Path) -> dict:
    """One Lighthouse run on ``url``. A run Lighthouse itself could not record (a "Runtime error encountered", such as
    NO_NAVSTART when Chromium's trace misses the navigation: its own message says to run it again) is run again, up
    to ``ATTEMPTS`` times, and said so; any other failure, or the same one every time, stops the benchmark."""
    attempt = 1
    while True:
        done = subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                f"--only-categories={','.join(CATEGORIES)}",
                f"--chrome-flags={CHROME_FLAGS}",
            ],
            env={"CHROME_PATH": CHROMIUM, "PATH": "/usr/bin:/bin"},
            timeout=300,
            capture_output=True,
            text=True,
        )
        report = json.loads(out.read_text()) if done.returncode == 0 and out.exists() else None
        runtime_error = (report or {}).get("runtimeError", {}).get("code") or next(
            (line for line in done.stderr.splitlines() if line.startswith(RETRIED)), None
        )
        if report is not None and not runtime_error:
            return report
        if not runtime_error or attempt == ATTEMPTS:
            sys.stderr.write(done.stderr)
            raise SystemExit(f"lighthouse failed on {url} (exit {done.returncode}, attempt {attempt} of {ATTEMPTS})")
        print(f"  {url}: Lighthouse could not record the run ({runtime_error}); running it again")
        out.unlink(missing_ok=True)
        attempt += 1


def costs(report: dict, category: str) -> list[str]:
    """The audits of ``category`` that did not score full marks, heaviest first."""
    refs = report["categories"][category]["auditRefs"]
    lost = []
    for ref in refs:
        result = report["audits"][ref["id"]]
        if ref["weight"] and result["score"] is not None and result["score"] < 1:
            lost.append((ref["weight"] * (1 - result["score"]), f"{ref['id']} ({result['score']:.2f})"))
    return [text for _weight, text in sorted(lost, reverse=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=95)
    parser.add_argument("--runs", type=int, default=3, help="runs per page; the median run is reported")
    parser.add_argument("--keep", type=Path, help="keep the JSON reports in this folder")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run `npm ci` at the repository root (`make lighthouse` does)")
        return 2
    work = Path(tempfile.mkdtemp(prefix="deckside-lighthouse-"))
    reports = args.keep or work
    reports.mkdir(parents=True, exist_ok=True)
    failures = []
    with start_gunicorn(f"sqlite:///{work / 'lh.sqlite'}", work / "server.log", workers=2, threads=4) as server:
        print(
            f"Lighthouse {subprocess.run([str(LIGHTHOUSE), '--version'], capture_output=True, text=True).stdout.strip()}"
            f", mobile emulation, {server.description}, load {load_average()}"
        )
        print(f"{'page':<14}" + "".join(f"{c:>16}" for c in CATEGORIES))
        for name, path in pages(server.port).items():
            # Lighthouse's figures vary from run to run (its own advice: the median of several runs).
            runs = [
                audit(f"http://127.0.0.1:{server.port}{path}", reports / f"{name.replace(' ', '-')}-{n}.json")
                for n in range(1, args.runs + 1)
            ]
            runs.sort(key=lambda r: r["categories"]["performance"]["score"])
            report = runs[len(runs) // 2]
            scores = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
            print(f"{name:<14}" + "".join(f"{scores[c]:>16}" for c in CATEGORIES))
            for category, score in scores.items():
                if score < args.target:
                    failures.append(
                        f"{name}: {category} {score} < {args.target}; lost on " + ", ".join(costs(report, category)[:5])
                    )
    for failure in failures:
        print(failure)
    print(f"reports: {reports}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
