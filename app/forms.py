"""Form definitions (Flask-WTF, CSRF on). Labels are lazily translated."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from .engine.phase10.phases import PHASE_LISTS, PHASES


def options(*pairs) -> list[SelectChoice]:
    """Choices for a select or radio field from ``(value, label)`` pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def phase_choices() -> list[SelectChoice]:
    """Every phase with its requirement, for a select: ``("3", "Phase 3: a set of 4 + a run of 4")``."""
    choices = []
    for key, phase in PHASES.items():
        label = phase.name[0].upper() + phase.name[1:]
        choices.append(SelectChoice(str(key), f"{label}: {phase.describe()}"))
    return choices


class PhaseCheckForm(FlaskForm):
    """Cards on the table (groups) or a whole hand, checked against a phase."""

    phase = SelectField(_l("Phase"), default="1")
    mode = RadioField(
        _l("What are you checking?"),
        choices=options(("groups", _l("Cards laid on the table")), ("hand", _l("A whole hand"))),
        default="groups",
    )
    cards = StringField(
        _l("Cards"),
        validators=[InputRequired(message=_l("Enter some cards.")), Length(max=400)],
        description=_l(
            "Numbers 1-12 (a colour letter R B G Y in front when it matters), W wild, S skip; "
            "separate groups with |, e.g. 7 7 W | 3 4 5 6"
        ),
    )
    natural_card = SelectField(
        _l("Natural card rule"),
        choices=options(
            ("phase", _l("One natural card in the whole phase")), ("group", _l("One natural card in every group"))
        ),
        default="phase",
    )
    submit = SubmitField(_l("Check"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.phase.choices = phase_choices()


class HitCheckForm(FlaskForm):
    """A group lying on the table and a card: may the card be played on it?"""

    group = StringField(
        _l("The group on the table"),
        validators=[InputRequired(message=_l("Enter the group as it lies on the table.")), Length(max=200)],
        description=_l("As it lies, wilds where they stand, e.g. 4 W 6 7"),
    )
    kind = SelectField(
        _l("It is"),
        choices=options(
            ("auto", _l("Work it out")), ("set", _l("A set")), ("run", _l("A run")), ("color", _l("A colour group"))
        ),
        default="auto",
    )
    card = StringField(
        _l("The card to play"), validators=[InputRequired(message=_l("Enter the card to play.")), Length(max=10)]
    )
    end = SelectField(
        _l("A wild on a run goes at"),
        choices=options(("auto", _l("Either end")), ("low", _l("The low end")), ("high", _l("The high end"))),
        default="auto",
    )
    submit = SubmitField(_l("Can I play it?"))


# --- score sheets ------------------------------------------------------------------------------------


class NewGameForm(FlaskForm):
    """Create a score sheet: the game, the players in seating order, the main table rules."""

    game = RadioField(_l("Game"), choices=options(("phase10", "Phase 10"), ("uno", "UNO")), default="phase10")
    players = FieldList(
        StringField(_l("Player"), validators=[Optional(), Length(max=30)]), min_entries=10, max_entries=10
    )
    # Phase 10
    variant = SelectField(
        _l("Variation"),
        choices=options(
            ("classic", _l("Classic: complete the phases in order")),
            ("all_advance", _l("All advance: everyone moves on every round")),
            ("pick_a_phase", _l("Pick a phase: any order, each once")),
        ),
        default="classic",
    )
    phase_list = SelectField(
        _l("Phases"),
        choices=options(
            ("all", _l("All ten")),
            ("to5", _l("Up to phase 5")),
            ("to8", _l("Up to phase 8")),
            ("even", _l("Even phases only")),
            ("odd", _l("Odd phases only")),
            ("custom", _l("My own list")),
        ),
        default="all",
    )
    custom_phases = StringField(
        _l("My own list"),
        validators=[Optional(), Length(max=60)],
        description=_l("Phase numbers in the order played, e.g. 1 2 3 7 10"),
    )
    natural_card = SelectField(
        _l("Natural card rule"),
        choices=options(
            ("phase", _l("One natural card in the whole phase")), ("group", _l("One natural card in every group"))
        ),
        default="phase",
    )
    skip_target = SelectField(
        _l("Who a Skip skips"),
        choices=options(("next", _l("The next player")), ("choose", _l("The player who discards it chooses"))),
        default="next",
    )
    skip_once_per_lap = BooleanField(_l("One Skip per player per lap"), default=True)
    go_out_by_hit = BooleanField(_l("A player may go out by hitting"), default=False)
    # UNO
    target = IntegerField(_l("Target score"), default=500, validators=[Optional(), NumberRange(1, 10000)])
    scoring = SelectField(
        _l("Scoring"),
        choices=options(
            ("winner_takes", _l("Who goes out scores the others' cards")),
            ("lowest_wins", _l("Everyone keeps their own cards; lowest total wins")),
        ),
        default="winner_takes",
    )
    newer_wilds = BooleanField(_l("Newer wild cards (Wild Shuffle Hands, Wild Customizable)"))
    first_wild = SelectField(
        _l("A Wild as first discard"),
        choices=options(
            ("choose", _l("The first player names the colour")), ("reshuffle", _l("Shuffle and turn again"))
        ),
        default="choose",
    )
    draw_until_playable = BooleanField(_l("Draw until playable"))
    stacking = BooleanField(_l("Stacking Draw Twos and Wild Draw Fours"))
    seven_o = BooleanField(_l("Seven-O (7 swaps hands, 0 passes them on)"))
    jump_in = BooleanField(_l("Jump-in"))
    multiples = BooleanField(_l("Multiples"))
    submit = SubmitField(_l("Start the score sheet"))

    P10_RULES = ("variant", "natural_card", "skip_target", "skip_once_per_lap", "go_out_by_hit")
    UNO_RULES = (
        "target",
        "scoring",
        "newer_wilds",
        "first_wild",
        "draw_until_playable",
        "stacking",
        "seven_o",
        "jump_in",
        "multiples",
    )

    def player_names(self) -> list[str]:
        return [name.strip() for name in self.players.data if name and name.strip()]

    def rules(self) -> dict:
        """The table rules chosen, as the API takes them."""
        if self.game.data == "uno":
            rules = {name: getattr(self, name).data for name in self.UNO_RULES}
            if rules["target"] is None:
                rules["target"] = 500
            return rules
        rules = {name: getattr(self, name).data for name in self.P10_RULES}
        if self.phase_list.data == "custom":
            rules["phases"] = self.custom_phases.data or ""
        else:
            rules["phases"] = list(PHASE_LISTS[self.phase_list.data])
        return rules


class PlayerRow(Form):
    """One player's line in a round: completed (Phase 10), and the cards left as counts, cards or a total."""

    seat = HiddenField()
    completed = BooleanField(_l("Completed the phase"))
    phase = SelectField(_l("Phase completed"), choices=[], validate_choice=False)
    low = IntegerField("1–9", validators=[Optional(), NumberRange(0, 10)])
    high = IntegerField("10–12", validators=[Optional(), NumberRange(0, 10)])
    skip = IntegerField(_l("Skip"), validators=[Optional(), NumberRange(0, 4)])
    wild = IntegerField(_l("Wild"), validators=[Optional(), NumberRange(0, 8)])
    points = IntegerField(_l("or the total"), validators=[Optional(), NumberRange(0, 5000)])
    cards = StringField(_l("or the cards"), validators=[Optional(), Length(max=200)])
    laid_down = StringField(_l("Phase laid down (optional, to check it)"), validators=[Optional(), Length(max=200)])


class RoundForm(FlaskForm):
    """A round of a score sheet; ``round``, ``version`` and ``idempotency`` travel with it."""

    round = HiddenField()
    version = HiddenField()
    idempotency = HiddenField()
    went_out = RadioField(_l("Who went out?"), validators=[InputRequired(message=_l("Choose who went out."))])
    players = FieldList(FormField(PlayerRow))
    preview = SubmitField(_l("Check"))
    submit = SubmitField(_l("Save round"))
