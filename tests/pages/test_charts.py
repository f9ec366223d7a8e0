"""The SVG charts and the pt-BR formats, without a server."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from xml.etree import ElementTree

from service.pages.charts import Series, bar_chart, line_chart
from service.pages.formatting import achievement, date, date_time, number

SVG = "{http://www.w3.org/2000/svg}"


def test_a_line_chart_has_a_dot_per_value_with_its_value_titled() -> None:
    chart = line_chart(
        "Pontos por jogo", ["01/05", "02/05", "03/05"], [Series("dupla", [6, 1234.5, 0])]
    )

    svg = ElementTree.fromstring(str(chart))
    assert svg.get("role") == "img"
    assert svg.findtext(f"{SVG}title") == "Pontos por jogo"
    assert "02/05 1.234,50" in (svg.findtext(f"{SVG}desc") or "")
    dots = svg.findall(f"{SVG}circle")
    assert [d.findtext(f"{SVG}title") for d in dots] == [
        "dupla, 01/05: 6",
        "dupla, 02/05: 1.234,50",
        "dupla, 03/05: 0",
    ]
    heights = [float(d.get("cy") or 0) for d in dots]
    assert heights[1] < heights[0] < heights[2], "higher values sit higher"


def test_a_bar_chart_draws_each_series_side_by_side_and_escapes_names() -> None:
    chart = bar_chart(
        "Resultados por parceiro",
        ["<b>Tião</b>", "Bia"],
        [Series("vitórias", [3, 1]), Series("derrotas", [0, 2])],
    )

    svg = ElementTree.fromstring(str(chart))
    bars = [r for r in svg.findall(f"{SVG}rect") if "bar" in (r.get("class") or "")]
    assert len(bars) == 4
    assert [float(b.get("height") or 0) > 0 for b in bars] == [True, True, False, True]
    assert "<b>" not in str(chart)
    assert "&lt;b&gt;Tião&lt;/b&gt;" in str(chart)


def test_an_empty_or_negative_series_still_draws() -> None:
    assert "<svg" in line_chart("Vazio", [], [Series("nada", [])])
    chart = line_chart("Saldo", ["a", "b"], [Series("saldo", [-5, 5])])
    ticks = re.findall(r'class="tick"[^>]*>([^<]+)<', str(chart))
    assert ticks == ["-5", "-2,50", "0", "2,50", "5", "a", "b"]


def test_numbers_and_dates_are_written_the_brazilian_way() -> None:
    assert number(1234567.891, 2) == "1.234.567,89"
    assert number(0.5, 1) == "0,5"
    assert number(None) == "—"
    midnight_utc = datetime(2026, 1, 1, 2, 30, tzinfo=UTC)  # still 31/12 in São Paulo
    assert date(midnight_utc) == "31/12/2025"
    assert date_time(midnight_utc) == "31/12/2025 23:30"
    assert achievement("sueca-win-streak-5") == "Sueca: 5 vitórias seguidas"
    assert achievement("buchuda").startswith("Buchuda")
