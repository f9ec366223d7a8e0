"""A game created by mistake can be cancelled before its confirmation: its row says so.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-22
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE proj_games DROP CONSTRAINT proj_games_status_check")
    op.execute(
        "ALTER TABLE proj_games ADD CONSTRAINT proj_games_status_check"
        " CHECK (status IN ('in_progress', 'finished', 'confirmed', 'cancelled'))"
    )


def downgrade() -> None:
    op.execute("DELETE FROM proj_games WHERE status = 'cancelled'")
    op.execute("ALTER TABLE proj_games DROP CONSTRAINT proj_games_status_check")
    op.execute(
        "ALTER TABLE proj_games ADD CONSTRAINT proj_games_status_check"
        " CHECK (status IN ('in_progress', 'finished', 'confirmed'))"
    )
