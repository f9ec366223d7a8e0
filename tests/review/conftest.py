"""The API fixtures of tests/api (the app on a real PostgreSQL, a table of players), for the
review's attack tests."""

from tests.api.conftest import client, shared_client, shared_table, table

__all__ = ["client", "shared_client", "shared_table", "table"]
