"""Crews (../shared/API.md "The same people across games: crews").

The statistics are checked against a computation of this file's own over a generated history of 26 games of
every kind (Phase 10, UNO, points), played interleaved, joined to the crew in each of the three ways, with
names in other spellings, a rename, a merge, a points tie, a Phase 10 tie-breaker, a tie-breaker still due
and unfinished games. The expected figures are worked out from what each game's own ``GET /api/games/<id>``
shows (its status, winner, final scores and rounds) and what this test remembers doing (when each round was
sent, in which order games ended), never from the engine's record lines.
"""

from __future__ import annotations

import random
import unicodedata
from collections import defaultdict
from datetime import UTC, datetime

import pytest
from api_helpers import TIED_ROUNDS, create, post

from app.services import sheets as sheet_service


def crew_post(client, url, body, crew_key=None, edit_key=None, method="post"):
    headers = {}
    if crew_key is not None:
        headers["X-Crew-Key"] = crew_key
    if edit_key is not None:
        headers["X-Edit-Key"] = edit_key
    return post(client, url, body, headers=headers, method=method)


def new_crew(client, name="Friday cards", people=("Ana", "Ben", "Cy")):
    answer = crew_post(client, "/api/crews", {"name": name, "people": list(people)})
    assert answer.status_code == 201, answer.get_json()
    assert answer.headers["Cache-Control"] == "no-store"
    data = answer.get_json()
    return data["id"], data["crew_key"], data


def folded(name: str) -> str:
    """Names as this test matches them: composed, lower-cased the Unicode way."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name.strip()).casefold())


def when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# --- the generated history -----------------------------------------------------------------------------------


class History:
    """Plays games through the API and remembers what it did: each game's id, kind, the window of time each
    round was sent in, and the step at which each game's last round was sent."""

    def __init__(self, client, crew_id, crew_key):
        self.client, self.crew_id, self.crew_key = client, crew_id, crew_key
        self.games: list[dict] = []  # creation order
        self.step = 0

    def open(self, kind, players, rules, plan, how="crew"):
        """Create a game; ``how``: "crew" (created in the crew), "later" (joins after its first round) or a
        game dict to rematch."""
        if isinstance(how, dict):
            answer = post(self.client, f"/api/games/{how['id']}/rematch", {"players": players}, how["key"])
            assert answer.status_code == 201, answer.get_json()
            data = answer.get_json()
            game_id, key = data["id"], how["key"]
        elif how == "crew":
            body = {"game": kind, "players": players, "rules": rules, "crew": self.crew_id}
            answer = post(self.client, "/api/games", body, headers={"X-Crew-Key": self.crew_key})
            assert answer.status_code == 201, answer.get_json()
            game_id, key = answer.get_json()["id"], answer.get_json()["edit_key"]
        else:
            game_id, key, _ = create(self.client, kind, players, rules)
        game = {"id": game_id, "key": key, "kind": kind, "plan": list(plan), "windows": [], "done_step": None}
        game["join_later"] = how == "later"
        game["created_window"] = None
        self.games.append(game)
        return game

    def play_one(self, game):
        body = game["plan"].pop(0)
        before = datetime.now(UTC)
        if body.get("tiebreaker"):
            answer = post(
                self.client, f"/api/games/{game['id']}/tiebreaker", {"winner": body["tiebreaker"]}, game["key"]
            )
            assert answer.status_code == 200, answer.get_json()
            game["finish_window"] = (before, datetime.now(UTC))  # a tie-breaker finishes the game when it is sent
            return
        body = {"round": len(game["windows"]) + 1, **body}
        answer = post(self.client, f"/api/games/{game['id']}/rounds", body, game["key"])
        assert answer.status_code == 201, (body, answer.get_json())
        game["windows"].append((before, datetime.now(UTC)))
        game["finish_window"] = game["windows"][-1]
        self.step += 1
        game["done_step"] = self.step  # the step of its latest round: its finish, once it is over
        if game["join_later"]:
            joined = crew_post(
                self.client,
                f"/api/crews/{self.crew_id}/games",
                {"game": game["id"]},
                self.crew_key,
                game["key"],
            )
            assert joined.status_code == 201, joined.get_json()
            game["join_later"] = False

    def play_interleaved(self, games, rng):
        """Play the games' plans to their ends, a round of a randomly chosen one at a time."""
        open_games = [g for g in games if g["plan"]]
        while open_games:
            game = rng.choice(open_games)
            self.play_one(game)
            while game["plan"] and game["plan"][0].get("tiebreaker"):
                self.play_one(game)
            open_games = [g for g in open_games if g["plan"]]


def uno_plan(rng, players, target, rounds=None):
    """UNO hands (``winner_takes``): someone goes out, the others hold 5–40 points, until the target falls."""
    plan, totals = [], dict.fromkeys(players, 0)
    while max(totals.values()) < target and (rounds is None or len(plan) < rounds):
        out = rng.choice(players)
        held = {p: rng.randrange(5, 45, 5) for p in players if p != out}
        totals[out] += sum(held.values())
        plan.append({"went_out": out, "results": [{"player": p, "points": v} for p, v in held.items()]})
    return plan


def points_plan(rng, players, rounds, level=False):
    return [
        {"results": [{"player": p, "points": 7 if level else rng.randrange(0, 21)} for p in players]}
        for _ in range(rounds)
    ]


def phase10_plan(rng, players, rounds=None):
    """Phases 1 and 2: each round someone goes out (completing their phase), the others complete it or not and
    hold 5–50 points (50–120 without their phase); the plan stops when a player completes phase 2 (or after ``rounds``)."""
    plan, done = [], dict.fromkeys(players, 0)
    while max(done.values()) < 2 and (rounds is None or len(plan) < rounds):
        out = rng.choice(players)
        results = [{"player": out, "completed": True}]
        for p in players:
            if p != out:
                completed = rng.random() < 0.4  # a player without a phase holds 10 cards: 50 points at least
                points = rng.randrange(5, 55, 5) if completed else rng.randrange(50, 125, 5)
                results.append({"player": p, "completed": completed, "points": points})
        for r in results:
            done[r["player"]] += r["completed"]
        plan.append({"went_out": out, "results": results})
    return plan


def pick(rng, pool, count):
    """``count`` names from ``pool``, never Ana and Anna at one table (they are merged later), some spelled anew."""
    chosen = rng.sample(pool, count)
    if "Ana" in chosen and "Anna" in chosen:
        chosen.remove("Anna")
        chosen.append(next(p for p in pool if p not in chosen and p != "Anna"))
    return [rng.choice([name, name.upper(), name.lower()]) for name in chosen]


@pytest.fixture
def history(client):
    """26 games of the crew "Friday cards", and the renames and merge made along the way."""
    rng = random.Random(23)
    crew_id, crew_key, _ = new_crew(client, people=("Ana", "Ben", "Cy", "Dee"))
    h = History(client, crew_id, crew_key)
    pool = ["Ana", "Anna", "Ben", "Cy", "Dee", "Eve", "Zoë"]

    # 1. Nine games, three at a time, each kind, each way of joining.
    batch = []
    for i in range(9):
        kind = ("phase10", "uno", "points")[i % 3]
        how = ("crew", "later", "crew")[i // 3 % 3]
        players = pick(rng, pool, rng.randint(2, 4))
        if kind == "phase10":
            batch.append(h.open(kind, players, {"phases": [1, 2]}, phase10_plan(rng, players), how))
        elif kind == "uno":
            batch.append(h.open(kind, players, {"target": 120}, uno_plan(rng, players, 120), how))
        else:
            wins = rng.choice(["highest", "lowest"])
            batch.append(h.open(kind, players, {"rounds": 3, "wins": wins}, points_plan(rng, players, 3), how))
        if len(batch) == 3:
            h.play_interleaved(batch, rng)
            batch = []
    # A points game that ends level, a Phase 10 game decided by its tie-breaker (Ben), and its rematch.
    tie = h.open("points", ["Ana", "Ben"], {"rounds": 1}, points_plan(rng, ["Ana", "Ben"], 1, level=True))
    h.play_interleaved([tie], rng)
    tb = h.open("phase10", ["Ana", "Ben", "Cy"], {"phases": [1, 2]}, [*TIED_ROUNDS, {"tiebreaker": "Ben"}])
    tb["plan"] = [{k: v for k, v in r.items() if k != "round"} for r in tb["plan"]]
    h.play_interleaved([tb], rng)
    again = h.open("phase10", ["Ana", "Ben", "Cy"], None, phase10_plan(rng, ["Ana", "Ben", "Cy"]), how=tb)
    h.play_interleaved([again], rng)

    # 2. Cy is renamed Cyrus; games go on under both names.
    renamed = crew_post(client, f"/api/crews/{crew_id}/people/cy", {"name": "Cyrus"}, crew_key, method="put")
    assert renamed.status_code == 200, renamed.get_json()
    pool = ["Ana", "Anna", "Ben", "Cy", "Cyrus", "Dee", "Eve", "Zoë"]
    pool_no_double = lambda names: not ({"cy", "cyrus"} <= {folded(n) for n in names})  # noqa: E731
    batch = []
    for i in range(6):
        kind = ("uno", "points", "phase10")[i % 3]
        players = pick(rng, pool, 3)
        while not pool_no_double(players):
            players = pick(rng, pool, 3)
        plan = (
            uno_plan(rng, players, 100)
            if kind == "uno"
            else points_plan(rng, players, 2)
            if kind == "points"
            else phase10_plan(rng, players)
        )
        rules = {"target": 100} if kind == "uno" else {"rounds": 2} if kind == "points" else {"phases": [1, 2]}
        batch.append(h.open(kind, players, rules, plan, ("crew", "later")[i % 2]))
        if len(batch) == 3:
            h.play_interleaved(batch, rng)
            batch = []
    h.midway = client.get(f"/api/crews/{crew_id}").get_json()  # Anna is still somebody else

    # 3. Anna is Ana; later games under "Anna" count for Ana.
    merged = crew_post(client, f"/api/crews/{crew_id}/people/ANNA", {"same_as": "ana"}, crew_key, method="put")
    assert merged.status_code == 200, merged.get_json()
    pool = ["Anna", "Ben", "Cyrus", "Dee", "Eve", "Zoë"]
    batch = []
    for i in range(6):
        kind = ("phase10", "uno", "points")[i % 3]
        players = pick(rng, pool, rng.randint(2, 5))
        plan = (
            phase10_plan(rng, players)
            if kind == "phase10"
            else uno_plan(rng, players, 150)
            if kind == "uno"
            else points_plan(rng, players, 2)
        )
        rules = {"phases": [1, 2]} if kind == "phase10" else {"target": 150} if kind == "uno" else {"rounds": 2}
        batch.append(h.open(kind, players, rules, plan))
        if len(batch) == 3:
            h.play_interleaved(batch, rng)
            batch = []
    # Unfinished: a Phase 10 game after one round, an UNO game after two.
    for kind, players, rules, plan in (
        ("phase10", ["Dee", "Eve"], {"phases": [1, 2]}, phase10_plan(rng, ["Dee", "Eve"], rounds=1)),
        ("uno", ["Zoë", "Anna", "Ben"], {"target": 10000}, uno_plan(rng, ["Zoë", "Anna", "Ben"], 10000, rounds=2)),
    ):
        plan = [r for r in plan]
        h.play_interleaved([h.open(kind, players, rules, plan)], rng)
    h.aliases = {"anna": "Ana", "cy": "Cyrus"}
    return h


# --- the independent computation -----------------------------------------------------------------------------


def expected_people(client, games, aliases, people_names):
    """Each person's figures, worked out from the games' own answers and this test's notes."""
    person = {folded(n): n for n in people_names}
    person.update({k: person[folded(v)] for k, v in aliases.items() if folded(v) in person})

    def who(name):
        return person[folded(name)]

    figures = {
        n: {"games": 0, "wins": 0, "finished": 0, "rounds": 0, "kinds": {}, "ends": [], "last": None}
        for n in people_names
    }
    pairs = defaultdict(lambda: [0, 0, 0])
    lines = []
    for game in games:
        data = client.get(f"/api/games/{game['id']}").get_json()
        finished = data["status"] == "finished"
        winner = who(data["winner"]) if data["winner"] else None
        count = len(data["rounds"])
        lines.append(
            {
                "id": game["id"],
                "game": game["kind"],
                "status": data["status"],
                "winner": data["winner"],
                "tied": data.get("tied"),
                "rounds": count,
                "players": [p["name"] for p in data["players"]],
            }
        )
        seated = [who(p["name"]) for p in data["players"]]
        for standing in data["players"]:
            me = who(standing["name"])
            f = figures[me]
            f["games"] += 1
            f["rounds"] += count
            k = f["kinds"].setdefault(game["kind"], {"games": 0, "wins": 0, "finished": 0, "rounds": 0, "score": 0})
            k["games"] += 1
            k["rounds"] += count
            k["score"] += standing["score"]
            if game["kind"] == "uno":
                k["outs"] = k.get("outs", 0) + sum(
                    folded(r["went_out"]) == folded(standing["name"]) for r in data["rounds"]
                )
            if game["kind"] == "phase10":
                tried = k.setdefault("phases", {})
                phase_list = data["rules"]["phases"]
                at = 0
                for r in data["rounds"]:
                    mine = next(x for x in r["results"] if folded(x["player"]) == folded(standing["name"]))
                    line = tried.setdefault(str(phase_list[at]), {"tries": 0, "completed": 0})
                    line["tries"] += 1
                    if mine["completed"]:
                        line["completed"] += 1
                        at += 1
            if finished:
                won = int(me == winner)
                f["finished"] += 1
                f["wins"] += won
                k["finished"] += 1
                k["wins"] += won
                f["ends"].append((game["done_step"], won))
            if game["windows"]:
                window = game["windows"][-1]
                if f["last"] is None or window[0] > f["last"][0]:
                    f["last"] = window
        if finished:
            for a in seated:
                for b in seated:
                    if a != b:
                        pairs[a, b][0] += 1
                        pairs[a, b][1] += a == winner
                        pairs[a, b][2] += b == winner
    result = {}
    for name, f in figures.items():
        streak = 0
        for _step, won in sorted(f["ends"])[::-1]:
            if not won:
                break
            streak += 1
        kinds = {}
        for kind, k in f["kinds"].items():
            kinds[kind] = {
                "games": k["games"],
                "wins": k["wins"],
                "win_rate": None if not k["finished"] else float(f"{k['wins'] / k['finished']:.3f}"),
                "rounds": k["rounds"],
                "points_per_round": float(f"{k['score'] / k['rounds']:.1f}") if k["rounds"] else None,
                **({"outs": k["outs"]} if "outs" in k else {}),
                **({"phases": dict(sorted(k["phases"].items()))} if "phases" in k else {}),
            }
        result[name] = {
            "games": f["games"],
            "wins": f["wins"],
            "win_rate": None if not f["finished"] else float(f"{f['wins'] / f['finished']:.3f}"),
            "rounds": f["rounds"],
            "streak": streak,
            "kinds": kinds,
            "last_window": f["last"],
            "versus": {
                o: dict(zip(("games", "wins", "their_wins"), pairs[name, o])) for o in people_names if o != name
            },
        }
    return result, lines


def check_against(client, crew, games, aliases):
    names = [p["name"] for p in crew["people"]]
    expected, lines = expected_people(client, games, aliases, names)
    assert [{k: g[k] for k in lines[0]} for g in crew["games"]] == lines  # oldest first, as the games show
    for game, line in zip(games, crew["games"]):
        start = game["windows"][0][0] if game["windows"] else None
        assert start is None or when(line["created"]) <= start
        if line["status"] == "finished":
            low, high = game["finish_window"]
            assert low <= when(line["finished"]) <= high  # when its last round or its tie-breaker was sent
        else:
            assert line["finished"] is None
    for person in crew["people"]:
        want = expected[person["name"]]
        assert person["games"] == want["games"], person["name"]
        assert person["wins"] == want["wins"], person["name"]
        assert person["win_rate"] == want["win_rate"], person["name"]
        assert person["rounds"] == want["rounds"], person["name"]
        assert person["streak"] == want["streak"], person["name"]
        assert person["kinds"] == want["kinds"], person["name"]
        assert person["versus"] == want["versus"], person["name"]
        if want["last_window"] is None:
            assert person["last_played"] is None
        else:
            low, high = want["last_window"]
            assert low <= when(person["last_played"]) <= high, person["name"]


def test_every_statistic_matches_an_independent_count_over_26_games(client, history):
    crew = client.get(f"/api/crews/{history.crew_id}").get_json()
    assert len(crew["games"]) == len(history.games) == 26
    assert {g["game"] for g in crew["games"]} == {"phase10", "uno", "points"}
    names = [folded(p["name"]) for p in crew["people"]]
    assert names[:4] == ["ana", "ben", "cyrus", "dee"] and sorted(names[4:]) == ["eve", "zoë"]
    people = {p["name"]: p for p in crew["people"]}
    assert [folded(a) for a in people["Ana"]["aliases"]] == ["anna"] and people["Cyrus"]["aliases"] == ["Cy"]
    statuses = [g["status"] for g in crew["games"]]
    assert statuses.count("playing") >= 2 and any(g["tied"] for g in crew["games"])
    assert any(g["winner"] == "Ben" and g["id"] == history.games[10]["id"] for g in crew["games"])  # tie-breaker
    assert any(p["streak"] > 0 for p in crew["people"]) and any(p["streak"] == 0 for p in crew["people"])
    check_against(client, crew, history.games, history.aliases)


def test_before_the_merge_the_other_name_was_somebody_else(client, history):
    crew = history.midway
    names = [folded(p["name"]) for p in crew["people"]]
    assert names[:4] == ["ana", "ben", "cyrus", "dee"] and sorted(names[4:]) == ["anna", "eve", "zoë"]
    games = [g for g in history.games if g["id"] in {line["id"] for line in crew["games"]}]
    check_against(client, crew, games, {"cy": "Cyrus"})


def test_versus_and_rates_agree_with_each_other(client, history):
    crew = client.get(f"/api/crews/{history.crew_id}").get_json()
    people = {p["name"]: p for p in crew["people"]}
    for a, line in people.items():
        for b, v in line["versus"].items():
            assert people[b]["versus"][a] == {"games": v["games"], "wins": v["their_wins"], "their_wins": v["wins"]}
        for kind in line["kinds"].values():
            assert kind["win_rate"] is None or 0 <= kind["win_rate"] <= 1


def test_the_version_moves_with_every_change_the_crew_shows(client, history):
    url = f"/api/crews/{history.crew_id}"
    first = client.get(url).get_json()["version"]
    game = history.games[-1]  # unfinished UNO
    post(
        client,
        f"/api/games/{game['id']}/rounds",
        {"round": 3, "went_out": "Ben", "results": [{"player": "Zoë", "points": 5}, {"player": "Anna", "points": 5}]},
        game["key"],
    )
    second = client.get(url).get_json()["version"]
    assert second > first
    renamed = crew_post(client, f"{url}/people/Dee", {"name": "Dede"}, history.crew_key, method="put")
    assert renamed.get_json()["version"] > second
    assert client.get(url).get_json()["version"] == renamed.get_json()["version"]


# --- one crew at a time --------------------------------------------------------------------------------------


def test_create_and_read_a_crew(client):
    answer = crew_post(client, "/api/crews", {"name": "  Friday cards ", "people": ["Ana", "Ben"]})
    assert answer.status_code == 201 and answer.headers["Cache-Control"] == "no-store"
    data = answer.get_json()
    assert data["name"] == "Friday cards" and len(data["crew_key"]) >= 30
    read = client.get(f"/api/crews/{data['id']}")
    assert read.status_code == 200 and "crew_key" not in read.get_json()
    ana = read.get_json()["people"][0]
    assert ana == {
        "name": "Ana",
        "aliases": [],
        "games": 0,
        "wins": 0,
        "win_rate": None,
        "kinds": {},
        "rounds": 0,
        "streak": 0,
        "last_played": None,
        "versus": {"Ben": {"games": 0, "wins": 0, "their_wins": 0}},
    }
    assert read.get_json()["games"] == []


@pytest.mark.parametrize(
    "body, words",
    [
        ({"people": ["Ana"]}, '"name"'),
        ({"name": 5}, '"name"'),
        ({"name": "   "}, "needs a name"),
        ({"name": "x" * 61}, "at most 60"),
        ({"name": "Fri\u202eday"}, "control characters"),
        ({"name": "Friday", "people": "Ana"}, '"people"'),
        ({"name": "Friday", "people": ["Ana", "ANA"]}, "same name"),
        ({"name": "Friday", "people": ["Ana", "x" * 31]}, "too long"),
        ({"name": "Friday", "people": ["Ana", ""]}, "no name"),
        ({"name": "Friday", "color": "red"}, "color"),
        ([], "JSON object"),
    ],
)
def test_a_bad_crew_is_400_naming_the_problem(client, body, words):
    answer = crew_post(client, "/api/crews", body)
    assert answer.status_code == 400, answer.get_json()
    assert words in answer.get_json()["error"]


def test_an_unknown_crew_is_404_everywhere(client):
    game_id, key, _ = create(client)
    for url in ("/api/crews/nope", "/api/crews/no%00pe"):
        assert client.get(url).status_code == 404
    assert crew_post(client, "/api/crews/nope/games", {"game": game_id}, "k", key).status_code == 404
    assert crew_post(client, "/api/crews/nope/people/Ana", {"name": "A"}, "k", method="put").status_code == 404
    body = {"game": "uno", "players": ["Ana", "Ben"], "crew": "nope"}
    answer = post(client, "/api/games", body, headers={"X-Crew-Key": "k"})
    assert answer.status_code == 404 and "crew" in answer.get_json()["error"]


def test_a_game_created_in_a_crew_needs_the_crew_key(client):
    crew_id, crew_key, _ = new_crew(client)
    body = {"game": "uno", "players": ["Ana", "Ben", "Eve"], "crew": crew_id}
    for headers in ({}, {"X-Crew-Key": "wrong"}, {"X-Crew-Key": ""}):
        answer = post(client, "/api/games", body, headers=headers)
        assert answer.status_code == 403, answer.get_json()
    assert client.get(f"/api/crews/{crew_id}").get_json()["games"] == []  # nothing was stored
    bad = post(client, "/api/games", {**body, "crew": 5}, headers={"X-Crew-Key": crew_key})
    assert bad.status_code == 400 and '"crew"' in bad.get_json()["error"]
    made = post(client, "/api/games", body, headers={"X-Crew-Key": crew_key})
    assert made.status_code == 201
    crew = client.get(f"/api/crews/{crew_id}").get_json()
    assert [g["id"] for g in crew["games"]] == [made.get_json()["id"]]
    assert [p["name"] for p in crew["people"]] == ["Ana", "Ben", "Cy", "Eve"]  # Eve joined with her game


def test_joining_later_needs_both_keys(client):
    crew_id, crew_key, _ = new_crew(client)
    game_id, key, _ = create(client, "points", ("ana", "Ben"))
    url = f"/api/crews/{crew_id}/games"
    for crew_k, edit_k in ((None, key), ("wrong", key), (crew_key, None), (crew_key, "wrong"), ("", "")):
        answer = crew_post(client, url, {"game": game_id}, crew_k, edit_k)
        assert answer.status_code == 403, (crew_k, edit_k, answer.get_json())
    _other_id, other_key, _ = create(client)
    assert crew_post(client, url, {"game": game_id}, crew_key, other_key).status_code == 403  # another game's key
    assert client.get(f"/api/crews/{crew_id}").get_json()["games"] == []
    first = crew_post(client, url, {"game": game_id}, crew_key, key)
    assert first.status_code == 201 and [g["id"] for g in first.get_json()["games"]] == [game_id]
    again = crew_post(client, url, {"game": game_id}, crew_key, key)
    assert again.status_code == 200 and len(again.get_json()["games"]) == 1
    assert [p["name"] for p in again.get_json()["people"]] == ["Ana", "Ben", "Cy"]  # "ana" is Ana


@pytest.mark.parametrize(
    "body, status, words",
    [
        ({}, 400, '"game"'),
        ({"game": 5}, 400, '"game"'),
        ({"game": "x", "more": 1}, 400, "more"),
        ({"game": "no-such-game"}, 404, "no game"),
    ],
)
def test_a_bad_join_is_refused_naming_the_problem(client, body, status, words):
    crew_id, crew_key, _ = new_crew(client)
    answer = crew_post(client, f"/api/crews/{crew_id}/games", body, crew_key, "some-key")
    assert answer.status_code == status, answer.get_json()
    assert words in answer.get_json()["error"]


def test_a_rematch_stays_in_the_crew_and_brings_new_people(client):
    crew_id, crew_key, _ = new_crew(client)
    made = post(
        client,
        "/api/games",
        {"game": "points", "players": ["Ana", "Ben"], "rules": {"rounds": 1}, "crew": crew_id},
        headers={"X-Crew-Key": crew_key},
    ).get_json()
    again = post(client, f"/api/games/{made['id']}/rematch", {"players": ["Ana", "Ben", "Fay"]}, made["edit_key"])
    assert again.status_code == 201
    crew = client.get(f"/api/crews/{crew_id}").get_json()
    assert [g["id"] for g in crew["games"]] == [made["id"], again.get_json()["id"]]
    assert [p["name"] for p in crew["people"]] == ["Ana", "Ben", "Cy", "Fay"]


def test_two_names_of_one_person_cannot_share_a_game(client):
    crew_id, crew_key, _ = new_crew(client, people=("Ana", "Anna", "Ben"))
    merged = crew_post(client, f"/api/crews/{crew_id}/people/Anna", {"same_as": "Ana"}, crew_key, method="put")
    assert merged.status_code == 200
    body = {"game": "uno", "players": ["Ana", "Anna"], "crew": crew_id}
    answer = post(client, "/api/games", body, headers={"X-Crew-Key": crew_key})
    assert answer.status_code == 400 and "one person" in answer.get_json()["error"]
    game_id, key, _ = create(client, "uno", ("anna", "ANA"))
    joined = crew_post(client, f"/api/crews/{crew_id}/games", {"game": game_id}, crew_key, key)
    assert joined.status_code == 400 and "one person" in joined.get_json()["error"]
    assert client.get(f"/api/crews/{crew_id}").get_json()["games"] == []


def test_renames_and_merges_keep_old_names(client):
    crew_id, crew_key, _ = new_crew(client, people=("Ana", "Ben", "Cy", "Anna"))
    url = f"/api/crews/{crew_id}/people"
    renamed = crew_post(client, f"{url}/CY", {"name": " Cyrus "}, crew_key, method="put")
    assert renamed.status_code == 200
    assert [(p["name"], p["aliases"]) for p in renamed.get_json()["people"]][2] == ("Cyrus", ["Cy"])
    again = crew_post(client, f"{url}/Cy", {"name": "cyrus"}, crew_key, method="put")  # the old name still finds him
    assert again.status_code == 200 and again.get_json()["people"][2]["name"] == "cyrus"
    merged = crew_post(client, f"{url}/Anna", {"same_as": "ANA"}, crew_key, method="put")
    assert merged.status_code == 200
    assert [(p["name"], p["aliases"]) for p in merged.get_json()["people"]] == [
        ("Ana", ["Anna"]),
        ("Ben", []),
        ("cyrus", ["Cy"]),
    ]
    game_id, key, _ = create(client, "points", ("anna", "Cy"), {"rounds": 1})
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {"round": 1, "results": [{"player": "anna", "points": 5}, {"player": "Cy", "points": 1}]},
        key,
    )
    joined = crew_post(client, f"/api/crews/{crew_id}/games", {"game": game_id}, crew_key, key).get_json()
    assert [p["name"] for p in joined["people"]] == ["Ana", "Ben", "cyrus"]  # nobody new
    ana = joined["people"][0]
    assert (ana["games"], ana["wins"], ana["streak"], ana["versus"]["cyrus"]) == (
        1,
        1,
        1,
        {"games": 1, "wins": 1, "their_wins": 0},
    )


@pytest.mark.parametrize(
    "name, body, status, words",
    [
        ("Ana", {}, 400, "either"),
        ("Ana", {"name": "A", "same_as": "Ben"}, 400, "either"),
        ("Ana", {"nick": "A"}, 400, "nick"),
        ("Ana", {"name": "Ben"}, 400, "merge"),
        ("Ana", {"name": "  "}, 400, "no name"),
        ("Ana", {"name": "x" * 31}, 400, "too long"),
        ("Ana", {"name": "A\nB"}, 400, "control"),
        ("Ana", {"same_as": "ana"}, 400, "already"),
        ("Ana", {"same_as": "Nobody"}, 404, "Nobody"),
        ("Nobody", {"name": "Someone"}, 404, "Nobody"),
        ("Ana", [], 400, "JSON object"),
    ],
)
def test_a_bad_rename_or_merge_is_refused_and_changes_nothing(client, name, body, status, words):
    crew_id, crew_key, before = new_crew(client)
    answer = crew_post(client, f"/api/crews/{crew_id}/people/{name}", body, crew_key, method="put")
    assert answer.status_code == status, answer.get_json()
    assert words in answer.get_json()["error"]
    after = client.get(f"/api/crews/{crew_id}").get_json()
    assert after["people"] == before["people"] and after["version"] == before["version"]


def test_renames_and_merges_need_the_crew_key(client):
    crew_id, _crew_key, _ = new_crew(client)
    _other_id, other_key, _ = new_crew(client, name="Other")
    for key in (None, "", "wrong", other_key):
        answer = crew_post(client, f"/api/crews/{crew_id}/people/Ana", {"name": "Anna"}, key, method="put")
        assert answer.status_code == 403, answer.get_json()
    assert client.get(f"/api/crews/{crew_id}").get_json()["people"][0]["name"] == "Ana"


def test_people_who_shared_a_game_cannot_be_merged(client):
    crew_id, crew_key, _ = new_crew(client)
    post(
        client,
        "/api/games",
        {"game": "uno", "players": ["Ana", "Ben"], "crew": crew_id},
        headers={"X-Crew-Key": crew_key},
    )
    answer = crew_post(client, f"/api/crews/{crew_id}/people/Ben", {"same_as": "Ana"}, crew_key, method="put")
    assert answer.status_code == 400 and "same game" in answer.get_json()["error"]


def test_a_digital_games_sheet_joins_with_the_digital_games_key(client):
    crew_id, crew_key, _ = new_crew(client)
    seats = [{"name": "Ana", "bot": "smart"}, {"name": "Ben", "bot": "random"}]
    play = post(client, "/api/play", {"game": "uno", "seats": seats, "seed": 1}).get_json()
    assert play["status"] == "finished" and play["sheet"]
    url = f"/api/crews/{crew_id}/games"
    assert crew_post(client, url, {"game": play["sheet"]}, crew_key, "wrong").status_code == 403
    assert crew_post(client, url, {"game": play["sheet"]}, crew_key, None).status_code == 403
    joined = crew_post(client, url, {"game": play["sheet"]}, crew_key, play["edit_key"])
    assert joined.status_code == 201, joined.get_json()
    line = joined.get_json()["games"][0]
    assert line["id"] == play["sheet"] and line["status"] == "finished" and line["winner"] == play["winner"]
    by_play_id = crew_post(client, url, {"game": play["id"]}, crew_key, play["edit_key"])
    assert by_play_id.status_code == 200  # the same sheet, named by the digital game's id
    winner = next(p for p in joined.get_json()["people"] if p["name"] == play["winner"])
    assert (winner["wins"], winner["win_rate"], winner["streak"]) == (1, 1.0, 1)


def test_a_digital_game_without_a_sheet_yet_cannot_join(client):
    crew_id, crew_key, _ = new_crew(client)
    play = post(client, "/api/play", {"game": "uno", "seats": [{"name": "Ana"}, {"name": "Ben"}], "seed": 3}).get_json()
    answer = crew_post(client, f"/api/crews/{crew_id}/games", {"game": play["id"]}, crew_key, play["edit_key"])
    assert answer.status_code == 409 and "no score sheet yet" in answer.get_json()["error"]


def test_the_streak_follows_the_order_games_finished_not_their_last_rounds(client, monkeypatch, clock):
    """A Phase 10 game's last round ends level (a tie-breaker is due), a points game is then played and
    finished, and only after it the tie-breaker finishes the Phase 10 game: its last round came first, its
    finish came last. Ana won the game that finished last, Ben the one that finished before it."""
    monkeypatch.setattr(sheet_service, "utcnow", clock)  # rounds and finishes a minute apart
    crew_id, crew_key, _ = new_crew(client)
    made = {}
    for kind, players, rules in (
        ("phase10", ["Ana", "Ben", "Cy"], {"phases": [1, 2]}),
        ("points", ["Ana", "Ben"], {"rounds": 1}),
    ):
        body = {"game": kind, "players": players, "rules": rules, "crew": crew_id}
        answer = post(client, "/api/games", body, headers={"X-Crew-Key": crew_key})
        assert answer.status_code == 201, answer.get_json()
        made[kind] = answer.get_json()
    phase10, points = made["phase10"], made["points"]
    for body in TIED_ROUNDS:
        clock.advance(60)
        assert post(client, f"/api/games/{phase10['id']}/rounds", body, phase10["edit_key"]).status_code == 201
    assert client.get(f"/api/games/{phase10['id']}").get_json()["status"] != "finished"  # the tie-breaker is due
    clock.advance(60)
    ben_wins = {"round": 1, "results": [{"player": "Ana", "points": 3}, {"player": "Ben", "points": 9}]}
    assert post(client, f"/api/games/{points['id']}/rounds", ben_wins, points["edit_key"]).status_code == 201
    clock.advance(60)
    decided = post(client, f"/api/games/{phase10['id']}/tiebreaker", {"winner": "Ana"}, phase10["edit_key"])
    assert decided.status_code == 200, decided.get_json()

    games = {g["id"]: g for g in (client.get(f"/api/games/{m['id']}").get_json() for m in made.values())}
    assert games[phase10["id"]]["winner"] == "Ana" and games[points["id"]]["winner"] == "Ben"
    last_round = {i: when(g["rounds"][-1]["saved"]) for i, g in games.items()}
    assert last_round[phase10["id"]] < last_round[points["id"]]  # by last rounds, the points game is the later
    assert when(games[points["id"]]["finished"]) < when(games[phase10["id"]]["finished"])  # by finishes, not

    crew = client.get(f"/api/crews/{crew_id}").get_json()
    streaks = {p["name"]: p["streak"] for p in crew["people"]}
    assert streaks == {"Ana": 1, "Ben": 0, "Cy": 0}
    shown = {g["id"]: g for g in crew["games"]}
    for game_id, game in games.items():
        assert when(shown[game_id]["finished"]).replace(microsecond=0) == when(game["finished"])  # the game's own


def _points_round(number, **scores):
    return {"round": number, "results": [{"player": p, "points": v} for p, v in scores.items()]}


def test_a_player_who_joins_a_crews_game_becomes_a_person_of_the_crew(client):
    """Eve joins a game of the crew between rounds: she is one of the crew's people from then on (before her
    first round), and her rounds and win count for her; "cy" joining is Cy, matched by name like the others."""
    crew_id, crew_key, _ = new_crew(client, people=("Ana", "Ben", "Cy"))
    body = {"game": "points", "players": ["Ana", "Ben"], "rules": {"rounds": 3}, "crew": crew_id}
    made = post(client, "/api/games", body, headers={"X-Crew-Key": crew_key}).get_json()
    game_id, key = made["id"], made["edit_key"]
    assert post(client, f"/api/games/{game_id}/rounds", _points_round(1, Ana=5, Ben=4), key).status_code == 201
    version = client.get(f"/api/crews/{crew_id}").get_json()["version"]

    joined = post(client, f"/api/games/{game_id}/players", {"join": "Eve"}, key)
    assert joined.status_code == 200, joined.get_json()
    crew = client.get(f"/api/crews/{crew_id}").get_json()
    assert [p["name"] for p in crew["people"]] == ["Ana", "Ben", "Cy", "Eve"]
    assert crew["version"] != version

    # Eve plays rounds 2 and 3 (from the worst total, 4), cy joins for round 3; Eve wins.
    assert post(client, f"/api/games/{game_id}/rounds", _points_round(2, Ana=1, Ben=1, Eve=9), key).status_code == 201
    assert post(client, f"/api/games/{game_id}/players", {"join": "cy"}, key).status_code == 200
    assert [p["name"] for p in client.get(f"/api/crews/{crew_id}").get_json()["people"]] == ["Ana", "Ben", "Cy", "Eve"]
    last = _points_round(3, Ana=1, Ben=1, Eve=9, cy=2)
    assert post(client, f"/api/games/{game_id}/rounds", last, key).status_code == 201, "cy plays from round 3"
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["status"] == "finished" and game["winner"] == "Eve"
    people = {p["name"]: p for p in client.get(f"/api/crews/{crew_id}").get_json()["people"]}
    assert (people["Eve"]["games"], people["Eve"]["wins"], people["Eve"]["rounds"], people["Eve"]["streak"]) == (
        1,
        1,
        2,
        1,
    )
    assert (people["Cy"]["games"], people["Cy"]["rounds"], people["Cy"]["wins"]) == (1, 1, 0)
    assert people["Ana"]["versus"]["Eve"] == {"games": 1, "wins": 0, "their_wins": 1}


def test_a_player_who_joined_before_the_game_joined_the_crew_is_added_with_it(client):
    crew_id, crew_key, _ = new_crew(client, people=("Ana", "Ben"))
    game_id, key, _ = create(client, "points", ("Ana", "Ben"), {"rounds": 2})
    assert post(client, f"/api/games/{game_id}/rounds", _points_round(1, Ana=5, Ben=4), key).status_code == 201
    assert post(client, f"/api/games/{game_id}/players", {"join": "Eve"}, key).status_code == 200
    answer = crew_post(client, f"/api/crews/{crew_id}/games", {"game": game_id}, crew_key, key)
    assert answer.status_code == 201, answer.get_json()
    assert [p["name"] for p in answer.get_json()["people"]] == ["Ana", "Ben", "Eve"]


def test_a_joiner_who_is_another_name_of_a_player_at_the_table_is_refused(client):
    """Anna and Ana are one person of the crew: Anna cannot join a crew's game Ana plays (400, nothing kept)."""
    crew_id, crew_key, _ = new_crew(client, people=("Ana", "Anna", "Ben"))
    merged = crew_post(client, f"/api/crews/{crew_id}/people/Anna", {"same_as": "Ana"}, crew_key, method="put")
    assert merged.status_code == 200
    body = {"game": "points", "players": ["Ana", "Ben"], "rules": {"rounds": 3}, "crew": crew_id}
    made = post(client, "/api/games", body, headers={"X-Crew-Key": crew_key}).get_json()
    version = client.get(f"/api/games/{made['id']}").get_json()["version"]
    refused = post(client, f"/api/games/{made['id']}/players", {"join": "anna"}, made["edit_key"])
    assert refused.status_code == 400 and "one person" in refused.get_json()["error"]
    game = client.get(f"/api/games/{made['id']}").get_json()
    assert game["version"] == version and not game.get("lineup")
    assert [p["name"] for p in client.get(f"/api/crews/{crew_id}").get_json()["people"]] == ["Ana", "Ben"]
