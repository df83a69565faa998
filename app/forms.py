"""Form definitions (Flask-WTF, CSRF on). Labels are lazily translated."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length

from .engine.phase10.phases import PHASES


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
        description=_l("Numbers 1-12 (a colour letter R B G Y in front when it matters), W wild, S skip; "
                       "separate groups with |, e.g. 7 7 W | 3 4 5 6"),
    )
    natural_card = SelectField(
        _l("Natural card rule"),
        choices=options(("phase", _l("One natural card in the whole phase")), ("group", _l("One natural card in every group"))),
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
        choices=options(("auto", _l("Work it out")), ("set", _l("A set")), ("run", _l("A run")), ("color", _l("A colour group"))),
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
