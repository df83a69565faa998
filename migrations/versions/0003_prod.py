"""Wrong edit keys counted per game in the database, and the rate-limit counters (shared by every worker).

Revision ID: 0003_prod
Revises: 0002
Create Date: 2026-11-22 21:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003_prod'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('key_failure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=40), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_key_failure'))
    )
    with op.batch_alter_table('key_failure', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_key_failure_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_key_failure_game_id'), ['game_id'], unique=False)

    op.create_table('rate_limit',
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('hits', sa.Integer(), nullable=False),
    sa.Column('expires_at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_rate_limit'))
    )
    with op.batch_alter_table('rate_limit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rate_limit_expires_at'), ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('rate_limit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_limit_expires_at'))
    op.drop_table('rate_limit')
    with op.batch_alter_table('key_failure', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_key_failure_game_id'))
        batch_op.drop_index(batch_op.f('ix_key_failure_created_at'))
    op.drop_table('key_failure')
