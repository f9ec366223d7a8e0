"""The base of every request body: a frozen msgspec Struct that refuses unknown fields."""

import msgspec


class Body(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass
