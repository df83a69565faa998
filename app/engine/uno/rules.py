"""UNO's table rules (RULES.md), with their defaults."""

from __future__ import annotations

from typing import Any

from ..options import Option, RuleSet, parse_rules, parse_rules_text

OPTIONS: tuple[Option, ...] = (
    Option("target", "int", 500, "Target score", minimum=1, maximum=10000,
           help="The game ends when a player reaches this many points."),
    Option("scoring", "choice", "winner_takes", "Scoring", choices=("winner_takes", "lowest_wins"),
           help="winner_takes: who goes out scores the others' cards; lowest_wins: everyone keeps the "
                "value of their own cards, and the lowest total wins when someone reaches the target."),
    Option("newer_wilds", "bool", False, "Newer wild cards (112-card deck)", sheet_only=True,
           help="The score sheet accepts Wild Shuffle Hands and Wild Customizable cards, 40 points each."),
    Option("first_wild", "choice", "choose", "A Wild as first discard", choices=("choose", "reshuffle"),
           help="choose: the first player names the colour; reshuffle: shuffle and turn another card."),
    Option("draw_until_playable", "bool", False, "Draw until playable",
           help="A player who draws keeps drawing until a card can be played (at most 10 cards)."),
    Option("stacking", "bool", False, "Stacking",
           help="A Draw Two may be answered with a Draw Two, a Wild Draw Four with a Wild Draw Four."),
    Option("seven_o", "bool", False, "Seven-O",
           help="A 7 lets its player swap hands with another player; a 0 passes every hand on."),
    Option("jump_in", "bool", False, "Jump-in",
           help="A card identical to the top discard may be played at once, out of turn."),
    Option("multiples", "bool", False, "Multiples",
           help="Two identical cards may be played together; both take effect."),
)
"""UNO's table rules."""


def make_rules(given: Any = None) -> RuleSet:
    """UNO rules from a JSON object (defaults filled in); raises :class:`RulesError`."""
    return parse_rules(OPTIONS, given)


def rules_from_text(text: str) -> RuleSet:
    """UNO rules from the simulator's ``--rules`` text (``stacking,jump_in,target=200``)."""
    return parse_rules_text(OPTIONS, text)


DEFAULT_RULES = make_rules()
