"""Who may make a game count (design.md): a confirmed game counts only for the seats whose
players consented. The games' read model says for which seats (null: not confirmed, or
confirmed before consent was asked, when it counted for all); the rating follows a game
confirmed for some seats only, with how it moves the others, until they consent.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23
"""

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE proj_games ADD COLUMN counts_for smallint[]")
    op.execute("ALTER TABLE proj_rating_games ADD COLUMN counted smallint[]")
    op.execute("ALTER TABLE proj_rating_games ADD COLUMN moves jsonb")


def downgrade() -> None:
    op.execute("ALTER TABLE proj_rating_games DROP COLUMN moves")
    op.execute("ALTER TABLE proj_rating_games DROP COLUMN counted")
    op.execute("ALTER TABLE proj_games DROP COLUMN counts_for")
