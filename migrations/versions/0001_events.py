"""The append-only events table, its hash chain, its guards and the service's role.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# Every insert into `events` holds this transaction-level advisory lock until commit, so
# events become visible in the order of their positions (see service/event_store.py).
APPEND_LOCK = 7023011201


UPGRADE = [
    """
    CREATE TABLE events (
        position        bigint PRIMARY KEY CHECK (position >= 1),
        stream_id       text NOT NULL CHECK (length(stream_id) BETWEEN 1 AND 200),
        stream_version  integer NOT NULL CHECK (stream_version >= 1),
        event_type      text NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
        data            jsonb NOT NULL,
        metadata        jsonb NOT NULL DEFAULT '{}',
        recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
        hash            bytea NOT NULL,
        CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
    )
    """,
    """
    CREATE TABLE idempotency_keys (
        key             text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 300),
        fingerprint     bytea NOT NULL,
        stream_id       text NOT NULL,
        first_version   integer NOT NULL,
        last_version    integer NOT NULL,
        first_position  bigint NOT NULL,
        last_position   bigint NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp()
    )
    """,
    # The hash is computed here, not by the writer, so no client can forge a link.
    f"""
    CREATE FUNCTION events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        previous bytea := '\\x';
    BEGIN
        PERFORM pg_advisory_xact_lock({APPEND_LOCK});
        IF NEW.position IS NULL THEN
            SELECT coalesce(max(position), 0) + 1 INTO NEW.position FROM events;
        END IF;
        IF NEW.stream_version > 1 THEN
            SELECT hash INTO previous FROM events
             WHERE stream_id = NEW.stream_id AND stream_version = NEW.stream_version - 1;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'stream % has no version %', NEW.stream_id,
                    NEW.stream_version - 1 USING ERRCODE = 'foreign_key_violation';
            END IF;
        END IF;
        NEW.hash := sha256(previous || convert_to(
            NEW.stream_id || E'\\n' || NEW.stream_version || E'\\n' ||
            NEW.event_type || E'\\n' || NEW.data::text, 'UTF8'));
        RETURN NEW;
    END $$
    """,
    """
    CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
            USING ERRCODE = 'insufficient_privilege';
    END $$
    """,
    # One round trip per batch of appends: lock, check every request, insert, notify.
    # Callers send at most one request per stream and per key in a batch.
    f"""
    CREATE FUNCTION append_events(
        req_stream text[], req_expected int[], req_count int[], req_key text[],
        req_fingerprint bytea[], ev_type text[], ev_data jsonb[], ev_metadata jsonb[]
    ) RETURNS TABLE (
        outcome text, stream_id text, first_version int, last_version int,
        first_position bigint, last_position bigint, current_version int
    ) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
        last bigint;
    BEGIN
        -- Taken before anything is read: every later statement sees all earlier commits.
        PERFORM pg_advisory_xact_lock({APPEND_LOCK});
        SELECT coalesce(max(e.position), 0) INTO last FROM events e;
        RETURN QUERY
        WITH req AS (
            SELECT r.n, r.stream, r.expected, r.count, r.key, r.fingerprint,
                   coalesce((SELECT e.stream_version FROM events e WHERE e.stream_id = r.stream
                             ORDER BY e.stream_version DESC LIMIT 1), 0) AS current,
                   sum(r.count) OVER (ORDER BY r.n) - r.count AS event_offset,
                   k.fingerprint AS known, k.stream_id AS k_stream, k.first_version AS k_first,
                   k.last_version AS k_last, k.first_position AS k_first_pos,
                   k.last_position AS k_last_pos
            FROM unnest(req_stream, req_expected, req_count, req_key, req_fingerprint)
                 WITH ORDINALITY AS r(stream, expected, count, key, fingerprint, n)
            LEFT JOIN idempotency_keys k ON k.key = r.key
        ), decided AS (
            SELECT req.*, CASE
                WHEN known IS NOT NULL AND known = fingerprint THEN 'replayed'
                WHEN known IS NOT NULL THEN 'key-reused'
                WHEN expected IS NOT NULL AND expected <> current THEN 'conflict'
                ELSE 'appended' END AS verdict
            FROM req
        ), placed AS (
            SELECT decided.*, last + coalesce(sum(count) FILTER (WHERE verdict = 'appended') OVER (
                ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS base
            FROM decided
        ), appended AS (
            INSERT INTO events (position, stream_id, stream_version, event_type, data, metadata)
            SELECT p.base + i, p.stream, p.current + i, ev_type[p.event_offset + i],
                   ev_data[p.event_offset + i], ev_metadata[p.event_offset + i]
            FROM placed p, generate_series(1, p.count) AS i
            WHERE p.verdict = 'appended'
            ORDER BY p.n, i
            RETURNING events.position
        ), keyed AS (
            INSERT INTO idempotency_keys (key, fingerprint, stream_id, first_version,
                                          last_version, first_position, last_position)
            SELECT p.key, p.fingerprint, p.stream, p.current + 1, p.current + p.count,
                   p.base + 1, p.base + p.count
            FROM placed p WHERE p.verdict = 'appended' AND p.key IS NOT NULL
            RETURNING idempotency_keys.key
        ), notified AS (
            SELECT pg_notify('domino_events', max(position)::text) FROM appended
        )
        SELECT p.verdict,
               coalesce(p.k_stream, p.stream),
               CASE WHEN p.verdict = 'replayed' THEN p.k_first ELSE p.current + 1 END,
               CASE WHEN p.verdict = 'replayed' THEN p.k_last ELSE p.current + p.count END,
               CASE WHEN p.verdict = 'replayed' THEN p.k_first_pos ELSE p.base + 1 END,
               CASE WHEN p.verdict = 'replayed' THEN p.k_last_pos ELSE p.base + p.count END,
               p.current
        FROM placed p
        WHERE (SELECT count(*) FROM notified) >= 0 AND (SELECT count(*) FROM keyed) >= 0
        ORDER BY p.n;
    END $$
    """,
    "CREATE TRIGGER events_chain BEFORE INSERT ON events"
    " FOR EACH ROW EXECUTE FUNCTION events_chain()",
    "CREATE TRIGGER events_refuse_change BEFORE UPDATE OR DELETE ON events"
    " FOR EACH ROW EXECUTE FUNCTION refuse_change()",
    "CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events"
    " FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()",
    "CREATE TRIGGER idempotency_refuse_change BEFORE UPDATE OR DELETE ON idempotency_keys"
    " FOR EACH ROW EXECUTE FUNCTION refuse_change()",
    "CREATE TRIGGER idempotency_refuse_truncate BEFORE TRUNCATE ON idempotency_keys"
    " FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()",
    """
    DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'domino_app') THEN
            CREATE ROLE domino_app LOGIN;
        END IF;
    END $$
    """,
    "GRANT USAGE ON SCHEMA public TO domino_app",
    "GRANT SELECT, INSERT ON events, idempotency_keys TO domino_app",
    "GRANT EXECUTE ON FUNCTION append_events TO domino_app",
    "GRANT SELECT ON alembic_version TO domino_app",
]


def upgrade() -> None:
    for statement in UPGRADE:
        op.execute(statement)


def downgrade() -> None:
    for statement in (
        "DROP TABLE idempotency_keys",
        "DROP TABLE events",
        "DROP FUNCTION refuse_change()",
        "DROP FUNCTION append_events",
        "DROP FUNCTION events_chain()",
    ):
        op.execute(statement)
