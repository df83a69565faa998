"""The write protocol itself (app/services/writes.py), which the JSON API and the pages both call: the work done
before the lock is stored when the game is still as read; a game changed meanwhile is read again, the writer
checked again, and the change worked out anew. (test_write_lock.py shows the lock is taken only after the work.)
"""

from __future__ import annotations

import pytest
from api_helpers import create
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from app.errors import ApiError
from app.extensions import db
from app.services import sheets, writes


def changed_by_another_request(app, game_id: str) -> None:
    """What another phone's save does to the stored game meanwhile: a new version (on its own connection)."""
    engine = create_engine(app.config["SQLALCHEMY_DATABASE_URI"], poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text("UPDATE game SET version = version + 1 WHERE id = :id"), {"id": game_id})
    engine.dispose()


@pytest.fixture
def game_id(client):
    return create(client)[0]


def test_work_done_before_the_lock_is_stored_when_the_game_is_as_read(app, game_id):
    checked, stored = [], []
    with app.test_request_context():
        game = sheets.get_game(game_id)
        written = writes.write_late(
            game,
            lambda game: "scored before the lock",
            lambda game, prepared: stored.append(prepared) or "the answer",
            may_write=checked.append,
        )
        db.session.rollback()
    assert written == writes.Written("the answer", game, as_read=True)
    assert stored == ["scored before the lock"]
    assert checked == []  # the writer was checked before the work; the game did not change since


def test_a_game_changed_meanwhile_is_read_again_and_the_change_worked_out_anew(app, game_id):
    checked, stored = [], []
    with app.test_request_context():
        game = sheets.get_game(game_id)
        version = game.version

        def prepare(game):
            changed_by_another_request(app, game_id)
            return "scored on the old version"

        written = writes.write_late(
            game,
            prepare,
            lambda game, prepared: stored.append((prepared, game.version)) or "the answer",
            may_write=lambda game: checked.append(game.version),
        )
        db.session.rollback()
    assert written.answer == "the answer" and written.as_read is False
    assert stored == [(None, version + 1)]  # the write saw the stored version and none of the old work
    assert checked == [version + 1]


def test_a_writer_refused_on_the_changed_game_writes_nothing(app, game_id):
    stored = []

    def refuse(game):
        raise ApiError("This phone can only view this sheet.", 403)

    with app.test_request_context():
        game = sheets.get_game(game_id)
        with pytest.raises(ApiError) as refused:
            writes.write_late(
                game,
                lambda game: changed_by_another_request(app, game_id),
                lambda game, prepared: stored.append(prepared),
                may_write=refuse,
            )
        db.session.rollback()
    assert refused.value.status == 403 and stored == []
