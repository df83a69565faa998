"""UNO as a plug-in: the engine's rules and score sheet, the round form's cards or totals, the page partials."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from app.forms import RoundForm
from app.games.cards import prefill_leftover
from app.games.entry import leftover
from app.games.registry import Digital, GameType
from app.games.summary import pct, rate

from . import entry
from .engine import bots, cards, game, rounds, rules, scoring, sheet, simulate


class Uno(GameType):
    id = "uno"
    name = _l("UNO")
    bgg_id = 2223
    headline = True  # named in the product's own words (its name, the home page)
    api_examples: ClassVar[dict[str, dict[str, Any]]] = {
        "sheet": {"players": ["Ana", "Ben"], "rules": {"target": 500}},
        "play": {"seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 42},
    }
    description = _l("Hands until someone reaches the target.")
    options = rules.OPTIONS
    entry_module = entry
    rules_module = rules
    rounds_module = rounds
    sheet_module = sheet
    sheet = sheet.Sheet
    digital: ClassVar[Digital | None] = Digital(  # the variants built on UNO's sheet have none
        game.UnoGame,
        bots.BOTS,
        simulate.simulate,
        run_bots=lambda engine, max_rounds, max_actions=None: bots.run_bots(
            engine, max_hands=max_rounds, max_actions=max_actions
        ),
        script="play.js",
        styles=("play.css",),
        bots_to_move=bots.bots_to_move,
    )
    labels: ClassVar[dict[str, Any]] = {
        "newer_wilds": _l("Newer wild cards (Wild Shuffle Hands, Wild Customizable)"),
        "stacking": _l("Stacking Draw Twos and Wild Draw Fours"),
        "seven_o": _l("Seven-O (7 swaps hands, 0 passes them on)"),
    }
    choice_labels: ClassVar[dict[str, Any]] = {
        "scoring": (
            ("winner_takes", _l("Who goes out scores the others' cards")),
            ("lowest_wins", _l("Everyone keeps their own cards; lowest total wins")),
        ),
        "first_wild": (
            ("choose", _l("The first player names the colour")),
            ("reshuffle", _l("Shuffle and turn again")),
        ),
    }
    primary_rules: ClassVar[tuple[str, ...] | None] = ("target", "scoring", "newer_wilds")
    more_rules_label = _l("House rules (for the rules page)")
    round_form = RoundForm
    simulates_hands = True

    def rules_context(self) -> dict[str, Any]:
        """The numbers of the rules page's scoring table, from the engine: the number cards (first and last), and
        what the action cards, the wilds and the newer decks' wilds score."""
        return {
            "face_values": (cards.NUMBERS[0], cards.NUMBERS[-1]),
            "card_points": {
                "action": scoring.ACTION_POINTS,
                "wild": scoring.WILD_POINTS,
                "newer_wild": scoring.NEWER_WILD_POINTS,
            },
        }

    def draft_row(self, form: Any, names: list[str], index: int, went_out: bool, ruleset: Any) -> dict[str, Any]:
        return {} if went_out else leftover(form.players.entries[index].form.data)

    def prefill(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        if entered.get("went_out") in names:  # a round filled in together may not say yet
            form.went_out.data = str(names.index(entered["went_out"]))
        by_player = {r["player"]: r for r in entered["results"]}
        for name, row in zip(names, form.players.entries):
            if name != entered.get("went_out"):
                prefill_leftover(row.form, by_player.get(name, {}))

    def csv_columns(self, names: list[str], sheet: Any) -> list[str]:
        out = []
        for name in names:
            out += [name, _("%(name)s: points in hand", name=name)]
        return out

    def csv_cells(self, item: dict[str, Any], names: list[str], sheet: Any) -> list[Any]:
        # The player columns hold what each adds to the total (winner_takes: the winner's gain), so they add up;
        # the value of each hand is beside it, labelled as such.
        hands = {r["player"]: r.get("points", 0) for r in item["results"]}
        scores = item.get("scores", {})
        out: list[Any] = []
        for name in names:
            out += [scores.get(name, 0), hands.get(name, "")]
        return out

    def csv_totals(self, data: dict[str, Any], names: list[str]) -> list[Any]:
        out: list[Any] = []
        for p in data["players"]:
            out += [p["score"], ""]
        return out

    def preview_points(self, scored: Any) -> dict[str, int]:
        """Each hand's value, and what the player who went out scores (``winner_takes``: the others' points)."""
        return {r.player: r.points for r in scored.results} | {scored.went_out: scored.gained[scored.went_out]}

    def row_labels(self, rules: Any, names: list[str], went_out: str | None) -> dict[str, dict[str, Any]]:
        """``winner_takes``: the others' rows show the points in their hands, the row of who went out the gain."""
        if not rounds.winner_takes(rules):
            return super().row_labels(rules, names, went_out)
        labels = {name: {"text": _("Points in hand"), "gain": False} for name in names}
        if went_out in labels:
            labels[went_out] = {"text": _("Wins the points in the other hands"), "gain": True}
        return labels

    # --- digital: the simulator ----------------------------------------------------------------------

    def simulate(self, **kwargs: Any) -> dict[str, Any]:
        """Bots play many games or hands (``flask simulate``); the summary of API.md."""
        return simulate.simulate(**kwargs)

    def summary_lines(self, summary: dict[str, Any], unit: str) -> tuple[list[str], list[str]]:
        """The summary's UNO lines: before the wins, and after them."""
        lines = [
            "Hands: {hands:,}, {hps} hands/s; {tph:.1f} turns per hand; {pph:.1f} points per hand (mean)".format(
                hands=summary["hands"],
                hps=rate(summary["hands_per_second"]),
                tph=summary["turns_per_hand_mean"],
                pph=summary["points_per_hand_mean"],
            )
        ]
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
                pct=pct(challenges["succeeded"], challenges["tried"]),
            )
        )
        return lines, []


GAME = Uno()
