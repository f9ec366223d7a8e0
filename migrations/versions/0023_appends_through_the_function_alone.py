"""The service role appends through `append_events` alone, and the function checks its call.

Since 0001, `domino_app` held INSERT on `events` and `idempotency_keys`, so a row the role
inserted itself skipped everything the function promises. `events_chain` keeps a hash
that arrives with a row (an operator's copy keeps its links), so such a row could carry a
hash of its choice; a stream's version could be taken twice across a partition boundary
(each partition's unique index covers only its rows); and a key row could carry any
fingerprint, sealed or not (L9). Now:
- `append_events` (the nine-argument form the store calls) runs as the schema's owner
  (SECURITY DEFINER, its search path `public, pg_temp`), and the service role keeps
  SELECT alone on both tables: every event the service writes is checked, ordered and
  chained by the function, under the append lock. The owner (an operator, the
  migrations) may still insert, as before.
- The function refuses a call whose arrays are not one request, or one event, an index
  from 1 (a `[0:1]` array read its heads and its requests at different indexes: a version
  skipped, a link from another stream), whose counts are not 1 or more or do not add up
  to its events, with a request without a stream, or with two requests for one stream
  (either side of a partition boundary both took the same version).
- Nobody else may call it (PUBLIC held EXECUTE), and nobody may call the older
  eight-argument form (0001's, which the store no longer uses), `events_extend_to` or
  `events_next_position` (only the function and the owner's inserts use them); those two
  search `pg_temp` last (a temporary `events_layout` steered `events_extend_to` before).

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
SHAPES = """    IF array_lower(req_stream, 1) IS DISTINCT FROM 1
       OR array_lower(req_expected, 1) IS DISTINCT FROM 1
       OR array_lower(req_count, 1) IS DISTINCT FROM 1
       OR array_lower(req_key, 1) IS DISTINCT FROM 1
       OR array_lower(req_fingerprint, 1) IS DISTINCT FROM 1
       OR array_lower(ev_type, 1) IS DISTINCT FROM 1
       OR array_lower(ev_data, 1) IS DISTINCT FROM 1
       OR array_lower(ev_metadata, 1) IS DISTINCT FROM 1
       OR array_lower(ev_secret, 1) IS DISTINCT FROM 1
       OR array_length(req_expected, 1) IS DISTINCT FROM array_length(req_stream, 1)
       OR array_length(req_count, 1) IS DISTINCT FROM array_length(req_stream, 1)
       OR array_length(req_key, 1) IS DISTINCT FROM array_length(req_stream, 1)
       OR array_length(req_fingerprint, 1) IS DISTINCT FROM array_length(req_stream, 1)
       OR array_length(ev_data, 1) IS DISTINCT FROM array_length(ev_type, 1)
       OR array_length(ev_metadata, 1) IS DISTINCT FROM array_length(ev_type, 1)
       OR array_length(ev_secret, 1) IS DISTINCT FROM array_length(ev_type, 1)
    THEN
        RAISE EXCEPTION 'append_events takes arrays from index 1, one entry a request or event'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
"""
A_REQUEST = """        IF req_stream[n] IS NULL OR req_count[n] IS NULL OR req_count[n] < 1 THEN
            RAISE EXCEPTION 'append_events takes a stream and one event or more a request'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
"""
PATCHES = (
    ("    j int;\n", "    j int;\n    streams_asked int;\n"),
    ("BEGIN\n    PERFORM", f"BEGIN\n{SHAPES}    PERFORM"),
    (
        "        stream_id := req_stream[n];\n        first_version := NULL;\n",
        A_REQUEST + "        stream_id := req_stream[n];\n        first_version := NULL;\n",
    ),
    (
        "    IF array_length(new_keys, 1) > 0 THEN\n",
        "    IF e <> array_length(ev_type, 1) THEN\n"
        "        RAISE EXCEPTION 'append_events takes as many events as its counts add up to'\n"
        "            USING ERRCODE = 'invalid_parameter_value';\n"
        "    END IF;\n"
        "    IF array_length(new_keys, 1) > 0 THEN\n",
    ),
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


OWNERS_ONLY = (f"append_events({EIGHT})", "events_extend_to(bigint)", "events_next_position()")


def upgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute(APPEND)
    op.execute(
        f"ALTER FUNCTION append_events({NINE}) SECURITY DEFINER SET search_path = public, pg_temp"
    )
    op.execute(f"REVOKE EXECUTE ON FUNCTION append_events({NINE}) FROM PUBLIC")
    for function in OWNERS_ONLY:
        op.execute(f"REVOKE EXECUTE ON FUNCTION {function} FROM PUBLIC, domino_app")
    for function in OWNERS_ONLY[1:]:
        op.execute(f"ALTER FUNCTION {function} SET search_path = public, pg_temp")
    op.execute("REVOKE INSERT ON events, idempotency_keys FROM domino_app")


def downgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute("GRANT INSERT ON events, idempotency_keys TO domino_app")
    for function in OWNERS_ONLY[1:]:
        op.execute(f"ALTER FUNCTION {function} SET search_path = public")
    for function in OWNERS_ONLY:
        op.execute(f"GRANT EXECUTE ON FUNCTION {function} TO PUBLIC")
    op.execute(f"GRANT EXECUTE ON FUNCTION append_events({EIGHT}) TO domino_app")
    op.execute(f"GRANT EXECUTE ON FUNCTION append_events({NINE}) TO PUBLIC")
    op.execute(_BATCHED.APPEND)  # 0021's, as it was (invoker, its own settings)
