"""Tables and rematches: every game belongs to a table, may follow a previous game, and may name its first dealer.

Existing games each get a table of their own (their table id is their game id). The columns are
added in place (no copy of the ``game`` table, so SQLite's cascades never touch the players and
rounds): on SQLite ``table_id`` is added NOT NULL with an empty default, then filled in.

Revision ID: 0003_live
Revises: 0004_seats
Create Date: 2026-11-22 21:21:32.306708

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003_live'
down_revision = '0004_seats'
branch_labels = None
depends_on = None


def upgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    op.add_column('game', sa.Column('table_id', sa.String(length=40), nullable=not sqlite, server_default='' if sqlite else None))
    op.execute("UPDATE game SET table_id = id")
    if not sqlite:
        op.alter_column('game', 'table_id', existing_type=sa.String(length=40), nullable=False)
    op.add_column('game', sa.Column('previous_id', sa.String(length=40), nullable=True))
    op.add_column('game', sa.Column('first_dealer', sa.String(length=40), nullable=True))
    op.create_index(op.f('ix_game_table_id'), 'game', ['table_id'], unique=False)
    op.create_index('uq_game_previous_id', 'game', ['previous_id'], unique=True)


def downgrade():
    op.drop_index('uq_game_previous_id', table_name='game')
    op.drop_index(op.f('ix_game_table_id'), table_name='game')
    op.drop_column('game', 'first_dealer')
    op.drop_column('game', 'previous_id')
    op.drop_column('game', 'table_id')
