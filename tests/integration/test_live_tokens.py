"""The filter of the tokens that may be live (service/http/live_tokens.py)."""

from __future__ import annotations

from service.http.auth import new_token, token_hash
from service.http.live_tokens import LiveTokens


def test_the_filter_holds_every_token_added_and_few_others() -> None:
    live = LiveTokens(bits=1 << 16)
    added = [token_hash(new_token()) for _ in range(1000)]
    for digest in added:
        live.add(digest)
    guessed = [token_hash(f"guess-{n}") for n in range(10_000)]
    assert all(live.may_hold(d) for d in added)
    assert sum(live.may_hold(d) for d in guessed) < 5  # one in ten million expected
