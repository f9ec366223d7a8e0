"""Secrets kept apart from the hashed body of an event (design.md, "Secrets in the history").

An event that carries a secret (a seat's hand, the dorme, a card played face down) stores
it in `secret`, each part with a fresh 128-bit salt; its `data`, which the hash chain
covers, holds the part's commitment, sha256(salt || canonical JSON of the part), in its
place. The chain's rule does not change (it always covered `data` alone), so every event
stored before verifies as it did: nothing is rewritten. Those older events kept their
secrets in `data`; the reads withhold their links while such a secret is hidden (see
service/http/history.py).

`append_events` gains the secrets as a ninth array; the eight-array form stays, so that an
instance still running the previous release keeps appending during a rolling upgrade.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

APPEND_LOCK = 7023011201  # as in 0001: one lock orders every append

APPEND_WITH_SECRETS = f"""
CREATE FUNCTION append_events(
    req_stream text[], req_expected int[], req_count int[], req_key text[],
    req_fingerprint bytea[], ev_type text[], ev_data jsonb[], ev_metadata jsonb[],
    ev_secret jsonb[]
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
                -- The chain covers the public body only: never `ev_secret`.
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
                            hash, secret)
        SELECT p, s, v, ev_type[i], ev_data[i], ev_metadata[i], h, ev_secret[i]
          FROM unnest(positions, streams, versions, appended, hashes) AS u(p, s, v, i, h);
        PERFORM pg_notify('domino_events', last::text);
    END IF;
END $$
"""

NINE = "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[], jsonb[]"


def upgrade() -> None:
    op.execute("ALTER TABLE events ADD COLUMN secret jsonb")
    op.execute(
        "COMMENT ON COLUMN events.secret IS 'Salted secret parts of the event, outside the"
        ' hash chain: {"<path>": {"salt": "<32 hex>", "value": ...}}\''
    )
    op.execute(APPEND_WITH_SECRETS)
    op.execute(f"GRANT EXECUTE ON FUNCTION append_events({NINE}) TO domino_app")


def downgrade() -> None:
    op.execute(f"DROP FUNCTION append_events({NINE})")
    op.execute("ALTER TABLE events DROP COLUMN secret")
