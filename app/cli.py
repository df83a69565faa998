"""Command-line commands registered on the app (``flask --app app ...``).

- ``init-db``: make sure the database has its tables (create_app already does this).
- ``simulate phase10|uno``: bots play many seeded games; a readable summary, or with ``--json``
  exactly the engine's summary object (API.md "The simulator's summary") on standard output.
  Progress goes to standard error, so ``--json`` output can be piped.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Callable
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext

from .engine.errors import EngineError
from .engine.phase10 import phases as p10_phases
from .engine.phase10 import simulate as p10_simulate
from .engine.uno import rules as uno_rules
from .engine.uno import simulate as uno_simulate

TIMING_FIELDS = ("seconds", "games_per_second", "turns_per_second", "hands_per_second")
"""Summary fields that differ between two runs with the same seed."""


def register_cli(app: Flask) -> None:
    """Add the project's commands to ``flask``."""

    @app.cli.command("init-db")
    def init_db() -> None:
        """Bring an empty database to the current schema (an existing one is upgraded by ``flask db upgrade``)."""
        from .database import prepare_schema

        found = prepare_schema()
        click.echo(
            {
                "created": "Database created at the current schema.",
                "versioned": "Database ready (flask db upgrade applies newer migrations).",
                "stamped": "Existing tables stamped; flask db upgrade takes it from here.",
                "unknown": "The database has tables that match no migration: stamp it by hand.",
            }[found]
        )

    app.cli.add_command(simulate_command)


def _bot_list(_ctx, _param, value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise click.BadParameter("name at least one bot, e.g. smart,random.")
    return names


@click.command("simulate")
@click.argument("game", type=click.Choice(["phase10", "uno"]))
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="How many games to play.")
@click.option(
    "--players",
    type=click.IntRange(min=2, max=10),
    default=4,
    show_default=True,
    help="Seats at the table (Phase 10: 2-6, UNO: 2-10).",
)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    callback=_bot_list,
    help="One bot per seat, comma-separated (smart, random); a shorter list is repeated.",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=None,
    help="Seed for reproducible runs (random when left out; the summary shows it).",
)
@click.option(
    "--rules",
    "rules_text",
    default="",
    help="Table rules: name turns a yes/no rule on, name=value sets another "
    "(e.g. natural_card=group,skip_target=choose or stacking,jump_in).",
)
@click.option(
    "--hands",
    type=click.IntRange(min=1),
    default=None,
    help="UNO only: play this many single hands instead of whole games.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@with_appcontext
def simulate_command(
    game: str,
    games: int,
    players: int,
    bots: list[str],
    seed: int | None,
    rules_text: str,
    hands: int | None,
    as_json: bool,
) -> None:
    """Let bots play GAME (phase10 or uno) many times and sum up the results."""
    _simulate(game, games, players, bots, seed, rules_text, hands, as_json)


def _simulate(
    game: str,
    games: int,
    players: int,
    bots: list[str],
    seed: int | None,
    rules_text: str,
    hands: int | None,
    as_json: bool,
) -> None:
    if hands is not None and game != "uno":
        raise click.BadParameter("--hands is for UNO only.", param_hint="'--hands'")
    parse_rules = p10_phases.rules_from_text if game == "phase10" else uno_rules.rules_from_text
    try:
        rules = parse_rules(rules_text)
    except EngineError as error:
        raise click.BadParameter(str(error), param_hint="'--rules'") from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    total = hands if hands is not None else games
    label = "Playing {} {}".format(total, "hands" if hands is not None else "games")
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        progress = _progress(bar)
        try:
            if game == "phase10":
                summary = p10_simulate.simulate(
                    games=games, players=players, bots=bots, seed=seed, rules=rules, progress=progress
                )
            else:
                summary = uno_simulate.simulate(
                    games=games, players=players, bots=bots, seed=seed, rules=rules, hands=hands, progress=progress
                )
        except EngineError as error:
            raise click.UsageError(str(error)) from None
    if as_json:
        click.echo(json.dumps(summary))
    else:
        click.echo(describe_summary(summary))


def _progress(bar) -> Callable[[int, int], None]:
    shown = [0]

    def update(done: int, _total: int) -> None:
        bar.update(done - shown[0])
        shown[0] = done

    return update


# --- the readable summary ----------------------------------------------------------------------------


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _rate(value: Any) -> str:
    return "-" if value is None else f"{value:,.1f}"


def _rules_text(rules: dict[str, Any]) -> str:
    return ", ".join(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in rules.items())


def _wins(summary: dict[str, Any]) -> list[str]:
    games = sum(summary["wins_by_seat"]) or 0
    lines = [
        "Wins by bot:  "
        + ", ".join(f"{bot} {wins} ({_pct(wins, games)})" for bot, wins in summary["wins_by_bot"].items())
    ]
    lines.append(
        "Wins by seat: "
        + ", ".join(
            f"{seat + 1}:{bot} {wins} ({_pct(wins, games)})"
            for seat, (bot, wins) in enumerate(zip(summary["bots"], summary["wins_by_seat"]))
        )
    )
    return lines


def _spread(counts: dict[str, int]) -> tuple[float, str]:
    """The standard deviation of rounds per game, and the counts as ``rounds×games`` pairs."""
    pairs = [(int(r), n) for r, n in counts.items()]
    total = sum(n for _r, n in pairs)
    mean = sum(r * n for r, n in pairs) / total
    deviation = math.sqrt(sum(n * (r - mean) ** 2 for r, n in pairs) / total)
    return deviation, " ".join(f"{r}×{n}" for r, n in sorted(pairs))


def describe_summary(summary: dict[str, Any]) -> str:
    """The simulator's summary in a few readable lines."""
    uno = summary["game"] == "uno"
    unit = "hands" if uno and summary.get("mode") == "hands" else "games"
    lines = [
        "{game}: {count} {unit}, {players} players ({bots}), seed {seed}".format(
            game="UNO" if uno else "Phase 10",
            count=summary["games"],
            unit=unit,
            players=summary["players"],
            bots=", ".join(summary["bots"]),
            seed=summary["seed"],
        ),
        "Rules: " + _rules_text(summary.get("rules", {})),
        "Time: {seconds:.2f} s; {gps} {unit}/s; {turns:,} turns, {tps} turns/s".format(
            seconds=summary["seconds"],
            gps=_rate(summary["games_per_second"]),
            unit=unit,
            turns=summary["turns"],
            tps=_rate(summary["turns_per_second"]),
        ),
    ]
    if uno:
        lines.append(
            "Hands: {hands:,}, {hps} hands/s; {tph:.1f} turns per hand; {pph:.1f} points per hand (mean)".format(
                hands=summary["hands"],
                hps=_rate(summary["hands_per_second"]),
                tph=summary["turns_per_hand_mean"],
                pph=summary["points_per_hand_mean"],
            )
        )
        if unit == "games":
            lines.append(
                "Hands per game: mean {mean:.2f}, max {high}".format(
                    mean=summary["rounds_mean"], high=summary["rounds_max"]
                )
            )
        challenges = summary["challenges"]
        lines.append(
            "Challenges of a Wild Draw Four: {tried} tried, {won} succeeded ({pct})".format(
                tried=challenges["tried"],
                won=challenges["succeeded"],
                pct=_pct(challenges["succeeded"], challenges["tried"]),
            )
        )
    else:
        deviation, counts = _spread(summary["rounds_spread"])
        lines.append(
            "Rounds per game: mean {mean:.2f}, standard deviation {sd:.2f}, min {low}, max {high}".format(
                mean=summary["rounds_mean"], sd=deviation, low=summary["rounds_min"], high=summary["rounds_max"]
            )
        )
        lines.append("  games by rounds: " + counts)
        lines.append(
            "Tie-breakers: {tb}; dead rounds dealt again: {rd}; unfinished games: {un}".format(
                tb=summary["tiebreakers"], rd=summary["redeals"], un=summary["unfinished"]
            )
        )
        if summary.get("wins_by_rule"):
            lines.append("Decided by: " + ", ".join(f"{rule} {n}" for rule, n in summary["wins_by_rule"].items()))
    lines.extend(_wins(summary))
    if not uno:
        odds = summary["dealt_phase_odds"]
        lines.append(
            "Dealt phase odds ({hands:,} hands): ".format(hands=summary["hands_dealt"])
            + ", ".join(f"{phase}: {100 * p:.1f}%" for phase, p in odds.items())
        )
    return "\n".join(lines)
