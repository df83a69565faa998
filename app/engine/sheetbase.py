"""What the score sheets share (Phase 10, UNO, points); each game keeps its rules in its own ``rounds`` and ``sheet``.

Shared: the parts of each game's ``parse_round`` that are the same (``read_*``), matching names to
players (:func:`match_results`, :func:`match_each`), the bases of the round types (:class:`RoundEntry`,
:class:`ScoredResult`, :class:`ScoredRound`) and :class:`ScoreSheet`, the mechanics of a sheet:
replay from entries or stored JSON, adding and correcting rounds, the dealer, the totals and the JSON;
:class:`TotalsSheet` adds what a sheet whose only tally is each player's total needs (UNO, points:
:class:`Standing`, the leaders, corrections and undo).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from .common import is_int
from .errors import NotationError, RoundError, RulesError
from .i18n import _
from .i18n import join as join_words
from .options import RuleSet
from .outcome import Correction, Outcome
from .players import check_players, match_player, name_key

SheetT = TypeVar("SheetT", bound="ScoreSheet")
CardT = TypeVar("CardT")


# --- reading a round's JSON ------------------------------------------------------------------------


def read_round_head(body: Any, known: Collection[str]) -> str:
    """Check a round's JSON object (its keys, ``round`` and ``went_out``) and return ``went_out``, trimmed.

    ``known`` are the keys the round may have; ``results`` is left to the game.
    """
    if not isinstance(body, Mapping):
        raise RoundError(_("A round must be a JSON object with went_out and results."))
    unknown = sorted(str(key) for key in body if key not in known)
    if unknown:
        raise RoundError(_('The round has an unknown key "{key}".').format(key=unknown[0]))
    if "round" in body and body["round"] is not None and (not is_int(body["round"]) or body["round"] < 1):
        raise RoundError(_("round must be a round number (1 or more)."))
    went_out = body.get("went_out")
    if not isinstance(went_out, str) or not went_out.strip():
        raise RoundError(_("went_out must be the name of the player who went out."))
    return went_out.strip()


def read_result_head(item: Any, index: int, known: Collection[str]) -> tuple[str, str]:
    """Check that ``results[index]`` is an object naming a player with only ``known`` keys.

    Returns where it is (``"results[2]"``, for messages) and the player's name, trimmed.
    """
    where = f"results[{index}]"
    if not isinstance(item, Mapping):
        raise RoundError(_("{where} must be an object with the player's result.").format(where=where))
    player = item.get("player")
    if not isinstance(player, str) or not player.strip():
        raise RoundError(_("{where}.player must be the name of a player.").format(where=where))
    player = player.strip()
    unknown = sorted(str(key) for key in item if key not in known)
    if unknown:
        raise RoundError(_('{where} has an unknown key "{key}".').format(where=where, key=unknown[0]), player=player)
    return where, player


def read_points(item: Mapping[str, Any], where: str, player: str) -> int | None:
    """A result's ``points`` (``None`` when not given); raise :class:`RoundError` unless a whole number ≥ 0."""
    if "points" not in item:
        return None
    points = item["points"]
    if not is_int(points) or points < 0:
        raise RoundError(
            _("{where}.points must be a whole number of points (0 or more).").format(where=where), player=player
        )
    return points


def read_tokens(
    value: Any, where: str, player: str | None, parse: Callable[[str], CardT], field: str = "cards"
) -> tuple[CardT, ...]:
    """The cards of a list of tokens, each read by ``parse``; raise :class:`RoundError` naming ``where``.

    ``field`` is the player's field the tokens are in (``cards``, ``laid_down``): a token that is not a card
    is refused with ``field`` and the problem apart, for a form to name the player's field in its own words."""
    if not isinstance(value, list) or not all(isinstance(token, str) for token in value):
        raise RoundError(_("{where} must be a list of card tokens.").format(where=where), player=player)
    try:
        return tuple(parse(token) for token in value)
    except NotationError as error:
        raise RoundError(
            _("{where}: {problem}").format(where=where, problem=error), player=player, field=field, problem=str(error)
        ) from None


def read_each(items: Sequence[Any], read: Callable[[Any, int], CardT]) -> tuple[CardT, ...]:
    """Every item read by ``read(item, index)``; when some are refused, the first :class:`RoundError` is
    raised (its message is the answer's) with the others' in its ``also``, so a form can show them all."""
    read_items: list[CardT] = []
    refused: list[RoundError] = []
    for index, item in enumerate(items):
        try:
            read_items.append(read(item, index))
        except RoundError as error:
            refused.append(error)
    if refused:
        refused[0].also = tuple(refused[1:])
        raise refused[0]
    return tuple(read_items)


def match_results(entry: Any, players: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """The player who went out and each result by player, with the names spelled as the game spells them.

    ``entry`` is a game's ``RoundEntry`` (``went_out`` and ``results``, each a dataclass with a
    ``player``). Raises :class:`RoundError` for a name that is not a player's, or a player listed twice.
    """
    went_out = match_player(entry.went_out, players)
    if went_out is None:
        raise RoundError(
            _("{name} is not a player of this game, so {name} cannot have gone out.").format(name=entry.went_out)
        )
    return went_out, match_each(entry.results, players)


def match_each(results: Iterable[Any], players: Sequence[str]) -> dict[str, Any]:
    """Each result (a dataclass with a ``player``) by player, the name spelled as the game spells it.

    Raises :class:`RoundError` for a name that is not a player's, or a player listed twice.
    """
    by_player: dict[str, Any] = {}
    for result in results:
        player = match_player(result.player, players)
        if player is None:
            raise RoundError(_("{name} is not a player of this game.").format(name=result.player))
        if player in by_player:
            raise RoundError(_("{player} is listed twice in this round.").format(player=player), player=player)
        by_player[player] = result if player == result.player else dataclasses.replace(result, player=player)
    return by_player


# --- rounds ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A round as entered: who went out, and the players' results (in any order)."""

    went_out: str
    results: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        """The entry as a request body (without a round number)."""
        return {"went_out": self.went_out, "results": [r.to_json() for r in self.results]}


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A player's result as entered (``result``, with a ``player``) and the points it counts."""

    result: Any
    points: int

    @property
    def player(self) -> str:
        return self.result.player

    def to_json(self) -> dict[str, Any]:
        """What was entered plus the computed ``points``."""
        data = self.result.to_json()
        data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class ScoredRound:
    """A round that passed every check: its number, dealer, who went out and the scored results."""

    entry_type: ClassVar[type[RoundEntry]]

    number: int
    dealer: str
    went_out: str
    results: tuple[ScoredResult, ...]

    @property
    def entry(self) -> RoundEntry:
        """The entry (player names as the game spells them)."""
        return self.entry_type(self.went_out, tuple(r.result for r in self.results))

    def to_json(self) -> dict[str, Any]:
        """The round as stored and shown: number, dealer, who went out, every result with its points."""
        return {
            "round": self.number,
            "dealer": self.dealer,
            "went_out": self.went_out,
            "results": [r.to_json() for r in self.results],
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's total (the line of the standings of a game scored by totals alone: UNO, points)."""

    name: str
    score: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score}


@dataclass(frozen=True, slots=True)
class RowsCheck:
    """A round being filled in, checked so far (:meth:`ScoreSheet.check_rows`): each player's ``points`` now
    (``None`` for a line not filled or not countable yet), the ``problems`` that stop it from being stored,
    the players whose line is ``missing``, and whether it is ``ready`` to be checked as a whole round."""

    points: dict[str, int | None]
    problems: tuple[RoundError, ...]
    missing: tuple[str, ...] = ()
    ready: bool = False


# --- the sheet -------------------------------------------------------------------------------------


class ScoreSheet:
    """The mechanics of a score sheet; a game's ``Sheet`` adds its rules through the hooks below.

    A subclass sets :attr:`game`, the player limits, its round types and ``parse_round``, and
    defines :meth:`_score` (check and score the next round), :meth:`_apply` (add a scored round to
    its tallies), :meth:`_gains` (what each player adds to their total in a round), ``outcome``,
    ``status``, ``standings`` and ``leaders``.
    """

    game: str
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    _entry_type: ClassVar[type[RoundEntry]]
    _scored_type: ClassVar[type[ScoredRound]]
    _parse_round: ClassVar[Callable[..., Any]]

    def __init__(
        self,
        rules: RuleSet,
        players: Sequence[str],
        first_dealer: str | None = None,
        lineup: Sequence[Mapping[str, Any]] = (),
    ):
        self.rules = rules
        self.players = check_players(list(players), self.min_players, self.max_players)
        """Everyone who plays or played, in seating order (a player who joins sits after the others)."""
        self._first_players = self.players
        self._rounds: list[Any] = []
        if first_dealer is not None and first_dealer not in self.players:
            raise RoundError(_("{name} does not play in this game, so cannot deal.").format(name=first_dealer))
        self.first_dealer: str = first_dealer if first_dealer is not None else self.players[-1]
        """Who deals round 1: the last player unless told (a rematch goes on from where the deal stopped)."""
        self._lineup: list[dict[str, Any]] = [dict(change) for change in lineup]
        """Who joined or left, and from which round: ``{"round": n, "join" | "leave": name}``, in order."""
        self._applied = 0  # how many of ``_lineup`` are in effect
        self._joined: dict[str, int] = {}
        self._left: dict[str, int] = {}
        self._join_scores: dict[str, int] = {}
        self._dealers: dict[int, str] = {}

    def _started(self) -> None:
        """Put the changes that take effect from round 1 in effect (a subclass calls this once it is set up)."""
        self._settle_lineup()

    # --- hooks -------------------------------------------------------------------------------------

    def _score(self, entry: Any, number: int, *, stored: bool = False) -> Any:
        """Round ``number`` scored, if ``entry`` can have happened (raise :class:`RoundError` if not).

        ``stored``: the round is already on the sheet (replayed): the checks that only protect new input
        (:mod:`app.engine.dealcheck`, added after rounds were stored) are left out, so a stored round
        always replays."""
        raise NotImplementedError

    def _apply(self, scored: Any) -> None:
        """Add a scored round to the sheet's tallies (it is already in ``_rounds``)."""
        raise NotImplementedError

    def _gains(self, scored: Any) -> Iterable[tuple[str, int]]:
        """What each player adds to their total in ``scored``."""
        raise NotImplementedError

    def _tiebreaker_json(self) -> dict[str, Any] | None:
        return None

    @property
    def status(self) -> str:
        """``"playing"`` or ``"finished"`` (a game may add its own, such as ``"tiebreaker"``)."""
        raise NotImplementedError

    @property
    def outcome(self) -> Any:
        """How the game was decided (``None`` while it goes on)."""
        raise NotImplementedError

    def standings(self) -> Sequence[Any]:
        """Each player's line of the standings, in seating order."""
        raise NotImplementedError

    def leaders(self) -> tuple[str, ...]:
        """The players ahead."""
        raise NotImplementedError

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total is the best (else the highest)."""
        raise NotImplementedError

    def _rank_key(self, standing: Any) -> Any:
        """Sorts a line of the standings: the smaller, the better (the game's own order)."""
        raise NotImplementedError

    def ranking(self) -> list[tuple[int, Any]]:
        """Every line of :meth:`standings` with its rank, best first: the winner first, then the others in
        the game's own order (:meth:`_rank_key`). Players whose keys are equal share a rank (1, 2, 2, 4)
        and keep their seating order."""
        winner = self.winner
        lines = list(self.standings())
        keys = [(winner is not None and line.name != winner, self._rank_key(line)) for line in lines]
        order = sorted(range(len(lines)), key=lambda i: keys[i])
        ranked: list[tuple[int, Any]] = []
        for place, i in enumerate(order, start=1):
            rank = ranked[-1][0] if ranked and keys[order[place - 2]] == keys[i] else place
            ranked.append((rank, lines[i]))
        return ranked

    def _outcome_json(self, outcome: Outcome) -> dict[str, Any]:
        """The ``outcome`` of :meth:`to_json` (the shared :class:`Outcome`'s JSON unless a game's API says else)."""
        return outcome.to_json()

    def _extra_json(self) -> dict[str, Any]:
        """Keys a game adds to :meth:`to_json` after ``outcome``."""
        return {}

    def _record_extras(self) -> dict[str, dict[str, Any]]:
        """What a game adds to each player's line of a table's record (see :mod:`app.engine.table`):
        numbers (summed over the table's games), dicts of them, or ``None`` (not known)."""
        return {}

    def _totals(self) -> Mapping[str, int]:
        """Each player's total now (a player who joins takes the worst of them)."""
        raise NotImplementedError

    def _on_join(self, player: str, score: int) -> None:
        """Seat ``player`` (already in :attr:`players`) in the tallies with ``score``."""
        raise NotImplementedError

    def _on_leave(self, player: str) -> None:
        """``player`` no longer plays (already in ``_left``); their total stays."""

    # --- players who join or leave -----------------------------------------------------------------

    @property
    def active(self) -> tuple[str, ...]:
        """The players who have not left, in seating order: the next round is theirs."""
        return tuple(p for p in self.players if p not in self._left)

    def left_round(self, player: str) -> int | None:
        """The first round ``player`` no longer played (``None``: they did not leave)."""
        return self._left.get(player)

    def joined_round(self, player: str) -> int | None:
        """The first round ``player`` played after joining (``None``: they were there from the start)."""
        return self._joined.get(player)

    def plays_in(self, player: str, number: int) -> bool:
        """Whether ``player`` is at the table in round ``number``."""
        joined, left = self._joined.get(player, 1), self._left.get(player)
        return joined <= number and (left is None or number < left)

    def join_score(self) -> int:
        """What a player joining now starts with: the table rule ``join_score`` (``worst``: the worst total of
        the players who have not left, by the game's own order, so joining never pays; ``zero``)."""
        if self.rules.get("join_score", "worst") == "zero":
            return 0
        totals = self._totals()
        scores = [totals[p] for p in self.active]
        return (max if self.lowest_wins else min)(scores) if scores else 0

    def _settle_lineup(self) -> None:
        """Put in effect the changes that take effect from the next round."""
        next_round = len(self._rounds) + 1
        if self._applied < len(self._lineup) and self._lineup[self._applied]["round"] <= next_round:
            self._dealers.clear()  # who sits at the table changes: the deal is worked out again
        while self._applied < len(self._lineup) and self._lineup[self._applied]["round"] <= next_round:
            change = self._lineup[self._applied]
            self._applied += 1
            if "join" in change:
                name = change["join"]
                self._join_scores[name] = self.join_score()
                self.players = (*self.players, name)
                self._joined[name] = next_round
                self._on_join(name, self._join_scores[name])
            else:
                self._left[change["leave"]] = next_round
                self._on_leave(change["leave"])

    def check_lineup_change(self, join: Any = None, leave: Any = None) -> dict[str, Any]:
        """The change ``{"round": next, "join" | "leave": name}`` if it can be made now; raise
        :class:`RoundError` naming the problem (nothing changes)."""
        if (join is None) == (leave is None):
            raise RoundError(
                _('Send either "join" with the name of a player who joins, or "leave" with one who leaves.')
            )
        self.check_open()
        number = len(self._rounds) + 1
        active = self.active
        if leave is not None:
            name = match_player(leave, self.players) if isinstance(leave, str) else None
            if name is None:
                raise RoundError(_("{name} is not a player of this game.").format(name=str(leave)[:40]))
            if name in self._left:
                raise RoundError(
                    _("{name} already left the game before round {number}.").format(name=name, number=self._left[name])
                )
            if len(active) <= 2:
                raise RoundError(
                    _(
                        "A game keeps at least 2 players who have not left: {players} play on, so {name} cannot leave."
                    ).format(players=join_words(active), name=name)
                )
            return {"round": number, "leave": name}
        if not isinstance(join, str):
            raise RoundError(_('"join" must be the name of the player who joins.'))
        (name,) = check_players([join], 1, 1)
        known = {name_key(p): p for p in self.players}
        if name_key(name) in known:
            raise RoundError(
                _("{name} is already a player of this game: give the new player another name.").format(
                    name=known[name_key(name)]
                )
            )
        try:  # a name that looks like another player's on the screen ("Аna" with a Cyrillic А beside "Ana")
            check_players([*self.players, name], 1, len(self.players) + 1)
        except RulesError as error:
            raise RoundError(str(error)) from None
        if len(active) >= self.max_players:
            raise RoundError(
                _("This game takes at most {maximum} players who have not left: {name} cannot join.").format(
                    maximum=self.max_players, name=name
                )
            )
        return {"round": number, "join": name}

    def change_lineup(self, join: Any = None, leave: Any = None) -> dict[str, Any]:
        """A player joins or leaves from the next round (:meth:`check_lineup_change`); returns the change."""
        change = self.check_lineup_change(join, leave)
        self._lineup.append(change)
        self._settle_lineup()
        return change

    @property
    def lineup(self) -> tuple[dict[str, Any], ...]:
        """Who joined or left, and from which round."""
        return tuple(dict(change) for change in self._lineup)

    def _adopt_lineup(self, corrected: ScoreSheet) -> None:
        """Take the players who joined or left as ``corrected`` (this sheet corrected) has them in effect."""
        self.players, self._applied = corrected.players, corrected._applied
        self._joined, self._left, self._join_scores = corrected._joined, corrected._left, corrected._join_scores
        self._dealers.clear()

    def _fresh(self: SheetT) -> SheetT:
        """An empty sheet with this one's rules, first players, first dealer and changes of players."""
        return type(self)(self.rules, self._first_players, first_dealer=self.first_dealer, lineup=self._lineup)

    def _left_sentences(self) -> str:
        """What the outcome adds about the players who left: they keep their totals but cannot win."""
        return " ".join(
            _("{name} left before round {number} and could not win.").format(name=p, number=self._left[p])
            for p in self.players
            if p in self._left
        )

    # --- building ----------------------------------------------------------------------------------

    @classmethod
    def replay(
        cls: type[SheetT],
        rules: RuleSet,
        players: Sequence[str],
        rounds: Iterable[Any],
        *,
        first_dealer: str | None = None,
        lineup: Sequence[Mapping[str, Any]] = (),
    ) -> SheetT:
        """A sheet with ``rounds`` added in order (entries, scored rounds, or stored JSON); raises
        :class:`RoundError` naming the first round that does not hold (its ``round`` attribute is set).
        ``lineup``: the players who joined or left, and from which round.

        The rounds are stored ones: they are checked as rounds, but not by the checks that protect new
        input only (see :meth:`add_round`), so a round stored before such a check was added still loads."""
        sheet = cls(rules, players, first_dealer=first_dealer, lineup=lineup)
        for number, item in enumerate(rounds, start=1):
            try:
                sheet.add_round(sheet._entry_of(item, number), stored=True)
            except RoundError as error:
                raise RoundError(
                    _("Round {number}: {problem}").format(number=number, problem=error),
                    player=error.player,
                    round=number,
                ) from None
        return sheet

    def _entry_of(self, item: Any, number: int) -> Any:
        if isinstance(item, self._scored_type):
            return item.entry
        if isinstance(item, self._entry_type):
            return item
        entry = self._parse_round(item, self.rules, stored=True)
        stored_number = item.get("round")
        if stored_number is not None and stored_number != number:
            raise RoundError(
                _("it is numbered {stored}, but stored rounds must be numbered 1, 2, 3… in order.").format(
                    stored=stored_number
                ),
                round=number,
            )
        return entry

    def check_open(self) -> None:
        """Raise :class:`RoundError` when no round may be added because the game is over."""
        if self.status == "finished":
            raise RoundError(
                _("The game is over: {winner} won. Correct or undo a round to reopen it.").format(winner=self.winner),
                round=len(self._rounds) + 1,
            )

    def check_round(self, entry: Any, *, stored: bool = False) -> Any:
        """The next round scored, if it can have happened; raise :class:`RoundError` (nothing changes).

        ``stored=True`` for a round already on the sheet (see :meth:`_score`)."""
        self.check_open()
        number = len(self._rounds) + 1
        self._check_not_left(entry, number)
        try:
            return self._score(entry, number, stored=stored)
        except RoundError as error:
            if error.round is None:
                error.round = number
            raise

    def _check_not_left(self, entry: Any, number: int) -> None:
        """Raise :class:`RoundError` when round ``number`` names a player who left before it."""
        if not self._left:
            return
        named = [getattr(result, "player", None) for result in getattr(entry, "results", ())]
        named.append(getattr(entry, "went_out", None))
        for name in named:
            player = match_player(name, tuple(self._left)) if isinstance(name, str) else None
            if player is not None:
                raise RoundError(
                    _("{name} left the game before round {left}: leave {name} out of this round.").format(
                        name=player, left=self._left[player]
                    ),
                    player=player,
                    round=number,
                )

    def add_round(self, entry: Any, *, stored: bool = False) -> Any:
        """Check the next round and record it; returns it scored. New input is checked fully; ``stored=True``
        (a round replayed from storage) leaves out the checks that protect new input only."""
        scored = self.check_round(entry, stored=stored)
        self._rounds.append(scored)
        self._apply(scored)
        self._settle_lineup()
        return scored

    def _corrected(self: SheetT, number: int, entry: Any) -> SheetT:
        """A new sheet with round ``number`` replaced by ``entry`` and every later round checked again.

        Raises :class:`RoundError` when round ``number`` does not hold, or names the first later
        round that no longer does. Round ``number`` and every later round are checked fully, as new input
        (the deal check included): their history changed, and a correction must never leave a round that the
        sheet's own export would not import. The one exception is a later round that did not pass the full
        check before the correction either (stored before that check was added): it is checked as a stored
        round, as a replay does, so such a sheet can still be corrected. The rounds before ``number`` are
        unchanged stored rounds.
        """
        if not 1 <= number <= len(self._rounds):
            raise RoundError(_("There is no round {number} to correct.").format(number=number), round=number)
        entries = [r.entry for r in self._rounds]
        entries[number - 1] = entry
        corrected = self._fresh()
        for position, item in enumerate(entries, start=1):
            try:
                try:
                    corrected.add_round(item, stored=position < number)
                except RoundError:
                    if position <= number or self._held_in_full(position):
                        raise
                    corrected.add_round(item, stored=True)  # it never held in full: as a replay loads it
            except RoundError as error:
                if position == number:
                    raise
                raise RoundError(
                    _("Round {position} no longer holds after this correction: {problem}").format(
                        position=position, problem=error
                    ),
                    player=error.player,
                    round=position,
                ) from None
        return corrected

    def _held_in_full(self, position: int) -> bool:
        """Whether stored round ``position`` passes every check of new input after the rounds before it."""
        before = self._fresh()  # the players and their joining and leaving as this sheet has them
        try:
            for scored in self._rounds[: position - 1]:
                before.add_round(scored.entry, stored=True)
            before.check_round(self._rounds[position - 1].entry)
        except RoundError:
            return False
        return True

    # --- a round being filled in, row by row ---------------------------------------------------------

    goes_out: ClassVar[bool] = True
    """Whether a round names a player who went out (a points game's does not)."""

    def _parse_row(self, item: Any) -> Any:
        """One player's line (a ``results`` item, with ``player``) read on its own; raise :class:`RoundError`."""
        raise NotImplementedError

    def _score_row(self, result: Any, went_out: bool, number: int) -> Any:
        """One player's line of round ``number`` checked on its own, as the engine checks it in a whole round: the
        scored line (with ``points``), or :class:`RoundError`."""
        raise NotImplementedError

    def _check_lines_together(self, scored: Sequence[Any], went_out: str | None, number: int) -> None:
        """The lines given (scored, seating order) checked together, as in a whole round; raise :class:`RoundError`."""

    def needs_row(self, player: str, went_out: str | None) -> bool:
        """Whether a round needs a line for ``player`` (every player's, unless a game says else)."""
        return True

    @staticmethod
    def round_of_rows(body: dict[str, Any]) -> dict[str, Any]:
        """The round body (as a whole round is entered) that the rows filled in make: ``body`` holds ``round``,
        ``went_out`` when named and ``results`` (each row with its ``player``). A game whose rows carry something
        of the whole round (the side a hand ended on) or whose round names its winner otherwise says so; raise
        :class:`RoundError` when the rows cannot make one round."""
        return body

    def read_row(self, player: str, item: Mapping[str, Any], went_out: bool = False) -> Any:
        """``player``'s line of the next round (a ``results`` item without ``player``), read and checked on its
        own: it must be possible for the player as one who went out or as one who did not (``went_out``: which
        of the two is said now; its refusal is the one raised). Raise :class:`RoundError` when it is not."""
        result = self._parse_row({**item, "player": player})
        number = len(self._rounds) + 1
        try:
            self._score_row(result, went_out, number)
        except RoundError:
            if not (self.goes_out and self._possible(result, not went_out, number)):
                raise
        return result

    def check_rows(self, went_out: str | None, rows: Mapping[str, Any]) -> RowsCheck:
        """The next round as filled in so far: ``rows`` are lines read by :meth:`read_row`, by player (as the game
        spells the names); ``went_out`` is ``None`` until someone is named. Each filled line's points now, and
        what stops the round from being stored as it stands (each line's own fault, then the lines together)."""
        number = len(self._rounds) + 1
        points: dict[str, int | None] = dict.fromkeys(self.players)
        problems: list[RoundError] = []
        scored = []
        for player in self.active:  # the players at the table this round
            result = rows.get(player)
            if result is None:
                continue
            try:
                line = self._score_row(result, player == went_out, number)
            except RoundError as error:
                if went_out is None and self.goes_out and self._possible(result, True, number):
                    continue  # nothing to count yet: perhaps the one who goes out
                problems.append(error)
                continue
            points[player] = line.points
            scored.append(line)
        if went_out is not None and rows.get(went_out) is None:
            points[went_out] = 0
        try:
            self._check_lines_together(scored, went_out, number)
        except RoundError as error:
            problems.append(error)
        missing = [p for p in self.active if self.needs_row(p, went_out) and rows.get(p) is None]
        ready = not missing and not problems and (went_out is not None or not self.goes_out)
        return RowsCheck(points, tuple(problems), missing=tuple(missing), ready=ready)

    def _possible(self, result: Any, went_out: bool, number: int) -> bool:
        try:
            self._score_row(result, went_out, number)
        except RoundError:
            return False
        return True

    def _last_round(self) -> Any:
        """The round an undo removes; raise :class:`RoundError` when there is none."""
        if not self._rounds:
            raise RoundError(_("There is no round to undo."))
        return self._rounds[-1]

    # --- questions ---------------------------------------------------------------------------------

    @property
    def rounds(self) -> tuple[Any, ...]:
        return tuple(self._rounds)

    def dealer(self, number: int) -> str:
        """Who deals round ``number``: :attr:`first_dealer` deals round 1, then the deal passes to the left, to
        the next player at the table in that round (players who left are passed over, those who joined sit
        after the others)."""
        if not self._lineup:
            return self.players[(self.players.index(self.first_dealer) + number - 1) % len(self.players)]
        if number not in self._dealers:  # from the latest round worked out before it, each round once
            known = [n for n in self._dealers if n < number]
            begin = max(known) + 1 if known else 1
            current = self._dealers[begin - 1] if known else self.first_dealer
            for later in range(begin, number + 1):
                current = self._next_at_table(current, later, first=later == 1)
                self._dealers[later] = current
        return self._dealers[number]

    def _next_at_table(self, after: str, number: int, first: bool = False) -> str:
        """The player at the table in round ``number`` after ``after`` (``after`` itself when ``first`` and there)."""
        seats = self.players
        start = seats.index(after)
        for step in range(0 if first else 1, len(seats) + 1):
            player = seats[(start + step) % len(seats)]
            if self.plays_in(player, number):
                return player
        return after

    def record(self) -> dict[str, dict[str, Any]]:
        """Each player's part of a table's record from this game: ``rounds`` played, ``points`` gained in
        them (what :meth:`_gains` adds to their total), ``won`` (1 when they won the finished game), plus
        what the game adds (:meth:`_record_extras`)."""
        lines: dict[str, dict[str, Any]] = {
            p: {"rounds": sum(self.plays_in(p, n) for n in range(1, len(self._rounds) + 1)), "points": 0, "won": 0}
            for p in self.players
        }
        for scored in self._rounds:
            for player, points in self._gains(scored):
                lines[player]["points"] += points
        if self.status == "finished" and self.winner in lines:
            lines[self.winner]["won"] = 1
        for player, extras in self._record_extras().items():
            lines[player].update(extras)
        return lines

    @property
    def next_dealer(self) -> str | None:
        """The dealer of the next round (``None`` once the game is finished)."""
        return None if self.status == "finished" else self.dealer(len(self._rounds) + 1)

    @property
    def winner(self) -> str | None:
        outcome = self.outcome
        return outcome.winner if outcome else None

    def running_totals(self) -> list[dict[str, int]]:
        """Each player's total after each round (for a chart)."""
        totals = dict.fromkeys(self._first_players, 0)
        rows = []
        for number, scored in enumerate(self._rounds, start=1):
            for player, round_joined in self._joined.items():
                if round_joined == number:
                    totals[player] = self._join_scores[player]
            for player, points in self._gains(scored):
                totals[player] += points
            rows.append(dict(totals))
        return rows

    def result(self) -> dict[str, Any]:
        """What a list of games shows of this one, as :meth:`to_json` says it but without the rest (a crew's
        statistics read hundreds of games): ``status``, ``winner``, ``tied`` (the players of a game that ended
        level, else ``None``) and ``rounds`` (how many were played)."""
        return {
            "status": self.status,
            "winner": self.winner,
            "tied": self._extra_json().get("tied"),
            "rounds": len(self._rounds),
        }

    def to_json(self) -> dict[str, Any]:
        """The engine's part of ``GET /api/games/<id>``, plus what the pages need."""
        outcome = self.outcome
        status = self.status
        outcome_json = self._outcome_json(outcome) if outcome else None
        if outcome_json is not None and self._left:
            outcome_json["text"] = f"{outcome_json['text']} {self._left_sentences()}"
        players = []
        for standing in self.standings():
            line = standing.to_json()
            line.update(joined=self._joined.get(line["name"]), left=self._left.get(line["name"]))
            players.append(line)
        return {
            "game": self.game,
            "rules": self.rules.to_dict(),
            "status": status,
            "winner": self.winner,
            "tiebreaker": self._tiebreaker_json(),
            "players": players,
            "lineup": [dict(change) for change in self._lineup],
            "rounds": [r.to_json() for r in self._rounds],
            "outcome": outcome_json,
            **self._extra_json(),
            "leaders": list(self.leaders()),
            "next_round": None if status != "playing" else len(self._rounds) + 1,
            "dealer": self.next_dealer,
            "first_dealer": self.first_dealer,
            "totals": [{"round": n, "scores": row} for n, row in enumerate(self.running_totals(), start=1)],
        }


class TotalsSheet(ScoreSheet):
    """A sheet whose only tally is each player's total (UNO, points): what a round adds is :meth:`_gains`.

    A subclass says which total is best with :attr:`lowest_wins`; corrections and undo return the shared
    :class:`Correction` (no tie-breaker to drop).
    """

    def __init__(
        self,
        rules: RuleSet,
        players: Sequence[str],
        first_dealer: str | None = None,
        lineup: Sequence[Mapping[str, Any]] = (),
    ):
        super().__init__(rules, players, first_dealer, lineup)
        self._scores = dict.fromkeys(self.players, 0)
        self._started()

    def _totals(self) -> Mapping[str, int]:
        return self._scores

    def _on_join(self, player: str, score: int) -> None:
        self._scores[player] = score

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total is the best (else the highest)."""
        raise NotImplementedError

    def _apply(self, scored: Any) -> None:
        for player, points in self._gains(scored):
            self._scores[player] += points

    def replace_round(self, number: int, entry: Any) -> Correction:
        """Replace round ``number``, checking every later round again; raise :class:`RoundError` naming the
        first one that no longer holds (nothing changes then). The :class:`Correction` holds the corrected round."""
        corrected = self._corrected(number, entry)
        self._adopt_totals(corrected)
        return Correction(self._rounds[number - 1])

    def _adopt_totals(self, corrected: TotalsSheet) -> None:
        self._rounds, self._scores = corrected._rounds, corrected._scores
        self._adopt_lineup(corrected)

    def undo(self) -> Correction:
        """Drop the last round; the :class:`Correction` holds the round removed."""
        removed = self._last_round()
        corrected = self._fresh()
        for scored in self._rounds[:-1]:
            corrected._rounds.append(scored)
            corrected._apply(scored)
            corrected._settle_lineup()
        self._adopt_totals(corrected)
        return Correction(removed)

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's total by name (read-only)."""
        return MappingProxyType(self._scores)

    def standings(self) -> list[Standing]:
        """Every player's total, in seating order (players who left included)."""
        return [Standing(p, self._scores[p]) for p in self.players]

    def _rank_key(self, standing: Any) -> Any:
        return standing.score if self.lowest_wins else -standing.score

    def leaders(self) -> tuple[str, ...]:
        """The players with the best total (the lowest under :attr:`lowest_wins`, else the highest) among those
        who have not left (a player who left cannot win)."""
        active = self.active
        best = (min if self.lowest_wins else max)(self._scores[p] for p in active)
        return tuple(p for p in active if self._scores[p] == best)
