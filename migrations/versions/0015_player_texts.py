"""A player's data is theirs (issue 33; design.md, "A player's data"): names and free texts
committed in the log like secrets, their openings in a table of their own that an erasure
deletes.

- `openings`: one row a text (a player's name, a competition's name, a game's place and
  notes, a penalty's note): its commitment sha256hex(salt || canonical JSON of the value),
  which the event's public body holds in `data.texts` (the value itself null there, so the
  hash chain never covers it), the salt, the value and its owner (the player who wrote it,
  or whom it names). The service's role may DELETE here and nowhere else.
- `erasures`: who was erased, when, by whom, and which commitments lost their opening.
  An opening written for an erased owner is refused (`openings_guard`), under a lock an
  erasure takes exclusively and every insert shares: neither can slip past the other.
- `open_texts(data, stream)`: the body as reads show it, each text put back from its
  opening, or, once erased, a pseudonym ("Jogador 7f3a") or an empty text.
- Events recorded before, with texts in clear, are re-anchored once, here: each is
  rewritten to the committed form, its opening kept, and its stream's hash chain relinked
  from it; every rewrite is recorded in `reanchorings` (old and new hash of each link) and
  announced in the log itself by a `history_reanchored` event of the stream
  `audit-reanchoring` (docs/reliability.md, "Names in the log").

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26
"""

import hashlib
import json
import secrets
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

TEXT_FIELDS = {
    "player_registered": ("name",),
    "player_renamed": ("name",),
    "competition_created": ("name",),
    "match_created": ("place", "notes"),
    "penalty_recorded": ("note",),
}
"""As service/store/texts.py: a migration never imports the service."""

TABLES = [
    """
    CREATE TABLE openings (
        commitment   text PRIMARY KEY,
        stream_id    text NOT NULL,
        path         text NOT NULL,
        owner        text NOT NULL,
        salt         text NOT NULL,
        value        jsonb NOT NULL,
        recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp()
    )
    """,
    "CREATE INDEX openings_owner ON openings (owner)",
    "CREATE INDEX openings_stream ON openings (stream_id)",
    """
    CREATE TABLE erasures (
        player_id    text PRIMARY KEY,
        erased_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
        erased_by    text NOT NULL,
        commitments  text[] NOT NULL DEFAULT '{}'
    )
    """,
    """
    CREATE TABLE reanchorings (
        stream_id      text NOT NULL,
        version        integer NOT NULL,
        old_hash       bytea NOT NULL,
        new_hash       bytea NOT NULL,
        rewritten      boolean NOT NULL,
        reanchored_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (stream_id, version)
    )
    """,
]

FUNCTIONS = [
    """
    CREATE FUNCTION erasure_lock(owner text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
        SELECT hashtextextended('erasure:' || owner, 7023011233)
    $$
    """,
    """
    CREATE FUNCTION openings_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock_shared(erasure_lock(NEW.owner));
        IF EXISTS (SELECT 1 FROM erasures WHERE player_id = NEW.owner) THEN
            RAISE EXCEPTION 'player % is erased', NEW.owner USING ERRCODE = 'LG001';
        END IF;
        RETURN NEW;
    END $$
    """,
    "CREATE TRIGGER openings_guard BEFORE INSERT ON openings"
    " FOR EACH ROW EXECUTE FUNCTION openings_guard()",
    # Erase an owner: their openings deleted, the erasure recorded. NULL when already erased.
    """
    CREATE FUNCTION erase_owner(who text, erased_by text) RETURNS text[]
    LANGUAGE plpgsql AS $$
    DECLARE
        gone text[];
    BEGIN
        PERFORM pg_advisory_xact_lock(erasure_lock(who));
        IF EXISTS (SELECT 1 FROM erasures WHERE player_id = who) THEN
            RETURN NULL;
        END IF;
        WITH deleted AS (DELETE FROM openings WHERE owner = who RETURNING commitment)
        SELECT coalesce(array_agg(commitment ORDER BY commitment), '{}') INTO gone FROM deleted;
        INSERT INTO erasures (player_id, erased_by, commitments) VALUES (who, erased_by, gone);
        RETURN gone;
    END $$
    """,
    """
    CREATE FUNCTION erased_text(stream text, path text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE
            WHEN path = 'name' AND stream LIKE 'player-%'
                THEN to_jsonb('Jogador ' || substr(stream, 8, 4))
            WHEN path = 'name' AND stream LIKE 'competition-%'
                THEN to_jsonb('Competição ' || substr(stream, 13, 4))
            ELSE to_jsonb(''::text) END
    $$
    """,
    """
    CREATE FUNCTION open_texts(body jsonb, stream text) RETURNS jsonb
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
        item record;
        shown jsonb;
    BEGIN
        IF NOT body ? 'texts' THEN
            RETURN body;
        END IF;
        FOR item IN SELECT key, value #>> '{}' AS commitment FROM jsonb_each(body -> 'texts')
        LOOP
            SELECT o.value INTO shown FROM openings o WHERE o.commitment = item.commitment;
            IF NOT FOUND THEN
                shown := erased_text(stream, item.key);
            END IF;
            body := jsonb_set(body, ARRAY[item.key], shown);
        END LOOP;
        RETURN body;
    END $$
    """,
    # Each text's salt ({"<path>": "<salt>"}, null once erased), and "earlier": a name that
    # a later rename of the same player replaced (reads show it to the player alone).
    """
    CREATE FUNCTION text_openings(body jsonb, stream text, version int) RETURNS jsonb
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
        item record;
        salts jsonb := '{}';
        kept text;
    BEGIN
        IF NOT body ? 'texts' THEN
            RETURN NULL;
        END IF;
        FOR item IN SELECT key, value #>> '{}' AS commitment FROM jsonb_each(body -> 'texts')
        LOOP
            SELECT o.salt INTO kept FROM openings o WHERE o.commitment = item.commitment;
            salts := salts || jsonb_build_object(item.key, kept);
        END LOOP;
        RETURN jsonb_build_object('salts', salts, 'earlier', stream LIKE 'player-%' AND EXISTS (
            SELECT 1 FROM events e WHERE e.stream_id = stream AND e.stream_version > version
               AND e.event_type = 'player_renamed'));
    END $$
    """,
]

GRANTS = [
    "GRANT SELECT, INSERT, DELETE ON openings TO domino_app",
    "GRANT SELECT, INSERT ON erasures TO domino_app",
    "GRANT SELECT ON reanchorings TO domino_app",
]


def _canonical(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()


def _owner(stream: str, body: dict[str, Any], metadata: dict[str, Any]) -> str:
    if stream.startswith("player-"):
        return stream.removeprefix("player-")
    return str(body.get("created_by") or metadata.get("actor") or "admin")


def _committed(
    stream: str, tag: str, body: dict[str, Any], metadata: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The body with its texts committed, and their openings (empty when it has none)."""
    texts: dict[str, str] = {}
    openings: list[dict[str, str]] = []
    for field in TEXT_FIELDS[tag]:
        value = body.get(field)
        if not isinstance(value, str) or not value:
            continue
        salt = secrets.token_bytes(16)
        digest = hashlib.sha256(salt + _canonical(value)).hexdigest()
        body[field] = None
        texts[field] = digest
        openings.append(
            {
                "commitment": digest,
                "stream": stream,
                "path": field,
                "owner": _owner(stream, body, metadata),
                "salt": salt.hex(),
                "value": json.dumps(value, ensure_ascii=False),
            }
        )
    if texts:
        body["texts"] = texts
    return body, openings


RELINK = """
DO $$
DECLARE
    s text;
    row record;
    link bytea;
BEGIN
    FOR s IN SELECT DISTINCT stream_id FROM reanchor_rewritten LOOP
        link := '\\x';
        FOR row IN SELECT position, stream_version, event_type, data::text AS body, hash
                     FROM events WHERE stream_id = s ORDER BY stream_version LOOP
            link := sha256(link || convert_to(s || E'\\n' || row.stream_version || E'\\n' ||
                           row.event_type || E'\\n' || row.body, 'UTF8'));
            IF link <> row.hash THEN
                INSERT INTO reanchorings (stream_id, version, old_hash, new_hash, rewritten)
                VALUES (s, row.stream_version, row.hash, link, EXISTS (
                    SELECT 1 FROM reanchor_rewritten w WHERE w.position = row.position));
                UPDATE events SET hash = link WHERE position = row.position;
            END IF;
        END LOOP;
    END LOOP;
END $$
"""


def _reanchor() -> None:
    """Every event recorded with a text in clear brought under the rule (see the docstring).
    The append lock is held throughout, so no append interleaves with the relinking."""
    connection = op.get_bind()
    connection.execute(sa.text("SELECT pg_advisory_xact_lock(7023011201)"))
    rows = connection.execute(
        sa.text(
            "SELECT position, stream_id, event_type, data::text, metadata::text FROM events"
            " WHERE event_type = ANY(:types) AND NOT data ? 'texts' ORDER BY position"
        ),
        {"types": list(TEXT_FIELDS)},
    ).all()
    connection.execute(
        sa.text("CREATE TEMPORARY TABLE reanchor_rewritten (position bigint, stream_id text)")
    )
    rewritten = 0
    for position, stream, tag, data, metadata in rows:
        body, openings = _committed(stream, tag, json.loads(data), json.loads(metadata))
        if not openings:
            continue
        rewritten += 1
        for opening in openings:
            connection.execute(
                sa.text(
                    "INSERT INTO openings (commitment, stream_id, path, owner, salt, value)"
                    " VALUES (:commitment, :stream, :path, :owner, :salt, CAST(:value AS jsonb))"
                ),
                opening,
            )
        connection.execute(
            sa.text("UPDATE events SET data = CAST(:body AS jsonb) WHERE position = :position"),
            {"body": json.dumps(body, ensure_ascii=False), "position": position},
        )
        connection.execute(
            sa.text("INSERT INTO reanchor_rewritten VALUES (:position, :stream)"),
            {"position": position, "stream": stream},
        )
    if not rewritten:
        connection.execute(sa.text("DROP TABLE reanchor_rewritten"))
        return
    connection.execute(sa.text(RELINK))
    summary = connection.execute(
        sa.text(
            "SELECT count(DISTINCT stream_id), count(*) FILTER (WHERE rewritten), count(*)"
            " FROM reanchorings"
        )
    ).one()
    connection.execute(
        sa.text(
            "INSERT INTO events (stream_id, stream_version, event_type, data, metadata)"
            " SELECT 'audit-reanchoring', coalesce(max(stream_version), 0) + 1,"
            " 'history_reanchored', CAST(:data AS jsonb), '{\"actor\": \"migration 0015\"}'"
            " FROM events WHERE stream_id = 'audit-reanchoring'"
        ),
        {
            "data": json.dumps(
                {
                    "type": "history_reanchored",
                    "reason": "names and free texts committed (issue 33); see reanchorings",
                    "streams": summary[0],
                    "events_rewritten": summary[1],
                    "links_changed": summary[2],
                }
            )
        },
    )
    connection.execute(sa.text("DROP TABLE reanchor_rewritten"))


def upgrade() -> None:
    for sql in TABLES + FUNCTIONS + GRANTS:
        op.execute(sql)
    op.execute("ALTER TABLE events DISABLE TRIGGER events_refuse_change")
    _reanchor()
    op.execute("ALTER TABLE events ENABLE TRIGGER events_refuse_change")


def downgrade() -> None:
    """The schema back, for a log without committed texts only: dropping the openings of
    one that has them would lose its names and texts for good."""
    op.execute(
        "DO $$ BEGIN IF EXISTS (SELECT 1 FROM events WHERE data ? 'texts') THEN"
        " RAISE EXCEPTION 'events hold committed texts: 0015 is not undone'; END IF; END $$"
    )
    op.execute("DROP TRIGGER openings_guard ON openings")
    for function in (
        "text_openings(jsonb, text, int)",
        "open_texts(jsonb, text)",
        "erased_text(text, text)",
        "erase_owner(text, text)",
        "openings_guard()",
        "erasure_lock(text)",
    ):
        op.execute(f"DROP FUNCTION {function}")
    op.execute("DROP TABLE reanchorings")
    op.execute("DROP TABLE erasures")
    op.execute("DROP TABLE openings")
