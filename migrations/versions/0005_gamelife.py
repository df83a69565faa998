"""A game's life: start and finish times, each round's saved time, a note, players who join or leave; the
claims that move a phone's games to another phone.

Existing games: ``started_at`` is their creation time; ``finished_at`` stays empty (a finished game's finish
time was never kept, and working out which games are finished needs the engine's replay); a stored round's
``saved_at`` is the time its row was written (``created_at``: when it was saved, or when its game was
imported). Rounds without a time (imported later from a file that had none) show ``"saved": null``.

Revision ID: 0005_gamelife
Revises: 0003_live
Create Date: 2026-11-27 02:15:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0005_gamelife"
down_revision = "0005_decks"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("started_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("finished_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("notes", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("lineup", sa.JSON(), nullable=True))
    op.execute("UPDATE game SET started_at = created_at")
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(sa.Column("saved_at", sa.DateTime(), nullable=True))
    op.execute("UPDATE round SET saved_at = created_at")
    op.create_table(
        "move_claim",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("payload", sa.LargeBinary(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("code_hash"),
    )
    with op.batch_alter_table("move_claim", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_move_claim_expires_at"), ["expires_at"], unique=False)


def downgrade():
    with op.batch_alter_table("move_claim", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_move_claim_expires_at"))
    op.drop_table("move_claim")
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_column("saved_at")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("lineup")
        batch_op.drop_column("notes")
        batch_op.drop_column("finished_at")
        batch_op.drop_column("started_at")
