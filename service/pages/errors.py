"""Errors as pages: an unknown id answers a 404 page, bad filters a 400 page, in pt-BR."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.exceptions import HTTPException
from litestar.response import Template

from service.reads.errors import InvalidQuery
from service.store.errors import NotFound

_TITLES = {400: "Pedido inválido", 404: "Não encontrado"}


def _page(status: int, detail: str) -> Template:
    return Template(
        template_name="erro.html",
        context={"status": status, "titulo": _TITLES.get(status, "Erro"), "detalhe": detail},
        status_code=status,
        media_type="text/html",
    )


def invalid_query_page(request: Request[Any, Any, Any], error: InvalidQuery) -> Template:
    return _page(400, error.detail)


def not_found_page(request: Request[Any, Any, Any], error: NotFound) -> Template:
    return _page(404, "Nada com este endereço.")


def http_error_page(request: Request[Any, Any, Any], error: HTTPException) -> Template:
    """Litestar's own refusals (a `passo` that is not a number, ...), said in pt-BR."""
    detail = "Há um parâmetro inválido no endereço." if error.status_code == 400 else ""
    return _page(error.status_code, detail or str(error.detail))


PAGE_ERRORS: dict[type[Exception] | int, Any] = {
    InvalidQuery: invalid_query_page,
    NotFound: not_found_page,
    HTTPException: http_error_page,
}
