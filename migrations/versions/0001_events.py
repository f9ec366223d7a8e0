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
    # Inserts that bypass append_events (an operator's, say) still wait for the append lock
    # and get their link of the hash chain here; append_events computes its own links.
    f"""
    CREATE FUNCTION events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        previous bytea := '\\x';
    BEGIN
        PERFORM pg_advisory_xact_lock({APPEND_LOCK});
        IF NEW.hash IS NOT NULL THEN
            RETURN NEW;
        END IF;
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
    # One round trip per batch of appends: lock, check every request against its stream,
    # link the hash chain, insert, notify. Callers send at most one request per stream and
    # per key in a batch (each is checked against the stream as it was before the batch).
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
        n int;
        e int := 0;
        link bytea;
        known idempotency_keys%ROWTYPE;
        positions bigint[] := '{{}}';
        streams text[] := '{{}}';
        versions int[] := '{{}}';
        hashes bytea[] := '{{}}';
        appended int[] := '{{}}';
    BEGIN
        -- Taken before anything is read: every later statement sees all earlier commits.
        PERFORM pg_advisory_xact_lock({APPEND_LOCK});
        SELECT coalesce(max(x.position), 0) INTO last FROM events x;
        FOR n IN 1 .. coalesce(array_length(req_stream, 1), 0) LOOP
            stream_id := req_stream[n];
            first_version := NULL;
            last_version := NULL;
            first_position := NULL;
            last_position := NULL;
            known := NULL;
            IF req_key[n] IS NOT NULL THEN
                SELECT * INTO known FROM idempotency_keys k WHERE k.key = req_key[n];
            END IF;
            SELECT x.stream_version, x.hash INTO current_version, link FROM events x
             WHERE x.stream_id = req_stream[n] ORDER BY x.stream_version DESC LIMIT 1;
            current_version := coalesce(current_version, 0);
            link := coalesce(link, '\\x');
            IF known.key IS NOT NULL THEN
                outcome := CASE WHEN known.fingerprint = req_fingerprint[n]
                                THEN 'replayed' ELSE 'key-reused' END;
                stream_id := known.stream_id;
                first_version := known.first_version;
                last_version := known.last_version;
                first_position := known.first_position;
                last_position := known.last_position;
                e := e + req_count[n];
            ELSIF req_expected[n] IS NOT NULL AND req_expected[n] <> current_version THEN
                outcome := 'conflict';
                e := e + req_count[n];
            ELSE
                outcome := 'appended';
                first_version := current_version + 1;
                first_position := last + 1;
                FOR i IN 1 .. req_count[n] LOOP
                    e := e + 1;
                    last := last + 1;
                    link := sha256(link || convert_to(
                        req_stream[n] || E'\\n' || (current_version + i) || E'\\n' ||
                        ev_type[e] || E'\\n' || ev_data[e]::text, 'UTF8'));
                    positions := positions || last;
                    streams := streams || req_stream[n];
                    versions := versions || (current_version + i);
                    hashes := hashes || link;
                    appended := appended || e;
                END LOOP;
                last_version := current_version + req_count[n];
                last_position := last;
                IF req_key[n] IS NOT NULL THEN
                    INSERT INTO idempotency_keys (key, fingerprint, stream_id, first_version,
                        last_version, first_position, last_position)
                    VALUES (req_key[n], req_fingerprint[n], req_stream[n], first_version,
                            last_version, first_position, last_position);
                END IF;
            END IF;
            RETURN NEXT;
        END LOOP;
        IF array_length(positions, 1) > 0 THEN
            INSERT INTO events (position, stream_id, stream_version, event_type, data, metadata,
                                hash)
            SELECT p, s, v, ev_type[i], ev_data[i], ev_metadata[i], h
              FROM unnest(positions, streams, versions, appended, hashes) AS u(p, s, v, i, h);
            PERFORM pg_notify('domino_events', last::text);
        END IF;
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
