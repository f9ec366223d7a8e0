"""An erasure forgets the old hashes that covered its texts (the second review of issue 33).

A link re-anchored by 0015 kept its old hash in `reanchorings`: sha256 of the link before it
and of the body with its texts in clear. That body is public but for its texts, so the old
hash let whoever reads the database test a guessed name or text after its erasure, and so
did every later old hash of the stream (each covers the one before). An erasure now nulls
the old hashes of each stream it touched, from the first link holding one of its texts on;
the new hashes, and which versions were rewritten, stay. Erasures done before are applied.

Revision ID: 0017
Revises: 0016
"""

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

FORGET = """
CREATE FUNCTION forget_old_links(streams text[], gone text[]) RETURNS void
LANGUAGE sql AS $$
    UPDATE reanchorings r SET old_hash = NULL
      FROM (SELECT e.stream_id, min(e.stream_version) AS first
              FROM events e
             WHERE e.stream_id = ANY(ARRAY(SELECT DISTINCT stream_id FROM reanchorings
                                            WHERE stream_id = ANY(streams)))
               AND e.data ? 'texts'
               AND EXISTS (SELECT 1 FROM jsonb_each_text(e.data -> 'texts') t
                            WHERE t.value = ANY(gone))
             GROUP BY e.stream_id) f
     WHERE r.stream_id = f.stream_id AND r.version >= f.first AND r.old_hash IS NOT NULL
$$
"""

ERASE = """
CREATE OR REPLACE FUNCTION erase_owner(who text, erased_by text) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
    gone text[];
    streams text[];
BEGIN
    PERFORM pg_advisory_xact_lock(erasure_lock(who));
    IF EXISTS (SELECT 1 FROM erasures WHERE player_id = who) THEN
        RETURN NULL;
    END IF;
    WITH deleted AS (DELETE FROM openings WHERE owner = who RETURNING commitment, stream_id)
    SELECT coalesce(array_agg(commitment ORDER BY commitment), '{}'),
           coalesce(array_agg(DISTINCT stream_id), '{}')
      INTO gone, streams FROM deleted;
    PERFORM forget_old_links(streams, gone);
    INSERT INTO erasures (player_id, erased_by, commitments) VALUES (who, erased_by, gone);
    RETURN gone;
END $$
"""

ERASE_0015 = """
CREATE OR REPLACE FUNCTION erase_owner(who text, erased_by text) RETURNS text[]
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
"""


def upgrade() -> None:
    op.execute("ALTER TABLE reanchorings ALTER COLUMN old_hash DROP NOT NULL")
    op.execute("GRANT UPDATE (old_hash) ON reanchorings TO domino_app")
    op.execute(FORGET)
    op.execute(ERASE)
    op.execute(
        "SELECT forget_old_links(ARRAY(SELECT DISTINCT stream_id FROM reanchorings),"
        " commitments) FROM erasures"
    )


def downgrade() -> None:
    """The old function back; old hashes forgotten stay forgotten (the column NOT NULL
    again only when none was)."""
    op.execute(ERASE_0015)
    op.execute("DROP FUNCTION forget_old_links(text[], text[])")
    op.execute("REVOKE UPDATE (old_hash) ON reanchorings FROM domino_app")
    op.execute(
        "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM reanchorings WHERE old_hash IS NULL) THEN"
        " ALTER TABLE reanchorings ALTER COLUMN old_hash SET NOT NULL; END IF; END $$"
    )
