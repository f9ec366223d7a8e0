"""The example bodies of the README and of design.md, copied as literals (CI has only this
repository). Each names the operation it is posted to; a body written as a template in its
document ("[[10 cards] x4]", "...") is filled in, and its comment says how.

Placeholders kept as written: "<id>" and "<player id>" are the seats' player ids, in order.
"""

from __future__ import annotations

from typing import Any

Written = tuple[str, Any]
"""(operationId, body): a body is a JSON value, or a str of raw JSON text."""

README: dict[str, Written] = {
    # "Try it": `for name in Zé Ana Tião Bia; do ... -d "{\"name\": \"$name\"}"`
    "player-ze": ("registerPlayer", {"name": "Zé"}),
    "player-ana": ("registerPlayer", {"name": "Ana"}),
    "player-tiao": ("registerPlayer", {"name": "Tião"}),
    "player-bia": ("registerPlayer", {"name": "Bia"}),
    # "Try it": the dominoes game, its server deal and its first tile
    "match-pontos": (
        "createMatch",
        {"rules": {"preset": "pontos"}, "seats": ["<id>", "<id>", "<id>", "<id>"]},
    ),
    "deal-server": ("startHand", {"deal": "server"}),
    "move-6-6": ("postMove", {"seat": 0, "tile": "6-6"}),
    # "Try it": "A Sueca hand, card by card"
    "match-sueca": (
        "createMatch",
        {"rules": {"preset": "sueca"}, "seats": ["<id>", "<id>", "<id>", "<id>"]},
    ),
    "sueca-deal-server": ("startHand", {"deal": "server"}),
    "sueca-card": ("postMove", {"seat": 0, "card": "7H"}),
    "sueca-result": ("postResult", {"points": {"A": 75, "B": 45}, "tricks": {"A": 6, "B": 4}}),
    # "Try it": `{"dealer": 3, "hands": [[10 cards] x4], "trump_card": "7H"}`, its ten cards
    # a seat filled in (the 7H in the dealer's hand)
    "sueca-deal-posted": (
        "startHand",
        {
            "dealer": 3,
            "hands": [
                ["AS", "2S", "3S", "4S", "5S", "6S", "QS", "JS", "KS", "7S"],
                ["AC", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C"],
                ["AD", "2D", "3D", "4D", "5D", "6D", "QD", "JD", "KD", "7D"],
                ["AH", "2H", "3H", "4H", "5H", "6H", "QH", "JH", "KH", "7H"],
            ],
            "trump_card": "7H",
        },
    ),
    # "Try it": Truco's raise, its answers and a covered card
    "truco-call": ("postMove", {"seat": 0, "call": "truco"}),
    "truco-accept": ("postMove", {"seat": 1, "accept": True}),
    "truco-run": ("postMove", {"seat": 1, "run": True}),
    "truco-covered": ("postMove", {"seat": 0, "card": "3S", "covered": True}),
    # "The API (v1)", Games: Espadas' bid `{"seat": 0, "bid": 4}` (or "nil", "double_nil")
    "espadas-bid": ("postMove", {"seat": 0, "bid": 4}),
    "espadas-bid-nil": ("postMove", {"seat": 0, "bid": "nil"}),
    "espadas-bid-double-nil": ("postMove", {"seat": 0, "bid": "double_nil"}),
    "espadas-result": ("postResult", {"bids": [4, "nil", 3, 2], "tricks": [5, 0, 4, 4]}),
    # Games: Copas' pass and a hand by its result
    "copas-give": ("postMove", {"seat": 0, "give": ["QS", "AH", "KH"]}),
    "copas-result": ("postResult", {"points": [5, 13, 8, 0]}),
    # Games: a draw that names its card (no stock posted)
    "stock-draw": ("postMove", {"seat": 2, "draw": "stock", "card": "4C"}),
    # Games: the betting moves, `{"seat": 1, "check": true}`, `"cover"`, `"fold"`,
    # `"all_in"` or `{"seat": 1, "bet_to": 60}`
    "betting-check": ("postMove", {"seat": 1, "check": True}),
    "betting-cover": ("postMove", {"seat": 1, "cover": True}),
    "betting-fold": ("postMove", {"seat": 1, "fold": True}),
    "betting-all-in": ("postMove", {"seat": 1, "all_in": True}),
    "betting-bet-to": ("postMove", {"seat": 1, "bet_to": 60}),
    # Games: Hold'em's board named street by street, poker fechado's exchange
    "holdem-board": ("postMove", {"board": ["AS", "7D", "10H"]}),
    "poker-exchange": ("postMove", {"seat": 0, "exchange": ["7C", "9S"]}),
    # Games: `{"net": {"0": -120, "1": 300, ...}}`, its "..." filled in as the document's
    "betting-net": ("postResult", {"net": {"0": -120, "1": 300, "2": -180, "3": 0}}),
    # Errors: "A JSON object with a key twice (`{"seat": 0, "seat": 3}`) is refused"
    "duplicate-key": ("postMove", '{"seat": 0, "seat": 3}'),
}

DESIGN: dict[str, Written] = {
    # "Core request and answer shapes"
    "player": ("registerPlayer", {"name": "Zé"}),
    "match": (
        "createMatch",
        {
            "rules": {"preset": "pontos", "target": 6},
            "seats": ["<player id>", "<player id>", "<player id>", "<player id>"],
            "competition_id": None,
            "place": "Bar do Zé",
            "notes": "",
        },
    ),
    # `{"hands": [["6-6", "1-2", ...] x4], "dorme": ["0-0", ...]}`: the first hand starts
    # 6-6, 1-2 and the dorme 0-0 as written, the rest filled in
    "deal-posted": (
        "startHand",
        {
            "hands": [
                ["6-6", "1-2", "0-1", "0-2", "0-3", "0-4"],
                ["3-6", "0-5", "0-6", "1-1", "1-3", "1-4"],
                ["3-5", "1-5", "1-6", "2-2", "2-3", "2-4"],
                ["2-5", "2-6", "3-3", "3-4", "4-4", "4-5"],
            ],
            "dorme": ["0-0", "4-6", "5-5", "5-6"],
        },
    ),
    "deal-server": ("startHand", {"deal": "server"}),
    "move-play": ("postMove", {"seat": 2, "tile": "3-5", "end": "left"}),
    "move-pass": ("postMove", {"seat": 2, "pass": True}),
    "result-batida": ("postResult", {"outcome": "batida", "seat": 3, "kind": "cruzada"}),
    "result-bloqueio": ("postResult", {"outcome": "bloqueio", "sums": {"A": 12, "B": 17}}),
    "confirmation": ("confirmMatch", {}),
    # "Every game of the seeds": `{"rules": {"preset": "sueca"}, "seats": [4 ids]}`
    "match-sueca": (
        "createMatch",
        {"rules": {"preset": "sueca"}, "seats": ["<id>", "<id>", "<id>", "<id>"]},
    ),
    # `{"dealer": 3, "hands": [[10 cards] x4], "trump_card": "7H"}`, its cards filled in
    "sueca-deal": (
        "startHand",
        {
            "dealer": 3,
            "hands": [
                ["2S", "3S", "4S", "5S", "6S", "2D", "3D", "4D", "5D", "6D"],
                ["QS", "JS", "KS", "7S", "AS", "QD", "JD", "KD", "7D", "AD"],
                ["2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C", "AC"],
                ["2H", "3H", "4H", "5H", "6H", "QH", "JH", "KH", "AH", "7H"],
            ],
            "trump_card": "7H",
        },
    ),
    # `{"dealer": 3, "hands": [[3 cards] x4], "vira": "4C"}`, its cards filled in
    "truco-deal": (
        "startHand",
        {
            "dealer": 3,
            "hands": [
                ["3H", "KC", "5D"],
                ["AS", "7S", "QH"],
                ["2C", "7D", "JS"],
                ["6H", "3S", "AD"],
            ],
            "vira": "4C",
        },
    ),
    "trick-card": ("postMove", {"seat": 1, "card": "7H"}),
    "sueca-redeal": ("postMove", {"seat": 0, "redeal": True}),
    "truco-covered": ("postMove", {"seat": 1, "card": "7H", "covered": True}),
    # `{"seat": 1, "call": "truco"|"seis"|"nove"|"doze"}`
    "truco-call-truco": ("postMove", {"seat": 1, "call": "truco"}),
    "truco-call-seis": ("postMove", {"seat": 1, "call": "seis"}),
    "truco-call-nove": ("postMove", {"seat": 1, "call": "nove"}),
    "truco-call-doze": ("postMove", {"seat": 1, "call": "doze"}),
    "truco-accept": ("postMove", {"seat": 2, "accept": True}),
    "truco-run": ("postMove", {"seat": 2, "run": True}),
    "sueca-result": ("postResult", {"points": {"A": 75, "B": 45}, "tricks": {"A": 6, "B": 4}}),
    "truco-result": ("postResult", {"winner": "A", "value": 3}),
    "truco-tie": ("postResult", {"tie": True}),
}
