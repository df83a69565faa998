"""Command-line commands registered on the app (``flask --app app ...``).

- ``init-db``: make sure the database has its tables (create_app already does this).
- ``simulate GAME`` (a registered game with a digital version): bots play many seeded games; a readable summary, or with ``--json``
  exactly the engine's summary object (API.md "The simulator's summary") on standard output.
  Progress goes to standard error, so ``--json`` output can be piped.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext

from .engine.errors import EngineError
from .games import registry
from .games.summary import pct as _pct
from .games.summary import rate as _rate

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

    @app.cli.command("prune-games")
    @click.option("--days", type=float, default=None, help="Unchanged for this many days (PLAY_RETENTION_DAYS).")
    @click.option("--dry-run", is_flag=True, help="Only count what would be deleted.")
    def prune_games(days: float | None, dry_run: bool) -> None:
        """Delete digital games played by bots alone that nobody has touched for a while (and their sheets),
        and idempotency keys older than IDEMPOTENCY_DAYS.

        Score sheets people recorded, and games with a person seat, are never deleted.
        """
        from .extensions import db
        from .services.retention import prune_bot_games
        from .services.sheets import prune_replies

        days = float(app.config["PLAY_RETENTION_DAYS"] if days is None else days)
        count = prune_bot_games(days, dry_run=dry_run)
        verb = "would be deleted" if dry_run else "deleted"
        click.echo(f"{count} bots-only games unchanged for {days:g} days {verb}.")
        if not dry_run:
            keys = prune_replies()
            db.session.commit()
            click.echo(f"{keys} idempotency keys older than {app.config['IDEMPOTENCY_DAYS']:g} days deleted.")


def _bot_list(_ctx, _param, value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise click.BadParameter("name at least one bot, e.g. smart,random.")
    return names


@click.command("simulate")
@click.argument("game", type=click.Choice([g.id for g in registry.all_games() if g.digital is not None]))
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="How many games to play.")
@click.option(
    "--players",
    type=click.IntRange(min=2, max=10),
    default=4,
    show_default=True,
    help="Seats at the table ("
    + ", ".join(f"{g.name}: {g.min_players}-{g.max_players}" for g in registry.all_games() if g.digital is not None)
    + ").",
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
    help="Play this many single hands instead of whole games ("
    + ", ".join(str(g.name) for g in registry.all_games() if g.simulates_hands)
    + " only).",
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
    """Let bots play GAME many times and sum up the results."""
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
    kind = registry.require(game)
    if hands is not None and not kind.simulates_hands:
        only = " or ".join(str(g.name) for g in registry.all_games() if g.simulates_hands)
        raise click.BadParameter(f"--hands is for {only} only.", param_hint="'--hands'")
    try:
        rules = kind.rules_from_text(rules_text)
    except EngineError as error:
        raise click.BadParameter(str(error), param_hint="'--rules'") from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    total = hands if hands is not None else games
    label = "Playing {} {}".format(total, "hands" if hands is not None else "games")
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        progress = _progress(bar)
        try:
            summary = kind.simulate(
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


def describe_summary(summary: dict[str, Any]) -> str:
    """The simulator's summary in a few readable lines (the game's own lines from its plug-in)."""
    kind = registry.require(summary["game"])
    unit = "hands" if summary.get("mode") == "hands" else "games"
    lines = [
        "{game}: {count} {unit}, {players} players ({bots}), seed {seed}".format(
            game=kind.name,
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
    middle, tail = kind.summary_lines(summary, unit)
    return "\n".join([*lines, *middle, *_wins(summary), *tail])
