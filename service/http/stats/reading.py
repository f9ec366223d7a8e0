"""Kept for `service/http/exports` (being reshaped, issue 30), which takes its snapshot from
here: the statistics reads are in `service/reads/stats/`, the snapshot in
`service/reads/snapshot.py`."""

from __future__ import annotations

from service.reads.snapshot import snapshot

__all__ = ["snapshot"]
