"""`/privacidade`: what the service keeps about a player, for how long, and how to ask for
a copy, a correction or an erasure (LGPD art. 18; design.md, "A player's data")."""

from __future__ import annotations

from litestar import Controller, get
from litestar.datastructures import State
from litestar.response import Template


class PrivacyPage(Controller):
    @get("/privacidade", name="pages:privacy")
    async def privacy(self, state: State) -> Template:
        list_kept = state.erasure_list is not None
        return Template(template_name="privacidade.html", context={"lista": list_kept})
