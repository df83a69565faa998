"""Decks people own: kind ids up to 20 characters (uno_no_mercy) and a round's own keys (side, last_standing).

Revision ID: 0005_decks
Revises: 0003_live
Create Date: 2026-11-27 02:40:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0005_decks"
down_revision = "0003_live"
branch_labels = None
depends_on = None


def _sqlite_foreign_keys(on: bool) -> None:
    """Turn SQLite's foreign keys on or off: the pragma takes effect only outside a transaction, so the one open
    (the migrations so far) is committed first and a new one begun after."""
    raw = op.get_bind().connection.dbapi_connection
    open_before = raw.in_transaction
    if open_before:
        raw.execute("COMMIT")
    raw.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")
    if open_before:
        raw.execute("BEGIN")


def _kind_length(old: int, new: int) -> None:
    """``kind`` of both game tables from ``old`` to ``new`` characters. SQLite changes a column by copying its table:
    dropping the old ``game`` table would take its players and rounds along (their foreign keys cascade), so the
    foreign keys are off while the tables are copied."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    if sqlite:
        _sqlite_foreign_keys(False)
    try:
        for table in ("game", "play_game"):
            with op.batch_alter_table(table, schema=None) as batch_op:
                batch_op.alter_column("kind", existing_type=sa.String(length=old), type_=sa.String(length=new))
    finally:
        if sqlite:
            _sqlite_foreign_keys(True)


def upgrade():
    _kind_length(10, 20)
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(sa.Column("extra", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_column("extra")
    _kind_length(20, 10)
