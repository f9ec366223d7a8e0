"""An append finds each stream's head with one index probe, whatever the statistics (issue 34).

`append_events` looks up a stream's head with `ORDER BY stream_version DESC LIMIT 1`, in a
plan that is generic and cached for the connection's life (`force_generic_plan`). A plan
made while `events` had no statistics (a new database, a table not analyzed yet) could be a
bitmap scan of every version of the stream and a sort, kept until an ANALYZE invalidated
it: each append then read its whole stream, and a batch's time grew with its streams'
lengths (3x the server's CPU per batch of 16 appends to streams a few hundred events
long). With sorts and bitmap scans disabled inside the function the one plan left is the
backward scan of the (stream_id, stream_version) index, which reads the head alone.
Nothing else the function runs sorts or needs a bitmap scan: the end of the log is a
backward scan of the primary key, an idempotency key an equality on its own.

Both forms of `append_events` (0011's and 0001's, kept for rolling upgrades) get it.

Revision ID: 0018
Revises: 0017
"""

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

FORMS = (
    "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[], jsonb[]",
    "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[]",
)


def upgrade() -> None:
    for arguments in FORMS:
        op.execute(
            f"ALTER FUNCTION append_events({arguments})"
            " SET enable_sort = off SET enable_bitmapscan = off"
        )


def downgrade() -> None:
    for arguments in FORMS:
        op.execute(
            f"ALTER FUNCTION append_events({arguments}) RESET enable_sort RESET enable_bitmapscan"
        )
