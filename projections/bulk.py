"""A large batch's rows (a rebuild's: tens of thousands) go to PostgreSQL by binary COPY
into a temporary table, then into their table with the same upsert as a small batch's.
Parsing the rows from one JSON text (`json_populate_recordset`) cost PostgreSQL about three
times what binary COPY does at that size; a small batch keeps its single statement (two
more round trips would cost it more than the parsing)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from projections.base import Connection

BULK_ROWS = 500
"""From this many rows of one table in a batch, they go by COPY."""

_JSON = msgspec.json.Encoder()
_COLUMNS = (
    "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
    " WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped"
    " ORDER BY a.attnum"
)


async def copy_upsert(
    connection: Connection, table: str, upsert: str, rows: Sequence[dict[str, object]]
) -> None:
    """Write `rows` (dicts named like the table's columns, as the JSON path takes them) by
    `upsert`, an `INSERT INTO <table> AS t SELECT * FROM {source} ON CONFLICT ...` whose
    source is filled in here. Inside the caller's transaction."""
    columns = await connection.fetch(_COLUMNS, table)
    stage = f"bulk_{table}"
    await connection.execute(f"CREATE TEMPORARY TABLE {stage} (LIKE {table}) ON COMMIT DROP")
    names = [n for n, _ in columns]
    as_json = [i for i, (_, kind) in enumerate(columns) if kind in ("json", "jsonb")]
    records = []
    for row in rows:
        values = list(map(row.get, names))
        for i in as_json:
            values[i] = _text(values[i])
        records.append(tuple(values))
    await connection.copy_records_to_table(stage, records=records, columns=names)
    await connection.execute(upsert.replace("{source}", stage))
    await connection.execute(f"DROP TABLE {stage}")


def _text(value: object) -> str | None:
    return None if value is None else _JSON.encode(value).decode()
