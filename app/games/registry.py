"""The game registry: every kind of score sheet the app knows, in the order the pages list them.

A game is a folder, ``app/games/<kind>/``: its pure engine (``engine/``), its plug-in (``plugin.py``: a
:class:`GameType` subclass and its instance ``GAME``), its templates (``templates/``, which the pages name
``<kind>/<file>``) and its static files (``static/``, served at ``/games/<kind>/static/``), all served by the
game's own blueprint (:meth:`GameType.blueprint`). A game is registered once with :func:`register`, which
refuses, with a sentence, a game that lacks what the shared pages ask of it. Services, views, forms, templates and scripts ask the registry
(:func:`get`, :func:`require`, :func:`all_games`) for what differs between games, and never name one:
``tests/hardening/test_game_names.py`` keeps it so.
"""

from __future__ import annotations

import contextlib
import functools
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from flask import Blueprint, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from jinja2 import BaseLoader, FileSystemLoader, PrefixLoader, nodes
from jinja2.sandbox import SandboxedEnvironment
from wtforms import BooleanField, Field, IntegerField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from ..engine.errors import RoundError
from ..engine.options import Option, RuleSet
from ..engine.sheetbase import ScoreSheet

KIND_LENGTH = 20
"""The longest kind id the database stores (``Game.kind``, ``CrewGame.kind``: ``String(20)``)."""
SHEET_MACROS = ("standings_head", "standings_cells", "standings_help", "history_mark", "history_help")
"""The macros of ``<kind>/sheet.html`` the sheet page calls (``tiebreaker_panel`` too, for a game with a
tie-breaker; ``went_out_links`` and ``join_help`` (where a joining player starts) when present)."""

ROUND_HOOKS: dict[str, str] = {
    "data-row": "each player's row of the round form (with data-player, the name, and data-index, the seat); "
    "sheets/_rows.html's went_out_rows() draws it, a partial that draws its own rows marks them",
    "data-went-out": "the control saying that this player went out (the radio went_out_rows() hands the partial)",
    "data-leftover": "the part of a row where what the player holds is entered (hidden once they went out; in compact "
    "rows it opens under the row tapped)",
    "data-row-line": "the line of a row's toggles (went out, a completed phase…): the arrow keys move along it",
    "data-error": "a refused entry's message (in a row, or above the rows): the row opens, the problems show",
    "data-completed": "a box the engine may tick from the entry (a completed phase): the preview ticks it; its value is "
    "the key of a draft row that says it, so that a row sent from another phone sets it (static/js/draft.js)",
    "data-completed-phase": "the choice of which phase a row completed (when the table picks the phase); its value, as "
    "data-completed's, is the draft row's key that says it",
    "data-round-choice": "an option of a choice about the whole round that each row carries to the round being filled "
    "in together (its name: the round field's): another phone's choice is followed live (static/js/draft.js)",
    "data-hand-count": "a count of cards of one kind in a player's hand",
    "data-auto-count": "the count that fills itself in with the rest of the hand (its value: the hand's size)",
    "data-step": "a stepper button beside a count (its value, +1 or -1, is added)",
    "data-quick-counts": "a group of quick-count chips for the field whose id is its data-for",
    "data-count": "a quick-count chip (its value is the count it sets)",
    "data-keypad": "a card keypad, typing into the field whose id is its data-target (static/js/keypad.js)",
    "data-key": "a key of a card keypad (its value is the token it types)",
    "data-keypad-hint": "a card keypad's hint, shown when a key needs a colour first",
}
"""The ``data-*`` attributes by which the shared scripts (``static/js/sheets.js``, ``draft.js``, ``focus.js``,
``offline.js``, ``keypad.js``) find what they work on in a game's round partial (``<kind>/round.html``) and card
keypad (``<kind>/cards.html``), with what each marks. The scripts select by these attributes only, never by a CSS
class of a game's partial, so a partial may name and style its classes as it likes. :func:`problems` checks that a
round partial carries :data:`ROUND_ROW_HOOKS`."""

ROUND_ROW_HOOKS = ("data-went-out", "data-leftover")
"""What a round partial that draws its rows with ``went_out_rows()`` must mark (the rows themselves carry
``data-row``); a partial drawing its own rows marks each with ``data-row``."""

SHARED_RESULT_KEYS = ("player", "cards", "points")
"""The keys of a round's result that the shared API schema describes: who, and the hand as cards or as points (a
game's own keys, such as Phase 10's completed phase, are its :attr:`GameType.result_fields`)."""


@dataclass(frozen=True)
class ResultField:
    """A key of a round's result that only one game's rounds carry (for example No Mercy's ``knocked_out``, Phase
    10's ``completed``), declared by that game (:attr:`GameType.result_fields`), so that the shared API schema, its
    OpenAPI document and the importer take it with no shared file edited.

    ``type`` is the type of its value: ``bool``, ``int`` or ``str``, or a shape pydantic describes (a model, a list:
    see :mod:`app.shapes`), checked strictly at the API's edge as every field is. ``description`` says what it is (in
    the OpenAPI document); ``expected``, when the type does not say it plainly, what the API's 400 says the value must
    be (an ``N_`` sentence piece: "true, false or a phase number").

    How an exported round is read back: ``replaces_entry``, when the field is true, the player entered nothing else
    (their points in the file are the sheet's own), so the importer sends the field alone; ``entered``, the field is
    a way to enter the hand, as ``cards`` is (a keypad's counts): the importer sends it instead of the points the
    sheet computed from it.
    """

    name: str
    type: Any
    description: str
    replaces_entry: bool = False
    entered: bool = False
    expected: str | None = None


SHARED_ROUND_KEYS = ("round", "dealer", "went_out", "results", "saved")
"""The keys of a round that every game's rounds share (a game's own keys are its :attr:`GameType.round_fields`)."""


@dataclass(frozen=True)
class RoundField:
    """A key of a round that only one game's rounds carry beside ``round``, ``went_out`` and ``results`` (for
    example UNO Flip's ``side``), declared by that game (:attr:`GameType.round_fields`): it is stored, exported and
    imported with the round, and the shared API schemas of a round (what is entered, what is answered), their
    OpenAPI document and the importer take it with no shared file edited.

    ``type`` is its value's type as the API's edge checks it (``str``, or a ``Literal`` of the words it may be; checked
    strictly, as every field is); ``null`` is taken too (the game's engine says when the key is required).
    ``description`` is what it says in a round entered at once (``RoundIn``); ``row_description``, when set, says
    that each row of a round entered together carries it as well (every row of a hand says the same), and what it
    says there (``DraftRowIn``, ``LateRowIn``).
    """

    name: str
    type: Any
    description: str
    row_description: str | None = None


SHARED_STANDING_KEYS = ("name", "score", "joined", "left")
"""The keys of a player's standing that every game's sheets answer (a game's own: :attr:`GameType.standing_fields`)."""


@dataclass(frozen=True)
class StandingField:
    """A key of a player's standing (``players`` of a score sheet's answer) that only one game's sheets carry (for
    example Phase 10's ``phase``), declared by that game (:attr:`GameType.standing_fields`) so that the shared answer
    schema (``Standing``) and its OpenAPI document name it with no shared file edited.

    ``type`` is its value's type (``int``, ``list[int]``…); ``nullable``: the key is always there and may be ``null``
    (else it is left out where it does not apply).
    """

    name: str
    type: Any
    nullable: bool = False
    description: str | None = None
    """What it says in the OpenAPI document (``None``: the game's sentence in the answer's description says it)."""


SHARED_SEAT_KEYS = ("name", "bot", "cards", "score", "hand")
"""The keys of a digital game's seat that every game answers (a game's own: :attr:`GameType.seat_fields`)."""


@dataclass(frozen=True)
class SeatField(StandingField):
    """A key of a digital game's seat (``seats`` of ``GET /api/play/<id>``) that only one game's seats carry (for
    example Phase 10's ``phases_open``), declared by that game (:attr:`GameType.seat_fields`) so that the shared
    answer schema (``SeatOut``) and its OpenAPI document name it with no shared file edited; as a
    :class:`StandingField`."""


@dataclass(frozen=True)
class Digital:
    """A game's digital version: the engine's game class, its bots (by name) and its simulator.

    For the play pages it also brings ``run_bots(game, max_rounds, max_actions)`` (the bots move until a
    person must act, for at most ``max_rounds`` rounds or hands), the page script that draws its table and
    builds its actions (under ``static/``, registering itself in ``DecksidePlay.games``) and the data that
    script needs beside the state.
    """

    game: type
    bots: Mapping[str, Any]
    simulate: Callable[..., dict[str, Any]]
    run_bots: Callable[..., int] | None = None
    script: str | None = None
    page_data: Callable[[], dict[str, Any]] | None = None
    """Extra data the game page's script needs (e.g. the phase descriptions), as JSON."""
    bots_to_move: Callable[[Any], bool] | None = None
    """Whether a bot may act now in this engine state (so that a read must let the bots move, in a slot for long
    work); ``False`` only when none can. Without it every read of a game counts as one that moves bots."""
    styles: tuple[str, ...] = ()
    """Stylesheets under ``static/`` the play pages load after the shared ``css/play.css`` (the game's table and
    hand). The game page's words are the game's template ``play_strings.html`` (:attr:`GameType.play_strings`)."""
    styles_from: tuple[str, ...] = ()
    """Games (by kind) whose play stylesheets (their :attr:`styles`) the game page loads before this game's own: a
    game built on another's (UNO Flip on UNO) shares that game's styles instead of copying them."""

    @property
    def from_json(self) -> Callable[[dict[str, Any]], Any]:
        """Rebuild the engine's game from its stored state."""
        return self.game.from_json  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Page:
    """A page of a game's own (a view the game adds to its blueprint with :meth:`GameType.routes`) that the site's
    navigation and home page link to, after the score sheets and before the digital games."""

    endpoint: str
    """The view's name in the game's blueprint (``url_for("<kind>.<endpoint>")``)."""
    label: Any
    """The link's words (navigation and the home page's tile)."""
    blurb: Any = ""
    """The home page tile's line under the label."""
    also: tuple[str, ...] = ()
    """Other views of the blueprint that are this page (its forms' answers): the navigation marks the page current."""


@contextlib.contextmanager
def form_refusal() -> Iterator[None]:
    """A round form's values a game's ``entry`` module refuses (``RoundError``) as the 400 the pages answer, naming
    the player when the problem is one row's."""
    from ..errors import ApiError

    try:
        yield
    except RoundError as error:
        raise ApiError(str(error), 400, error.player) from None


class GameType:
    """One game as the web app sees it (in the spirit of CTFd's challenge types).

    The engine brings the rules: :attr:`options` (table rules as data), :meth:`make_rules`,
    :attr:`sheet` (the score-sheet class, with its player limits), :meth:`parse_round`,
    :meth:`check_players` and, when the game can be played on the device, :attr:`digital`.
    The plug-in adds how the pages show it: its name, the form fields of its table rules, the
    round form and how a round body is read from it, the template partials and the page script.
    """

    id: ClassVar[str]
    """The kind id stored with each game and sent as ``"game"`` in the API."""
    name: ClassVar[Any]
    """Display name (a brand name, or a lazily translated one)."""
    description: ClassVar[Any] = ""
    options: ClassVar[tuple[Option, ...]]
    sheet: ClassVar[type[ScoreSheet]]
    digital: ClassVar[Digital | None] = None
    """The digital game and its bots, or ``None`` for a sheet-only game."""
    headline: ClassVar[bool] = False
    api_examples: ClassVar[dict[str, dict[str, Any]]] = {}
    """Examples of the game's requests in the API document (``/api/openapi.json``), by request: ``"sheet"`` (``POST
    /api/games``) and ``"play"`` (``POST /api/play``), each without its ``game``; a game may bring none."""
    """Whether the product's own words name this game (its name and description, the home page's lines: "Deckside:
    <the headline games> at the table"), by :attr:`name`, in the order registered."""
    bgg_id: ClassVar[int | None] = None
    """The game's id on BoardGameGeek (BG Stats matches a play's game by it); ``None`` for none."""
    has_tiebreaker: ClassVar[bool] = False
    named: ClassVar[bool] = False
    """Whether a sheet of this kind may carry the name of the game played (a kind for any game: "Hearts")."""
    simulates_hands: ClassVar[bool] = False
    """Whether ``flask simulate --hands`` applies (single hands instead of whole games)."""
    form_prefix: ClassVar[str] = ""
    """Prefix of the new-sheet form's rule fields (unique across games; checked by :func:`register`)."""
    labels: ClassVar[dict[str, Any]] = {}
    """Form labels that differ from the options' labels, by option name."""
    choice_labels: ClassVar[dict[str, Sequence[tuple[str, Any]]]] = {}
    """Form wordings of ``choice`` options' choices that differ from the options' words, by option name."""
    primary_rules: ClassVar[tuple[str, ...] | None] = None
    """Rule fields shown outright on the new-sheet form (``None``: all); the rest go in a fold."""
    more_rules_label: ClassVar[Any] = ""
    round_form: ClassVar[type]
    """The round form class (Flask-WTF); its rows get :attr:`row_fields` too (the pages make it with
    :meth:`make_round_form`)."""
    row_fields: ClassVar[dict[str, Any]] = {}
    """Fields of the game's own that each player's row of the round form carries beside the shared row's (unbound
    WTForms fields, by name: Phase 10's completed phase); :func:`register` refuses a name a row has already."""
    row_order: ClassVar[tuple[str, ...]] = ()
    """The order of a row's fields (the shared row's and :attr:`row_fields`) when the game's go among the shared ones:
    the order a row's errors are said in, and the first problem a script is told; empty: the shared row's first."""
    row_errors: ClassVar[dict[str, Callable[[dict[str, str]], str]]] = {}
    """How an error of one of :attr:`row_fields` is said of the player, by field name: a sentence made from ``name``
    (the player's, isolated), ``min`` and ``max`` (what the field's validators allow)."""
    row_refusals: ClassVar[dict[str, Callable[[dict[str, str]], str]]] = {}
    """How the API's refusal of a token in one of the game's own result fields (a refusal's ``field``) is said of the
    player on the round form, by field name: a sentence made from ``name`` and ``problem``."""
    script: ClassVar[str | None] = None
    """A script in the game's ``static/`` folder the round page loads (keypad, renderer), if any."""
    styles: ClassVar[tuple[str, ...]] = ()
    """Stylesheets in the game's ``static/`` folder every page loads after the shared ``css/app.css`` (its sheet,
    round and record rows); kept for use offline like the shared ones."""
    pages: ClassVar[tuple[Page, ...]] = ()
    """Pages of the game's own that the navigation and the home page link to (their views: :meth:`routes`)."""
    round_fields: ClassVar[tuple[RoundField, ...]] = ()
    """Keys a round of this game carries besides the shared ones (:data:`SHARED_ROUND_KEYS`): stored with the round,
    exported and imported with it; the API schemas of a round and of a draft row, their OpenAPI document and the
    importer are built from them."""
    seat_fields: ClassVar[tuple[SeatField, ...]] = ()
    """Keys a seat of this game's digital version carries besides the shared ones (:data:`SHARED_SEAT_KEYS`): the
    answer's schema (``app.api.schemas.SeatOut``) is built from them."""
    standing_fields: ClassVar[tuple[StandingField, ...]] = ()
    """Keys a player's standing in this game's sheets carries besides the shared ones (:data:`SHARED_STANDING_KEYS`):
    the answer's schema (``app.api.schemas.Standing``) is built from them."""
    result_fields: ClassVar[tuple[ResultField, ...]] = ()
    """Keys a player's result in this game's rounds may carry besides the shared ones (:data:`SHARED_RESULT_KEYS`):
    the API schema (``app.api.schemas.ResultIn``), its OpenAPI document and the importer are built from them."""

    @property
    def round_keys(self) -> tuple[str, ...]:
        """The names of the game's own round keys (:attr:`round_fields`)."""
        return tuple(declared.name for declared in self.round_fields)

    # --- engine ------------------------------------------------------------------------------------

    # Each game names its engine modules; the four questions below are asked of them. (Not ClassVar: mypy takes a
    # module assigned in a class body for an instance variable.)
    rules_module: Any
    """The module with ``make_rules`` and ``rules_from_text`` (the table rules)."""
    rounds_module: Any
    """The module with ``parse_round`` (a round entry from a request body)."""
    sheet_module: Any
    """The module with ``check_players`` (the players' names against the game's limits)."""

    def make_rules(self, given: Any = None) -> RuleSet:
        """The table rules from a JSON object (defaults filled in); raises ``RulesError``."""
        return self.rules_module.make_rules(given)

    def make_sheet_rules(self, given: Any = None) -> RuleSet:
        """A score sheet's table rules: the game's and the sheet's own (``join_score``); raises ``RulesError``."""
        return self.rules_module.make_sheet_rules(given)

    def rules_from_text(self, text: str) -> RuleSet:
        """The table rules from the command line's ``name,name=value`` text."""
        return self.rules_module.rules_from_text(text)

    def parse_round(self, body: Any, rules: RuleSet, **kwargs: Any) -> Any:
        """A round entry from a request body; raises ``RoundError``."""
        return self.rounds_module.parse_round(body, rules, **kwargs)

    def check_players(self, names: Any) -> tuple[str, ...]:
        """The players' names checked against the game's limits; raises ``RulesError``."""
        return self.sheet_module.check_players(names)

    @property
    def min_players(self) -> int:
        return self.sheet.min_players

    @property
    def max_players(self) -> int:
        return self.sheet.max_players

    def replay(
        self,
        rules: RuleSet,
        players: Sequence[str],
        rounds: Iterable[Any],
        tiebreaker_winner: Any = None,
        *,
        first_dealer: str | None = None,
        lineup: Sequence[Any] = (),
    ):
        """The game's sheet replayed from stored rounds (and the tie-breaker result, for a game that has one);
        ``first_dealer`` dealt round 1 (the last player when ``None``); ``lineup``: who joined or left when. The
        sheet answers with the registered id as its ``game`` (a game's folder copied under a new id is that game)."""
        extra = (tiebreaker_winner,) if self.has_tiebreaker else ()
        sheet = self.sheet.replay(rules, players, rounds, *extra, first_dealer=first_dealer, lineup=lineup)
        sheet.game = self.id
        return sheet

    @functools.cached_property
    def round_form_class(self) -> type:
        """:attr:`round_form`, its rows carrying :attr:`row_fields` (made once)."""
        from ..forms import with_row_fields

        return with_row_fields(self.round_form, self.row_fields, self.row_errors, self.row_order)

    def make_round_form(self, **kwargs: Any) -> Any:
        """A round form of this game (:attr:`round_form_class`), bound as Flask-WTF binds it (``formdata=None``: not
        from the request)."""
        return self.round_form_class(**kwargs)

    # --- the folder ------------------------------------------------------------------------------

    @functools.cached_property
    def folder(self) -> Path:
        """The game's folder (the plug-in module's); found once (every page's script and style URLs ask it)."""
        return Path(sys.modules[type(self).__module__].__file__ or "").resolve().parent

    def blueprint(self) -> Blueprint:
        """The game's blueprint: its ``static/`` folder at ``/games/<kind>/static/`` (endpoint ``<kind>.static``)
        and its ``templates/`` folder, whose files the pages name ``<kind>/<file>``."""
        static = self.folder / "static"
        bp = GameBlueprint(
            self.id,
            type(self).__module__,
            static_folder=str(static) if static.is_dir() else None,
            static_url_path=f"/games/{self.id}/static",
            templates={self.id: FileSystemLoader(str(self.folder / "templates"))},
        )
        self.routes(bp)
        return bp

    def routes(self, bp: Blueprint) -> None:
        """Add the game's own pages (:attr:`pages`) to its blueprint, at the addresses they choose."""

    def page_url(self, page: Page) -> str:
        return url_for(f"{self.id}.{page.endpoint}")

    def is_current(self, page: Page, endpoint: str | None) -> bool:
        """Whether the request's endpoint is ``page`` (or one of its forms' answers)."""
        return endpoint in {f"{self.id}.{name}" for name in (page.endpoint, *page.also)}

    def api_module(self) -> Any:
        """The game's own JSON endpoints, its folder's ``api.py`` (``ENDPOINTS`` and ``add_routes(bp)``, served on
        the shared API blueprint), or ``None`` for a game without any."""
        if not (self.folder / "api.py").is_file():
            return None
        from importlib import import_module

        return import_module(f"{type(self).__module__.rsplit('.', 1)[0]}.api")

    def static_url(self, filename: str) -> str:
        """The (versioned) address of a file in the game's ``static/`` folder."""
        return url_for(f"{self.id}.static", filename=filename)

    @property
    def script_url(self) -> str | None:
        """The address of the round page's script, if the game has one."""
        return self.static_url(self.script) if self.script else None

    # --- pages -------------------------------------------------------------------------------------

    @property
    def sheet_macros(self) -> str:
        """Macros of the sheet page: standings columns, a history cell, the help lines."""
        return f"{self.id}/sheet.html"

    @property
    def round_rows(self) -> str:
        """The round form's rows (one per player) and the help line above them."""
        return f"{self.id}/round.html"

    @property
    def play_strings(self) -> str:
        """The game page's words for the game's script (a digital game's): a template that adds them to the page's
        dict ``strings`` (``{% set _unused = strings.update({...}) %}``), keyed as the script reads them."""
        return f"{self.id}/play_strings.html"

    @property
    def play_start(self) -> str:
        """The play start page's fields for the game's table rules of its own kind (``custom``, not sheet-only): a
        template with a macro ``rule_field(id, option, data)`` (``data``: :attr:`Digital.page_data`)."""
        return f"{self.id}/play_start.html"

    @property
    def style_urls(self) -> list[str]:
        """The addresses of :attr:`styles`."""
        return [self.static_url(name) for name in self.styles]

    @property
    def play_style_urls(self) -> list[str]:
        """The addresses of the game page's stylesheets: those of the games it builds on
        (:attr:`Digital.styles_from`), then its own (:attr:`Digital.styles`)."""
        if self.digital is None:
            return []
        urls = []
        for kind in self.digital.styles_from:
            urls.extend(require(kind).play_style_urls)
        return urls + [self.static_url(name) for name in self.digital.styles]

    @property
    def rules_page(self) -> str:
        return f"{self.id}/rules.html"

    @property
    def record_rows(self) -> str:
        """The game's own part of the table record and the crew page (optional)."""
        return f"{self.id}/record.html"

    def went_out_refusal(self) -> str:
        """Why a round may not name who went out, in a game where nobody goes out (``sheet.goes_out`` false: such a
        game says it in its own words)."""
        raise NotImplementedError

    def crew_facts(self, rows: list[dict[str, Any]]) -> list[str]:
        """Sentences about a crew's record in this game, under the game's table on the crew page; ``rows``: each
        person's figures in this game (``crews.statistics``, with the game's own, such as a record's ``phases``)."""
        return []

    def rules_context(self) -> dict[str, Any]:
        """Extra values the rules page needs."""
        return {}

    def page_context(self) -> dict[str, Any]:
        """Extra values the sheet page needs."""
        return {}

    @property
    def sheet_options(self) -> tuple[Option, ...]:
        """A score sheet's table rules: the game's, and the sheet's own (``join_score``)."""
        return tuple(self.rules_module.SHEET_OPTIONS)

    def form_fields(self) -> dict[str, Field]:
        """The new-sheet form's fields for this game's table rules (unbound), by field name."""
        fields: dict[str, Field] = {}
        for option in self.options:
            field = option_field(
                option, self.labels.get(option.name, option.label), self.choice_labels.get(option.name)
            )
            if field is not None:
                fields[self.form_prefix + option.name] = field
        return fields

    def sheet_only_options(self) -> tuple[Option, ...]:
        """The score sheet's own table rules that are not the game's (``join_score``)."""
        own = {option.name for option in self.options}
        return tuple(option for option in self.sheet_options if option.name not in own)

    def sheet_field_name(self, option: Option) -> str:
        """The new-sheet form's field of a sheet's own rule for this game (one per game: no form_prefix needed)."""
        return f"sheet_{self.id}_{option.name}"

    def sheet_form_fields(self) -> dict[str, Field]:
        """The new-sheet form's fields for the sheet's own rules (:meth:`sheet_only_options`), by field name."""
        fields: dict[str, Field] = {}
        for option in self.sheet_only_options():
            field = option_field(option, option.label, None)
            if field is not None:
                if option.help:
                    field.kwargs["description"] = lazy_gettext(option.help)
                fields[self.sheet_field_name(option)] = field
        return fields

    def field_names(self, form: Any, primary: bool) -> list[str]:
        """The rule fields to show, in order: the primary ones, or the others (the sheet's own rules last)."""
        names = list(self.form_fields())
        sheet = list(self.sheet_form_fields())
        if self.primary_rules is None:
            return [*names, *sheet] if primary else []
        chosen = {self.form_prefix + name for name in self.primary_rules}
        return [name for name in names if (name in chosen) == primary] + ([] if primary else sheet)

    def rules_from_form(self, form: Any) -> dict[str, Any]:
        """The table rules chosen on the new-sheet form, as the API takes them (an empty number: the default)."""
        rules = {}
        for option in self.options:
            name = self.form_prefix + option.name
            if name in form:
                value = form[name].data
                rules[option.name] = option.default if value is None and option.kind == "int" else value
        for option in self.sheet_only_options():
            name = self.sheet_field_name(option)
            if name in form:
                rules[option.name] = form[name].data
        return rules

    entry_module: Any
    """The pure module with ``round_body(values, names, number, rules)``: the API's round body from the values of a
    round form (WTForms' ``form.data``); the server reads its posted forms with it, a phone without a connection the
    rounds it keeps (:mod:`app.provisional`, in the browser)."""

    def engine_modules(self) -> dict[str, Any]:
        """Where the phone's browser finds the game's engine (:func:`app.provisional.count`): its modules' names,
        the sheet's class and whether the sheet takes a tie-breaker result."""
        return {
            "modules": {
                "rules": self.rules_module.__name__,
                "rounds": self.rounds_module.__name__,
                "sheet": self.sheet.__module__,
                "entry": self.entry_module.__name__,
            },
            "sheet_class": self.sheet.__name__,
            "has_tiebreaker": self.has_tiebreaker,
        }

    def round_body(self, form: Any, names: list[str], number: int, rules: RuleSet) -> dict[str, Any]:
        """The API's round body from a posted round form; raises ``ApiError``."""
        with form_refusal():
            return self.entry_module.round_body(form.data, names, number, rules)

    together: ClassVar[bool] = True
    """Whether a round can be entered together, row by row from several phones (API.md "A round entered
    together"); a game whose rows the shared draft cannot read yet says ``False`` and is entered on one phone."""

    def draft_row(self, form: Any, names: list[str], index: int, went_out: bool, rules: RuleSet) -> dict[str, Any]:
        """One player's row of a round entered together (a ``results`` entry without ``player``) from row ``index``
        of the round form, ``went_out`` saying whether that player went out; raises ``ApiError``."""
        raise NotImplementedError

    def prefill(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        """Fill the round form with a stored round (to correct it)."""
        raise NotImplementedError

    def draft_row_note(self, row: dict[str, Any]) -> str | None:
        """What a row of the round filled in together chose for the whole round, said beside it in the draft list
        (an UNO Flip hand's side); ``None`` for nothing."""
        return None

    def prefill_draft(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        """Fill a new round's form with the round being filled in together as it stands: ``entered`` is the body
        its rows make so far (``went_out`` may be ``None``; a row not sent yet is missing)."""
        self.prefill(form, names, entered)

    def prepare_round_form(self, form: Any, sheet: Any, names: list[str], number: int) -> None:
        """Set what the round form's fields depend on (choices)."""

    def preview_points(self, scored: Any) -> dict[str, int]:
        """What each player scores in a round checked but not saved."""
        return {result.player: result.points for result in scored.results}

    def row_labels(self, rules: RuleSet, names: list[str], went_out: str | None) -> dict[str, dict[str, Any]]:
        """What the number in each player's row of the round form is (``text``, said before it) and whether it is a
        gain (``gain``: shown in words, not only to screen readers); ``went_out`` is ``None`` until chosen."""
        return {name: {"text": _("Penalty"), "gain": False} for name in names}

    def preview_completed(self, scored: Any) -> dict[str, bool]:
        """Who completed something in a round checked but not saved, as the engine reads the entry (none here)."""
        return {}

    def round_winner(self, item: dict[str, Any]) -> str:
        """Who won a round (its JSON): the "went out" cell of the CSV export, the words of a stored round (empty
        when nobody goes out)."""
        return item.get("went_out") or ""

    def csv_columns(self, names: list[str], sheet: Any) -> list[str]:
        """The CSV export's column headings after "round" and "went out": each player's points."""
        return list(names)

    def csv_cells(self, item: dict[str, Any], names: list[str], sheet: Any) -> list[Any]:
        """One round's cells under :meth:`csv_columns`: what each player adds to the total (the columns add up)."""
        points = {r["player"]: r.get("points", 0) for r in item["results"]}
        return [points.get(n, 0) for n in names]

    def csv_totals(self, data: dict[str, Any], names: list[str]) -> list[Any]:
        """The totals row's cells under :meth:`csv_columns`."""
        return [p["score"] for p in data["players"]]

    # --- digital: the simulator (``flask simulate``; a game with :attr:`digital` implements both) --------------

    def simulate(self, **kwargs: Any) -> dict[str, Any]:
        """Bots play many games (``games``, ``players``, ``bots``, ``seed``, ``rules``, ``hands``, ``progress``);
        the summary of API.md."""
        raise NotImplementedError

    def summary_lines(self, summary: dict[str, Any], unit: str) -> tuple[list[str], list[str]]:
        """The summary's lines of this game: before the wins, and after them."""
        raise NotImplementedError


def option_field(option: Option, label: Any, choices: Sequence[tuple[str, Any]] | None) -> Field | None:
    """An unbound form field for a table rule (``None`` for a ``custom`` rule: the plug-in gives its own). The
    engine's words are only marked for translation: they are translated here, when the page is drawn."""
    if isinstance(label, str):
        label = lazy_gettext(label)
    if option.kind == "bool":
        return BooleanField(label, default=option.default)
    if option.kind == "choice":
        pairs = choices or [(c, lazy_gettext(option.word(c))) for c in option.choices]
        return SelectField(label, choices=[SelectChoice(v, text) for v, text in pairs], default=option.default)
    if option.kind == "int":
        return IntegerField(
            label,
            default=option.default,
            validators=[Optional(), NumberRange(option.minimum, option.maximum)],
            render_kw={"inputmode": "numeric"},
        )
    return None


class GameBlueprint(Blueprint):
    """A game's blueprint: its templates are found under the game's id (``phase10/sheet.html`` is the file
    ``app/games/phase10/templates/sheet.html``), so a game's folder copied under a new id needs no renaming."""

    def __init__(self, *args: Any, templates: dict[str, BaseLoader], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._templates = PrefixLoader(templates)

    @property
    def jinja_loader(self) -> BaseLoader:
        return self._templates


class GameError(ValueError):
    """A game the registry refuses (at start-up), with the sentence saying why."""


_GAMES: dict[str, GameType] = {}
_LOADED = False
_ID = re.compile(r"[a-z][a-z0-9_]*\Z")


def _macros(path: Path) -> set[str]:
    """The names of the macros a template file defines (read from its syntax tree, nothing is run)."""
    tree = SandboxedEnvironment(extensions=["jinja2.ext.i18n"]).parse(path.read_text(encoding="utf-8"))
    return {macro.name for macro in tree.find_all(nodes.Macro)}


def problems(game: GameType) -> list[str]:
    """What a game lacks that the shared pages ask of it (empty when it is complete), in sentences."""
    kind = getattr(game, "id", None)
    if not isinstance(kind, str) or not _ID.match(kind):
        return [f"The game id {kind!r} must be lower-case letters, digits and underscores, starting with a letter."]
    found = []
    if len(kind) > KIND_LENGTH:
        found.append(f"The game id {kind!r} is longer than the {KIND_LENGTH} characters the database keeps.")
    for needed in ("name", "options", "sheet", "round_form", "rules_module", "rounds_module", "sheet_module"):
        if not hasattr(game, needed):
            found.append(f"The game {kind!r} does not say its {needed}.")
    templates = game.folder / "templates"
    for name in ("sheet.html", "round.html", "rules.html"):
        if not (templates / name).is_file():
            found.append(f"The game {kind!r} has no template {name} (in {templates}).")
    if (templates / "sheet.html").is_file():
        defined = _macros(templates / "sheet.html")
        wanted = SHEET_MACROS + (("tiebreaker_panel",) if game.has_tiebreaker else ())
        missing = [name for name in wanted if name not in defined]
        if missing:
            found.append(f"The game {kind!r}'s sheet.html does not define the macro(s) {', '.join(missing)}.")
    if (templates / "round.html").is_file():
        found.extend(_round_problems(kind, (templates / "round.html").read_text(encoding="utf-8")))
    scripts = [game.script] if game.script else []
    if game.digital is not None and game.digital.script:
        scripts.append(game.digital.script)
    for script in scripts:
        if not (game.folder / "static" / script).is_file():
            found.append(f"The game {kind!r}'s script {script} is not in its static folder.")
    styles = [*game.styles, *(game.digital.styles if game.digital is not None else ())]
    for style in styles:
        if not (game.folder / "static" / style).is_file():
            found.append(f"The game {kind!r}'s stylesheet {style} is not in its static folder.")
    for other in game.digital.styles_from if game.digital is not None else ():
        base = get(other)
        if base is None or base.digital is None:
            found.append(
                f"The game {kind!r} loads the play stylesheets of {other!r}, which is not a digital game registered "
                "before it."
            )
    if game.digital is not None and not (templates / "play_strings.html").is_file():
        found.append(f"The game {kind!r} is played on the device but has no template play_strings.html (its words).")
    own_kind = [o.name for o in game.options if o.kind == "custom" and not o.sheet_only] if game.digital else []
    if own_kind and "rule_field" not in (
        _macros(templates / "play_start.html") if (templates / "play_start.html").is_file() else set()
    ):
        found.append(
            f"The game {kind!r} has table rules of its own kind ({', '.join(own_kind)}) but no macro rule_field in "
            "play_start.html to draw them on the play start page."
        )
    return found


def _round_problems(kind: str, source: str) -> list[str]:
    """What a round partial lacks of the :data:`ROUND_HOOKS` the shared scripts find its rows by."""

    def marks(hook: str) -> bool:  # as an attribute, or as a keyword of a form field's call ({"data-went-out": True})
        return re.search(rf"(?<![\w-]){re.escape(hook)}(?![\w-])", source) is not None

    if "went_out_rows(" in source:
        missing = [hook for hook in ROUND_ROW_HOOKS if not marks(hook)]
    else:
        missing = [] if marks("data-row") else ["data-row"]
    if not missing:
        return []
    return [
        f"The game {kind!r}'s round.html does not mark {', '.join(missing)} (the shared scripts find the round form's "
        "rows by these attributes: registry.ROUND_HOOKS)."
    ]


def _load() -> dict[str, GameType]:
    """The registered games, the folders of :data:`app.games.KINDS` registered first (once, when first asked)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        from importlib import import_module

        from . import KINDS

        for kind in KINDS:
            register(import_module(f"{__package__}.{kind}.plugin").GAME)
    return _GAMES


def _describable(kind: Any) -> bool:
    """Whether pydantic can check and describe values of ``kind`` (a result field's declared type) with a JSON type
    for every part (a bare ``list`` or ``dict``, whose items could be anything, is not)."""
    from pydantic import TypeAdapter  # the registry itself needs no pydantic; only a declared shape does

    try:
        schema = TypeAdapter(kind).json_schema()
    except Exception:  # noqa: BLE001  (any failure: pydantic cannot take this type)
        return False

    def typed(node: Any) -> bool:
        if isinstance(node, dict):
            if node == {} or node.get("additionalProperties") is True:
                return False
            return all(typed(value) for key, value in node.items() if key not in ("default", "examples"))
        if isinstance(node, list):
            return all(typed(value) for value in node)
        return True

    return typed(schema)


def register(game: GameType) -> GameType:
    """Add a game (once). Refuses (:class:`GameError`, with a sentence) a game that lacks what the shared pages
    ask of it (:func:`problems`), an id already registered, or form field names another game has."""
    if getattr(game, "id", None) in _load():
        raise GameError(f"A game {game.id!r} is registered already.")
    taken = {name for other in _GAMES.values() for name in other.form_fields()}
    clash = sorted(taken & set(game.form_fields()))
    if clash:
        raise GameError(f"The form field {clash[0]!r} of {game.id!r} is another game's: set its form_prefix.")
    for declared in game.result_fields:
        other = next((f for f in result_fields() if f.name == declared.name), None)
        if declared.name in SHARED_RESULT_KEYS or (other is not None and other != declared):
            raise GameError(
                f"The result field {declared.name!r} of {game.id!r} is a shared key or another game's: name it otherwise."
            )
        if declared.type not in (bool, int, str) and not _describable(declared.type):
            raise GameError(
                f"The result field {declared.name!r} of {game.id!r} must hold a bool, an int, a str or a shape "
                "with a JSON type for every part."
            )
    _check_row_fields(game)
    _check_declared(game, "round field", game.round_fields, round_fields(), SHARED_ROUND_KEYS)
    _check_declared(game, "standing field", game.standing_fields, standing_fields(), SHARED_STANDING_KEYS)
    _check_declared(game, "seat field", game.seat_fields, seat_fields(), SHARED_SEAT_KEYS)
    found = problems(game)
    if found:
        raise GameError(" ".join(found))
    _GAMES[game.id] = game
    return game


def result_fields(games: Iterable[GameType] | None = None) -> tuple[ResultField, ...]:
    """The result fields the registered games (or ``games``) declare, each name once, in the order registered."""
    fields: dict[str, ResultField] = {}
    for game in all_games() if games is None else games:
        for declared in game.result_fields:
            fields.setdefault(declared.name, declared)
    return tuple(fields.values())


def _check_declared(
    game: GameType, what: str, declared: Iterable[Any], known: Iterable[Any], shared: Sequence[str]
) -> None:
    """Refuse a game's own key (a round field, a standing field) that is a shared key, or another game's declared
    otherwise (two games may declare the same key alike: UNO's variants share UNO's)."""
    others = {field.name: field for field in known}
    for field in declared:
        if field.name in shared or others.get(field.name, field) != field:
            raise GameError(
                f"The {what} {field.name!r} of {game.id!r} is a shared key or another game's: name it otherwise."
            )


def _check_row_fields(game: GameType) -> None:
    """Refuse a game's own row field (:attr:`GameType.row_fields`) whose name a row of its round form has already (the
    shared row's fields, or the form's own row's): the declaration would silently replace that field."""
    if not game.row_fields or not hasattr(game, "round_form"):
        return
    from ..forms import row_field_names

    taken = row_field_names(game.round_form)
    for name in game.row_fields:
        if name in taken:
            raise GameError(
                f"The row field {name!r} of {game.id!r} is a field the round form's rows have already: name it otherwise."
            )
    for name in game.row_order:
        if name not in taken and name not in game.row_fields:
            raise GameError(f"The row order of {game.id!r} names {name!r}, which is no field of its round form's rows.")


def round_fields(games: Iterable[GameType] | None = None) -> tuple[RoundField, ...]:
    """The round fields the registered games (or ``games``) declare, each name once, in the order registered."""
    fields: dict[str, RoundField] = {}
    for game in all_games() if games is None else games:
        for declared in game.round_fields:
            fields.setdefault(declared.name, declared)
    return tuple(fields.values())


def standing_fields(games: Iterable[GameType] | None = None) -> tuple[StandingField, ...]:
    """The standing fields the registered games (or ``games``) declare, each name once, in the order registered."""
    fields: dict[str, StandingField] = {}
    for game in all_games() if games is None else games:
        for declared in game.standing_fields:
            fields.setdefault(declared.name, declared)
    return tuple(fields.values())


def seat_fields(games: Iterable[GameType] | None = None) -> tuple[SeatField, ...]:
    """The seat fields the registered games (or ``games``) declare, each name once, in the order registered."""
    fields: dict[str, SeatField] = {}
    for game in all_games() if games is None else games:
        for declared in game.seat_fields:
            fields.setdefault(declared.name, declared)
    return tuple(fields.values())


def unregister(kind: str) -> None:
    """Forget a game (tests that register a game of their own)."""
    _GAMES.pop(kind, None)


def get(kind: Any) -> GameType | None:
    """The game registered as ``kind``, or ``None``."""
    return _load().get(kind) if isinstance(kind, str) else None


def require(kind: str) -> GameType:
    """The game registered as ``kind`` (a stored game's kind is always registered)."""
    return _load()[kind]


def all_games() -> tuple[GameType, ...]:
    """Every registered game, in the order registered."""
    return tuple(_load().values())


def ids() -> tuple[str, ...]:
    return tuple(_load())
