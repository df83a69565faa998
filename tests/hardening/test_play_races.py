"""Digital games under concurrent actions (a real threaded server; SQLite, and PostgreSQL in
``make test-postgres``): the same turn sent by several phones at once is applied once, the others get 409,
never a 500 — also when the action ends a round that lands in the score sheet."""

from __future__ import annotations

import threading

from hardening_support import Http

PHONES = 4


def _race(served: str, path: str, key: str, body: dict, version: int) -> list[int]:
    statuses: list[int] = []
    barrier = threading.Barrier(PHONES)

    def phone():
        http = Http(served)
        barrier.wait()
        status, _answer = http.request("POST", path, body, key=key, headers={"If-Match": f'"{version}"'})
        statuses.append(status)
        http.close()

    threads = [threading.Thread(target=phone) for _ in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses


def test_the_same_turn_from_several_phones_is_applied_once_and_never_a_500(served):
    http = Http(served)
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    status, state = http.request(
        "POST", "/api/play", {"game": "uno", "seats": seats, "seed": 5, "rules": {"target": 60}}
    )
    assert status == 201
    key, path = state["edit_key"], f"/api/play/{state['id']}/actions"
    landed = False
    for _turn in range(60):
        if state["status"] != "playing":
            break
        acting = state["pending"]["seat"] if state.get("pending") else state["turn"]
        assert acting == 0
        action = state["legal"][0]
        statuses = _race(served, path, key, {"seat": 0, "action": action}, state["version"])
        assert sorted(statuses) == [200] + [409] * (PHONES - 1), statuses
        status, state = http.request("GET", f"/api/play/{state['id']}?seat=0", key=key)
        assert status == 200
        landed = landed or state["sheet"] is not None
    assert landed, "no round landed in the score sheet during the races"
