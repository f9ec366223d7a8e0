"""A torneio's games carry their stage ("grupo A", "final"): lists and rankings filter by it.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Games before this revision had no stage: NULL is their truth, no backfill needed.
    op.execute("ALTER TABLE proj_games ADD COLUMN stage text")
    op.execute("ALTER TABLE proj_player_games ADD COLUMN stage text")
    op.execute(
        "CREATE INDEX ON proj_games (competition_id, stage) WHERE competition_id IS NOT NULL"
    )


def downgrade() -> None:
    op.execute("ALTER TABLE proj_player_games DROP COLUMN stage")
    op.execute("ALTER TABLE proj_games DROP COLUMN stage")
