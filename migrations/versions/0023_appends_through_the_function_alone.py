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
may still insert, as before. And the function takes one request a stream in a call.

Revision ID: 0023
Revises: 0022
"""

import importlib

from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

_BATCHED = importlib.import_module("migrations.versions.0021_append_in_few_statements")
NINE = _BATCHED.NINE
PATCHES = (
    ("    j int;\n", "    j int;\n    streams_asked int;\n"),
    (
        "        SELECT array_agg(h.stream_version ORDER BY r.n), array_agg(h.hash ORDER BY r.n)\n"
        "          INTO head_versions, head_hashes\n",
        "        SELECT array_agg(h.stream_version ORDER BY r.n), array_agg(h.hash ORDER BY r.n),\n"
        "               count(DISTINCT r.stream)\n"
        "          INTO head_versions, head_hashes, streams_asked\n",
    ),
    (
        "          ) h ON true;\n",
        "          ) h ON true;\n"
        "        IF streams_asked < array_length(req_stream, 1) THEN\n"
        "            RAISE EXCEPTION 'append_events takes one request a stream in a call'\n"
        "                USING ERRCODE = 'invalid_parameter_value';\n"
        "        END IF;\n",
    ),
)
"""A batch's streams counted in the statement that reads their heads: two requests for one
stream in a call were each checked against the stream as it was before the call, and
either side of a partition boundary both wrote the same version (in one partition, the
second failed on the unique index). The store never sends that; now no caller can."""
APPEND = _BATCHED.APPEND
for old, new in PATCHES:
    assert APPEND.count(old) == 1, old
    APPEND = APPEND.replace(old, new)
EIGHT = "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[]"
"""The form before secrets (0001), kept beside the nine-argument one for older callers."""
APPEND_LOCK = importlib.import_module("migrations.versions.0014_events_partitioned").APPEND_LOCK


def upgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute(APPEND)
    for arguments in (NINE, EIGHT):
        op.execute(
            f"ALTER FUNCTION append_events({arguments}) SECURITY DEFINER"
            " SET search_path = public, pg_temp"
        )
    op.execute("REVOKE INSERT ON events, idempotency_keys FROM domino_app")


def downgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute("GRANT INSERT ON events, idempotency_keys TO domino_app")
    op.execute(f"ALTER FUNCTION append_events({EIGHT}) SECURITY INVOKER RESET search_path")
    op.execute(_BATCHED.APPEND)  # 0021's, as it was (invoker, its own settings)
