"""Players are found by name whatever the case and the accents: `search_name` holds the
name folded (accents stripped, case folded), as `projections.directory.search_key` does.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _search_key(name: str) -> str:
    # A copy of projections.directory.search_key: a revision must not change with the code.
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def upgrade() -> None:
    op.execute("ALTER TABLE proj_players ADD COLUMN search_name text")
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT player_id, name FROM proj_players")).all()
    for player_id, name in rows:
        connection.execute(
            sa.text("UPDATE proj_players SET search_name = :key WHERE player_id = :id"),
            {"key": _search_key(name), "id": player_id},
        )
    op.execute("ALTER TABLE proj_players ALTER COLUMN search_name SET NOT NULL")


def downgrade() -> None:
    op.execute("ALTER TABLE proj_players DROP COLUMN search_name")
