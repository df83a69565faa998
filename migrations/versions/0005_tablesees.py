"""A points sheet carries the name of the game played ("Hearts"): game.name, null on every other sheet.

Revision ID: 0005_tablesees
Revises: 0003_live
Create Date: 2026-11-27 02:20:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0005_tablesees"
down_revision = "0005_ops"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name", sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("name")
