"""The shapes of the JSON API's request and answer bodies, as pydantic models, and one definition per endpoint.

Two things come from these definitions, so they cannot disagree:

- the API edge: :func:`check_body` (called by ``util.json_object`` for every route that has a definition)
  validates a request body against its model and answers 400 with a sentence naming the field;
- the OpenAPI 3.1 document (:mod:`app.api.openapi`), built from ``ENDPOINTS`` and the models' JSON Schemas.

The edge checks *shapes* only (types, required and unknown fields); the engine keeps every rule (player
counts, card tokens, phases, rule values) and its own precise sentences. Table rules are described from the
engine's own option lists (:mod:`app.engine.options`), and checked there.

To describe a new endpoint, add an :class:`Endpoint` to ``SHARED_ENDPOINTS``, or to ``ENDPOINTS`` of a game's
``api.py`` for an endpoint that is only that game's (its ``path`` written as the Flask rule, ``<name>`` for a path
parameter); ``tests/web/test_openapi.py`` fails while a registered ``/api/`` route
has no definition or a definition has no route.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StrictBool, StrictInt, StrictStr, create_model
from pydantic.json_schema import WithJsonSchema

from ..engine.i18n import N_
from ..engine.options import Option
from ..games import registry
from ..services import importer
from ..shapes import STRINGS, Body, CardTokens, MayOmit, Names

# --- table rules, described from the engine's option lists ---------------------------------------------------


def option_schema(option: Option) -> dict[str, Any]:
    """The JSON Schema of one table rule, from its :class:`~app.engine.options.Option`."""
    schema: dict[str, Any]
    if option.kind == "bool":
        schema = {"type": "boolean"}
    elif option.kind == "choice":
        schema = {"type": "string", "enum": list(option.choices)}
    elif option.kind == "int":
        schema = {"type": "integer", "minimum": option.minimum, "maximum": option.maximum}
    else:  # "custom": the engine's convert() decides; any JSON value reaches it
        schema = dict(option.schema or {})
    if option.nullable and schema:
        schema = {"anyOf": [schema, {"type": "null"}]}
    schema["description"] = option.label + (f" — {option.help}" if option.help else "")
    default = option.default
    if hasattr(default, "to_json"):
        default = default.to_json()
    elif isinstance(default, tuple):
        default = list(default)
    schema["default"] = default
    return schema


def rules_schema(title: str, options: tuple[Option, ...]) -> dict[str, Any]:
    """A game's rules object: every key optional, no other key (the engine refuses unknown rules)."""
    return {
        "title": title,
        "type": "object",
        "properties": {option.name: option_schema(option) for option in options},
        "additionalProperties": False,
    }


RULES_SCHEMAS: dict[str, dict[str, Any]] = {
    game.id: rules_schema(f"{game.id.capitalize()}Rules", game.options) for game in registry.all_games()
}
"""Each registered game's rules, by the name ``"game"`` takes."""

SHEET_RULES_SCHEMAS: dict[str, dict[str, Any]] = {
    game.id: rules_schema(f"{game.id.capitalize()}SheetRules", game.sheet_options) for game in registry.all_games()
}
"""Each game's score-sheet rules (the game's and ``join_score``)."""

SHEET_KINDS = registry.ids()
PLAY_KINDS = tuple(game.id for game in registry.all_games() if game.digital is not None)


def api_examples(request: str) -> list[Any]:
    """The examples of a request (``"sheet"``, ``"play"``) the games declare (:attr:`GameType.api_examples`), each
    with its ``game``, in the order registered."""
    return [
        {"game": game.id, **game.api_examples[request]} for game in registry.all_games() if request in game.api_examples
    ]


def _rules_schema(kinds: tuple[str, ...], schemas: dict[str, dict[str, Any]] = RULES_SCHEMAS) -> dict[str, Any]:
    """The JSON Schema of a ``rules`` field: the games' rule objects (inline: pydantic resolves only its own
    $refs), or null."""
    variants = [schemas[k] for k in kinds]
    return {"anyOf": [*variants, {"type": "null"}], "description": "Table rules; every key is optional."}


# A ``rules`` field: an object (or null) at the edge, the games' rule objects in the document.
SheetRules = Annotated[dict[str, Any] | None, WithJsonSchema(_rules_schema(SHEET_KINDS, SHEET_RULES_SCHEMAS))]
PlayRules = Annotated[dict[str, Any] | None, WithJsonSchema(_rules_schema(PLAY_KINDS))]

# --- request bodies ---------------------------------------------------------------------------------------------


class CreateGame(Body):
    """``POST /api/games``: a score sheet of a game kind, its players in seating order, its table rules."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": api_examples("sheet"),
        },
    )

    game: Literal[SHEET_KINDS]  # type: ignore[valid-type]
    players: Names
    rules: SheetRules = None
    crew: MayOmit[StrictStr] = Field(
        default=None, description="A crew the game joins (with the crew key as X-Crew-Key)."
    )
    name: StrictStr | None = Field(
        default=None,
        description='A "points" sheet only: the game played ("Hearts", 1 to 40 characters), shown in titles, lists, the table record, '
        "the standings picture and exports; returned as `name` (null when not given).",
    )


class SharedResultIn(Body):
    """The keys of a player's result that every game's rounds share (:data:`registry.SHARED_RESULT_KEYS`)."""

    player: StrictStr
    cards: MayOmit[CardTokens] = None
    points: MayOmit[StrictInt] = None


def own_results(fields: tuple[registry.ResultField, ...]) -> dict[str, Any]:
    """The result keys the games declare (:attr:`GameType.result_fields`) as pydantic fields: each may be left out,
    and when sent is checked strictly as its declared type (null refused), with what a 400 says it must be. A
    declared shape (a model, a union) is strict as declared (:mod:`app.shapes`)."""
    return {
        declared.name: (
            Annotated[declared.type, Strict()] if declared.type in (bool, int, str) else declared.type,
            Field(
                default=None,
                description=declared.description,
                json_schema_extra={"x-expected": declared.expected} if declared.expected else None,
            ),
        )
        for declared in fields
    }


def result_model(fields: tuple[registry.ResultField, ...]) -> type[Body]:
    """``ResultIn``: the shared keys of a result and the keys the games declare as their own
    (:attr:`GameType.result_fields`), each checked strictly as its declared type; no shared line names a game's key."""
    return create_model(
        "ResultIn",
        __base__=SharedResultIn,
        __doc__="One player's result in a round: ``cards`` or ``points``, or a way of entering a hand the game declares.",
        __module__=__name__,
        **own_results(fields),
    )


ResultIn = result_model(registry.result_fields())


class SharedRoundIn(Body):
    """A round as entered (``POST`` and ``PUT`` of rounds)."""

    round: StrictInt | None = Field(default=None, json_schema_extra={"x-expected": N_("a whole number")})
    went_out: StrictStr | None = None


def round_model(fields: tuple[registry.RoundField, ...], result: type[Body]) -> type[Body]:
    """``RoundIn``: the shared keys of a round, the keys the games declare as their own (:attr:`GameType.round_fields`,
    each its declared type or null) and the results, in that order; no shared line names a game's key."""
    own: dict[str, Any] = {
        declared.name: (declared.type | None, Field(default=None, description=declared.description))
        for declared in fields
    }
    model = create_model(
        "RoundIn",
        __base__=SharedRoundIn,
        __doc__=SharedRoundIn.__doc__,
        __module__=__name__,
        **own,
        results=(list[result], ...),  # type: ignore[valid-type]
    )
    # The example is the whole round's (the shared part alone has no results): set on the model made, then read.
    model.model_config["json_schema_extra"] = {
        "examples": [{"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 12}]}]
    }
    model.model_rebuild(force=True)
    return model


RoundIn = round_model(registry.round_fields(), ResultIn)


class DraftIn(Body):
    """Start or update the round being filled in together; a key left out keeps its value."""

    round: StrictInt | None = Field(default=None, json_schema_extra={"x-expected": N_("a whole number")})
    went_out: StrictStr | None = None


class SharedDraftRowIn(Body):
    """One player's row of the round being filled in: a ``results`` entry without ``player``."""

    round: StrictInt | None = Field(default=None, json_schema_extra={"x-expected": N_("a whole number")})
    cards: MayOmit[CardTokens] = None
    points: MayOmit[StrictInt] = None


class SharedLateRowIn(SharedDraftRowIn):
    """One player's row of a stored round, correcting it (a row that arrived after its round was stored)."""


LATE_ROW_KEYS: dict[str, Any] = {"went_out": (StrictBool | None, None)}
"""What a late row (:class:`SharedLateRowIn`) takes beside a draft row's keys: whether the player went out."""


def draft_row_model(
    fields: tuple[registry.ResultField, ...],
    name: str,
    base: type[Body],
    round_fields: tuple[registry.RoundField, ...] = (),
    then: dict[str, Any] | None = None,
) -> type[Body]:
    """A draft row's schema: the shared keys, the round keys the games declare that a row carries too (those with a
    ``row_description``: a hand's side), ``then`` (a late row's ``went_out``) and the result keys the games declare as
    their own (:attr:`GameType.result_fields`, e.g. a knock-out), as :func:`result_model` builds a result's."""
    rows: dict[str, Any] = {
        declared.name: (declared.type | None, Field(default=None, description=declared.row_description))
        for declared in round_fields
        if declared.row_description
    }
    return create_model(
        name, __base__=base, __doc__=base.__doc__, __module__=__name__, **rows, **(then or {}), **own_results(fields)
    )


DraftRowIn = draft_row_model(registry.result_fields(), "DraftRowIn", SharedDraftRowIn, registry.round_fields())
LateRowIn = draft_row_model(
    registry.result_fields(), "LateRowIn", SharedLateRowIn, registry.round_fields(), LATE_ROW_KEYS
)


class DraftRound(Body):
    """The round the request is about (the draft's)."""

    round: StrictInt | None = Field(default=None, json_schema_extra={"x-expected": N_("a whole number")})


class Tiebreaker(Body):
    """Who laid the tie-breaker phase down first."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"winner": "Ben"}]})

    winner: StrictStr


class NotesIn(Body):
    """``PUT /api/games/<id>/notes``: the game's note (at most 2,000 characters; null or "" clears it)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"notes": "House rule tonight: skips stack."}]})

    notes: StrictStr | None


class LineupIn(Body):
    """``POST /api/games/<id>/players``: a player joins or leaves, from the next round."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"join": "Eve"}, {"leave": "Cy"}]})

    join: StrictStr | None = None
    leave: StrictStr | None = None


class Rematch(Body):
    """``POST /api/games/<id>/rematch``: optionally new players and rules merged onto this game's."""

    players: MayOmit[Names] = None
    rules: SheetRules = None


class Seat(Body):
    """A seat of a digital game: a person on this device, a person on their own phone (``remote``), or a bot."""

    name: StrictStr
    bot: StrictStr | None = None
    remote: StrictBool = False


class CreatePlay(Body):
    """``POST /api/play``: seats in clockwise order, rules, a seed, and optionally the top of the first deck."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": api_examples("play"),
        },
    )

    game: Literal[PLAY_KINDS]  # type: ignore[valid-type]
    seats: list[Seat]
    rules: PlayRules = None
    seed: StrictInt | None = Field(default=None, ge=0, le=2**63 - 1)
    deck: Annotated[
        list[StrictStr] | None,
        WithJsonSchema({"anyOf": [STRINGS, {"type": "null"}]}),
    ] = None


class Action(BaseModel):
    """One of the state's ``legal`` actions, or any action API.md lists; the engine checks the rest."""

    model_config = ConfigDict(
        strict=True, extra="allow", json_schema_extra={"x-expected": N_('an object such as {"type": "draw"}')}
    )

    type: StrictStr


class Act(Body):
    """``POST /api/play/<id>/actions``: the seat that acts (optional with a seat key) and its action."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"seat": 0, "action": {"type": "draw"}}]})

    seat: MayOmit[StrictInt] = None
    action: Action


class SeatBot(Body):
    """``PUT /api/play/<id>/seats/<n>``: hand the seat to a bot, or back to its person (``null``)."""

    bot: StrictStr | None = Field(json_schema_extra={"x-expected": N_('a bot\'s name ("smart", "random") or null')})


class CreateCrew(Body):
    """``POST /api/crews``: a crew's name and its people (more join with their games)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"name": "Friday cards", "people": ["Ana", "Ben"]}]})

    name: StrictStr
    people: MayOmit[Names] = None


class JoinCrew(Body):
    """``POST /api/crews/<id>/games``: the game that joins (a score sheet, or a digital game or its sheet)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"game": "3kTq9x..."}]})

    game: StrictStr


class ChangePerson(Body):
    """``PUT /api/crews/<id>/people/<name>``: ``name`` renames the person; ``same_as`` folds them into another."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"name": "Anna"}, {"same_as": "Ana"}]})

    name: MayOmit[StrictStr] = None
    same_as: MayOmit[StrictStr] = None


class ImportSheet(BaseModel):
    """``POST /api/games/import``: a sheet as ``/sheets/<id>/export.json`` wrote it (the importer checks it all)."""

    model_config = ConfigDict(strict=True, extra="allow")

    format: Literal["deckside-sheet"]
    format_version: Literal[1]
    game: StrictStr
    name: StrictStr | None = None
    players: Names
    rules: SheetRules = None
    rounds: list[dict[str, Any]] = []
    tiebreaker_winner: StrictStr | None = None
    standings: dict[str, Any] | None = None


# --- answers ----------------------------------------------------------------------------------------------------


class Answer(BaseModel):
    """An answer body: the fields named are always there; more may be added."""

    model_config = ConfigDict(extra="allow")


class Error(BaseModel):
    """Every refusal: a sentence a person can act on."""

    error: str


class Points(Answer):
    points: int


def _keys(fields: tuple[registry.StandingField, ...]) -> str:
    """A game's own keys of an answer, as its description names them: "``phase`` and ``phases_done``"."""
    return " and ".join(f"``{declared.name}``" for declared in fields)


class SharedStanding(Answer):
    name: str
    score: int


def standing_model(fields: tuple[registry.StandingField, ...], games: tuple[registry.GameType, ...]) -> type[Answer]:
    """``Standing``: a player's standing, the keys the games declare as their own (:attr:`GameType.standing_fields`:
    null or left out where they do not apply) after the shared name and score, then who joined or left when."""
    own: dict[str, Any] = {
        # null, or (MayOmit, which is the type itself at run time) left out where it does not apply
        declared.name: (declared.type | None, None) if declared.nullable else (declared.type, None)
        for declared in fields
    }
    adds = [f"{game.name} adds {_keys(game.standing_fields)}" for game in games if game.standing_fields]
    return create_model(
        "Standing",
        __base__=SharedStanding,
        __doc__="A player's standing" + (": " + "; ".join(adds) if adds else "") + ".",
        __module__=__name__,
        **own,
        joined=(int | None, Field(default=None, description="The first round a player who joined played.")),
        left=(int | None, Field(default=None, description="The first round a player who left no longer played.")),
    )


Standing = standing_model(registry.standing_fields(), registry.all_games())


class ResultOut(Answer):
    """A player's result in a round: what was entered, and the points it makes."""

    player: str
    points: int


class SharedRoundOut(Answer):
    round: int
    went_out: str | None = None


def round_out_model(fields: tuple[registry.RoundField, ...]) -> type[Answer]:
    """``RoundOut``: a stored round, with the keys the games declare as their own (:attr:`GameType.round_fields`)."""
    own: dict[str, Any] = {declared.name: (declared.type | None, None) for declared in fields}
    return create_model(
        "RoundOut",
        __base__=SharedRoundOut,
        __module__=__name__,
        **own,
        results=(list[ResultOut], ...),
        saved=(str | None, Field(description="When the round was saved (ISO 8601, UTC); null when not known.")),
    )


RoundOut = round_out_model(registry.round_fields())


class TiebreakerOut(Answer):
    players: list[str]
    winner: str | None


class StoredGame(Answer):
    """What every stored game shows, a score sheet or a digital game: its id, kind, version and table rules."""

    id: str
    game: str
    version: int
    rules: dict[str, Any]


class EditKey(Answer):
    """An answer that hands over an edit key (a game just created, or a new key)."""

    edit_key: str


class DraftProblem(Answer):
    player: str | None
    error: str


class DraftOut(Answer):
    """The round being filled in together: its rows (``null`` until filled), each row's points now, what stops it."""

    round: int
    went_out: str | None
    rows: dict[str, dict[str, Any] | None]
    points: dict[str, int | None]
    problems: list[DraftProblem]
    complete: bool


class GameOut(StoredGame):
    """A score sheet as ``GET /api/games/<id>`` returns it."""

    status: Literal["playing", "tiebreaker", "finished"]
    winner: str | None
    tiebreaker: TiebreakerOut | None
    players: list[Standing]  # type: ignore[valid-type]
    rounds: list[RoundOut]  # type: ignore[valid-type]
    started: str | None = Field(description="When the game started (ISO 8601, UTC).")
    finished: str | None = Field(description="When the game finished (ISO 8601, UTC); null while it is open.")
    notes: str | None = Field(description="The game's note, or null.")
    lineup: list[dict[str, Any]] = Field(
        description='Players who joined or left, and from which round: [{"round": 4, "join": "Eve"}, ...].'
    )
    draft: DraftOut | None


class PlayerKey(Answer):
    """A player link's key: it fills in that player's row of a round entered together."""

    player: str
    player_key: str


class CreatedGame(EditKey, GameOut):
    pass


class SharedSeatOut(Answer):
    name: str
    bot: str | None
    cards: int
    score: int
    hand: MayOmit[list[str]] = None


def seat_model(fields: tuple[registry.SeatField, ...], games: tuple[registry.GameType, ...]) -> type[Answer]:
    """``SeatOut``: a digital game's seat, with the keys the games declare as their own (:attr:`GameType.seat_fields`:
    left out where they do not apply), as :func:`standing_model` builds a standing."""
    own: dict[str, Any] = {
        declared.name: (
            declared.type | None if declared.nullable else declared.type,
            Field(default=None, description=declared.description),
        )
        for declared in fields
    }
    adds = "".join(f"; {game.name} adds {_keys(game.seat_fields)}" for game in games if game.seat_fields)
    return create_model(
        "SeatOut",
        __base__=SharedSeatOut,
        __doc__=f"A seat as everyone sees it (``hand`` only for the asking seat{adds}).",
        __module__=__name__,
        **own,
    )


SeatOut = seat_model(registry.seat_fields(), registry.all_games())


class LogEntry(Answer):
    seq: int
    round: int
    type: str
    text: str


class PlayOut(StoredGame):
    """A digital game as seat N (or a spectator) sees it."""

    status: Literal["playing", "finished"]
    round: int
    turn: int | None
    seats: list[SeatOut]  # type: ignore[valid-type]
    legal: list[Action]
    log: list[LogEntry]
    winner: str | None
    sheet: str | None


class CreatedPlay(EditKey, PlayOut):
    seat_keys: MayOmit[dict[str, str]] = None


class SeatKey(Answer):
    seat: int
    seat_key: str


class JoinLink(Body):
    """``POST /api/play/<id>/seats/<n>/join``: the seat's key, which the creator's phone keeps."""

    key: StrictStr


class JoinLinkOut(Answer):
    """The join link (``/play/<id>#claim=<code>``: a claim code that works once and until ``expires``, never the
    key) and its QR code as SVG."""

    seat: int
    url: str
    svg: str
    expires: str


class ClaimIn(Body):
    """``POST /api/claims``: the game, the right to hand over, and (a seat's code made with the edit key) the
    seat's key as the creator's phone keeps it."""

    game: StrictStr
    right: StrictStr = Field(json_schema_extra={"x-expected": N_('"edit", "player:<name>" or "seat:<number>"')})
    key: StrictStr = None  # type: ignore[assignment]


class ClaimOut(Answer):
    """A hand-over link's code (``/sheets/<id>#claim=<code>``) and when it stops working."""

    code: str
    expires: str


class Claimed(Answer):
    """What a claim code hands over: the game, the right and its key."""

    game: str
    right: str
    key: str


class NewEditKey(EditKey):
    id: str


class TableGame(Answer):
    id: str
    status: str
    winner: str | None


class Table(Answer):
    """``GET /api/tables/<id>``: the games of one table, oldest first, and each player's record."""

    id: str
    game: str
    games: list[TableGame]
    players: list[dict[str, Any]]


class BgStatsFile(Answer):
    """A play as BG Stats imports it (a ``.bgsplay`` file): the game, the players and the play, which names
    them by reference (``gameRefId``, ``playerScores[].playerRefId``)."""

    about: str
    games: list[dict[str, Any]]
    players: list[dict[str, Any]]
    locations: list[dict[str, Any]]
    plays: list[dict[str, Any]]


class KindFigures(Answer):
    """A person's figures in one kind of game; a kind adds its own figures (as its table record does)."""

    games: int
    wins: int
    win_rate: float | None
    rounds: int
    points_per_round: float | None


class Versus(Answer):
    """Finished games two people both played, and how many of them each won."""

    games: int
    wins: int
    their_wins: int


class CrewPersonOut(Answer):
    """A person's lifetime figures in a crew."""

    name: str
    aliases: list[str]
    games: int
    wins: int
    win_rate: float | None = Field(description="Wins / finished games played, 3 decimals; null without one.")
    kinds: dict[str, KindFigures]
    rounds: int
    streak: int = Field(description="Finished games won in a row, by finish time, up to the latest.")
    last_played: str | None
    versus: dict[str, Versus]


class CrewGameOut(Answer):
    id: str
    game: str
    status: str
    winner: str | None
    tied: list[str] | None
    created: str
    finished: str | None
    rounds: int
    players: list[str]


class CrewOut(Answer):
    """``GET /api/crews/<id>``: the crew, its people and their figures, its games oldest first."""

    id: str
    name: str
    version: int
    people: list[CrewPersonOut]
    games: list[CrewGameOut]


class CreatedCrew(CrewOut):
    crew_key: str


class OpenApiDocument(Answer):
    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]


# --- endpoints --------------------------------------------------------------------------------------------------

EDIT = ("editKey",)
CREW = ("crewKey",)
CREW_AND_EDIT = ("crewKey", "editKeyHeader")
EDIT_OR_SEAT = ("editKey", "seatKey")
EDIT_OR_PLAYER = ("editKey", "playerKey")


@dataclass(frozen=True)
class Link:
    """An OpenAPI link from an answer to another operation: the created game's id and key feed the next call."""

    name: str
    operation: str  # the operationId it leads to
    parameters: dict[str, str]


@dataclass(frozen=True)
class Endpoint:
    """One ``/api/`` operation: what it takes, what it answers, who may call it."""

    method: str
    path: str  # as the Flask rule: /api/games/<game_id>
    operation: str  # operationId
    summary: str
    body: type[BaseModel] | None = None  # validated at the edge when set
    body_optional: bool = False
    ok: int = 200
    answer: type[BaseModel] | None = None
    errors: tuple[int, ...] = ()  # beyond the statuses every operation may answer (see openapi.COMMON)
    auth: tuple[str, ...] = ()  # security schemes, any one of which is accepted
    auth_optional: bool = False
    auth_all: bool = False  # every scheme of ``auth`` together (a crew's key and a game's), not any one
    unauthorized: bool = True  # a missing key is 401 (a crew endpoint answers 403 for it)
    query: dict[str, tuple[dict[str, Any], bool, str]] = field(default_factory=dict)  # name: (schema, required, doc)
    headers: tuple[str, ...] = ()  # request headers it honours: If-Match, If-None-Match, Idempotency-Key
    etag: bool = False  # the 200 carries ETag (and 304 answers If-None-Match)
    location: bool = False  # the 201 carries Location
    links: tuple[Link, ...] = ()
    tags: tuple[str, ...] = ()
    refusal: Callable[[str], Exception] | None = None  # builds the 400 for a bad body (default: ApiError)


GAME_LINKS = (
    Link("read", "readGame", {"game_id": "$response.body#/id"}),
    Link("recordRound", "recordRound", {"game_id": "$response.body#/id"}),
    Link("replaceRound", "replaceRound", {"game_id": "$response.body#/id"}),
    Link("undoRound", "undoRound", {"game_id": "$response.body#/id"}),
    Link("recordTiebreaker", "recordTiebreaker", {"game_id": "$response.body#/id"}),
    Link("clearTiebreaker", "clearTiebreaker", {"game_id": "$response.body#/id"}),
    Link("wait", "waitGame", {"game_id": "$response.body#/id", "version": "$response.body#/version"}),
    Link("rematch", "rematchGame", {"game_id": "$response.body#/id"}),
    Link("table", "readTable", {"table_id": "$response.body#/table"}),
    Link("putDraft", "putDraft", {"game_id": "$response.body#/id"}),
    Link("commitDraft", "commitDraft", {"game_id": "$response.body#/id"}),
)
PLAY_LINKS = (
    Link("read", "readPlay", {"play_id": "$response.body#/id"}),
    Link("act", "act", {"play_id": "$response.body#/id"}),
    Link("wait", "waitPlay", {"play_id": "$response.body#/id", "version": "$response.body#/version"}),
    Link("rematch", "rematchPlay", {"play_id": "$response.body#/id"}),
    Link("seatBot", "setSeatBot", {"play_id": "$response.body#/id"}),
    Link("seatKey", "newSeatKey", {"play_id": "$response.body#/id"}),
)
VERSION_QUERY = {"version": ({"type": "integer", "minimum": 0}, True, "The version the caller has.")}
SEAT_QUERY = {
    "seat": (
        {"type": "integer", "minimum": 0},
        False,
        "With the edit key: the seat whose view to show (a seat key shows its own seat).",
    )
}

# Families of operations: what their members share is said once (a member may still override any of it).
SheetOp = functools.partial(Endpoint, tags=("sheets",))
SheetRead = functools.partial(SheetOp, answer=GameOut, errors=(404, 412), etag=True)
SheetEdit = functools.partial(SheetOp, answer=GameOut, errors=(404, 409), auth=EDIT, headers=("If-Match",))
SheetCreate = functools.partial(SheetOp, ok=201, answer=CreatedGame, location=True, links=GAME_LINKS)
PlayOp = functools.partial(Endpoint, tags=("play",))
PlayRead = functools.partial(
    PlayOp, answer=PlayOut, errors=(404, 412), auth=EDIT_OR_SEAT, auth_optional=True, etag=True
)
PlayEdit = functools.partial(PlayOp, errors=(404, 409), auth=EDIT)
PlayCreate = functools.partial(PlayOp, ok=201, answer=CreatedPlay, location=True, links=PLAY_LINKS)
RulesOp = functools.partial(Endpoint, tags=("rules",))

SHARED_ENDPOINTS: tuple[Endpoint, ...] = (
    # score sheets
    SheetCreate(
        "POST",
        "/api/games",
        "createGame",
        "Create a score sheet; the answer holds its edit key. With `crew`, it joins that crew (X-Crew-Key).",
        CreateGame,
        errors=(403, 404),
        headers=("X-Crew-Key",),
    ),
    SheetCreate(
        "POST",
        "/api/games/import",
        "importGame",
        "Import a sheet from its JSON export, as a new game.",
        ImportSheet,
        refusal=importer.ImportRefused,
    ),
    SheetRead(
        "GET",
        "/api/games/<game_id>",
        "readGame",
        "A score sheet with its standings and rounds.",
        headers=("If-None-Match", "If-Match"),
    ),
    SheetRead(
        "GET",
        "/api/games/<game_id>/wait",
        "waitGame",
        "Long poll: the sheet as soon as its version differs from `version`, else 304 after 20–25 s.",
        query=VERSION_QUERY,
    ),
    SheetEdit(
        "POST",
        "/api/games/<game_id>/rounds",
        "recordRound",
        "Record the next round.",
        RoundIn,
        ok=201,
        headers=("Idempotency-Key",),
        location=True,
    ),
    SheetEdit(
        "PUT",
        "/api/games/<game_id>/rounds/<number>",
        "replaceRound",
        "Correct round n; every later round is checked again.",
        RoundIn,
    ),
    SheetEdit("DELETE", "/api/games/<game_id>/rounds/<number>", "undoRound", "Undo the last round."),
    SheetEdit(
        "POST",
        "/api/games/<game_id>/tiebreaker",
        "recordTiebreaker",
        "Record who laid the tie-breaker phase down first.",
        Tiebreaker,
    ),
    SheetEdit("DELETE", "/api/games/<game_id>/tiebreaker", "clearTiebreaker", "Take a tie-breaker result back."),
    SheetOp(
        "GET",
        "/api/games/<game_id>/export.bgstats",
        "exportBgStats",
        "The game as the play BG Stats imports (.bgsplay JSON): players, scores, winners, date, duration, notes.",
        answer=BgStatsFile,
        errors=(404,),
    ),
    SheetEdit(
        "POST",
        "/api/games/<game_id>/players",
        "changePlayers",
        "A player joins or leaves, from the next round (a player who left keeps their total and cannot win).",
        LineupIn,
        headers=(),
        errors=(404,),
    ),
    SheetEdit(
        "PUT",
        "/api/games/<game_id>/notes",
        "setNotes",
        "Keep a note with the game (at most 2,000 characters; null clears it).",
        NotesIn,
        headers=(),
        errors=(404,),
    ),
    SheetCreate(
        "POST",
        "/api/games/<game_id>/rematch",
        "rematchGame",
        "A new game at the same table, with the same edit key.",
        Rematch,
        body_optional=True,
        errors=(404, 409),
        auth=EDIT,
        headers=("Idempotency-Key",),
    ),
    SheetOp(
        "POST",
        "/api/games/<game_id>/key",
        "newEditKey",
        "A new edit key for the sheet, sent with the current one (the old key stops working).",
        answer=NewEditKey,
        errors=(404,),
        auth=EDIT,
    ),
    SheetEdit(
        "PUT",
        "/api/games/<game_id>/draft",
        "putDraft",
        "Start or update the round being filled in together (who went out).",
        DraftIn,
        auth=EDIT_OR_PLAYER,
        headers=(),
    ),
    SheetEdit(
        "DELETE",
        "/api/games/<game_id>/draft",
        "deleteDraft",
        "Drop the round being filled in together.",
        auth=EDIT_OR_PLAYER,
        headers=(),
    ),
    SheetEdit(
        "PUT",
        "/api/games/<game_id>/draft/rows/<player>",
        "putDraftRow",
        "Set one player's row of the round being filled in (a player key: its own row).",
        DraftRowIn,
        auth=EDIT_OR_PLAYER,
        headers=(),
    ),
    SheetEdit(
        "DELETE",
        "/api/games/<game_id>/draft/rows/<player>",
        "deleteDraftRow",
        "Clear one player's row of the round being filled in.",
        DraftRound,
        body_optional=True,
        auth=EDIT_OR_PLAYER,
        headers=(),
    ),
    SheetEdit(
        "POST",
        "/api/games/<game_id>/draft/commit",
        "commitDraft",
        "Store the round filled in together, exactly as recording it would.",
        DraftRound,
        ok=201,
        auth=EDIT_OR_PLAYER,
        headers=("Idempotency-Key",),
    ),
    SheetEdit(
        "PUT",
        "/api/games/<game_id>/rounds/<number>/rows/<player>",
        "correctRoundRow",
        "Correct a stored round with one player's row (a row that arrived late; the edit key only: a player key is 403).",
        LateRowIn,
        errors=(404,),
        auth=EDIT_OR_PLAYER,
        headers=(),
    ),
    SheetOp(
        "POST",
        "/api/games/<game_id>/players/<player>/key",
        "newPlayerKey",
        "A player link's key: it fills in that player's row only (a new one replaces the old).",
        ok=201,
        answer=PlayerKey,
        errors=(404,),
        auth=EDIT,
    ),
    SheetOp(
        "GET",
        "/api/tables/<table_id>",
        "readTable",
        "A table's games and each player's record.",
        answer=Table,
        errors=(404,),
    ),
    # crews
    Endpoint(
        "POST",
        "/api/crews",
        "createCrew",
        "Create a crew; the answer holds its crew key.",
        CreateCrew,
        ok=201,
        answer=CreatedCrew,
        tags=("crews",),
    ),
    Endpoint(
        "GET",
        "/api/crews/<crew_id>",
        "readCrew",
        "A crew's people with their lifetime figures, and its games oldest first.",
        answer=CrewOut,
        tags=("crews",),
    ),
    Endpoint(
        "POST",
        "/api/crews/<crew_id>/games",
        "joinCrew",
        "A game joins the crew (its players become people); needs the crew key and the game's edit key.",
        JoinCrew,
        ok=201,
        answer=CrewOut,
        errors=(404, 409),
        auth=CREW_AND_EDIT,
        auth_all=True,
        unauthorized=False,
        tags=("crews",),
    ),
    Endpoint(
        "PUT",
        "/api/crews/<crew_id>/people/<name>",
        "changePerson",
        'Rename a person ({"name"}) or fold them into another ({"same_as"}); old names stay aliases.',
        ChangePerson,
        answer=CrewOut,
        errors=(404, 409),
        auth=CREW,
        unauthorized=False,
        tags=("crews",),
    ),
    # digital games
    PlayCreate("POST", "/api/play", "createPlay", "Start a digital game; the answer holds its edit key.", CreatePlay),
    PlayRead(
        "GET",
        "/api/play/<play_id>",
        "readPlay",
        "A digital game as a seat (with a key) or a spectator sees it.",
        query=SEAT_QUERY,
        headers=("If-None-Match", "If-Match"),
    ),
    PlayRead(
        "GET",
        "/api/play/<play_id>/wait",
        "waitPlay",
        "Long poll: the game as soon as its version differs from `version`, else 304 after 20–25 s.",
        query={**VERSION_QUERY, **SEAT_QUERY},
    ),
    PlayEdit(
        "POST",
        "/api/play/<play_id>/actions",
        "act",
        "Act for a seat; bots then move until a person must act.",
        Act,
        answer=PlayOut,
        auth=EDIT_OR_SEAT,
        headers=("If-Match", "Idempotency-Key"),
    ),
    PlayEdit(
        "PUT",
        "/api/play/<play_id>/seats/<n>",
        "setSeatBot",
        "Hand a seat to a bot, or back to its person.",
        SeatBot,
        answer=PlayOut,
    ),
    PlayEdit(
        "POST",
        "/api/play/<play_id>/seats/<n>/key",
        "newSeatKey",
        "A new seat key for a remote seat (the old one stops working).",
        ok=201,
        answer=SeatKey,
    ),
    PlayEdit(
        "POST",
        "/api/play/<play_id>/seats/<n>/join",
        "joinLink",
        "A remote seat's join link (a one-use claim code in the URL fragment, 30 minutes) and QR code.",
        JoinLink,
        answer=JoinLinkOut,
        errors=(404,),
    ),
    PlayCreate(
        "POST",
        "/api/play/<play_id>/rematch",
        "rematchPlay",
        "The same seats, rules and remote seats in a new game.",
        errors=(404, 409),
        auth=EDIT,
    ),
    # hand-over links
    Endpoint(
        "POST",
        "/api/claims",
        "createClaim",
        "A hand-over link's claim code, made with the key that grants the right (30 minutes; a seat's: once).",
        ClaimIn,
        ok=201,
        answer=ClaimOut,
        errors=(404,),
        auth=EDIT_OR_SEAT,
        tags=("claims",),
    ),
    Endpoint(
        "POST",
        "/api/claims/<code>",
        "useClaim",
        "The key a claim code hands over (no credentials); 410 once it has expired or been used (a seat's code: "
        "asked again with the Idempotency-Key it was claimed with, the same answer).",
        answer=Claimed,
        errors=(404, 410),
        headers=("Idempotency-Key",),
        tags=("claims",),
    ),
    # itself
    Endpoint(
        "GET", "/api/openapi.json", "openapi", "This document (OpenAPI 3.1).", answer=OpenApiDocument, tags=("meta",)
    ),
)


def _game_endpoints() -> tuple[Endpoint, ...]:
    """Each game's own endpoints (``ENDPOINTS`` of its folder's ``api.py``), in the registry's order. Imported here,
    once every shared shape above exists: a game's API module builds on them."""
    found: list[Endpoint] = []
    for game in registry.all_games():
        module = game.api_module()
        if module is not None:
            found.extend(module.ENDPOINTS)
    return tuple(found)


ENDPOINTS: tuple[Endpoint, ...] = (*_game_endpoints(), *SHARED_ENDPOINTS)
"""Every ``/api/`` operation: the games' own (their folders' ``api.py``), then the shared ones."""
"""Every ``/api/`` operation, in the order the document lists them."""


def normal_rule(rule: str) -> str:
    """A Flask rule with its parameters' names and converters dropped: ``/api/games/<x>`` → ``/api/games/<>``."""
    import re

    return re.sub(r"<[^>]*>", "<>", rule)


def endpoint_for(method: str, rule: str) -> Endpoint | None:
    """The definition of the route ``rule`` for ``method``, if there is one."""
    wanted = (method.upper(), normal_rule(rule))
    return _BY_ROUTE.get(wanted)


_BY_ROUTE = {(e.method, normal_rule(e.path)): e for e in ENDPOINTS}
