"""The ``flask simulate`` command: readable and JSON summaries, reproducibility, clean errors."""

from __future__ import annotations

import json

import pytest

from app.cli import TIMING_FIELDS
from app.games.phase10.engine import phases as p10_phases
from app.games.phase10.engine.simulate import simulate as simulate_phase10
from app.games.uno.engine import rules as uno_rules
from app.games.uno.engine.simulate import simulate as simulate_uno


def run(runner, *args):
    return runner.invoke(args=["simulate", *args])


def summary(runner, *args):
    result = run(runner, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # the whole of standard output is one JSON object


def untimed(data):
    return {k: v for k, v in data.items() if k not in TIMING_FIELDS}


def test_init_db_still_works(runner):
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "Database ready" in result.output


def test_init_db_creates_an_empty_database(tmp_path):
    from sqlalchemy import create_engine, inspect

    from app import create_app

    url = f"sqlite:///{tmp_path / 'empty.sqlite'}"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x", "AUTO_SCHEMA": False})
    engine = create_engine(url)
    assert inspect(engine).get_table_names() == []
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0 and "created" in result.output
    assert {"game", "player", "round", "result", "play_game", "alembic_version"} <= set(
        inspect(engine).get_table_names()
    )
    engine.dispose()


def test_phase10_json_is_the_engines_summary(app, runner):
    data = summary(
        runner,
        "phase10",
        "--games",
        "3",
        "--players",
        "3",
        "--bots",
        "smart,random",
        "--seed",
        "7",
        "--rules",
        "natural_card=group",
    )
    with app.test_request_context():
        expected = simulate_phase10(
            games=3, players=3, bots=["smart", "random"], seed=7, rules=p10_phases.rules_from_text("natural_card=group")
        )
    assert untimed(data) == untimed(expected)
    assert set(TIMING_FIELDS) - {"hands_per_second"} <= set(data)
    assert data["bots"] == ["smart", "random", "smart"] and sum(data["wins_by_seat"]) == 3


def test_uno_json_is_the_engines_summary_and_hands_mode(app, runner):
    data = summary(
        runner,
        "uno",
        "--games",
        "4",
        "--players",
        "3",
        "--bots",
        "smart",
        "--seed",
        "3",
        "--rules",
        "stacking,target=200",
    )
    with app.test_request_context():
        expected = simulate_uno(
            games=4, players=3, bots=["smart"], seed=3, rules=uno_rules.rules_from_text("stacking,target=200")
        )
    assert untimed(data) == untimed(expected) and data["rules"]["stacking"] is True
    hands = summary(runner, "uno", "--hands", "25", "--players", "4", "--bots", "random", "--seed", "3")
    assert hands["mode"] == "hands" and hands["hands"] == 25 and sum(hands["wins_by_seat"]) == 25


@pytest.mark.parametrize(
    "args",
    [
        ("phase10", "--games", "3", "--players", "2", "--bots", "smart,random"),
        ("uno", "--games", "3", "--players", "4", "--bots", "random,smart", "--rules", "jump_in"),
    ],
)
def test_seeded_runs_repeat_except_timing(runner, args):
    first = summary(runner, *args, "--seed", "11")
    second = summary(runner, *args, "--seed", "11")
    assert untimed(first) == untimed(second)
    assert first["seed"] == 11 and first["turns"] > 0


def test_progress_goes_to_standard_error(runner):
    result = run(runner, "uno", "--games", "2", "--seed", "1", "--json")
    assert result.exit_code == 0
    assert "Playing 2 games" in result.stderr and "Playing" not in result.stdout
    json.loads(result.stdout)


def test_phase10_readable_summary(runner):
    args = ("phase10", "--games", "3", "--players", "3", "--bots", "smart,random", "--seed", "5")
    data = summary(runner, *args)
    result = run(runner, *args)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("Phase 10: 3 games, 3 players (smart, random, smart), seed 5")
    assert "games/s" in text and "turns/s" in text
    assert f"Rounds per game: mean {data['rounds_mean']:.2f}" in text and f"max {data['rounds_max']}" in text
    assert f"smart {data['wins_by_bot']['smart']} (" in text and f"random {data['wins_by_bot']['random']} (" in text
    assert f"1:smart {data['wins_by_seat'][0]} (" in text
    assert f"1: {100 * data['dealt_phase_odds']['1']:.1f}%" in text
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)


def test_uno_readable_summary(runner):
    args = ("uno", "--games", "3", "--players", "3", "--bots", "smart", "--seed", "2")
    data = summary(runner, *args)
    text = run(runner, *args).stdout
    assert text.startswith("UNO: 3 games, 3 players (smart, smart, smart), seed 2")
    assert "hands/s" in text and f"{data['turns_per_hand_mean']:.1f} turns per hand" in text
    assert f"{data['points_per_hand_mean']:.1f} points per hand" in text
    challenges = data["challenges"]
    assert f"{challenges['tried']} tried, {challenges['succeeded']} succeeded" in text
    assert f"Hands per game: mean {data['rounds_mean']:.2f}, max {data['rounds_max']}" in text


def test_a_missing_seed_is_chosen_and_shown(runner):
    first = summary(runner, "uno", "--hands", "2")
    second = summary(runner, "uno", "--hands", "2")
    assert isinstance(first["seed"], int) and first["seed"] != second["seed"]


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("phase10", "--rules", "variant=speedy"), "variant"),
        (("phase10", "--rules", "colour=red"), "colour"),
        (("uno", "--rules", "target=zero"), "target"),
        (("uno", "--rules", "stacking=maybe"), "stacking"),
        (("uno", "--rules", "newer_wilds"), "newer_wilds"),
        (("phase10", "--hands", "3"), "UNO only"),
        (("phase10", "--players", "7"), "2 to 6"),
        (("uno", "--bots", "smart,genius"), "genius"),
        (("uno", "--bots", ","), "at least one bot"),
        (("uno", "--games", "0"), "--games"),
        (("chess",), "chess"),
    ],
)
def test_bad_arguments_are_clean_usage_errors(runner, args, fragment):
    result = run(runner, *args, "--seed", "1")
    assert result.exit_code == 2, result.output
    assert fragment in result.output and "Error" in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


def test_prune_games_deletes_only_abandoned_bots_only_games(app, client, runner):
    from datetime import timedelta

    from app.extensions import db
    from app.models import Game, PlayGame, utcnow

    bots = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "smart"}]
    people = [{"name": "Ana"}, {"name": "B", "bot": "random"}]
    old_bots = client.post("/api/play", json={"game": "uno", "seats": bots, "seed": 1}).get_json()
    new_bots = client.post("/api/play", json={"game": "uno", "seats": bots, "seed": 2}).get_json()
    old_people = client.post("/api/play", json={"game": "uno", "seats": people, "seed": 3}).get_json()
    sheet = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    with app.app_context():
        long_ago = utcnow() - timedelta(days=40)
        for play_id in (old_bots["id"], old_people["id"]):
            db.session.get(PlayGame, play_id).updated_at = long_ago
        db.session.get(Game, sheet["id"]).updated_at = long_ago
        db.session.commit()
        old_sheet = db.session.get(PlayGame, old_bots["id"]).sheet_id
    dry = runner.invoke(args=["prune-games", "--dry-run"])
    assert "1 bots-only games unchanged for 30 days would be deleted" in dry.output
    assert client.get(f"/api/play/{old_bots['id']}").status_code == 200
    result = runner.invoke(args=["prune-games"])
    assert result.exit_code == 0 and "1 bots-only games" in result.output
    assert client.get(f"/api/play/{old_bots['id']}").status_code == 404
    assert old_sheet is not None  # its first hands had landed in a sheet when it was created
    assert client.get(f"/api/games/{old_sheet}").status_code == 404
    assert client.get(f"/api/play/{new_bots['id']}").status_code == 200
    assert client.get(f"/api/play/{old_people['id']}").status_code == 200
    assert client.get(f"/api/games/{sheet['id']}").status_code == 200  # a people's sheet is never deleted
