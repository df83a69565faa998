"""A seat's claim code remembers the Idempotency-Key it was claimed with (hashed), so that the phone that claimed
it may ask again when the answer was lost on the way (API.md "Hand-over links that expire").

Revision ID: 0006_seatclaim
Revises: 0005_draft
Create Date: 2026-11-27 08:40:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0006_seatclaim"
down_revision = "0005_draft"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("claim", schema=None) as batch_op:
        batch_op.add_column(sa.Column("used_by", sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table("claim", schema=None) as batch_op:
        batch_op.drop_column("used_by")
