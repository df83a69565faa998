"""Crews: the same people across games, tables and kinds, and their lifetime statistics (API.md "crews").

A crew has a name, a key (kept hashed, as a game's edit key) and people; each person has every name games
may call them by (:class:`~app.models.CrewAlias`: the current one, and old ones after a rename or a merge),
matched as players are matched across a table (NFC and case folding, :func:`app.engine.table.same_player`).
A game joins a crew when it is created with the crew's key, or later with both the crew's key and the game's
edit key (a digital game's read-only sheet: the digital game's edit key); a rematch stays in the crew.

The statistics come from each game's sheet as the engine replays it: its status, winner and tie, and each
player's line of the table record (:meth:`ScoreSheet.record`: rounds, points, a win, and the game's own
figures such as Phase 10's phases and UNO's hands gone out). Nothing here knows a game's rules.

Times: a game's finish is its ``finished_at`` (when the round or the tie-breaker that ended it was saved; for a
game that finished before finish times were kept, the saved time of its last round); streaks follow finish
times. A person's ``last_played`` is the saved time of the last round they played.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..engine.errors import EngineError
from ..engine.players import MAX_NAME, check_players, normal_name, printable_name
from ..engine.table import add_lines, same_player
from ..errors import ApiError
from ..extensions import db
from ..keys import hash_key, key_matches, new_edit_key, new_id, well_formed_id
from ..models import Crew, CrewAlias, CrewGame, CrewPerson, Game, PlayGame, Round
from ..security import refuse_wrong_key
from . import sheets

MAX_CREW_NAME = 60
"""The longest name a crew may have, after trimming."""
MAX_PEOPLE = 100
"""People a crew is created with at most (more join with their games)."""


# --- reading ---------------------------------------------------------------------------------------------------


def get_crew(crew_id: str) -> Crew:
    """The crew with this id, or a 404 (before any key is checked)."""
    # its people and their names in two more statements, not one per person (statistics walk them all)
    crew = (
        db.session.get(Crew, crew_id, options=[selectinload(Crew.people).selectinload(CrewPerson.aliases)])
        if well_formed_id(crew_id)
        else None
    )
    if crew is None:
        raise ApiError(_("There is no crew with this id."), 404)
    return crew


def check_crew_key(crew: Crew, key: str | None) -> None:
    """403 without the crew's key or with a wrong one (a wrong one is counted as wrong edit keys are)."""
    if not key:
        raise ApiError(_("Changing this crew needs its crew key (X-Crew-Key: <crew key>)."), 403)
    if not key_matches(key, crew.key_hash):
        refuse_wrong_key(crew.id)


def crews_of(game_id: str) -> list[Crew]:
    """The crews ``game_id`` is in."""
    query = select(Crew).join(CrewGame, CrewGame.crew_id == Crew.id).where(CrewGame.game_id == game_id)
    return list(db.session.execute(query.order_by(Crew.created_at)).scalars())


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")


def _crew_games(crew: Crew) -> list[Game]:
    query = (
        select(Game)
        .join(CrewGame, CrewGame.game_id == Game.id)
        .where(CrewGame.crew_id == crew.id)
        .order_by(Game.created_at, Game.id)
        .options(selectinload(Game.players), selectinload(Game.rounds).selectinload(Round.results))
    )
    return list(db.session.execute(query).scalars())


def _finish_time(game: Game, last_round: datetime | None) -> datetime:
    """When a finished game finished: its ``finished_at`` (a tie-breaker recorded an hour after the last round
    finishes the game then), else (finished before finish times were kept) its last round, else its start."""
    return game.finished_at or last_round or game.created_at


def _rate(wins: int, finished: int) -> float | None:
    return round(wins / finished, 3) if finished else None


def _figures(line: dict[str, Any]) -> dict[str, Any]:
    """A person's summed lines of one kind as the contract shows them (the table record's definitions)."""
    line = dict(line)
    games, finished, wins = line.pop("games"), line.pop("finished"), line.pop("won")
    rounds, points = line.pop("rounds"), line.pop("points")
    return {
        "games": games,
        "wins": wins,
        "win_rate": _rate(wins, finished),
        "rounds": rounds,
        "points_per_round": round(points / rounds, 1) if rounds else None,
        **line,
    }


def statistics(crew: Crew, *, by_name: bool = False) -> dict[str, Any]:
    """``GET /api/crews/<id>``: the crew, its games oldest first, and each person's lifetime figures.

    ``by_name`` (the crew page, not the API): each person's figures also per game played, ``"named"``:
    ``{(kind, name): figures}`` for a kind that keeps the score of any game (``GameType.named``: "Hearts" and
    "Darts" are two games), with the name ``None`` for its sheets that carry none; and each game's ``"name"``."""
    from ..games import registry

    named_kinds = {kind for kind in registry.ids() if registry.require(kind).named}
    games = _crew_games(crew)
    person_of = {alias.key: alias.person for person in crew.people for alias in person.aliases}
    people = list(crew.people)
    lines: dict[int, dict[str, Any]] = {
        p.id: {"games": 0, "finished": 0, "wins": 0, "rounds": 0, "kinds": {}, "named": {}, "results": [], "last": None}
        for p in people
    }
    together: dict[tuple[int, int], list[int]] = {}  # (a, b): [games, a's wins, b's wins]
    shown = []
    for order, game in enumerate(games):
        sheet = sheets.build_sheet(game)
        data = sheet.result()
        finished = data["status"] == "finished"
        last_round = game.rounds[-1].created_at if game.rounds else None
        finish = _finish_time(game, last_round) if finished else None
        shown.append(
            {
                "id": game.id,
                "game": game.kind,
                "status": data["status"],
                "winner": data["winner"],
                "tied": data["tied"],
                "created": _time(game.created_at),
                "finished": _time(finish),
                "rounds": data["rounds"],
                "players": list(sheet.players),
                **({"name": game.name} if by_name else {}),
            }
        )
        seated: list[tuple[int, int]] = []  # (person id, won)
        for name, line in sheet.record().items():
            person = person_of.get(same_player(name))
            if person is None:  # not possible once joined (names are never dropped); counted for nobody
                continue
            won = line["won"]
            seated.append((person.id, won))
            mine = lines[person.id]
            mine["games"] += 1
            mine["rounds"] += line["rounds"]
            kind_line = {"games": 1, "finished": int(finished), **line}
            kinds = mine["kinds"]
            kinds[game.kind] = add_lines(kinds[game.kind], kind_line) if game.kind in kinds else kind_line
            if game.kind in named_kinds:
                named, section = mine["named"], (game.kind, game.name or None)
                named[section] = add_lines(named[section], kind_line) if section in named else dict(kind_line)
            if finished:
                mine["finished"] += 1
                mine["wins"] += won
                mine["results"].append((finish, order, won))
            if line["rounds"] and last_round is not None and (mine["last"] is None or last_round > mine["last"]):
                mine["last"] = last_round
        if finished:
            for a, a_won in seated:
                for b, b_won in seated:
                    if a != b:
                        pair = together.setdefault((a, b), [0, 0, 0])
                        pair[0] += 1
                        pair[1] += a_won
                        pair[2] += b_won
    answer_people = []
    for person in people:
        mine = lines[person.id]
        streak = 0
        for _finish, _order, won in sorted(mine["results"], key=lambda r: (r[0], r[1]), reverse=True):
            if not won:
                break
            streak += 1
        versus = {}
        for other in people:
            if other.id != person.id:
                games_, wins, theirs = together.get((person.id, other.id), [0, 0, 0])
                versus[other.name] = {"games": games_, "wins": wins, "their_wins": theirs}
        answer_people.append(
            {
                "name": person.name,
                "aliases": [a.name for a in person.aliases if same_player(a.name) != same_player(person.name)],
                "games": mine["games"],
                "wins": mine["wins"],
                "win_rate": _rate(mine["wins"], mine["finished"]),
                "kinds": {kind: _figures(line) for kind, line in sorted(mine["kinds"].items())},
                "rounds": mine["rounds"],
                "streak": streak,
                "last_played": _time(mine["last"]),
                "versus": versus,
                **({"named": {k: _figures(line) for k, line in mine["named"].items()}} if by_name else {}),
            }
        )
    return {
        "id": crew.id,
        "name": crew.name,
        "version": crew.version + sum(game.version for game in games),
        "people": answer_people,
        "games": shown,
    }


def _minutes(start: datetime | None, end: datetime | None) -> int:
    return max(0, int((end - start).total_seconds() // 60)) if start is not None and end is not None else 0


def time_played(crew: Crew) -> dict[str, Any]:
    """Minutes played (the crew page's "time played"): ``{"total": m, "people": {name: m}}``. A game counts
    from its start to its finish (to its last saved round while it goes on; a game without a start time or
    without a round counts nothing); a person counts the part of it they sat at the table: one who joined
    from round n from the saved time of round n - 1 (the game's start for round 1), one who left from round
    n up to the saved time of round n - 1. Not in the API's answer."""
    person_of = {alias.key: alias.person.name for person in crew.people for alias in person.aliases}
    people = dict.fromkeys((person.name for person in crew.people), 0)
    total = 0
    for game in _crew_games(crew):
        saved = {row.number: row.saved_at or row.created_at for row in game.rounds}
        if game.started_at is None or not saved:
            continue
        end = game.finished_at or saved[max(saved)]
        total += _minutes(game.started_at, end)
        came = {c["join"]: c["round"] for c in game.lineup or [] if "join" in c}
        went = {c["leave"]: c["round"] for c in game.lineup or [] if "leave" in c}
        for name in game_names(game):
            person = person_of.get(same_player(name))
            if person is None:
                continue
            first = came.get(name, 1)
            sat_down = game.started_at if first <= 1 else saved.get(first - 1)
            stood_up = saved.get(went[name] - 1) if name in went else end
            people[person] += _minutes(sat_down, stood_up)
    return {"total": total, "people": people}


# --- writing ---------------------------------------------------------------------------------------------------


def _crew_name(value: Any) -> str:
    if not isinstance(value, str):
        raise ApiError(_('"name" must be the crew\'s name, e.g. "Friday cards".'))
    if not printable_name(value):
        raise ApiError(_("A crew's name can hold letters, digits, spaces and signs, but no control characters."))
    name = normal_name(value)
    if not name:
        raise ApiError(_("The crew needs a name, e.g. “Friday cards”."))
    if len(name) > MAX_CREW_NAME:
        raise ApiError(_("The crew's name is too long: at most {maximum} characters.").format(maximum=MAX_CREW_NAME))
    return name


def _person_name(value: Any) -> str:
    """One person's name, checked as a player's name is (400 naming the problem)."""
    if not isinstance(value, str):
        raise ApiError(_('"name" must be the person\'s new name.'))
    sheets.check_name_characters([value])
    try:
        return check_players([value], 1, 1)[0]
    except EngineError as error:
        raise ApiError(str(error)) from error


def _add_person(crew: Crew, name: str) -> CrewPerson:
    person = CrewPerson(name=name)
    person.aliases.append(CrewAlias(crew_id=crew.id, name=name, key=same_player(name)))
    crew.people.append(person)
    return person


def create_crew(body: Any, *, commit: bool = True) -> tuple[Crew, str]:
    """``POST /api/crews``: a new crew with its people (none is fine: they join with their games), and its
    key (shown once; only its hash is kept). ``commit=False`` leaves it in the session for the caller."""
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    unknown = sorted(set(body) - {"name", "people"})
    if unknown:
        raise ApiError(_('Unknown field "{name}": a crew is created with "name" and "people".').format(name=unknown[0]))
    name = _crew_name(body.get("name"))
    people = body.get("people", [])
    sheets.check_name_characters(people)
    try:
        names = check_players(people, 0, MAX_PEOPLE)
    except EngineError as error:
        raise ApiError(str(error)) from error
    key = new_edit_key()
    crew = Crew(id=new_id(), name=name, key_hash=hash_key(key), version=1)
    db.session.add(crew)
    for person in names:
        _add_person(crew, person)
    if commit:
        db.session.commit()
    return crew, key


def check_joinable(crew: Crew, names: list[str]) -> None:
    """400 when two players of one game are one person of the crew (two names merged into one)."""
    person_of = {alias.key: alias.person for person in crew.people for alias in person.aliases}
    seen: dict[int, str] = {}
    for name in names:
        person = person_of.get(same_player(name))
        if person is None:
            continue
        if person.id in seen:
            raise ApiError(
                _("{name} and {other} are one person in the crew {crew}: a game cannot seat them both.").format(
                    name=seen[person.id], other=name, crew=crew.name
                )
            )
        seen[person.id] = name


def game_names(game: Game) -> list[str]:
    """Everyone who sits at ``game``: its first players, then those who joined it later (in the order they
    joined), even one whose round has not begun yet."""
    joined = [change["join"] for change in game.lineup or [] if "join" in change]
    return [*sheets.player_names(game), *joined]


def _add_new_people(crew: Crew, names: list[str]) -> None:
    known = {alias.key for person in crew.people for alias in person.aliases}
    for name in names:
        if same_player(name) not in known:
            _add_person(crew, name)
            known.add(same_player(name))


def add_game(crew: Crew, game: Game) -> bool:
    """Put ``game`` in ``crew`` (in the session; the caller commits): its players (those who joined it later
    too) who are not yet people of the crew become people. ``False`` when it was in the crew already."""
    names = game_names(game)
    check_joinable(crew, names)
    already = db.session.execute(
        select(CrewGame.id).where(CrewGame.crew_id == crew.id, CrewGame.game_id == game.id)
    ).scalar_one_or_none()
    if already is not None:
        return False
    _add_new_people(crew, names)
    db.session.add(CrewGame(crew_id=crew.id, game_id=game.id))
    crew.version += 1
    return True


def crew_for_new_game(crew_id: Any, key: str | None) -> Crew:
    """The crew a game is created in (``"crew"`` of ``POST /api/games``): 404 for no such crew, 403 for a
    wrong or missing ``X-Crew-Key``."""
    if not isinstance(crew_id, str):
        raise ApiError(_('"crew" must be the id of a crew.'))
    crew = get_crew(crew_id)
    check_crew_key(crew, key)
    return crew


def player_joins(game: Game, name: str) -> None:
    """``name`` joins ``game`` (API.md "A game's life"): in every crew the game is in, they become a person of
    the crew unless their name is one already (in the session; the caller commits). 400, nothing changed, when
    the name is another name of a person already at the table in one of those crews."""
    crews = crews_of(game.id)
    for crew in crews:
        check_joinable(crew, [*game_names(game), name])
    for crew in crews:
        before = len(crew.people)
        _add_new_people(crew, [name])
        if len(crew.people) != before:
            crew.version += 1


def follow_rematch(game: Game, new: Game) -> None:
    """A rematch stays in every crew of the game it follows (in the session; the caller commits)."""
    for crew in crews_of(game.id):
        add_game(crew, new)


def _joining_game(game_id: Any) -> tuple[Game, PlayGame | None]:
    """The sheet a crew is asked to take: a score sheet by its id, or a digital game's sheet by either id."""
    if not isinstance(game_id, str):
        raise ApiError(_('"game" must be the id of a game.'))
    if well_formed_id(game_id):
        play = db.session.get(PlayGame, game_id)
        if play is not None:
            if play.sheet_id is None:
                raise ApiError(_("This digital game has no score sheet yet: finish a round first."), 409)
            return sheets.get_game(play.sheet_id), play
    game = sheets.get_game(game_id)
    play = db.session.execute(select(PlayGame).where(PlayGame.sheet_id == game.id)).scalar_one_or_none()
    return game, play


def join_game(crew: Crew, body: Any, crew_key: str | None, edit_key: str | None) -> tuple[Crew, int]:
    """``POST /api/crews/<id>/games``: the crew's key, then the game and its edit key (a digital game's sheet
    takes the digital game's). ``201`` when the game joined, ``200`` when it was in the crew already."""
    check_crew_key(crew, crew_key)
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    unknown = sorted(set(body) - {"game"})
    if unknown:
        raise ApiError(_('Unknown field "{name}": a game joins a crew with "game" only.').format(name=unknown[0]))
    if "game" not in body:
        raise ApiError(_('"game" is missing: send the id of the game that joins the crew.'))
    game, play = _joining_game(body["game"])
    if not edit_key:
        raise ApiError(_("A game joins a crew with its edit key too (X-Edit-Key: <edit key>)."), 403)
    if not (
        key_matches(edit_key, game.edit_key_hash) or (play is not None and key_matches(edit_key, play.edit_key_hash))
    ):
        refuse_wrong_key(play.id if play is not None else game.id)
    added = add_game(crew, game)
    _commit()
    return crew, 201 if added else 200


def _person(crew: Crew, name: str) -> CrewPerson:
    """The person ``name`` means in the crew (their name or an old one); 404 when it means nobody."""
    key = same_player(name)
    for person in crew.people:
        if any(alias.key == key for alias in person.aliases):
            return person
    raise ApiError(_("{name} is nobody in this crew.").format(name=name[: MAX_NAME + 10]), 404)


def change_person(crew: Crew, name: str, body: Any, crew_key: str | None) -> Crew:
    """``PUT /api/crews/<id>/people/<name>``: ``{"name": new}`` renames, ``{"same_as": other}`` folds this
    person into ``other`` (who keeps their name). Old names stay aliases."""
    check_crew_key(crew, crew_key)
    person = _person(crew, name)
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    unknown = sorted(set(body) - {"name", "same_as"})
    if unknown:
        raise ApiError(
            _('Unknown field "{name}": send "name" to rename a person or "same_as" to merge two.').format(
                name=unknown[0]
            )
        )
    if ("name" in body) == ("same_as" in body):
        raise ApiError(_('Send either "name" (a new name) or "same_as" (the person this one is), not both or none.'))
    if "name" in body:
        _rename(crew, person, _person_name(body["name"]))
    else:
        target = body["same_as"]
        if not isinstance(target, str):
            raise ApiError(_('"same_as" must be the name of the person this one is.'))
        _merge(crew, person, _person(crew, target))
    crew.version += 1
    _commit()
    return crew


def _rename(crew: Crew, person: CrewPerson, new: str) -> None:
    key = same_player(new)
    owner = next((a.person for p in crew.people for a in p.aliases if a.key == key), None)
    if owner is not None and owner.id != person.id:
        raise ApiError(
            _('{name} is another person of this crew: to say they are one, merge them ("same_as").').format(
                name=owner.name
            )
        )
    person.name = new
    alias = next((a for a in person.aliases if a.key == key), None)
    if alias is None:
        person.aliases.append(CrewAlias(crew_id=crew.id, name=new, key=key))
    else:
        alias.name = new


def _merge(crew: Crew, person: CrewPerson, target: CrewPerson) -> None:
    if person.id == target.id:
        raise ApiError(_("{name} is already that person.").format(name=person.name))
    mine = {alias.key for alias in person.aliases}
    theirs = {alias.key for alias in target.aliases}
    for game in _crew_games(crew):
        seated = {same_player(name) for name in game_names(game)}
        if seated & mine and seated & theirs:
            raise ApiError(
                _("{name} and {other} played in the same game: they are two people.").format(
                    name=person.name, other=target.name
                )
            )
    for alias in list(person.aliases):
        alias.person = target  # every name of the folded person now means the one it is folded into
    db.session.flush()
    crew.people.remove(person)


def commit() -> None:
    """Commit a crew's change: 409 when another request changed the crew at the same moment (the same new
    person added twice), nothing of this one kept."""
    _commit()


def _commit() -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise sheets.Conflict(_("Someone else changed this crew at the same moment: try again.")) from None
