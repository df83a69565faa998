"""Digital games on several phones: remote seats and their keys (hashed), turn_since, rematch, idempotency keys.

Revision ID: 0004_seats
Revises: 0003_prod
Create Date: 2026-11-22 21:30:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0004_seats"
down_revision = "0003_prod"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("play_game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seat_info", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("turn_since", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("next_id", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("recent_keys", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("play_game", schema=None) as batch_op:
        batch_op.drop_column("recent_keys")
        batch_op.drop_column("next_id")
        batch_op.drop_column("turn_since")
        batch_op.drop_column("seat_info")
