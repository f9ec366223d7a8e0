"""The stages and prizes written in clear before they were committed, re-anchored once.

Migrations 0024 (a torneio's prizes) and 0025 (a torneio game's stage typed by hand)
committed these texts in new events only; older ones kept them in their hashed bodies,
where an erasure could not reach them. Each is now brought under the rule as 0015 brought
names (docs/reliability.md, "Names in the log"): its text committed, its opening kept with
its owner (the game's or competition's creator), its stream's chain relinked, each changed
link recorded in `reanchorings`, and a `history_reanchored` event in `audit-reanchoring`.

`reanchorings` keeps each re-anchoring's rows apart (`revision`: "0015", "0026"): a link
0015 relinked and 0026 relinks again has a row of each, so the hash a client was shown
between the two (0026's old hash, 0015's new one) is kept, as is the first. An auditor
rebuilds a revision's old bodies from the bodies it left, putting back the texts it
committed (0026: `stage`, `prizes`, on the events it rewrote; 0015: every text then).

A text whose owner was erased before gets no opening: it reads as erased at once, the
erasure's record lists its commitment, the old hashes that covered it are forgotten (as 0017
does for every erasure), and the read models lose the stage they copied. The openings and
the erasures are locked first, in an erasure's order, so an erasure waits for the migration
(and then deletes the openings it wrote) rather than fail it. A fixture's stage is the
service's label, not a text, and stays.

Revision ID: 0026
Revises: 0025
"""

import hashlib
import importlib
import json
import secrets
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

_names = importlib.import_module("migrations.versions.0015_player_texts")
APPEND_LOCK = 7023011201  # as in 0001: one lock orders every append

IN_CLEAR = """
SELECT position, stream_id, event_type, data::text, metadata::text FROM events
 WHERE (event_type = 'match_created' AND jsonb_typeof(data -> 'stage') = 'string'
        AND data ->> 'stage' <> '' AND data ->> 'fixture_id' IS NULL)
    OR (event_type = 'competition_created' AND jsonb_typeof(data -> 'prizes') = 'object'
        AND data -> 'prizes' <> '{}'::jsonb)
 ORDER BY position
"""
FIELD = {"match_created": "stage", "competition_created": "prizes"}

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
                INSERT INTO reanchorings (stream_id, version, old_hash, new_hash, rewritten,
                                          revision)
                VALUES (s, row.stream_version, row.hash, link, EXISTS (
                    SELECT 1 FROM reanchor_rewritten w WHERE w.position = row.position), '0026');
                UPDATE events SET hash = link WHERE position = row.position;
            END IF;
        END LOOP;
    END LOOP;
END $$
"""


def _committed(
    stream: str, tag: str, body: dict[str, Any], metadata: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The body with its text committed, and its opening."""
    field = FIELD[tag]
    value = body[field]
    salt = secrets.token_bytes(16)
    digest = hashlib.sha256(salt + _names._canonical(value)).hexdigest()
    body[field] = None
    body["texts"] = {**body.get("texts", {}), field: digest}
    opening = {
        "commitment": digest,
        "stream": stream,
        "path": field,
        "owner": _names._owner(stream, body, metadata),
        "salt": salt.hex(),
        "value": json.dumps(value, ensure_ascii=False),
    }
    return body, opening


def _reanchor() -> None:
    connection = op.get_bind()
    connection.execute(sa.text(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})"))
    rows = connection.execute(sa.text(IN_CLEAR)).all()
    if not rows:
        return
    erased = {r[0] for r in connection.execute(sa.text("SELECT player_id FROM erasures"))}
    connection.execute(
        sa.text(
            "CREATE TEMPORARY TABLE reanchor_rewritten"
            " (position bigint PRIMARY KEY, stream_id text)"
        )
    )
    gone: dict[str, list[tuple[str, str]]] = {}
    """The owner erased before: their texts' streams and commitments, without an opening."""
    for position, stream, tag, data, metadata in rows:
        body, opening = _committed(stream, tag, json.loads(data), json.loads(metadata))
        if opening["owner"] in erased:
            gone.setdefault(opening["owner"], []).append((stream, opening["commitment"]))
        else:
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
    connection.execute(sa.text(RELINK))
    for owner, texts in gone.items():
        _erased_already(connection, owner, texts)
    _announced(connection, len(rows))
    connection.execute(sa.text("DROP TABLE reanchor_rewritten"))


def _erased_already(connection: sa.Connection, owner: str, texts: list[tuple[str, str]]) -> None:
    streams = sorted({stream for stream, _ in texts})
    commitments = [commitment for _, commitment in texts]
    connection.execute(
        sa.text("SELECT forget_old_links(CAST(:streams AS text[]), CAST(:gone AS text[]))"),
        {"streams": streams, "gone": commitments},
    )
    connection.execute(
        sa.text(
            "UPDATE erasures SET commitments = commitments || CAST(:gone AS text[])"
            " WHERE player_id = :owner"
        ),
        {"gone": commitments, "owner": owner},
    )
    games = [s.removeprefix("match-") for s in streams if s.startswith("match-")]
    for table in ("proj_games", "proj_player_games"):
        connection.execute(
            sa.text(f"UPDATE {table} SET stage = NULL WHERE match_id = ANY(CAST(:ids AS text[]))"),
            {"ids": games},
        )
    connection.execute(
        sa.text(
            "UPDATE proj_games SET facts = jsonb_set(facts, '{stage}', 'null'::jsonb)"
            " WHERE match_id = ANY(CAST(:games AS text[])) AND facts ? 'stage'"
        ),
        {"games": games},
    )


def _announced(connection: sa.Connection, rewritten: int) -> None:
    """The audit stream says what this migration changed, as 0015's event does."""
    streams, links = connection.execute(
        sa.text(
            "SELECT count(DISTINCT stream_id), count(*) FROM reanchorings WHERE revision = '0026'"
        )
    ).one()
    data = {
        "type": "history_reanchored",
        "reason": "torneio stages and prizes committed (migrations 0024, 0025); see reanchorings",
        "streams": streams,
        "events_rewritten": rewritten,
        "links_changed": links,
    }
    connection.execute(
        sa.text(
            "INSERT INTO events (stream_id, stream_version, event_type, data, metadata)"
            " SELECT 'audit-reanchoring', coalesce(max(stream_version), 0) + 1,"
            " 'history_reanchored', CAST(:data AS jsonb), '{\"actor\": \"migration 0026\"}'"
            " FROM events WHERE stream_id = 'audit-reanchoring'"
        ),
        {"data": json.dumps(data)},
    )


def upgrade() -> None:
    op.execute("LOCK TABLE openings IN SHARE ROW EXCLUSIVE MODE")
    op.execute("LOCK TABLE erasures IN SHARE ROW EXCLUSIVE MODE")
    op.execute("ALTER TABLE reanchorings ADD COLUMN revision text NOT NULL DEFAULT '0015'")
    op.execute("ALTER TABLE reanchorings ALTER COLUMN revision DROP DEFAULT")
    op.execute("ALTER TABLE reanchorings DROP CONSTRAINT reanchorings_pkey")
    op.execute("ALTER TABLE reanchorings ADD PRIMARY KEY (stream_id, version, revision)")
    op.execute("ALTER TABLE events DISABLE TRIGGER events_refuse_change")
    _reanchor()
    op.execute("ALTER TABLE events ENABLE TRIGGER events_refuse_change")


def downgrade() -> None:
    """The schema back, for a log 0026 did not re-anchor only: its texts stay committed
    (their openings hold them), but its second row of a link has nowhere to go."""
    op.execute(
        "DO $$ BEGIN IF EXISTS (SELECT 1 FROM reanchorings WHERE revision <> '0015') THEN"
        " RAISE EXCEPTION 'links re-anchored by 0026: 0026 is not undone'; END IF; END $$"
    )
    op.execute("ALTER TABLE reanchorings DROP CONSTRAINT reanchorings_pkey")
    op.execute("ALTER TABLE reanchorings DROP COLUMN revision")
    op.execute("ALTER TABLE reanchorings ADD PRIMARY KEY (stream_id, version)")
