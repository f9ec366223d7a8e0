"""Charts as inline SVG, drawn on the server: a line chart and a grouped bar chart from
series of numbers. Each has a <title> and <desc> (read by screen readers) and a <title> on
every point or bar, so it is readable without its picture. Adding a chart to a page is one
call: `line_chart("Pontos por jogo", labels, [Series("pontos", values)])`."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple

from markupsafe import Markup, escape

from service.pages.formatting import number

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 44  # room for the axes' labels
TICKS = 4
MAX_X_LABELS = 8
_ids = itertools.count(1)


class Series(NamedTuple):
    name: str
    values: Sequence[float]


class _Scale(NamedTuple):
    low: float
    high: float
    step: float

    def y(self, value: float) -> float:
        span = self.high - self.low or 1
        return TOP + (HEIGHT - TOP - BOTTOM) * (self.high - value) / span


def _scale(series: Sequence[Series]) -> _Scale:
    """Round ticks from 0 (or the lowest value, when negative) to above the highest."""
    values = [v for s in series for v in s.values] or [0.0]
    low, high = min(0.0, min(values)), max(0.0, max(values))
    raw = (high - low) / TICKS or 1
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return _Scale(math.floor(low / step) * step, math.ceil(high / step) * step or step, step)


def _frame(title: str, description: str, scale: _Scale, labels: Sequence[str]) -> list[str]:
    chart = next(_ids)
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart{chart}-title chart{chart}-desc" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart{chart}-title">{escape(title)}</title>',
        f'<desc id="chart{chart}-desc">{escape(description)}</desc>',
    ]
    tick = scale.low
    while tick <= scale.high + scale.step / 2:
        y = scale.y(tick)
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{escape(_value(tick))}</text>"
        )
        tick += scale.step
    every = max(1, math.ceil(len(labels) / MAX_X_LABELS))
    for index, text in enumerate(labels):
        if index % every == 0:
            parts.append(
                f'<text class="tick" x="{_x(index, len(labels)):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                f'text-anchor="middle">{escape(text)}</text>'
            )
    return parts


def _x(index: int, count: int) -> float:
    """The middle of the index's slot along the x axis."""
    slot = (WIDTH - LEFT - RIGHT) / max(count, 1)
    return LEFT + slot * (index + 0.5)


def _value(value: float) -> str:
    return number(value, 0 if value == int(value) else 2)


def _legend(series: Sequence[Series]) -> list[str]:
    parts = []
    for index, one in enumerate(series):
        x = LEFT + index * 150
        parts.append(
            f'<rect class="series-{index}" x="{x}" y="{HEIGHT - 16}" width="12" height="12"/>'
            f'<text class="legend" x="{x + 16}" y="{HEIGHT - 6}">{escape(one.name)}</text>'
        )
    return parts


def _description(labels: Sequence[str], series: Sequence[Series]) -> str:
    return "; ".join(
        f"{one.name}: "
        + ", ".join(f"{label} {_value(v)}" for label, v in zip(labels, one.values, strict=False))
        for one in series
    )


def line_chart(title: str, labels: Sequence[str], series: Sequence[Series]) -> Markup:
    """One line per series over the labels (e.g. dates), a dot with its value at each."""
    scale = _scale(series)
    parts = _frame(title, _description(labels, series), scale, labels)
    for index, one in enumerate(series):
        points = [(_x(i, len(labels)), scale.y(v)) for i, v in enumerate(one.values)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline class="line series-{index}" points="{path}"/>')
        for (x, y), label, value in zip(points, labels, one.values, strict=False):
            parts.append(
                f'<circle class="dot series-{index}" cx="{x:.1f}" cy="{y:.1f}" r="3.5">'
                f"<title>{escape(f'{one.name}, {label}: {_value(value)}')}</title></circle>"
            )
    parts += [*_legend(series), "</svg>"]
    return Markup("".join(parts))


def bar_chart(title: str, labels: Sequence[str], series: Sequence[Series]) -> Markup:
    """Bars side by side for each label, one per series (e.g. wins and losses by partner)."""
    scale = _scale(series)
    parts = _frame(title, _description(labels, series), scale, labels)
    slot = (WIDTH - LEFT - RIGHT) / max(len(labels), 1)
    bar = slot * 0.8 / max(len(series), 1)
    zero = scale.y(0)
    for index, one in enumerate(series):
        for position, (label, value) in enumerate(zip(labels, one.values, strict=False)):
            x = LEFT + slot * position + slot * 0.1 + bar * index
            top, bottom = sorted((scale.y(value), zero))
            parts.append(
                f'<rect class="bar series-{index}" x="{x:.1f}" y="{top:.1f}" '
                f'width="{bar:.1f}" height="{bottom - top:.1f}">'
                f"<title>{escape(f'{one.name}, {label}: {_value(value)}')}</title></rect>"
            )
    parts += [*_legend(series), "</svg>"]
    return Markup("".join(parts))
