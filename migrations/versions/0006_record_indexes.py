"""Each game record (fastest game, biggest hand, ...) is the first row of an index per rule
set, instead of a sort of every confirmed game on every read of /v1/records.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

# The same filters and orders as projections/records.py's game records.
WINNERS = "player_id < partner_id AND won AND wins_by_abandonment = 0"
INDEXES = [
    ("duration_seconds", WINNERS),
    ("duration_seconds DESC", WINNERS),
    ("hands_played DESC", WINNERS),
    ("points DESC", WINNERS),
    ("biggest_hand DESC", "player_id < partner_id"),
]


def upgrade() -> None:
    for order, where in INDEXES:
        op.execute(
            f"CREATE INDEX ON proj_player_games (preset, {order}, finished_at, match_id)"
            f" WHERE {where}"
        )


def downgrade() -> None:
    # By definition, not by name: a projection rebuild renames its indexes.
    op.execute(
        """
        DO $$ DECLARE index_name text; BEGIN
            FOR index_name IN SELECT indexname FROM pg_indexes
                WHERE tablename = 'proj_player_games'
                  AND indexdef LIKE '%WHERE (%player_id < partner_id%'
            LOOP
                EXECUTE format('DROP INDEX %I', index_name);
            END LOOP;
        END $$
        """
    )
