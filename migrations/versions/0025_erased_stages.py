"""A torneio game's stage, when its creator labels it by hand ("final na casa do Zé"), is a
free text of theirs, committed like the game's place (design.md, "A player's data"): once
erased, it reads as no stage (null), which the game's creation decodes and no stage filter
matches. A fixture's stage is the service's label and stays in the body.

New events only: the stages of games created before stay in their hashed bodies, as
migration 0024 left the prizes (a re-anchoring like 0015's would move them).

Revision ID: 0025
Revises: 0024
"""

from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def _erased_text(stage: bool) -> str:
    return f"""
    CREATE OR REPLACE FUNCTION erased_text(stream text, path text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE
            WHEN path = 'name' AND stream LIKE 'player-%'
                THEN to_jsonb('Jogador ' || substr(stream, 8, 4))
            WHEN path = 'name' AND stream LIKE 'competition-%'
                THEN to_jsonb('Competição ' || substr(stream, 13, 4))
            WHEN path = 'prizes' THEN '{{}}'::jsonb
            {"WHEN path = 'stage' THEN 'null'::jsonb" if stage else ""}
            ELSE to_jsonb(''::text) END
    $$
    """


def upgrade() -> None:
    op.execute(_erased_text(stage=True))


def downgrade() -> None:
    op.execute(_erased_text(stage=False))
