"""Kept for `service/http/exports` (being reshaped, issue 30), which parses its bounds
here: a report's period is read in `service/reads/reports/period.py`."""

from __future__ import annotations

from service.reads.reports.period import instant

__all__ = ["instant"]
