"""Read models (rankings, statistics, streaks, achievements) and the projections' checkpoints.

Every table here is built from `events` by a projection (see `projections/`) and can be
rebuilt from the first event; the service's role may write these, never `events`.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# The per-player counters, in this order, in proj_player_games and proj_player_totals
# (projections/facts.py names the same list).
COUNTERS = (
    "games_played",
    "games_won",
    "games_lost",
    "hands_played",
    "hands_won",
    "hands_lost",
    "empates",
    "points",
    "points_against",
    "batidas",
    "simples",
    "carrocas",
    "la_e_los",
    "cruzadas",
    "team_cruzadas",
    "blocks_made",
    "blocks_suffered",
    "blocks_closed",
    "hands_lost_by_penalty",
    "penalties",
    "buchudas",
    "buchudas_suffered",
    "buchudas_de_re",
    "buchudas_de_re_suffered",
    "viradas",
    "viradas_suffered",
    "abandonments",
    "wins_by_abandonment",
    "duration_seconds",
)
_COUNTER_COLUMNS = ",\n".join(f"        {name} integer NOT NULL DEFAULT 0" for name in COUNTERS)

# Indexes are left unnamed: a rebuild copies a table with LIKE ... INCLUDING ALL and its
# generated names come back the same after the swap.
UPGRADE = [
    """
    CREATE TABLE projection_checkpoints (
        name        text PRIMARY KEY,
        position    bigint NOT NULL DEFAULT 0 CHECK (position >= 0),
        updated_at  timestamptz NOT NULL DEFAULT clock_timestamp()
    )
    """,
    """
    CREATE TABLE proj_players (
        player_id      text PRIMARY KEY,
        name           text NOT NULL,
        registered_at  timestamptz NOT NULL
    )
    """,
    """
    CREATE TABLE proj_competitions (
        competition_id  text PRIMARY KEY,
        name            text NOT NULL,
        kind            text NOT NULL,
        preset          text NOT NULL,
        created_at      timestamptz NOT NULL
    )
    """,
    # One row per game, from its creation: the queryable facts as columns, and in `facts`
    # what the fold needs until the game is confirmed (hands, penalties), so an annulled
    # hand or a reopened game is simply folded again.
    """
    CREATE TABLE proj_games (
        match_id          text PRIMARY KEY,
        competition_id    text,
        preset            text NOT NULL,
        seats             text[] NOT NULL,
        created_at        timestamptz NOT NULL,
        status            text NOT NULL CHECK (status IN ('in_progress', 'finished', 'confirmed')),
        winner            text,
        score_a           integer NOT NULL DEFAULT 0,
        score_b           integer NOT NULL DEFAULT 0,
        hands_played      integer NOT NULL DEFAULT 0,
        biggest_hand      integer NOT NULL DEFAULT 0,
        started_at        timestamptz,
        finished_at       timestamptz,
        duration_seconds  integer,
        abandoned         boolean NOT NULL DEFAULT false,
        confirmed_at      timestamptz,
        facts             jsonb NOT NULL
    )
    """,
    "CREATE INDEX ON proj_games (finished_at) WHERE status = 'finished'",
    # One row per player per confirmed game: rankings and statistics with any filter
    # (competition, period, rule set) are sums over these.
    f"""
    CREATE TABLE proj_player_games (
        player_id       text NOT NULL,
        match_id        text NOT NULL,
        seat            smallint NOT NULL,
        partner_id      text NOT NULL,
        opponents       text[] NOT NULL,
        competition_id  text,
        preset          text NOT NULL,
        finished_at     timestamptz NOT NULL,
        won             boolean NOT NULL,
        biggest_hand    integer NOT NULL DEFAULT 0,
{_COUNTER_COLUMNS},
        PRIMARY KEY (player_id, match_id)
    )
    """,
    "CREATE INDEX ON proj_player_games (finished_at)",
    "CREATE INDEX ON proj_player_games (competition_id) WHERE competition_id IS NOT NULL",
    # The same counters summed over all confirmed games, per rule set: the global ranking
    # and the all-time records read these instead of summing every game.
    f"""
    CREATE TABLE proj_player_totals (
        player_id  text NOT NULL,
        preset     text NOT NULL,
{_COUNTER_COLUMNS},
        PRIMARY KEY (player_id, preset)
    )
    """,
    """
    CREATE TABLE proj_player_streaks (
        player_id            text PRIMARY KEY,
        last_match           text NOT NULL,
        last_at              timestamptz NOT NULL,
        current_length       integer NOT NULL,
        current_first_match  text,
        current_first_at     timestamptz,
        current_last_match   text,
        current_last_at      timestamptz,
        best_length          integer NOT NULL,
        best_first_match     text,
        best_first_at        timestamptz,
        best_last_match      text,
        best_last_at         timestamptz
    )
    """,
    "CREATE INDEX ON proj_player_streaks (best_length)",
    """
    CREATE TABLE proj_achievements (
        player_id  text NOT NULL,
        kind       text NOT NULL,
        match_id   text NOT NULL,
        earned_at  timestamptz NOT NULL,
        position   bigint NOT NULL,
        PRIMARY KEY (player_id, kind)
    )
    """,
    "CREATE INDEX ON proj_achievements (kind, earned_at)",
]

TABLES = (
    "projection_checkpoints",
    "proj_players",
    "proj_competitions",
    "proj_games",
    "proj_player_games",
    "proj_player_totals",
    "proj_player_streaks",
    "proj_achievements",
)


def upgrade() -> None:
    for statement in UPGRADE:
        op.execute(statement)
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {', '.join(TABLES)} TO domino_app")


def downgrade() -> None:
    for table in reversed(TABLES):
        op.execute(f"DROP TABLE {table}")
