"""The phase check page: is this a phase? can this hand make it? may I play this card there?"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..database import read_only
from ..engine.errors import EngineError
from ..engine.notation import parse_heap
from ..forms import HitCheckForm, PhaseCheckForm
from ..games.phase10.checking import KIND_CHOICE, CheckList, check_list_of
from ..games.phase10.engine import cards as p10_cards
from ..games.phase10.engine.finder import check_phase
from ..games.phase10.engine.hits import check_hit, group_readings, hit_whichever
from ..games.phase10.engine.phases import GroupKind

bp = Blueprint("check", __name__, url_prefix="/check")


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
    return render_template("check/check.html", form=form, hit_form=hit_form, check_list=listed, **context)


@bp.route("/", methods=["GET", "POST"])
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


@bp.post("/hit")
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
