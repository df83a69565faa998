"""A crew with a long history, for the browser tests of the crew pages: 7 people, 30 games of every kind."""

from __future__ import annotations

import random

PEOPLE = ["Ana", "Ben", "Cy", "דנה", "Eli", "Maximiliane-Theresa", "Zoë"]


def _send(client, url, body, headers=None, status=201):
    answer = client.post(url, json=body, headers=headers or {})
    assert answer.status_code == status, (url, body, answer.get_json())
    return answer.get_json()


def _uno(rng, players):
    rounds, totals = [], dict.fromkeys(players, 0)
    while max(totals.values()) < 100:
        out = rng.choice(players)
        held = {p: rng.randrange(5, 45, 5) for p in players if p != out}
        totals[out] += sum(held.values())
        rounds.append({"went_out": out, "results": [{"player": p, "points": v} for p, v in held.items()]})
    return {"target": 100}, rounds


def _phase10(rng, players):
    rounds, done = [], dict.fromkeys(players, 0)
    while max(done.values()) < 3:
        out = rng.choice(players)
        results = [{"player": out, "completed": True}]
        for p in players:
            if p != out:
                completed = rng.random() < 0.45
                points = rng.choice([5, 10, 15, 20, 25]) if completed else rng.randrange(50, 125, 5)
                results.append({"player": p, "completed": completed, "points": points})
        for r in results:
            done[r["player"]] += r["completed"]
        rounds.append({"went_out": out, "results": results})
    return {"phases": [1, 2, 3]}, rounds


def _points(rng, players):
    return {"rounds": 3}, [
        {"results": [{"player": p, "points": rng.randrange(0, 31)} for p in players]} for _ in range(3)
    ]


def seed_crew(client, name="Friday cards", games=30, seed=7, people=PEOPLE):
    """Make the crew and play ``games`` games in it through the API; returns the crew's id and key."""
    rng = random.Random(seed)
    crew = _send(client, "/api/crews", {"name": name, "people": list(people)})
    crew_id, crew_key = crew["id"], crew["crew_key"]
    makers = {"uno": _uno, "phase10": _phase10, "points": _points}
    for number in range(games):
        kind = ("uno", "phase10", "points", "uno", "phase10")[number % 5]
        players = rng.sample(list(people), rng.randint(3, 5))
        rules, rounds = makers[kind](rng, players)
        if number == games - 1:
            rounds = rounds[:1]  # the latest game is still being played
        game = _send(
            client,
            "/api/games",
            {"game": kind, "players": players, "rules": rules, "crew": crew_id},
            {"X-Crew-Key": crew_key},
        )
        for index, body in enumerate(rounds, start=1):
            _send(
                client,
                f"/api/games/{game['id']}/rounds",
                {"round": index, **body},
                {"Authorization": f"Bearer {game['edit_key']}"},
            )
            if "tied" in body:
                break
    return crew_id, crew_key
