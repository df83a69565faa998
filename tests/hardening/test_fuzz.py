"""Property-based fuzzing of every JSON endpoint and every form: no 5xx for any input, and every
refusal is a 4xx with a sentence.

Bounded in ``make test`` (``FUZZ_EXAMPLES``, default 40 per endpoint); ``make fuzz`` runs thousands
and prints how many requests were tried and how many 5xx were seen. Inputs mix arbitrary JSON,
bytes that are not JSON, and bodies close to valid ones (real card tokens, real player names,
wrong types in the right places), so the fuzzing reaches the checks behind the parser.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter

import pytest
from hardening_support import fresh_database_url
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import create_app
from app.extensions import db

pytestmark = pytest.mark.slow  # property-based fuzzing of every endpoint

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=EXAMPLES <= 100,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
TRIED: Counter = Counter()
SERVER_ERRORS: list[str] = []
PLAYERS = ["Ana", "Ben", "Cy"]


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    url = fresh_database_url(tmp_path_factory.mktemp("fuzz"))
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "fuzz",
            "EDIT_KEY_FAILURES": 10**9,
            "LIVE_WAIT_SECONDS": 0.2,  # a long poll on the current version answers 304 quickly here
        }
    )
    yield app
    with app.app_context():
        db.engine.dispose()
    print(f"\nfuzz: {sum(TRIED.values())} requests tried, {len(SERVER_ERRORS)} answered 5xx")
    for line in sorted(TRIED.items()):
        print(f"  {line[0]}: {line[1]}")


@pytest.fixture(scope="module")
def games(fuzz_app):
    """A Phase 10 game and an UNO game with a round each (so corrections and undo have something to act on)."""
    client = fuzz_app.test_client()
    made = {}
    for kind, round_body in [
        (
            "phase10",
            {
                "round": 1,
                "went_out": "Ana",
                "results": [
                    {"player": "Ana", "completed": True},
                    {"player": "Ben", "completed": False, "points": 50},
                    {"player": "Cy", "completed": False, "counts": {"low": 10}},
                ],
            },
        ),
        (
            "uno",
            {
                "round": 1,
                "went_out": "Ana",
                "results": [{"player": "Ben", "points": 10}, {"player": "Cy", "cards": ["R5"]}],
            },
        ),
    ]:
        answer = client.post("/api/games", json={"game": kind, "players": PLAYERS}).get_json()
        client.post(
            f"/api/games/{answer['id']}/rounds",
            json=round_body,
            headers={"Authorization": f"Bearer {answer['edit_key']}"},
        )
        made[kind] = (answer["id"], answer["edit_key"])
    return made


def check(label: str, response) -> None:
    """No 5xx; a JSON refusal is ``{"error": "<sentence>"}``, a page refusal says something."""
    TRIED[label] += 1
    status = response.status_code
    if status >= 500:
        SERVER_ERRORS.append(f"{label}: {status}")
    assert status < 500, (label, response.get_data(as_text=True)[:500])
    if status >= 400:
        if response.mimetype == "application/json":
            error = response.get_json()["error"]
            assert isinstance(error, str) and len(error.split()) >= 3, (label, error)
        else:
            assert re.search(r"<main\b", response.get_data(as_text=True)), label


# --- strategies ----------------------------------------------------------------------------------------

TOKENS = [
    "1",
    "7",
    "12",
    "R7",
    "g12",
    "W",
    "S",
    "13",
    "0",
    "R5",
    "G+2",
    "W4",
    "+4",
    "WS",
    "WC",
    "YR",
    "B D2",
    "",
    " ",
    "x",
    "Ω",
    "\x00",
    "W+4",
    "y9",
]
text = st.text(max_size=40)
token = st.one_of(st.sampled_from(TOKENS), st.text(max_size=5))
name = st.one_of(st.sampled_from(PLAYERS + ["ana", "Zed", "", "<script>"]), text)
number = st.one_of(st.integers(-5, 40), st.integers(), st.floats(allow_nan=True), st.booleans(), st.none(), text)
json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), text),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(text, children, max_size=5),
    max_leaves=20,
)
cards = st.one_of(st.lists(token, max_size=12), json_value)
counts = st.one_of(st.fixed_dictionaries({}, optional={k: number for k in ("low", "high", "skip", "wild")}), json_value)
result = st.fixed_dictionaries(
    {"player": name},
    optional={
        "completed": st.one_of(st.booleans(), st.integers(0, 12), json_value),
        "cards": cards,
        "counts": counts,
        "points": number,
        "laid_down": st.one_of(st.lists(st.lists(token, max_size=6), max_size=3), json_value),
    },
)
round_body = st.fixed_dictionaries(
    {}, optional={"round": number, "went_out": name, "results": st.one_of(st.lists(result, max_size=7), json_value)}
)
rule_values = st.one_of(
    number,
    st.sampled_from(
        ["classic", "all_advance", "pick_a_phase", "phase", "group", "next", "choose", "winner_takes", "lowest_wins"]
    ),
    st.lists(st.integers(-1, 12), max_size=12),
)
rules = st.one_of(
    st.dictionaries(
        st.sampled_from(
            ["variant", "phases", "natural_card", "skip_target", "target", "scoring", "stacking", "newer_wilds", "x"]
        ),
        rule_values,
        max_size=4,
    ),
    json_value,
)
create_body = st.fixed_dictionaries(
    {},
    optional={
        "game": st.one_of(st.sampled_from(["phase10", "uno"]), text),
        "players": st.one_of(st.lists(name, max_size=12), json_value),
        "rules": rules,
    },
)
verify_body = st.fixed_dictionaries(
    {},
    optional={
        "phase": st.one_of(st.integers(-1, 11), st.sampled_from(["tiebreaker", "²", " 3 "]), json_value),
        "groups": st.one_of(st.lists(st.lists(token, max_size=8), max_size=4), json_value),
        "hand": st.one_of(st.lists(token, max_size=14), json_value),
        "rules": st.one_of(
            st.fixed_dictionaries({}, optional={"natural_card": st.sampled_from(["phase", "group", "x"])}), json_value
        ),
    },
)
score_body = st.fixed_dictionaries(
    {},
    optional={
        "cards": cards,
        "rules": st.one_of(
            st.fixed_dictionaries({}, optional={"newer_wilds": st.one_of(st.booleans(), json_value)}), json_value
        ),
    },
)
seat = st.fixed_dictionaries(
    {"name": name}, optional={"bot": st.one_of(st.sampled_from(["smart", "random", "x"]), json_value)}
)
play_body = st.fixed_dictionaries(
    {},
    optional={
        "game": st.one_of(st.sampled_from(["phase10", "uno"]), text),
        "seats": st.one_of(st.lists(seat, max_size=8), json_value),
        "rules": rules,
        "seed": number,
        "deck": st.one_of(st.lists(token, max_size=20), json_value),
    },
)
action = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(
            ["draw", "lay_down", "hit", "discard", "play", "pass", "uno", "catch", "challenge", "accept", "color", "x"]
        ),
        "from": st.sampled_from(["pile", "discard", "x"]),
        "card": token,
        "cards": cards,
        "color": token,
        "seat": number,
        "group": number,
        "end": st.sampled_from(["low", "high", "x"]),
        "skip": number,
        "groups": st.lists(st.lists(token, max_size=5), max_size=3),
        "phase": number,
        "swap": number,
        "uno": st.booleans(),
    },
)
raw = st.one_of(st.binary(max_size=200), json_value.map(lambda v: json.dumps(v).encode()))
header = st.one_of(st.none(), st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=120))


def body_of(value) -> bytes:
    return value if isinstance(value, bytes) else json.dumps(value).encode()


def send(client, method, url, body=None, **headers):
    sent = {k.replace("_", "-"): v for k, v in headers.items() if v is not None}
    data = None if body is None else body_of(body)
    return getattr(client, method)(url, data=data, content_type="application/json", headers=sent)


# --- JSON endpoints ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url, strategy",
    [
        ("/api/phase10/verify", verify_body),
        ("/api/phase10/score", score_body),
        ("/api/uno/score", score_body),
        ("/api/games", create_body),
        ("/api/play", play_body),
    ],
)
def test_posting_anything_to_a_json_endpoint_gives_no_server_error(fuzz_app, url, strategy):
    client = fuzz_app.test_client()

    @FUZZ
    @given(body=st.one_of(strategy, raw))
    def run(body):
        check(url, send(client, "post", url, body))

    run()


def test_importing_anything_gives_no_server_error(fuzz_app, games):
    client = fuzz_app.test_client()
    exported = client.get(f"/sheets/{games['phase10'][0]}/export.json").get_json()
    damaged = st.fixed_dictionaries({}, optional={k: st.one_of(st.just(v), json_value) for k, v in exported.items()})
    rounds = st.lists(round_body, max_size=4).map(lambda r: dict(exported, rounds=r))

    @FUZZ
    @given(body=st.one_of(damaged, rounds, raw, create_body))
    def run(body):
        check("/api/games/import", send(client, "post", "/api/games/import", body))

    run()


@pytest.mark.parametrize("kind", ["phase10", "uno"])
def test_writing_anything_to_a_game_gives_no_server_error(fuzz_app, games, kind):
    client = fuzz_app.test_client()
    game_id, key = games[kind]
    targets = st.sampled_from(
        [
            ("post", f"/api/games/{game_id}/rounds"),
            ("put", f"/api/games/{game_id}/rounds/1"),
            ("put", f"/api/games/{game_id}/rounds/2"),
            ("delete", f"/api/games/{game_id}/rounds/5"),
            ("post", f"/api/games/{game_id}/tiebreaker"),
            ("delete", f"/api/games/{game_id}/tiebreaker"),
            ("get", f"/api/games/{game_id}"),
            ("post", f"/api/games/{game_id}/rematch"),
            ("get", f"/api/tables/{game_id}"),
        ]
    )
    path = st.one_of(text, st.sampled_from(["%00", "..", "a" * 100, game_id + "x", "1/rounds/%FF", "²", "%C2%B2"]))
    ids = st.one_of(
        targets,
        path.map(lambda p: ("post", f"/api/games/{p}/rounds")),
        path.map(lambda p: ("get", f"/api/games/{p}")),
        path.map(lambda p: ("put", f"/api/games/{game_id}/rounds/{p}")),
        path.map(lambda p: ("get", f"/api/games/{game_id}/wait?version={p}")),
        path.map(lambda p: ("get", f"/api/games/{p}/wait?version=1")),
        path.map(lambda p: ("post", f"/api/games/{p}/rematch")),
        path.map(lambda p: ("get", f"/api/tables/{p}")),
    )

    @FUZZ
    @given(
        target=ids,
        body=st.one_of(round_body, st.fixed_dictionaries({"winner": name}), raw),
        authorization=st.one_of(st.just(f"Bearer {key}"), header),
        if_match=header,
        idempotency=header,
    )
    def run(target, body, authorization, if_match, idempotency):
        method, url = target
        if method == "post" and url.endswith("/rounds") and isinstance(body, dict) and body.get("round") == 2:
            body = dict(body, round=3)  # keep the game at one round, so corrections keep being tried
        check(
            f"{method.upper()} /api/games/…",
            send(
                client,
                method,
                url,
                None if method in ("get", "delete") else body,
                Authorization=authorization,
                If_Match=if_match,
                If_None_Match=if_match,
                Idempotency_Key=idempotency,
            ),
        )

    run()


def test_playing_anything_gives_no_server_error(fuzz_app):
    client = fuzz_app.test_client()
    started = {}
    for kind in ("phase10", "uno", "uno_flip"):
        answer = client.post(
            "/api/play", json={"game": kind, "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "random"}], "seed": 7}
        )
        assert answer.status_code == 201, answer.get_json()
        started[kind] = answer.get_json()

    @FUZZ
    @given(
        kind=st.sampled_from(["phase10", "uno", "uno_flip"]),
        seat_number=number,
        act=st.one_of(action, json_value, raw),
        authorization=header,
        with_key=st.booleans(),
        query=st.one_of(st.none(), text),
    )
    def run(kind, seat_number, act, authorization, with_key, query):
        game = started[kind]
        auth = f"Bearer {game['edit_key']}" if with_key else authorization
        body = {"seat": seat_number, "action": act} if not isinstance(act, bytes) else act
        check(
            "POST /api/play/…/actions",
            send(client, "post", f"/api/play/{game['id']}/actions", body, Authorization=auth),
        )
        url = f"/api/play/{game['id']}" + ("" if query is None else f"?seat={query}")
        check("GET /api/play/…", client.get(url, headers={"Authorization": auth} if auth else {}))

    run()


# --- forms (CSRF off here: a test in test_security.py checks that it is on) -------------------------------


@pytest.fixture(scope="module")
def form_client(fuzz_app, games):
    fuzz_app.config["WTF_CSRF_ENABLED"] = False
    client = fuzz_app.test_client()
    for game_id, key in games.values():
        client.get(f"/sheets/{game_id}?key={key}")  # this device may edit both games
    yield client
    fuzz_app.config["WTF_CSRF_ENABLED"] = True


FIELDS = [
    "phase",
    "mode",
    "cards",
    "natural_card",
    "group",
    "kind",
    "card",
    "end",
    "game",
    "variant",
    "phase_list",
    "custom_phases",
    "skip_target",
    "skip_once_per_lap",
    "go_out_by_hit",
    "target",
    "scoring",
    "newer_wilds",
    "first_wild",
    "round",
    "version",
    "idempotency",
    "went_out",
    "preview",
    "submit",
    "winner",
    *[f"players-{i}" for i in range(12)],
    *[
        f"players-{i}-{f}"
        for i in range(4)
        for f in ("seat", "completed", "phase", "low", "high", "skip", "wild", "points", "cards", "laid_down")
    ],
]
form_value = st.one_of(
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "2",
            "3",
            "10",
            "-1",
            "y",
            "on",
            "phase10",
            "uno",
            "Ana",
            "7 7 W | 3 4 5 6",
            "99999999999999999999",
            "²",
        ]
    ),
    st.text(max_size=30),
)
form_data = st.dictionaries(st.sampled_from(FIELDS), form_value, max_size=12)


def test_posting_anything_to_a_form_gives_no_server_error(form_client, games):
    urls = ["/check/", "/check/hit", "/sheets/new"]
    for game_id, _key in games.values():
        urls += [
            f"/sheets/{game_id}/rounds/new",
            f"/sheets/{game_id}/rounds/1/edit",
            f"/sheets/{game_id}/rounds/1/undo",
            f"/sheets/{game_id}/tiebreaker",
            f"/sheets/{game_id}/tiebreaker/clear",
            f"/sheets/{game_id}/rounds/preview",
        ]

    @FUZZ
    @given(url=st.sampled_from(urls), data=form_data)
    def run(url, data):
        if url.endswith("/undo"):
            data = {k: v for k, v in data.items() if k != "version"} | {"version": "0"}  # keep the round to correct
        label = url
        for game_id, _key in games.values():
            label = label.replace(game_id, "<id>")
        check(f"form {label}", form_client.post(url, data=data))

    run()
