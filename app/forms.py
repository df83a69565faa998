"""Form definitions (Flask-WTF, CSRF on). Labels are lazily translated."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.fields.core import UnboundField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from .engine.players import isolate_names, isolated
from .i18n import format_number

# Card notation reads left to right in every language ("7 7 W | 3 4 5 6"), also on right-to-left pages.
LTR = {"dir": "ltr"}


def options(*pairs) -> list[SelectChoice]:
    """Choices for a select or radio field from ``(value, label)`` pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


# --- score sheets ------------------------------------------------------------------------------------


class NewGameForm(FlaskForm):
    """Create a score sheet: the game, the players in seating order, each game's table rules.

    The class made by :func:`new_game_form` adds the games (from the registry) and their rule fields.
    """

    submit = SubmitField(_l("Start the score sheet"))

    def player_names(self) -> list[str]:
        return [name.strip() for name in self.players.data if name and name.strip()]

    def game_type(self):
        """The registered game chosen."""
        from .games import registry

        return registry.get(self.game.data)

    def rules(self) -> dict:
        """The table rules chosen, as the API takes them."""
        kind = self.game_type()
        return kind.rules_from_form(self) if kind is not None else {}


def new_game_form_class() -> type[NewGameForm]:
    """:class:`NewGameForm` with a choice of every registered game and the fields of their table rules (made once for
    each set of registered games: a game registered after the first page still gets its fields)."""
    from .games import registry

    return _new_game_form_class(registry.all_games())


@functools.cache
def _new_game_form_class(games: tuple) -> type[NewGameForm]:
    """The form class for these games (made once for each set of registered games)."""
    fields: dict = {
        "game": RadioField(_l("Game"), choices=options(*((g.id, g.name) for g in games)), default=games[0].id),
        "players": FieldList(
            StringField(_l("Player"), validators=[Optional(), Length(max=30)]),
            min_entries=max(g.max_players for g in games),
            max_entries=max(g.max_players for g in games),
        ),
        # the game played, on a sheet of a kind for any game (GameType.named): "Hearts"
        "game_name": StringField(
            _l("Which game? (optional)"),
            validators=[Optional(), Length(max=40)],
            description=_l("For example Hearts or darts."),
        ),
    }
    for game in games:
        fields.update(game.form_fields())
        fields.update(game.sheet_form_fields())  # the sheet's own rules (join_score) that are not the game's
    return type("RegisteredNewGameForm", (NewGameForm,), fields)


def new_game_form(**kwargs) -> NewGameForm:
    """A bound new-sheet form."""
    return new_game_form_class()(**kwargs)


# --- a round form's errors, in the form's words ------------------------------------------------------------------


def _entry_sentence(field: str | None, name: str, problem: str) -> str | None:
    """A refused token in a player's field, said of the player (no JSON path): "Dee's cards: …". A game's own field
    is said as the game declares it (``GameType.row_refusals``)."""
    from .games import registry

    values = {"name": isolated(name), "problem": problem}
    if field == "cards":
        return _("%(name)s's cards: %(problem)s", **values)
    for game in registry.all_games():
        said = game.row_refusals.get(field or "")
        if said:
            return said(values)
    return None


def entry_messages(error: Any, names: Sequence[str]) -> list[tuple[str | None, str]]:
    """Each refusal behind ``error`` (an ``ApiError``) as ``(player, sentence)`` for a round form: a sentence
    that names the player (isolated) and their field, never the API's JSON path (``results[3].cards``)."""
    refusals = getattr(error, "refusals", ()) or (error,)
    out = []
    for refusal in refusals:
        player = getattr(refusal, "player", None)
        problem = getattr(refusal, "problem", None)
        sentence = _entry_sentence(getattr(refusal, "field", None), player, problem) if player and problem else None
        text = getattr(refusal, "message", None) or str(refusal)
        out.append((player, sentence or isolate_names(text, names)))
    return out


def entry_message(error: Any, names: Sequence[str]) -> str:
    """The first refusal behind ``error`` in the round form's words (for a script: the preview, the outbox)."""
    return entry_messages(error, names)[0][1]


def _bounds(field: Any) -> dict[str, Any]:
    """The ``min`` and ``max`` a field's validators allow (a number's range, a text's length)."""
    for validator in field.validators:
        if hasattr(validator, "max"):
            return {"min": format_number(getattr(validator, "min", 0)), "max": format_number(validator.max)}
    return {"min": "", "max": ""}


RowSentence = Callable[[dict[str, str]], str]
"""A sentence about one player's field, from its values (``name``, isolated, and ``min``/``max`` or ``problem``)."""

SHARED_ROW_SENTENCES: dict[str, RowSentence] = {
    "points": lambda v: _("%(name)s's points must be a whole number from %(min)s to %(max)s.", **v),
    "cards": lambda v: _("%(name)s's cards are too long: at most %(max)s characters.", **v),
}
"""What is wrong with a field of the shared row (:class:`PlayerRow`), said of the player."""


def _field_sentence(field: Any, name: str, own: Mapping[str, RowSentence]) -> str:
    """What is wrong with a player's field, as one sentence naming the player (the form's own checks; a game's own
    field as the game says it, ``own``: ``GameType.row_errors``)."""
    values = {"name": isolated(name), **_bounds(field)}
    said = SHARED_ROW_SENTENCES.get(field.short_name) or own.get(field.short_name)
    return said(values) if said else _("%(name)s: %(problem)s", name=isolated(name), problem=field.errors[0])


class PlayerRowsForm(FlaskForm):
    """A round form with one row of fields per player (``players``): its errors name the player."""

    row_errors: ClassVar[Mapping[str, RowSentence]] = {}
    """The sentences of the game's own row fields' errors (``GameType.row_errors``, set by :func:`with_row_fields`)."""

    def name_errors(self, names: Sequence[str]) -> None:
        """Put each row's field errors (a range, a number, a length) in one sentence naming the player, in the
        page's language, every row at once."""
        for name, row in zip(names, self.players.entries):
            for field in row.form:
                if field.errors:
                    field.errors = [_field_sentence(field, name, self.row_errors)]

    def show_error(self, names: list[str], error: Any) -> None:
        """Show each refusal next to the row of the player it names, else at the top (:meth:`show_problem`)."""
        for player, message in entry_messages(error, names):
            if player in names and len(self.players.entries) == len(names):
                row = self.players.entries[names.index(player)].form
                row.points.errors = [*row.points.errors, message]
            else:
                self.show_problem(message)

    def show_problem(self, message: str) -> None:
        """Show a refusal that names no player, above the rows."""
        raise NotImplementedError


CARDS_TEXT_MAX = 1000
"""Characters a row's cards (or laid-down phase) may take: a whole 112-card UNO deck written with its longest
tokens (``W+4``) and ", " between them is 560, so any hand the API takes fits (a real hand may hold 60 cards)."""


class PlayerRow(Form):
    """One player's line in a round: the cards left, or a total. A game's own fields of a row (a keypad's counts, a
    phase laid down) are its declaration (``GameType.row_fields``), added by :func:`with_row_fields`."""

    seat = HiddenField()
    points = IntegerField(_l("or the total"), validators=[Optional(), NumberRange(0, 5000)])
    cards = StringField(_l("or the cards"), validators=[Optional(), Length(max=CARDS_TEXT_MAX)], render_kw=LTR)


class RoundForm(PlayerRowsForm):
    """A round of a score sheet; ``round``, ``version`` and ``idempotency`` travel with it."""

    round = HiddenField()
    version = HiddenField()
    idempotency = HiddenField()
    went_out = RadioField(_l("Who went out?"), validators=[InputRequired(message=_l("Choose who went out."))])
    players = FieldList(FormField(PlayerRow))
    preview = SubmitField(_l("Check"))
    submit = SubmitField(_l("Save round"))

    def prepare(self, names: list[str]) -> None:
        """Set the choices that depend on the game's players."""
        self.went_out.choices = [(str(i), name) for i, name in enumerate(names)]

    def show_problem(self, message: str) -> None:
        self.went_out.errors = [*self.went_out.errors, message]


def row_class(form: type) -> type:
    """The class of a round form's rows (its ``players = FieldList(FormField(<row>))``)."""
    return form.players.args[0].args[0]  # type: ignore[attr-defined]


def row_field_names(form: type) -> set[str]:
    """The names of the fields each row of the round form ``form`` has (the shared row's and the form's own row's)."""
    return {name for klass in row_class(form).__mro__ for name, v in vars(klass).items() if isinstance(v, UnboundField)}


def with_row_fields(
    form: type,
    fields: Mapping[str, UnboundField],
    errors: Mapping[str, RowSentence] | None = None,
    order: Sequence[str] = (),
) -> type:
    """The round form ``form`` whose rows carry ``fields`` too (a game's own fields of a row, ``GameType.row_fields``;
    unbound fields, by name), their errors said as ``errors`` says (``GameType.row_errors``), the row's fields in
    ``order`` (``GameType.row_order``: the order a row's errors are said in; fields it does not name follow, as they
    were made); ``form`` itself without any."""
    if not fields:
        return form
    row = row_class(form)
    own = dict(fields)
    if order:
        every = {name: getattr(row, name) for name in row_field_names(form)} | own
        named = [name for name in order if name in every]
        rest = sorted((name for name in every if name not in named), key=lambda name: every[name].creation_counter)
        # made again in this order: WTForms orders a form's fields by when they were made
        own = {
            name: UnboundField(every[name].field_class, *every[name].args, name=every[name].name, **every[name].kwargs)
            for name in [*named, *rest]
        }
    rows = type(row.__name__, (row,), own)
    own = {"players": FieldList(FormField(rows)), "__doc__": form.__doc__, "row_errors": dict(errors or {})}
    return type(form.__name__, (form,), own)
