"""Bearer tokens, stored hashed, outside the public event log.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE tokens (
            token_hash  bytea PRIMARY KEY,
            player_id   text NOT NULL,
            created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
            expires_at  timestamptz
        )
        """
    )
    op.execute("CREATE INDEX tokens_player_id ON tokens (player_id)")
    op.execute("GRANT SELECT, INSERT ON tokens TO domino_app")


def downgrade() -> None:
    op.execute("DROP TABLE tokens")
