"""What one request asked of the stores and what it got, kept per request (a context
variable set by the HTTP layer's middleware): the position its writes reached, answered in a
header, and where its reads went."""

from __future__ import annotations

from contextvars import ContextVar


class RequestTrace:
    """What one request asked of the stores and got: read by the HTTP layer's middleware."""

    __slots__ = ("deadline", "position", "primary_only", "read_after", "used_replica")

    def __init__(self) -> None:
        self.read_after: int | None = None  # the position the reader asked to see
        self.primary_only = False  # set when a read runs again after the replica failed
        self.used_replica = False
        self.position: int | None = None  # the last position this request's writes reached
        self.deadline: float | None = None  # when a read waiting for `read_after` gives up


TRACE: ContextVar[RequestTrace | None] = ContextVar("request_trace", default=None)


def written(position: int) -> None:
    """Note the position a write of this request reached (answered in a header)."""
    trace = TRACE.get()
    if trace is not None:
        trace.position = max(trace.position or 0, position)
