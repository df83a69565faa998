"""UNO's table rules (RULES.md), with their defaults."""

from __future__ import annotations

from app.engine.i18n import N_
from app.engine.options import JOIN_SCORE, Option, rule_makers

OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        500,
        N_("Target score"),
        minimum=1,
        maximum=10000,
        help=N_("The game ends when a player reaches this many points."),
    ),
    Option(
        "scoring",
        "choice",
        "winner_takes",
        N_("Scoring"),
        choices=("winner_takes", "lowest_wins"),
        words=(N_("Who goes out scores the others' cards"), N_("Everyone keeps their own cards; lowest total wins")),
        help=N_(
            "Either who goes out scores the value of the others' cards, or everyone keeps the value of "
            "their own cards and the lowest total wins when someone reaches the target."
        ),
    ),
    Option(
        "newer_wilds",
        "bool",
        False,
        N_("Newer wild cards (112-card deck)"),
        sheet_only=True,
        help=N_("The score sheet accepts Wild Shuffle Hands and Wild Customizable cards, 40 points each."),
    ),
    Option(
        "first_wild",
        "choice",
        "choose",
        N_("A Wild as first discard"),
        choices=("choose", "reshuffle"),
        words=(N_("The first player names the colour"), N_("Shuffle and turn another card")),
        help=N_("When the first card turned up is a Wild: the first player names the colour, or it is shuffled back."),
    ),
    Option(
        "draw_until_playable",
        "bool",
        False,
        N_("Draw until playable"),
        help=N_("A player who draws keeps drawing until a card can be played (at most 10 cards)."),
    ),
    Option(
        "stacking",
        "bool",
        False,
        # Translators: an UNO table rule's name: a Draw Two answered with a Draw Two (the penalties add up), not a pile.
        N_("Stacking"),
        help=N_("A Draw Two may be answered with a Draw Two, a Wild Draw Four with a Wild Draw Four."),
    ),
    Option(
        "seven_o",
        "bool",
        False,
        # Translators: an UNO table rule's name: on a 7 hands are swapped, on a 0 every hand passes on.
        N_("Seven-O"),
        help=N_("A 7 lets its player swap hands with another player; a 0 passes every hand on."),
    ),
    Option(
        "jump_in",
        "bool",
        False,
        # Translators: an UNO table rule's name: playing an identical card out of turn.
        N_("Jump-in"),
        help=N_("A card identical to the top discard may be played at once, out of turn."),
    ),
    Option(
        "multiples",
        "bool",
        False,
        # Translators: an UNO table rule's name: several identical cards played together (not arithmetic multiples).
        N_("Multiples"),
        help=N_("Two identical cards may be played together; both take effect."),
    ),
)
"""UNO's table rules."""


SHEET_OPTIONS: tuple[Option, ...] = (*OPTIONS, JOIN_SCORE)
"""The score sheet's table rules: the game's, and who joins mid-game starts with what (``join_score``)."""

make_rules, make_sheet_rules, rules_from_text = rule_makers(OPTIONS, SHEET_OPTIONS)


DEFAULT_RULES = make_rules()
