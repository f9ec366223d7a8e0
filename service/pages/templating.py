"""The pages' Jinja2 environment (autoescape on) with the pt-BR filters, for Litestar."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.template.config import TemplateConfig

from service.pages import formatting

TEMPLATES_DIR = Path(__file__).parent / "templates"


def _environment() -> Environment:
    environment = Environment(
        loader=FileSystemLoader(TEMPLATES_DIR), autoescape=True, undefined=StrictUndefined
    )
    environment.filters.update(
        numero=formatting.number,
        data=formatting.date,
        ultimo_dia=formatting.last_day,
        colocacoes=formatting.numbered_places,
        data_hora=formatting.date_time,
        conquista=formatting.achievement,
        carta=formatting.card,
    )
    environment.globals.update(
        JOGOS=formatting.GAMES,
        REGRAS=formatting.RULE_SETS,
        SITUACOES=formatting.STATUSES,
        DESFECHOS=formatting.OUTCOMES,
        BATIDAS=formatting.BATIDAS,
        CRITERIOS=formatting.CRITERIA,
        SITUACOES_CONFRONTO=formatting.FIXTURE_STATUSES,
        FASES=formatting.STAGE_KINDS,
        DESEMPATES=formatting.TIE_BREAKERS,
        rotulo=formatting.label,
        lados=formatting.sides,
        em_duplas=formatting.in_partnerships,
        por_lugar=formatting.by_place,
        marca=formatting.record_value,
    )
    return environment


TEMPLATES = TemplateConfig(instance=JinjaTemplateEngine.from_environment(_environment()))
