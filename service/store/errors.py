"""What the store refuses, in its own words: the HTTP layer maps each to an answer
(service/http/problems.py), the pages to a page."""

from __future__ import annotations


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """The stream is not at the version the append expected (409 `version-conflict`)."""

    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(f"stream {stream_id} is at version {actual}, not {expected}")
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class IdempotencyKeyReused(StoreError):
    """A key already used for another request (422 `idempotency-key-reused`)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"idempotency key {key!r} was already used for another request")
        self.key = key


class NotFound(StoreError):
    """No stream of this kind with this id (the HTTP layer answers 404 `<what>-not-found`)."""

    def __init__(self, what: str, identifier: str) -> None:
        super().__init__(f"no {what} with id {identifier!r}")
        self.what = what
        self.identifier = identifier


class Busy(StoreError):
    """A stream changed under every attempt to write to it (the HTTP layer answers 503)."""

    def __init__(self, what: str) -> None:
        super().__init__(f"the {what} is changing too fast to record this: retry")
        self.what = what


class Refused(StoreError):
    """A stream that exists but cannot take this request (the HTTP layer answers 409)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
