"""A torneio's prizes are a free text its creator writes, committed like its name (design.md,
"A player's data"): once erased, they read as no prizes (`{}`), which the competition's
creation decodes, where the empty text of other fields would not.

New events only: the prizes of competitions created before stay in their hashed bodies,
as migration 0015 left them (a re-anchoring like 0015's would move them).

Revision ID: 0024
Revises: 0023
"""

from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def _erased_text(prizes: bool) -> str:
    return f"""
    CREATE OR REPLACE FUNCTION erased_text(stream text, path text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE
            WHEN path = 'name' AND stream LIKE 'player-%'
                THEN to_jsonb('Jogador ' || substr(stream, 8, 4))
            WHEN path = 'name' AND stream LIKE 'competition-%'
                THEN to_jsonb('Competição ' || substr(stream, 13, 4))
            {"WHEN path = 'prizes' THEN '{}'::jsonb" if prizes else ""}
            ELSE to_jsonb(''::text) END
    $$
    """


def upgrade() -> None:
    op.execute(_erased_text(prizes=True))


def downgrade() -> None:
    op.execute(_erased_text(prizes=False))
