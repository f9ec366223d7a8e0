"""A player's confirmed games of a rule set, read from an index alone: the statistics count
a player's streak again from all of them whenever a game is confirmed after a later one (a
confirmation at a club often comes late), and the rows, one heap page each, were most of
the slowest batches' time (issue 34; bench/README.md, the session of 2026-11-30 01:16).

Revision ID: 0029
Revises: 0028
"""

from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "CREATE INDEX ON proj_player_games (player_id, preset) INCLUDE (finished_at, match_id, won)"
    )


def downgrade() -> None:
    # By definition, not by name: a projection rebuild renames its indexes.
    op.execute(
        """
        DO $$ DECLARE index_name text; BEGIN
            FOR index_name IN SELECT indexname FROM pg_indexes
                WHERE tablename = 'proj_player_games'
                  AND indexdef LIKE '%(player_id, preset) INCLUDE (finished_at, match_id, won)%'
            LOOP
                EXECUTE format('DROP INDEX %I', index_name);
            END LOOP;
        END $$
        """
    )
