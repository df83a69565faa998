"""Idempotency keys keep the game their answer held, not a copy of the answer (API.md "Operations"); hand-over
links' claim codes (API.md "Hand-over links that expire").

A stored reply's ``body`` (the whole game as answered: a 50-round sheet's keys took 26 times the game) becomes
``answer_id``, the id of the game it held (the sheet itself, or a rematch's new game); a replay answers that
game as it is now. ``created_at`` is indexed for pruning.

Revision ID: 0005_ops
Revises: 0003_live
Create Date: 2026-11-27 02:20:00

"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0005_ops"
down_revision = "0005_crews"
branch_labels = None
depends_on = None

BATCH = 500


def _answer_id(body) -> str | None:
    if isinstance(body, str):
        try:
            body = json.loads(body)
        except ValueError:
            return None
    value = body.get("id") if isinstance(body, dict) else None
    return value if isinstance(value, str) and len(value) <= 40 else None


def upgrade():
    with op.batch_alter_table("idempotent_reply", schema=None) as batch_op:
        batch_op.add_column(sa.Column("answer_id", sa.String(length=40), nullable=True))
    connection = op.get_bind()
    replies = sa.table(
        "idempotent_reply",
        sa.column("id", sa.Integer),
        sa.column("body", sa.JSON),
        sa.column("answer_id", sa.String),
    )
    last = 0
    while True:  # in batches: an old database may hold megabytes of stored answers
        rows = connection.execute(
            sa.select(replies.c.id, replies.c.body).where(replies.c.id > last).order_by(replies.c.id).limit(BATCH)
        ).all()
        if not rows:
            break
        for row in rows:
            connection.execute(
                replies.update().where(replies.c.id == row.id).values(answer_id=_answer_id(row.body))
            )
        last = rows[-1].id
    with op.batch_alter_table("idempotent_reply", schema=None) as batch_op:
        batch_op.drop_column("body")
        batch_op.create_index(batch_op.f("ix_idempotent_reply_created_at"), ["created_at"], unique=False)
    op.create_table(
        "claim",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("right", sa.String(length=60), nullable=False),
        sa.Column("masked_key", sa.String(length=256), nullable=False),
        sa.Column("once", sa.Boolean(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_claim")),
    )
    with op.batch_alter_table("claim", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_claim_expires_at"), ["expires_at"], unique=False)


def downgrade():
    with op.batch_alter_table("claim", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_claim_expires_at"))
    op.drop_table("claim")
    # The answers themselves are gone: the keys are forgotten (a resent round is then refused as stored, 409).
    op.execute("DELETE FROM idempotent_reply")
    with op.batch_alter_table("idempotent_reply", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_idempotent_reply_created_at"))
        batch_op.drop_column("answer_id")
        batch_op.add_column(sa.Column("body", sa.JSON(), nullable=False, server_default="{}"))
    with op.batch_alter_table("idempotent_reply", schema=None) as batch_op:
        batch_op.alter_column("body", server_default=None)
