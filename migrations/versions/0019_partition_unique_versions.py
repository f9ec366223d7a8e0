"""One event a stream version, in every partition of the log (found in issue 34's work).

0014 promised that a unique index on (stream_id, stream_version) holds within each
partition, but only the first partition (the table as it was) had one: the partitions made
as the log grew had the plain `events_stream` index alone. Appends were never at risk (the
append lock and the head check in `append_events`), but a row written past them with a hash
of its own, which `events_chain` lets through, could repeat a version already in its
partition. Each partition now gets the unique index, those there today and those
`events_extend_to` makes from now on.

Revision ID: 0019
Revises: 0018
"""

import importlib

from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

_partitioned = importlib.import_module("migrations.versions.0014_events_partitioned")
APPEND_LOCK = _partitioned.APPEND_LOCK
OLD_EXTEND: str = _partitioned.EXTEND

_MADE = "EXECUTE format('CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON %I'"
_WITH_INDEX = (
    "EXECUTE format('CREATE UNIQUE INDEX %I ON %I (stream_id, stream_version)',\n"
    "                       name || '_stream_version_key', name);\n        " + _MADE
)
EXTEND = OLD_EXTEND.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1).replace(
    _MADE, _WITH_INDEX, 1
)
assert EXTEND.count("CREATE UNIQUE INDEX") == 1

_PARTITIONS_WITHOUT = """
SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'events'::regclass
   AND NOT EXISTS (
       SELECT 1 FROM pg_index x
        WHERE x.indrelid = c.oid AND x.indisunique
          AND x.indnkeyatts = 2
          AND x.indkey[0] = (SELECT attnum FROM pg_attribute
                              WHERE attrelid = c.oid AND attname = 'stream_id')
          AND x.indkey[1] = (SELECT attnum FROM pg_attribute
                              WHERE attrelid = c.oid AND attname = 'stream_version'))
 ORDER BY c.relname
"""


def upgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute(EXTEND)
    op.execute(
        "DO $$ DECLARE part text; BEGIN"
        f" FOR part IN {_PARTITIONS_WITHOUT} LOOP"
        " EXECUTE format('CREATE UNIQUE INDEX %I ON %I (stream_id, stream_version)',"
        " part || '_stream_version_key', part);"
        " END LOOP; END $$"
    )


def downgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute(OLD_EXTEND.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1))
    op.execute(
        "DO $$ DECLARE part text; BEGIN"
        " FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
        " WHERE i.inhparent = 'events'::regclass LOOP"
        " EXECUTE format('DROP INDEX IF EXISTS %I', part || '_stream_version_key');"
        " END LOOP; END $$"
    )
