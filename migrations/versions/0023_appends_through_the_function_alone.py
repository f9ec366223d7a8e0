"""The service role appends through `append_events` alone.

Since 0001, `domino_app` held INSERT on `events` and `idempotency_keys`, so a row the role
inserted itself skipped everything the function promises. `events_chain` keeps a hash
that arrives with a row (an operator's copy keeps its links), so such a row could carry a
hash of its choice; a stream's version could be taken twice across a partition boundary
(each partition's unique index covers only its rows); and a key row could carry any
fingerprint, sealed or not (L9). The function, both its forms, now runs as the schema's
owner (SECURITY DEFINER, its search path fixed, `pg_temp` last), and the service role
keeps SELECT alone on both tables: every event the service writes is checked, ordered and
chained by the function, under the append lock. The owner (an operator, the migrations)
may still insert, as before.

Revision ID: 0023
Revises: 0022
"""

import importlib

from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

NINE = importlib.import_module("migrations.versions.0021_append_in_few_statements").NINE
EIGHT = "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[]"
"""The form before secrets (0001), kept beside the nine-argument one for older callers."""
APPEND_LOCK = importlib.import_module("migrations.versions.0014_events_partitioned").APPEND_LOCK


def upgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    for arguments in (NINE, EIGHT):
        op.execute(
            f"ALTER FUNCTION append_events({arguments}) SECURITY DEFINER"
            " SET search_path = public, pg_temp"
        )
    op.execute("REVOKE INSERT ON events, idempotency_keys FROM domino_app")


def downgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute("GRANT INSERT ON events, idempotency_keys TO domino_app")
    for arguments in (NINE, EIGHT):
        op.execute(f"ALTER FUNCTION append_events({arguments}) SECURITY INVOKER RESET search_path")
