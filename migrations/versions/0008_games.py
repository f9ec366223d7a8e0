"""Every game of the seeds: each player's game rows and totals keep the counters of their
game (Sueca's bandeiradas and card points, Truco's raises and runs, ...) in `extra`, and win
streaks are kept per game.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-22
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Rows before this revision are dominoes games, whose counters are all columns.
    for table in ("proj_player_games", "proj_player_totals"):
        op.execute(f"ALTER TABLE {table} ADD COLUMN extra jsonb NOT NULL DEFAULT '{{}}'")
    op.execute("ALTER TABLE proj_player_streaks ADD COLUMN game text NOT NULL DEFAULT 'dominoes'")
    op.execute("ALTER TABLE proj_player_streaks DROP CONSTRAINT proj_player_streaks_pkey")
    op.execute("ALTER TABLE proj_player_streaks ADD PRIMARY KEY (player_id, game)")


def downgrade() -> None:
    op.execute("DELETE FROM proj_player_streaks WHERE game <> 'dominoes'")
    op.execute("ALTER TABLE proj_player_streaks DROP CONSTRAINT proj_player_streaks_pkey")
    op.execute("ALTER TABLE proj_player_streaks ADD PRIMARY KEY (player_id)")
    op.execute("ALTER TABLE proj_player_streaks DROP COLUMN game")
    for table in ("proj_player_games", "proj_player_totals"):
        op.execute(f"ALTER TABLE {table} DROP COLUMN extra")
