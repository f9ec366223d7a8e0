"""One index on (stream_id, stream_version) in each partition of the log, not two (issue 34).

0014 made `events_stream`, a plain index of the partitioned table that each partition
inherits; 0019 gave each partition a unique index on the same columns. Every append then
wrote two identical index entries per event: in a batch of sixteen one-event appends the
second index was 15% of the server's CPU per event (50 -> 42.5 us, bench on 2026-11-29),
and on disk as large as the rest of the indexes together (259 -> 141 B an event of index in
`bench/append.py`'s log).
The unique index alone serves every read the plain one served (the planner scans each
partition's own indexes; the parent's was only the template new partitions copied), and
`events_extend_to` makes it in every partition it adds.

Revision ID: 0020
Revises: 0019
"""

import importlib

from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

APPEND_LOCK = importlib.import_module("migrations.versions.0014_events_partitioned").APPEND_LOCK


def upgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute("DROP INDEX events_stream")  # and the partitions' copies attached to it


def downgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute("CREATE INDEX events_stream ON events (stream_id, stream_version)")
