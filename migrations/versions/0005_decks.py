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


def upgrade():
    for table in ("game", "play_game"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column("kind", existing_type=sa.String(length=10), type_=sa.String(length=20))
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(sa.Column("extra", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_column("extra")
    for table in ("game", "play_game"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column("kind", existing_type=sa.String(length=20), type_=sa.String(length=10))
