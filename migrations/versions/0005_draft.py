"""A round entered together: the game's draft of its next round, and its players' keys (hashed).

Revision ID: 0005_draft
Revises: 0003_live
Create Date: 2026-11-27 02:20:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0005_draft"
down_revision = "0005_tablesees"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("draft", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("player_keys", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("player_keys")
        batch_op.drop_column("draft")
