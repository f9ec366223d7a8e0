"""What a read refuses, in its own words: the HTTP layer answers each with problem+json
(service/http/problems.py), the pages with a page. An unknown id is the store's `NotFound`."""

from __future__ import annotations


class InvalidQuery(Exception):
    """Filters that say nothing the read can answer (a period that ends before it begins,
    a rule set of another game): a 400 with its stable `code`."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
