"""Live sheets as deployed (gunicorn, TLS, two gthread workers): three phones watch one sheet while a fourth records a
round, corrects it and takes it back; every watcher sees each change without reloading, and the access log shows
that changes reached phones whose long poll was held by the other worker process than the one that stored them."""

from __future__ import annotations

import time

from playwright.sync_api import expect
from tls_pages import access_log, enter_round, new_sheet, phone, row

from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: tests/e2e/test_live.py (the same live sheet, one server)
pytestmark = LONG

LIVE_TIMEOUT = 10_000  # the benchmark measures the real delay; a busy CI gets ten seconds
WATCHERS = 3
MORE_CHANGES = 8  # at most, when no long poll so far crossed processes


def _deliveries(server: dict, game_path: str) -> tuple[list[dict], list[dict]]:
    """The answers that carried a change, in the log's order: the watchers' long polls answered 200 (each with the
    ``version`` it left), and the form posts that changed the sheet (answered with a redirect)."""
    game_id = game_path.rsplit("/", 1)[1]
    waits, writes = [], []
    for line in access_log(server):
        target = line["target"]
        watcher = "/watcher" in line["agent"]
        if watcher and target.startswith(f"/api/games/{game_id}/wait?version=") and line["status"] == "200":
            waits.append({**line, "version": int(target.rpartition("=")[2])})
        elif line["method"] == "POST" and target.startswith(game_path + "/rounds") and line["status"] in {"302", "303"}:
            writes.append(line)
    return waits, writes


def _record(page, watchers: list) -> None:
    page.locator(".record-round").click()
    enter_round(page, "Ana", {"Ben": 1})  # Ben 70, Cy 50 (ten low cards)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    for watcher in watchers:
        expect(watcher.locator(".game-life")).to_contain_text("1 round", timeout=LIVE_TIMEOUT)
        expect(watcher.locator("table.standings")).to_contain_text("70")


def _correct(page, watchers: list) -> None:
    page.get_by_role("link", name="Edit round 1").click()
    row(page, "Cy").locator(".row-open").click()
    row(page, "Cy").locator(".points-input").fill("65")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 corrected.")).to_be_visible()
    for watcher in watchers:
        expect(watcher.locator("table.standings")).to_contain_text("65", timeout=LIVE_TIMEOUT)


def _undo(page, watchers: list) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo round 1").click()
    for watcher in watchers:
        expect(watcher.get_by_text("0 rounds")).to_be_visible(timeout=LIVE_TIMEOUT)


CHANGES = [_record, _correct, _undo]


def _crossed(server: dict, path: str, first: int, changes: int) -> list[dict]:
    """The watchers' deliveries answered by the other worker process than the one that stored the change (the
    sheet's versions go from ``first`` up, one per change), once the log holds every one of the ``changes``."""
    for _ in range(50):  # gunicorn logs an answer just after sending it
        waits, writes = _deliveries(server, path)
        if len(writes) == changes and {line["version"] for line in waits} == set(range(first, first + changes)):
            break
        time.sleep(0.1)
    assert len(writes) == changes, writes
    writer = {first + n: line["pid"] for n, line in enumerate(writes)}
    # (a delivery whose write is not in the log yet, on a slow machine, counts neither way)
    return [line for line in waits if line["version"] in writer and line["pid"] != writer[line["version"]]]


def test_every_phone_sees_each_change_across_both_workers(browser, browser_context_args, server):
    recorder = phone(browser, browser_context_args, "recorder")
    page = recorder.new_page()
    path = new_sheet(page, ["Ana", "Ben", "Cy"])
    first = int(page.locator("[data-live-version]").get_attribute("data-live-version"))
    contexts, watchers, joined, loads = [recorder], [], [], []

    def watch(changes_so_far: int) -> None:
        n = len(watchers)
        contexts.append(phone(browser, browser_context_args, f"watcher{n}"))
        watcher = contexts[-1].new_page()
        watcher.goto(path)
        expect(watcher.get_by_text("View only")).to_be_visible()
        loads.append(0)
        watcher.on("load", lambda *_a: loads.__setitem__(n, loads[n] + 1))
        watchers.append(watcher)
        joined.append(changes_so_far)

    for _ in range(WATCHERS):
        watch(0)
    # A round, its correction and the undo: every watcher sees each change without reloading.
    for change in CHANGES:
        change(page, watchers)
    # Which worker process accepts a connection is the kernel's choice: should every long poll so far have been
    # held by the process that stored the change, more phones watch while the changes go on, until one is
    # served by the other process (each new phone: about even odds).
    done = len(CHANGES)
    while not _crossed(server, path, first, done) and done < len(CHANGES) + MORE_CHANGES:
        watch(done)
        CHANGES[done % len(CHANGES)](page, watchers)
        done += 1
    for context in contexts:
        context.close()

    assert _crossed(server, path, first, done), f"in {done} changes no long poll was held by the other worker"
    assert loads == [0] * len(watchers)  # never reloaded
    waits, _writes = _deliveries(server, path)
    for n, since in enumerate(joined):  # each change reached each phone watching by then, through its long poll
        seen = sorted(line["version"] for line in waits if line["agent"].endswith(f"/watcher{n}"))
        assert seen == list(range(first + since, first + done)), (n, seen)
