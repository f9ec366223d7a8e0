"""The log kept forever, partitioned (issue 22, part 3; docs/scaling.md, "The log
partitioned"): `events` becomes a table partitioned by ranges of `position`, `span`
positions a partition (2^32 by default: about a month of a site at a million games a day;
the setting `domino.events_span`, if the database has one when it migrates, says another),
each partition made as the log reaches it.

Every promise of the store holds:
- gap-free order: positions are still given under the append lock, one after the other;
- immutability: the UPDATE/DELETE guard is a row trigger of the partitioned table (every
  partition has it), and each partition refuses TRUNCATE itself;
- the hash chain and idempotency: unchanged (`append_events`, `idempotency_keys`);
- one event a stream version: a unique index holds within a partition, and every insert,
  under the append lock, is refused when its stream already has that version in another
  (`events_chain`).

The migration runs on a live database: it holds the append lock, so every append waits for
it and none is lost or reordered; today's table becomes the first partition as it is (its
rows are not copied), checked to hold positions below its bound.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24
"""

import importlib

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

APPEND_LOCK = 7023011201  # as in 0001: one lock orders every append
SPAN = 2**32

LAYOUT = """
CREATE TABLE events_layout (
    single  boolean PRIMARY KEY DEFAULT true CHECK (single),
    span    bigint NOT NULL CHECK (span >= 1000),
    upper   bigint NOT NULL
)
"""

# Owned by the schema owner and run with its rights: the service's role appends, and an
# append that reaches the last partition's end makes the next ones.
EXTEND = """
CREATE FUNCTION events_extend_to(reach bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    layout events_layout%ROWTYPE;
    name text;
BEGIN
    SELECT * INTO layout FROM events_layout;  -- callers hold the append lock
    IF layout.upper > reach THEN
        RETURN;
    END IF;
    WHILE layout.upper <= reach LOOP
        name := format('events_p%s', lpad((layout.upper / layout.span)::text, 6, '0'));
        EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%s) TO (%s)',
                       name, layout.upper, layout.upper + layout.span);
        EXECUTE format('CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()', name);
        layout.upper := layout.upper + layout.span;
    END LOOP;
    UPDATE events_layout SET upper = layout.upper;
END $$
"""

NEXT_POSITION = f"""
CREATE FUNCTION events_next_position() RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    upcoming bigint;
BEGIN
    PERFORM pg_advisory_xact_lock({APPEND_LOCK});
    SELECT coalesce(max(position), 0) + 1 INTO upcoming FROM events;
    PERFORM events_extend_to(upcoming);
    RETURN upcoming;
END $$
"""
"""An insert that names no position (an operator's, bypassing append_events) gets the next
one, and its partition, before the row is routed to a partition."""

CHAIN = f"""
CREATE OR REPLACE FUNCTION events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    previous bytea := '\\x';
BEGIN
    PERFORM pg_advisory_xact_lock({APPEND_LOCK});
    IF NEW.hash IS NOT NULL THEN
        RETURN NEW;  -- append_events: it gave the version, under the lock, after the head
    END IF;
    IF EXISTS (SELECT 1 FROM events
                WHERE stream_id = NEW.stream_id AND stream_version = NEW.stream_version) THEN
        RAISE EXCEPTION 'stream % already has version %', NEW.stream_id, NEW.stream_version
            USING ERRCODE = 'unique_violation';
    END IF;
    IF NEW.stream_version > 1 THEN
        SELECT hash INTO previous FROM events
         WHERE stream_id = NEW.stream_id AND stream_version = NEW.stream_version - 1;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'stream % has no version %', NEW.stream_id,
                NEW.stream_version - 1 USING ERRCODE = 'foreign_key_violation';
        END IF;
    END IF;
    NEW.hash := sha256(previous || convert_to(
        NEW.stream_id || E'\\n' || NEW.stream_version || E'\\n' ||
        NEW.event_type || E'\\n' || NEW.data::text, 'UTF8'));
    RETURN NEW;
END $$
"""


HEAD = (
    "SELECT x.stream_version, x.hash INTO current_version, link FROM events x\n"
    "{pad}WHERE x.stream_id = req_stream[n] ORDER BY x.stream_version DESC LIMIT 1;"
)


def _newest_first(body: str) -> str:
    """The log's end, and a stream's head, looked up in the newest partition first: one
    index probe instead of one a partition (a game in play has its head there; only a new
    stream, or one idle since an older partition, is looked up in them all)."""
    body = body.replace(
        "    last bigint;", "    last bigint;\n    newest bigint;\n    bound bigint;", 1
    )
    latest = "SELECT coalesce(max(x.position), 0) INTO last FROM events x;"
    assert latest in body
    body = body.replace(
        latest,
        "SELECT l.upper - l.span, l.upper INTO newest, bound FROM events_layout l;"
        " SELECT max(x.position) INTO last FROM events x WHERE x.position >= newest;"
        " IF last IS NULL THEN SELECT coalesce(max(x.position), 0) INTO last FROM events x;"
        " END IF;",
        1,
    )
    for pad in (" " * 13, " " * 9):
        head = HEAD.format(pad=pad)
        if head in body:
            newest_head = head.replace(
                "WHERE x.stream_id = req_stream[n]",
                "WHERE x.stream_id = req_stream[n] AND x.position >= newest",
            )
            return body.replace(head, f"{newest_head}\n{pad}IF NOT FOUND THEN {head} END IF;", 1)
    raise AssertionError("the head lookup of append_events moved")


def _appends() -> list[str]:
    """Both forms of append_events (0011's, and 0001's kept for rolling upgrades), each
    making the partitions its positions reach before it inserts."""
    first = importlib.import_module("migrations.versions.0001_events")
    with_secrets = importlib.import_module("migrations.versions.0011_event_secrets")
    plain = next(sql for sql in first.UPGRADE if "CREATE FUNCTION append_events" in sql)
    bodies = []
    for body in (plain, with_secrets.APPEND_WITH_SECRETS):
        insert = next(
            line
            for line in body.splitlines()
            if line.strip() == "IF array_length(positions, 1) > 0 THEN"
        )
        indent = insert[: len(insert) - len(insert.lstrip())]
        body = body.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)
        body = _newest_first(body)
        bodies.append(
            body.replace(
                insert,
                f"{insert}\n{indent}    IF last >= bound THEN"
                " PERFORM events_extend_to(last); END IF;",
                1,
            )
        )
    return bodies


def upgrade() -> None:
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
    op.execute("ALTER TABLE events RENAME TO events_p000000")
    for trigger in ("events_chain", "events_refuse_change"):
        op.execute(f"DROP TRIGGER {trigger} ON events_p000000")
    op.execute("REVOKE ALL ON events_p000000 FROM domino_app")
    op.execute(
        "CREATE TABLE events (LIKE events_p000000 INCLUDING DEFAULTS INCLUDING CONSTRAINTS"
        " INCLUDING COMMENTS) PARTITION BY RANGE (position)"
    )
    op.execute("ALTER TABLE events ADD PRIMARY KEY (position)")
    op.execute(LAYOUT)
    # The first partition: today's table, up to the first multiple of the span past its end.
    span = f"coalesce(nullif(current_setting('domino.events_span', true), '')::bigint, {SPAN})"
    op.execute(
        f"INSERT INTO events_layout (span, upper) SELECT {span},"
        f" ((coalesce(max(position), 0) / {span}) + 1) * {span} FROM events_p000000"
    )
    op.execute(
        "DO $$ DECLARE bound bigint; BEGIN"
        " SELECT upper INTO bound FROM events_layout;"
        " EXECUTE format('ALTER TABLE events_p000000 ADD CONSTRAINT events_p000000_range"
        " CHECK (position >= 1 AND position < %s)', bound);"
        " EXECUTE format('ALTER TABLE events ATTACH PARTITION events_p000000"
        " FOR VALUES FROM (1) TO (%s)', bound);"
        " END $$"
    )
    op.execute("CREATE INDEX events_stream ON events (stream_id, stream_version)")
    op.execute(EXTEND)
    op.execute(NEXT_POSITION)
    op.execute("ALTER TABLE events ALTER COLUMN position SET DEFAULT events_next_position()")
    op.execute(CHAIN)
    op.execute(
        "CREATE TRIGGER events_chain BEFORE INSERT ON events"
        " FOR EACH ROW EXECUTE FUNCTION events_chain()"
    )
    op.execute(
        "CREATE TRIGGER events_refuse_change BEFORE UPDATE OR DELETE ON events"
        " FOR EACH ROW EXECUTE FUNCTION refuse_change()"
    )
    op.execute(
        "CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events"
        " FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()"
    )
    for append in _appends():
        op.execute(append)
    op.execute("GRANT SELECT, INSERT ON events TO domino_app")
    op.execute("GRANT SELECT ON events_layout TO domino_app")


def downgrade() -> None:
    """Back to one table, every event copied in order (for the schema tests; a live log of
    millions is better kept partitioned)."""
    first = importlib.import_module("migrations.versions.0001_events")
    with_secrets = importlib.import_module("migrations.versions.0011_event_secrets")
    op.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    op.execute(
        "CREATE TABLE events_flat (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS"
        " INCLUDING COMMENTS)"
    )
    op.execute("ALTER TABLE events_flat ALTER COLUMN position DROP DEFAULT")
    op.execute("INSERT INTO events_flat SELECT * FROM events ORDER BY position")
    op.execute("DROP TABLE events")
    op.execute("ALTER TABLE events_flat RENAME TO events")
    op.execute("ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (position)")
    op.execute(
        "ALTER TABLE events ADD CONSTRAINT events_stream_version_key"
        " UNIQUE (stream_id, stream_version)"
    )
    op.execute("DROP FUNCTION events_next_position()")
    for sql in first.UPGRADE:
        if "CREATE FUNCTION events_chain" in sql or "CREATE FUNCTION append_events" in sql:
            op.execute(sql.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1))
        elif sql.startswith("CREATE TRIGGER events_"):
            op.execute(sql)
    op.execute(
        with_secrets.APPEND_WITH_SECRETS.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)
    )
    op.execute("DROP FUNCTION events_extend_to(bigint)")
    op.execute("DROP TABLE events_layout")
    op.execute("GRANT SELECT, INSERT ON events TO domino_app")
