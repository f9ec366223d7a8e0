"""A game's read-model status may be disputed or annulled (docs/rules-decisions.md, G30-G36).

Revision ID: 0016
Revises: 0015
"""

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE proj_games DROP CONSTRAINT proj_games_status_check")
    op.execute(
        "ALTER TABLE proj_games ADD CONSTRAINT proj_games_status_check CHECK (status IN"
        " ('in_progress', 'finished', 'confirmed', 'cancelled', 'disputed', 'annulled'))"
    )


def downgrade() -> None:
    op.execute("ALTER TABLE proj_games DROP CONSTRAINT proj_games_status_check")
    op.execute(
        "ALTER TABLE proj_games ADD CONSTRAINT proj_games_status_check"
        " CHECK (status IN ('in_progress', 'finished', 'confirmed', 'cancelled'))"
    )
