"""Phase 10's phase check page (``/check/``): is this a phase? can this hand make it? may I play this card there?

Its forms and views are the game's: :meth:`Phase10.routes` adds them to the game's blueprint, and the site's
navigation and home page link to the page through the plug-in's ``pages``.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length

from app.database import read_only
from app.engine.errors import EngineError
from app.engine.notation import parse_heap
from app.forms import LTR, options

from .checking import KIND_CHOICE, CheckList, check_list_of
from .engine import cards as p10_cards
from .engine.finder import check_phase
from .engine.hits import check_hit, group_readings, hit_whichever
from .engine.phases import PHASES, GroupKind


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
        render_kw=LTR,
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
        render_kw=LTR,
        validators=[InputRequired(message=_l("Enter the group as it lies on the table.")), Length(max=200)],
        description=_l("As it lies, wilds where they stand, e.g. 4 W 6 7"),
    )
    kind = SelectField(
        # Translators: the legend over the choice of set, run or colour group for a hit check.
        _l("Kind of group"),
        choices=options(
            # Translators: a choice: the page works out the kind of group from the cards (not the user).
            ("auto", _l("Detect automatically")),
            ("set", _l("A set")),
            ("run", _l("A run")),
            ("color", _l("A colour group")),
        ),
        default="auto",
    )
    card = StringField(
        _l("The card to play"),
        validators=[InputRequired(message=_l("Enter the card to play.")), Length(max=10)],
        render_kw=LTR,
    )
    end = SelectField(
        _l("A wild on a run goes at"),
        choices=options(("auto", _l("Either end")), ("low", _l("The low end")), ("high", _l("The high end"))),
        default="auto",
    )
    submit = SubmitField(_l("Can I play it?"))


def add_routes(bp: Blueprint) -> None:
    """The check page's two addresses (``/check/`` and ``/check/hit``) on the game's blueprint."""
    bp.add_url_rule("/check/", "phase_check", phase_check, methods=["GET", "POST"])
    bp.add_url_rule("/check/hit", "hit_check", hit_check, methods=["POST"])


def _forms(formdata: bool = True) -> tuple[PhaseCheckForm, HitCheckForm, CheckList]:
    """The two forms, following the phase list the page was opened with (a sheet's, or one in the address)."""
    listed = check_list_of(request.args)
    form = PhaseCheckForm() if formdata else PhaseCheckForm(formdata=None)
    hit_form = HitCheckForm(prefix="hit")
    form.phase.choices = listed.phase_choices()
    if listed.natural_card and not (formdata and form.is_submitted()):
        form.natural_card.data = listed.natural_card
    kinds = listed.kinds()
    if kinds is None or GroupKind.COLOR_RUN in kinds:
        hit_form.kind.choices = [*hit_form.kind.choices, KIND_CHOICE]
    return form, hit_form, listed


def _render(form: PhaseCheckForm, hit_form: HitCheckForm, listed: CheckList, **context):
    return render_template("phase10/check.html", form=form, hit_form=hit_form, check_list=listed, **context)


@read_only
def phase_check():
    """Check cards laid on the table (groups) or a hand against a phase."""
    form, hit_form, listed = _forms()
    verdict = whole_hand = None
    if form.validate_on_submit():
        try:
            phase = listed.phase(form.phase.data)
            if form.mode.data == "hand":
                hand = parse_heap(form.cards.data, p10_cards.Card.parse)
                verdict = check_phase(phase, hand=hand, natural_card=form.natural_card.data)
            else:
                groups = p10_cards.parse_text_groups(form.cards.data)
                verdict = check_phase(phase, groups=groups, natural_card=form.natural_card.data)
                if len(groups) == 1 and len(phase.requirements) > 1:
                    # One group typed for a phase of several: "|" was left out. Read the cards as a hand too.
                    whole_hand = check_phase(phase, hand=groups[0], natural_card=form.natural_card.data)
        except EngineError as error:
            form.cards.errors.append(str(error))
    return _render(form, hit_form, listed, verdict=verdict, whole_hand=whole_hand)


@read_only
def hit_check():
    """May this card be played on that group, and what does a wild then stand for?"""
    form, hit_form, listed = _forms(formdata=False)
    hit = None
    if hit_form.validate_on_submit():
        kind = None if hit_form.kind.data == "auto" else hit_form.kind.data
        try:
            cards = p10_cards.parse_hand(hit_form.group.data)
            readings = group_readings(cards, listed.kinds()) if kind is None else []
            if len(readings) > 1:
                # Set or run? Ask only when the answer depends on it (a 6 on 5 W: both readings refuse it).
                try:
                    card = p10_cards.Card.parse(hit_form.card.data)
                    p10_cards.check_fits_deck((*cards, card))
                except EngineError as error:
                    hit_form.card.errors.append(str(error))
                    return _render(form, hit_form, listed, hit=None)
                hit = hit_whichever(readings, card, None if hit_form.end.data == "auto" else hit_form.end.data)
                if hit is not None:
                    return _render(form, hit_form, listed, hit=hit)
            group = listed.read_group(cards, kind, readings)
        except EngineError as error:
            hit_form.group.errors.append(str(error))
        else:
            try:
                card = p10_cards.Card.parse(hit_form.card.data)
                p10_cards.check_fits_deck((*group.cards, card))
                hit = check_hit(group, card, None if hit_form.end.data == "auto" else hit_form.end.data)
            except EngineError as error:
                hit_form.card.errors.append(str(error))
    return _render(form, hit_form, listed, hit=hit)
