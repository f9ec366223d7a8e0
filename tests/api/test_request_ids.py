"""A write without `X-Request-Id` records an id of its own, never one another write has."""

from __future__ import annotations

import multiprocessing

from service.http.web.request_ids import RequestIds, new_request_id


def test_request_ids_are_unique_and_differ_between_processes() -> None:
    ids = RequestIds()
    here = [ids.new() for _ in range(1000)]
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as pool:
        there = pool.map(_ids_in_a_child, [ids, ids])
    every = here + there[0] + there[1]
    assert len(set(every)) == len(every) == 3000
    assert {i.split("-")[0] for i in every}.__len__() == 3, "a prefix per process"
    assert new_request_id() != new_request_id()


def _ids_in_a_child(ids: RequestIds) -> list[str]:
    return [ids.new() for _ in range(1000)]
