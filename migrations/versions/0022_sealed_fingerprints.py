"""Idempotency keys' fingerprints sealed with a key kept outside the database (L9).

A key's row keeps its request's fingerprint for good (the table refuses UPDATE and DELETE),
and that fingerprint was a plain sha256 of the request: of its body, names and free texts
included. Whoever read the database could then test a guessed name against it, even after
the player's erasure. The event store now keeps `HMAC(key, fingerprint)`, the key in a file
beside the data (`DOMINO_FINGERPRINT_KEY_FILE`).

This revision only marks the rows kept before it (`unsealed`); new rows are sealed by the
service that writes them. The rows marked are sealed by `domino migrate` and `domino serve`
right after the migrations (service/store/fingerprint_seal.py), which know the key: a
migration run alone (Alembic's own command) has no key to seal them with.

The downgrade drops the mark: the fingerprints stay sealed (a seal is not undone), so a
retry of a key used before the downgrade is refused, never recorded twice.

Revision ID: 0022
Revises: 0021
"""

from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Every row kept so far is unsealed; the rows written from now on are sealed.
    op.execute("ALTER TABLE idempotency_keys ADD COLUMN unsealed boolean NOT NULL DEFAULT true")
    op.execute("ALTER TABLE idempotency_keys ALTER COLUMN unsealed SET DEFAULT false")
    op.execute("CREATE INDEX idempotency_keys_unsealed ON idempotency_keys (key) WHERE unsealed")


def downgrade() -> None:
    op.execute("ALTER TABLE idempotency_keys DROP COLUMN unsealed")
