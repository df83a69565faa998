"""Crews: the same people across games (a crew, its people and their names, its games).

Revision ID: 0005_crews
Revises: 0003_live
Create Date: 2026-11-27 02:10:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0005_crews"
down_revision = "0005_gamelife"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "crew",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("key_hash", sa.String(length=128), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew")),
    )
    op.create_table(
        "crew_person",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("crew_id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(["crew_id"], ["crew.id"], name=op.f("fk_crew_person_crew_id_crew"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew_person")),
    )
    op.create_index(op.f("ix_crew_person_crew_id"), "crew_person", ["crew_id"], unique=False)
    op.create_table(
        "crew_alias",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("crew_id", sa.String(length=40), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("key", sa.String(length=160), nullable=False),
        sa.ForeignKeyConstraint(["crew_id"], ["crew.id"], name=op.f("fk_crew_alias_crew_id_crew"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["crew_person.id"], name=op.f("fk_crew_alias_person_id_crew_person"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew_alias")),
        sa.UniqueConstraint("crew_id", "key", name=op.f("uq_crew_alias_crew_id")),
    )
    op.create_index(op.f("ix_crew_alias_crew_id"), "crew_alias", ["crew_id"], unique=False)
    op.create_index(op.f("ix_crew_alias_person_id"), "crew_alias", ["person_id"], unique=False)
    op.create_table(
        "crew_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("crew_id", sa.String(length=40), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["crew_id"], ["crew.id"], name=op.f("fk_crew_game_crew_id_crew"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_crew_game_game_id_game"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew_game")),
        sa.UniqueConstraint("crew_id", "game_id", name=op.f("uq_crew_game_crew_id")),
    )
    op.create_index(op.f("ix_crew_game_crew_id"), "crew_game", ["crew_id"], unique=False)
    op.create_index(op.f("ix_crew_game_game_id"), "crew_game", ["game_id"], unique=False)


def downgrade():
    op.drop_index(op.f("ix_crew_game_game_id"), table_name="crew_game")
    op.drop_index(op.f("ix_crew_game_crew_id"), table_name="crew_game")
    op.drop_table("crew_game")
    op.drop_index(op.f("ix_crew_alias_person_id"), table_name="crew_alias")
    op.drop_index(op.f("ix_crew_alias_crew_id"), table_name="crew_alias")
    op.drop_table("crew_alias")
    op.drop_index(op.f("ix_crew_person_crew_id"), table_name="crew_person")
    op.drop_table("crew_person")
    op.drop_table("crew")
