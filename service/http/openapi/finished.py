"""The app's finished OpenAPI document: Litestar's, with ours added to it (problems, bodies,
examples, links, positions, names, security).

Every app `create_app` makes has the same routes and so the same document; a process that
makes many (the tests make one a test, hundreds a run) builds it once: building it took
two thirds of the time to make an app."""

from __future__ import annotations

from litestar import Litestar
from litestar._openapi.plugin import OpenAPIPlugin
from litestar.openapi.spec import OpenAPI

from service.http.openapi.bodies import describe_tag_fields, document_request_bodies
from service.http.openapi.game_bodies import document_game_bodies, document_hands
from service.http.openapi.links import document_links
from service.http.openapi.names import name_inline_schemas
from service.http.openapi.positions import document_positions
from service.http.openapi.problems import document_examples, document_problems
from service.http.openapi.security import document_security

_built: list[OpenAPI] = []


def finish_document(app: Litestar) -> None:
    """Gives `app` the finished document: the one built for an earlier app of this process,
    else Litestar's own, finished here."""
    plugin = app.plugins.get(OpenAPIPlugin)
    if _built:
        plugin._openapi = _built[0]  # Litestar keeps its document there (provide_openapi)
        return
    document = document_problems(plugin.provide_openapi())
    document_request_bodies(document)
    document_hands(document_game_bodies(document))
    document_links(document_examples(describe_tag_fields(document)))
    document_positions(document)
    name_inline_schemas(document)
    document_security(document)
    _built.append(document)
