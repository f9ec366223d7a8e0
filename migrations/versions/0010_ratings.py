"""A partnership rating beside the seed's ranking (OpenSkill, per game): each player's
rating now, its history game by game, and the games confirmed-to-be still being followed.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

TABLES = ("proj_ratings", "proj_rating_history", "proj_rating_games")


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE proj_ratings (
            player_id    text NOT NULL,
            game         text NOT NULL,
            mu           double precision NOT NULL,
            sigma        double precision NOT NULL,
            games        integer NOT NULL,
            last_game_at timestamptz NOT NULL,
            PRIMARY KEY (player_id, game)
        )
        """
    )
    op.execute("CREATE INDEX ON proj_ratings (game, (mu - 3 * sigma) DESC)")
    op.execute(
        """
        CREATE TABLE proj_rating_history (
            player_id  text NOT NULL,
            game       text NOT NULL,
            position   bigint NOT NULL,
            match_id   text NOT NULL,
            at         timestamptz NOT NULL,
            won        boolean NOT NULL,
            mu         double precision NOT NULL,
            sigma      double precision NOT NULL,
            ordinal    double precision GENERATED ALWAYS AS (mu - 3 * sigma) STORED,
            games      integer NOT NULL,
            PRIMARY KEY (player_id, game, position)
        )
        """
    )
    op.execute(
        """
        CREATE TABLE proj_rating_games (
            match_id  text PRIMARY KEY,
            game      text NOT NULL,
            seats     text[] NOT NULL,
            winner    text,
            ended_at  timestamptz
        )
        """
    )
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {', '.join(TABLES)} TO domino_app")


def downgrade() -> None:
    for table in reversed(TABLES):
        op.execute(f"DROP TABLE {table}")
