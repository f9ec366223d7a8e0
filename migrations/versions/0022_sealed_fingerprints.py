"""Idempotency keys' fingerprints sealed with a key kept outside the database (L9).

A key's row keeps its request's fingerprint for good, and that fingerprint was a plain
sha256 of the request: of its body, names and free texts included. Whoever read the
database could then test a guessed name against it, even after the player's erasure. The
event store now keeps `0x01 || HMAC-SHA256(key, fingerprint)` (33 bytes), the key in a file
beside the data (`DOMINO_FINGERPRINT_KEY_FILE`).

This revision prepares the rows kept plain (32 bytes) for sealing; `domino migrate` and
the service's commands seal them at start (service/store/fingerprint_seal.py), knowing the
key, which a migration alone does not:
- the table still refuses every change but one: a plain fingerprint replaced by a sealed
  one, the rest of the row unchanged (so sealing takes no lock beyond its rows);
- a partial index finds the plain ones at each start without reading the table;
- `fingerprint_key_check` keeps a digest of the key in use, so that a start with another
  key file is refused before anything is sealed with it.

The downgrade leaves the fingerprints sealed (a seal is not undone; upgraded again,
nothing is sealed twice): a retry of a key used before the downgrade is refused, never
recorded twice. It keeps the key's check value too, when one was recorded, so that an
upgrade again still refuses another key file.

Revision ID: 0022
Revises: 0021
"""

from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

SEALING_ONLY = r"""
CREATE FUNCTION idempotency_keys_sealing_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF octet_length(OLD.fingerprint) = 32 AND octet_length(NEW.fingerprint) = 33
       AND substring(NEW.fingerprint FROM 1 FOR 1) = '\x01'::bytea
       AND (NEW.key, NEW.stream_id, NEW.first_version, NEW.last_version,
            NEW.first_position, NEW.last_position, NEW.recorded_at)
           IS NOT DISTINCT FROM
           (OLD.key, OLD.stream_id, OLD.first_version, OLD.last_version,
            OLD.first_position, OLD.last_position, OLD.recorded_at)
    THEN
        RETURN NEW;  -- a plain fingerprint sealed (L9), nothing else
    END IF;
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
END $$
"""


def upgrade() -> None:
    op.execute(SEALING_ONLY)
    op.execute("DROP TRIGGER idempotency_refuse_change ON idempotency_keys")
    op.execute(
        "CREATE TRIGGER idempotency_refuse_delete BEFORE DELETE ON idempotency_keys"
        " FOR EACH ROW EXECUTE FUNCTION refuse_change()"
    )
    op.execute(
        "CREATE TRIGGER idempotency_sealing_only BEFORE UPDATE ON idempotency_keys"
        " FOR EACH ROW EXECUTE FUNCTION idempotency_keys_sealing_only()"
    )
    op.execute(
        "CREATE INDEX idempotency_keys_plain ON idempotency_keys (key)"
        " WHERE octet_length(fingerprint) = 32"
    )
    op.execute(
        "CREATE TABLE IF NOT EXISTS fingerprint_key_check ("
        " single boolean PRIMARY KEY DEFAULT true CHECK (single),"
        " check_value bytea NOT NULL,"
        " recorded_at timestamptz NOT NULL DEFAULT now())"
    )


def downgrade() -> None:
    op.execute(
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM fingerprint_key_check) THEN"
        " DROP TABLE fingerprint_key_check; END IF; END $$"
    )
    op.execute("DROP INDEX idempotency_keys_plain")
    op.execute("DROP TRIGGER idempotency_sealing_only ON idempotency_keys")
    op.execute("DROP TRIGGER idempotency_refuse_delete ON idempotency_keys")
    op.execute("DROP FUNCTION idempotency_keys_sealing_only()")
    op.execute(
        "CREATE TRIGGER idempotency_refuse_change BEFORE UPDATE OR DELETE ON idempotency_keys"
        " FOR EACH ROW EXECUTE FUNCTION refuse_change()"
    )
