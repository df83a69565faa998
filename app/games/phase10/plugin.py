"""Phase 10 as a plug-in: the engine's rules and score sheet, the round form's keypad counts and phases,
the tie-breaker, the page partials."""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

from flask import Blueprint, jsonify, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext, pgettext
from markupsafe import Markup
from wtforms import BooleanField, Field, IntegerField, SelectField, StringField, TextAreaField, ValidationError
from wtforms.validators import Length, NumberRange, Optional
from wtforms.widgets import TextArea

from app.engine.errors import RulesError
from app.engine.notation import format_groups
from app.forms import CARDS_TEXT_MAX, LTR, RoundForm, options
from app.games.cards import prefill_leftover
from app.games.registry import Digital, GameType, Page, SeatField, StandingField, form_refusal, option_field
from app.games.summary import spread
from app.i18n import format_number

from . import check, entry, results
from .engine import bots, game, lists, phases, rounds, scoring, sheet, simulate
from .engine.cards import CARD_CLASSES, HAND_SIZE, HIGHEST, LOW_MAX, LOWEST
from .engine.variants import variant_of

COUNTS = CARD_CLASSES


def hardest_phase(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The phase a crew completes least often (of the rounds begun on it; known tries only): its number, the tries
    and the completions; ``None`` when no tries are known. ``rows``: each person's figures, with ``phases``."""
    tried: dict[str, list[int]] = {}
    for row in rows:
        for number, line in (row.get("phases") or {}).items():
            if line["tries"]:
                total = tried.setdefault(number, [0, 0])
                total[0] += line["tries"]
                total[1] += line["completed"]
    if not tried:
        return None
    number, (tries, done) = min(tried.items(), key=lambda item: (item[1][1] / item[1][0], -item[1][0]))
    return {"phase": number, "tries": tries, "completed": done}


class Phase10(GameType):
    id = "phase10"
    name = _l("Phase 10")
    bgg_id = 1258
    headline = True  # named in the product's own words (its name, the home page)
    api_examples: ClassVar[dict[str, dict[str, Any]]] = {
        "sheet": {"players": ["Ana", "Ben", "Cy"], "rules": {"variant": "classic"}},
        "play": {"seats": [{"name": "Ana"}, {"name": "Bot", "bot": "random"}]},
    }
    description = _l("Ten phases to complete in order.")
    options = phases.OPTIONS
    entry_module = entry
    rules_module = phases
    rounds_module = rounds
    sheet_module = sheet
    pages = (
        Page(
            "phase_check",
            _l("Phase check"),
            _l("Is this a phase? Can my hand make it? May I play this card there?"),
            also=("hit_check",),
        ),
    )
    sheet = sheet.Sheet
    digital = Digital(
        game.Game,
        bots.BOTS,
        simulate.simulate,
        run_bots=lambda engine, max_rounds, max_actions=None: bots.run_bots(
            engine, max_rounds=max_rounds, max_actions=max_actions
        ),
        script="play.js",
        styles=("play.css",),
        bots_to_move=lambda engine: (
            engine.status == "playing" and engine.turn is not None and engine.bots[engine.turn] is not None
        ),
        page_data=lambda: {
            "phases": {
                str(key): {"name": phase.name, "needs": phase.describe()} for key, phase in phases.PHASES.items()
            },
            "phase_lists": phases.PHASE_LISTS,
            "masters": {str(p.key): {"name": p.name, "needs": p.describe()} for p in phases.MASTERS},
            # Templates the page fills from a table's own list (the state's rules.phases): "a set of {size}"...
            "group_words": {kind.value: phases.Requirement(kind, "{size}").describe() for kind in phases.GroupKind},  # type: ignore[arg-type]
            "phase_word": phases.Phase("{number}", ()).name,
        },
    )
    has_tiebreaker = True
    # A player's standing: the phase they play next (null once done) and the phases completed, in order (API.md).
    standing_fields = (StandingField("phase", int, nullable=True), StandingField("phases_done", list[int]))
    result_fields = results.RESULT_FIELDS
    # A seat of the digital game: the phases it may still lay down this round (API.md).
    seat_fields = (
        SeatField(
            "phases_open",
            list[int | Literal["tiebreaker"]],
            description="Phase 10: the phases this seat may still lay down this round (several under pick_a_phase; "
            "empty once it has laid down, or while it sits out a tie-breaker round).",
        ),
    )
    labels: ClassVar[dict[str, Any]] = {"go_out_by_hit": _l("A player may go out by hitting")}
    choice_labels: ClassVar[dict[str, Any]] = {
        "variant": (
            ("classic", _l("Classic: complete the phases in order")),
            ("all_advance", _l("All advance: everyone moves on every round")),
            ("pick_a_phase", _l("Pick a phase: any order, each once")),
        ),
        "skip_target": (("next", _l("The next player")), ("choose", _l("The player who discards it chooses"))),
    }
    primary_rules = ("variant", "phase_list", "custom_phases", "natural_card")
    more_rules_label = _l("More table rules (for the rules page)")
    round_form = RoundForm
    # Each player's row of the round form: the cards left counted on the four-key keypad, the phase as it lies on
    # the table (to check it), the phase completed (a box; under pick_a_phase, which phase).
    row_fields: ClassVar[dict[str, Any]] = {
        "low": IntegerField("1–9", validators=[Optional(), NumberRange(0, 10)]),
        "high": IntegerField("10–12", validators=[Optional(), NumberRange(0, 10)]),
        "skip": IntegerField(_l("Skip"), validators=[Optional(), NumberRange(0, 4)]),
        "wild": IntegerField(_l("Wild"), validators=[Optional(), NumberRange(0, 8)]),
        "laid_down": StringField(
            _l("Phase as it lies on the table, hits included (optional, to check it)"),
            validators=[Optional(), Length(max=CARDS_TEXT_MAX)],
            render_kw=LTR,
        ),
        "completed": BooleanField(_l("Completed the phase")),
        "phase": SelectField(_l("Phase completed"), choices=[], validate_choice=False),
    }
    # As the rows were before the counts were Phase 10's: the keypad's counts, then the total, the cards, the phase.
    row_order = ("seat", "low", "high", "skip", "wild", "points", "cards", "laid_down", "completed", "phase")
    row_errors: ClassVar[dict[str, Any]] = {
        "low": lambda v: _("%(name)s's count of cards of 1 to 9 must be a whole number from %(min)s to %(max)s.", **v),
        "high": lambda v: _(
            "%(name)s's count of cards of 10 to 12 must be a whole number from %(min)s to %(max)s.", **v
        ),
        "skip": lambda v: _("%(name)s's count of skips must be a whole number from %(min)s to %(max)s.", **v),
        "wild": lambda v: _("%(name)s's count of wilds must be a whole number from %(min)s to %(max)s.", **v),
        "laid_down": lambda v: _("%(name)s's laid-down phase is too long: at most %(max)s characters.", **v),
    }
    row_refusals: ClassVar[dict[str, Any]] = {
        "laid_down": lambda v: _("%(name)s's laid-down phase: %(problem)s", **v),
    }
    simulates_hands = False

    def crew_facts(self, rows: list[dict[str, Any]]) -> list[str]:
        """The phase the crew completes least often (of the rounds begun on it; known tries only), if any."""
        hard = hardest_phase(rows)
        if hard is None:
            return []
        return [
            _(
                "The hardest phase: phase %(number)s, completed %(done)s times in %(tries)s tries.",
                number=hard["phase"],
                done=format_number(hard["completed"]),
                tries=format_number(hard["tries"]),
            )
        ]

    def routes(self, bp: Any) -> None:
        """The phase check page (``/check/``)."""
        check.add_routes(bp)

    # --- new sheet: the phase list is chosen from the standard lists or typed --------------------------

    def form_fields(self) -> dict[str, Field]:
        fields: dict[str, Field] = {}
        for option in self.options:
            if option.name == "phases":
                fields["phase_list"] = SelectField(
                    _l("Phases"),
                    choices=options(
                        ("all", _l("All ten")),
                        ("to5", _l("Up to phase 5")),
                        ("to8", _l("Up to phase 8")),
                        ("even", _l("Even phases only")),
                        ("odd", _l("Odd phases only")),
                        ("masters", _l("Phase 10 Masters deck")),
                        ("custom", _l("My own list")),
                    ),
                    default="all",
                )
                fields["custom_phases"] = TextAreaField(
                    _l("My own list"),
                    validators=[_own_list_readable, Length(max=600)],
                    description=_l(
                        "Phases separated by ; and the groups of a phase by +, each group a kind (set, run, color "
                        "or color_run) and a size, e.g. set 3 + run 4; color 7; color_run 4 + set 3. Or phase "
                        "numbers in the order played: 1 2 3 7 10"
                    ),
                    widget=PhaseListBuilder(),
                    render_kw={"autocomplete": "off", "spellcheck": "false", "dir": "ltr", "rows": 3},
                )
                continue
            field = option_field(
                option, self.labels.get(option.name, option.label), self.choice_labels.get(option.name)
            )
            if field is not None:
                fields[option.name] = field
        return fields

    def rules_from_form(self, form: Any) -> dict[str, Any]:
        ruleset = super().rules_from_form(form)
        if form.phase_list.data == "custom":
            try:  # stored as the API takes it: the groups as JSON, "masters", or the phase numbers
                ruleset["phases"] = lists.parse_list_text(form.custom_phases.data or "").to_json()
            except RulesError:
                ruleset["phases"] = form.custom_phases.data or ""  # the API's refusal says why
        elif form.phase_list.data == "masters":
            ruleset["phases"] = "masters"
        else:
            ruleset["phases"] = list(phases.PHASE_LISTS[form.phase_list.data])
        return ruleset

    def blueprint(self) -> Blueprint:
        """The game's blueprint, with the check the new-sheet form's phase-list builder asks of the server."""
        made = super().blueprint()
        made.add_url_rule(f"/games/{self.id}/phase-list", "phase_list", phase_list_check)
        return made

    # --- pages -------------------------------------------------------------------------------------

    def rules_context(self) -> dict[str, Any]:
        """The phases and the numbers of the scoring table, from the engine: which cards are low and high
        (first and last number), and what a card of each class costs."""
        return {
            "phases": phases.PHASES,
            "card_numbers": {"low": (LOWEST, LOW_MAX), "high": (LOW_MAX + 1, HIGHEST)},
            "card_points": scoring.CLASS_POINTS,
            "hand_size": HAND_SIZE,
        }

    def page_context(self) -> dict[str, Any]:
        return {"hand_size": HAND_SIZE, "tiebreaker_goal": phases.PHASES[phases.TIEBREAKER].describe()}

    def prepare_round_form(self, form: Any, sheet: Any, names: list[str], number: int) -> None:
        form.round_phases = sheet.phases_in_round(number)  # a corrected round shows the phases as they were then
        if variant_of(sheet.rules).picks_phase:
            for name, row in zip(names, form.players.entries):
                row.form.phase.choices = [("", _("none"))] + [
                    (str(p), _("phase %(number)s", number=p)) for p in sheet.phases_open(name, number)
                ]

    def csv_columns(self, names: list[str], sheet: Any) -> list[str]:
        out = []
        for name in names:
            out += [name, _("%(name)s: phase", name=name), _("%(name)s: completed", name=name)]
        return out

    def csv_cells(self, item: dict[str, Any], names: list[str], sheet: Any) -> list[Any]:
        by_player = {r["player"]: r for r in item["results"]}
        played = sheet.phases_in_round(item["round"])
        out: list[Any] = []
        for name in names:
            result = by_player.get(name, {})
            completed = result.get("completed", False)
            shown = completed if completed not in (True, False) else played.get(name)
            out += [result.get("points", 0), played.get(name) or "", shown if completed is not False else ""]
        return out

    def csv_totals(self, data: dict[str, Any], names: list[str]) -> list[Any]:
        out: list[Any] = []
        for p in data["players"]:
            out += [p["score"], p.get("phase") or "", ""]
        return out

    def draft_row(self, form: Any, names: list[str], index: int, went_out: bool, ruleset: Any) -> dict[str, Any]:
        with form_refusal():
            row = form.players.entries[index].form.data
            result = entry.result_of(row, names[index], variant_of(ruleset).picks_phase, went_out)
        del result["player"]
        return result

    def preview_completed(self, scored: Any) -> dict[str, bool]:
        """Who completed a phase in a round checked but not saved (going out, or a hand of fewer than 10 cards)."""
        return {result.player: result.completed_phase is not None for result in scored.results}

    def prefill(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        if entered.get("went_out") in names:  # a round filled in together may not say yet
            form.went_out.data = str(names.index(entered["went_out"]))
        by_player = {r["player"]: r for r in entered["results"]}
        for name, row in zip(names, form.players.entries):
            result = by_player.get(name, {})
            completed = result.get("completed", False)
            row.form.completed.data = completed is not False
            row.form.phase.data = str(completed) if completed not in (True, False) else ""
            if name == entered.get("went_out"):
                continue
            if "counts" in result:
                for key, value in _entered_counts(result["counts"], completed).items():
                    getattr(row.form, key).data = value
            else:
                prefill_leftover(row.form, result)
            if result.get("laid_down"):
                row.form.laid_down.data = format_groups(result["laid_down"])

    # --- digital: the simulator ----------------------------------------------------------------------

    def simulate(self, *, hands: Any = None, **kwargs: Any) -> dict[str, Any]:
        """Bots play many games (``flask simulate``); the summary of API.md."""
        return simulate.simulate(**kwargs)

    def summary_lines(self, summary: dict[str, Any], unit: str) -> tuple[list[str], list[str]]:
        """The summary's Phase 10 lines: before the wins, and after them."""
        deviation, counts = spread(summary["rounds_spread"])
        lines = [
            "Rounds per game: mean {mean:.2f}, standard deviation {sd:.2f}, min {low}, max {high}".format(
                mean=summary["rounds_mean"], sd=deviation, low=summary["rounds_min"], high=summary["rounds_max"]
            ),
            "  games by rounds: " + counts,
            "Tie-breakers: {tb}; dead rounds dealt again: {rd}; unfinished games: {un}".format(
                tb=summary["tiebreakers"], rd=summary["redeals"], un=summary["unfinished"]
            ),
        ]
        if summary.get("wins_by_rule"):
            lines.append("Decided by: " + ", ".join(f"{rule} {n}" for rule, n in summary["wins_by_rule"].items()))
        odds = summary["dealt_phase_odds"]
        tail = [
            "Dealt phase odds ({hands:,} hands): ".format(hands=summary["hands_dealt"])
            + ", ".join(f"{phase}: {100 * p:.1f}%" for phase, p in odds.items())
        ]
        return lines, tail


# --- a table's own phase list on the new-sheet form ----------------------------------------------------------


def _own_list_readable(form: Any, field: Any) -> None:
    """The list typed for "My own list" must be one the game can play: the sentence names the phase and the
    problem (only when Phase 10 and its own list are chosen)."""
    if getattr(form, "game", None) is None or form.game.data != GAME.id or form.phase_list.data != "custom":
        return
    try:
        lists.parse_list_text(field.data or "")
    except RulesError as error:
        raise ValidationError(str(error)) from None


class PhaseListBuilder(TextArea):
    """The "My own list" field: the text field (all a phone without scripts needs), and after it the place where
    the game's script builds the list phase by phase and group by group, with the words it needs."""

    def __call__(self, field: Any, **kwargs: Any) -> Markup:
        words = {
            "kinds": {
                # Translators: a kind of group a phase asks for (Phase 10): cards of one number, such as 7 7 7.
                "set": pgettext("kind of group", "Set"),
                # Translators: a kind of group a phase asks for (Phase 10): cards in sequence, such as 3 4 5 6.
                "run": pgettext("kind of group", "Run"),
                "color": _("Cards of one colour"),
                "color_run": _("Colour run"),
            },
            # Translators: the label of the choice of a group's kind (set, run, colour group) in the phase list builder.
            "kind": _("Kind"),
            # Translators: the label of a group's size (how many cards) in the phase list builder; a short noun.
            "size": _("Cards"),
            "phase": _("Phase %(number)s", number="{number}"),
            "group": _("Group %(number)s", number="{number}"),
            "add_group": _("Add a group"),
            "remove_group": _("Remove this group"),
            "add_phase": _("Add a phase"),
            "remove_phase": _("Remove this phase"),
            "checking": _("Checking…"),
            "offline": _("The list could not be checked now; it is checked again when the sheet is created."),
        }
        place = Markup(
            '<div class="phase-builder" hidden data-for="{id}" data-check-url="{url}" data-words="{words}"></div>'
        ).format(id=field.id, url=url_for(f"{GAME.id}.phase_list"), words=json.dumps(words))
        assets = Markup('<link rel="stylesheet" href="{css}"><script src="{js}" defer></script>').format(
            css=GAME.static_url("phaselist.css"), js=GAME.static_url("phaselist.js")
        )
        return super().__call__(field, **kwargs) + place + assets


def phase_list_check():
    """``GET /games/phase10/phase-list?list=…``: each phase of a list written as the form's field takes it, whether
    it can be made from the 10 cards a player holds (an example lay-down from one deck, checked by the engine),
    and the first problem. JSON; nothing is stored."""
    text = request.args.get("list", "")[:600]
    reports, problem = lists.check_list(text)
    phases_out = []
    for report in reports:
        item = report.to_json()
        if report.problem is None and report.phase is not None:
            item["said"] = ngettext(
                "%(needs)s: %(num)s card, for example %(cards)s",
                "%(needs)s: %(num)s cards, for example %(cards)s",
                report.phase.size,
                needs=report.phase.describe(),
                cards=" | ".join(" ".join(group) for group in item["example"]),
            )
        else:
            item["said"] = report.problem
        phases_out.append(item)
    answer = jsonify(valid=problem is None, problem=problem, phases=phases_out)
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _entered_counts(stored: dict[str, int], completed: bool | int) -> dict[str, int | None]:
    """A stored round's counts as the keypad shows them to correct it: what was filled in by itself is left to fill
    itself in again (``None``), as on a new round. Without a completed phase a hand is 10 cards, so "low" is always
    the rest of the ten (and a key at 0 is a key left alone): a correction of another key adjusts it."""
    counts = {key: stored.get(key, 0) for key in COUNTS}
    if completed is not False or sum(counts.values()) != HAND_SIZE:
        return dict(counts)
    return {key: None if key == "low" or not value else value for key, value in counts.items()}


GAME = Phase10()
