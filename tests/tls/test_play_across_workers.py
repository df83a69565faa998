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
from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: tests/e2e/test_play.py (one server) and test_edit_keys.py (TLS, two workers)
pytestmark = LONG

SEATS = (("Ana", "person"), ("Ben", "remote"), ("Cy", "random"))
MAX_MOVES = 300
GAMES = 4  # at most (see the test)
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


def _game(browser, browser_context_args, names: tuple[str, str]) -> tuple[int, dict]:
    """Ana (the creator) and Ben on phones of their own, named ``names`` in their user agents, play UNO to the end;
    returns the number of moves and what each phone's answers said (:func:`_versions`)."""
    contexts = [phone(browser, browser_context_args, name) for name in names]
    try:
        ana, ben = (context.new_page() for context in contexts)
        answers = [_answers(ana), _answers(ben)]
        start_with_phones(ana, "uno", "7", SEATS)
        link = ana.locator('a[data-join="1"]')
        expect(link).to_be_visible(timeout=10000)
        ben.goto(link.get_attribute("href"))
        expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=10000)
        loads = [0, 0]
        ana.on("load", lambda *_: loads.__setitem__(0, loads[0] + 1))
        ben.on("load", lambda *_: loads.__setitem__(1, loads[1] + 1))
        moves = play_to_the_end([ana, ben], uno_move, max_moves=MAX_MOVES)
        for page in (ana, ben):
            expect(page.locator(".result h2")).to_contain_text("wins the game")
        assert loads == [0, 0]  # every move arrived by the long poll
        return moves, {name: _versions(mine) for name, mine in zip(names, answers)}
    finally:
        for context in contexts:
            context.close()


def _crossed(server: dict, seen: dict) -> list:
    """The long polls that brought a move of the other phone which the other worker process stored: which process
    stored each move (the access log's pid of the phone's n-th move) and which answered each long poll."""
    stored, answered = {}, {}
    for name in seen:
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
    return [
        (name, after)
        for name in seen
        for before, after in seen[name]["waits"].items()
        for version, (mover, pid) in stored.items()
        if before < version <= after and mover != name and pid != answered[name].get(before, pid)
    ]


def test_two_phones_play_a_game_to_the_end_across_both_workers(browser, browser_context_args, server):
    # Which worker process accepts a phone's connections is the kernel's choice: should no long poll so far have
    # brought a move the other process stored, two new phones play another game (each game: 20-30 such
    # deliveries in most runs, none in about one run of six).
    for game in range(GAMES):
        moves, seen = _game(browser, browser_context_args, (f"ana{game}", f"ben{game}"))
        assert moves > 2 and all(mine["waits"] for mine in seen.values())
        crossed = _crossed(server, seen)
        deliveries = sum(len(mine["waits"]) for mine in seen.values())
        print(f"game {game}: {moves} moves by people, {deliveries} long polls brought a change, {len(crossed)} across")
        if crossed:
            return
    raise AssertionError(f"in {GAMES} games no long poll brought a move the other worker had stored")
