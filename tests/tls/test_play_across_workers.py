"""A digital game on several phones as deployed (gunicorn, TLS, two gthread workers): Ana on the creator's phone,
Ben on his own phone, Cy a bot, UNO to the end. Neither phone reloads: each move reaches the other phone through
its long poll, and the access log shows moves delivered by the other worker process than the one that stored
them (each seat's requests go to whichever process the kernel picks)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect
from tls_pages import access_log, phone

from tests.e2e.play_pages import play_to_the_end, start_with_phones, uno_move

SEATS = (("Ana", "person"), ("Ben", "remote"), ("Cy", "random"))
MAX_MOVES = 300
WAIT = re.compile(r"^/api/play/[\w-]+/wait\?version=(\d+)$")
ACTIONS = re.compile(r"^/api/play/[\w-]+/actions$")


def _answers(page: Page) -> list:
    """The page's answers to moves and long polls, as they come (read once the game is over)."""
    answers: list = []
    page.on("response", lambda response: answers.append(response) if response.status == 200 else None)
    return answers


def _versions(answers: list) -> dict:
    """From a phone's own answers: the version each of its moves left (``moves``, in order) and what each long
    poll that brought a change answered (``waits``: the version it waited on → the version it brought)."""
    seen: dict = {"moves": [], "waits": {}}
    for response in answers:
        path = re.sub(r"^https://[^/]+", "", response.url)
        if ACTIONS.match(path) and response.request.method == "POST":
            seen["moves"].append(response.json()["version"])
        elif match := WAIT.match(path):
            seen["waits"][int(match[1])] = response.json()["version"]
    return seen


def test_two_phones_play_a_game_to_the_end_across_both_workers(browser, browser_context_args, server):
    ana_phone, ben_phone = (phone(browser, browser_context_args, name) for name in ("ana", "ben"))
    try:
        ana, ben = ana_phone.new_page(), ben_phone.new_page()
        answers = {"ana": _answers(ana), "ben": _answers(ben)}
        start_with_phones(ana, "uno", "7", SEATS)
        link = ana.locator('a[data-join="1"]')
        expect(link).to_be_visible(timeout=10000)
        ben.goto(link.get_attribute("href"))
        expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=10000)
        loads = {"ana": 0, "ben": 0}
        ana.on("load", lambda *_: loads.__setitem__("ana", loads["ana"] + 1))
        ben.on("load", lambda *_: loads.__setitem__("ben", loads["ben"] + 1))

        moves = play_to_the_end([ana, ben], uno_move, max_moves=MAX_MOVES)
        for page in (ana, ben):
            expect(page.locator(".result h2")).to_contain_text("wins the game")
        assert loads == {"ana": 0, "ben": 0}  # every move arrived by the long poll
        seen = {name: _versions(answers[name]) for name in answers}
    finally:
        ana_phone.close()
        ben_phone.close()

    # Which process stored each move (the access log's pid of the phone's n-th move) and which answered each long
    # poll that brought a change; a delivery crossed when a long poll brought a move of the other phone that the
    # other process stored.
    stored, answered = {}, {}
    for name in ("ana", "ben"):
        for _ in range(50):  # gunicorn logs an answer just after sending it
            mine = [line for line in access_log(server) if line["agent"].endswith(f"/{name}")]
            posts = [
                line["pid"]
                for line in mine
                if line["method"] == "POST" and line["status"] == "200" and ACTIONS.match(line["target"])
            ]
            if len(posts) >= len(seen[name]["moves"]):
                break
            time.sleep(0.1)
        assert len(posts) == len(seen[name]["moves"]), (name, posts, seen[name]["moves"])
        stored.update(zip(seen[name]["moves"], ((name, pid) for pid in posts)))
        answered[name] = {
            int(WAIT.match(line["target"])[1]): line["pid"]
            for line in mine
            if line["status"] == "200" and WAIT.match(line["target"])
        }
    crossed = [
        (name, after)
        for name in ("ana", "ben")
        for before, after in seen[name]["waits"].items()
        for version, (mover, pid) in stored.items()
        if before < version <= after and mover != name and pid != answered[name].get(before, pid)
    ]
    deliveries = sum(len(seen[name]["waits"]) for name in seen)
    print(f"{moves} moves by people, {deliveries} long polls brought a change, {len(crossed)} across processes")
    assert moves > 2 and seen["ana"]["waits"] and seen["ben"]["waits"]
    assert crossed, f"in {moves} moves no long poll brought a move the other worker had stored"
