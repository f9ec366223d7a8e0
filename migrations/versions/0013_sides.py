"""Tables of 2 to 8 seats (design.md, "Tables of 2 to 8 seats, and sides"): a game's score
and places are kept per side, and a player of a game played alone has no partner.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE proj_player_games ALTER COLUMN partner_id DROP NOT NULL")
    op.execute("ALTER TABLE proj_games ADD COLUMN score jsonb")
    op.execute("ALTER TABLE proj_games ADD COLUMN places jsonb")
    op.execute(
        "UPDATE proj_games SET score = jsonb_build_object('A', score_a, 'B', score_b),"
        " places = CASE WHEN winner IS NULL THEN NULL"
        " ELSE jsonb_build_array(jsonb_build_array(winner),"
        " jsonb_build_array(CASE WHEN winner = 'A' THEN 'B' ELSE 'A' END)) END"
    )
    op.execute("ALTER TABLE proj_rating_games ADD COLUMN places jsonb")


def downgrade() -> None:
    op.execute("ALTER TABLE proj_rating_games DROP COLUMN places")
    op.execute("ALTER TABLE proj_games DROP COLUMN places")
    op.execute("ALTER TABLE proj_games DROP COLUMN score")
    op.execute("DELETE FROM proj_player_games WHERE partner_id IS NULL")
    op.execute("ALTER TABLE proj_player_games ALTER COLUMN partner_id SET NOT NULL")
