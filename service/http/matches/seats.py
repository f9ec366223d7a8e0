"""Who may move for a seat, name one of its cards or record its irregular pass: what a
write may ask of a hand its sender may or may not see (design.md, "Secrets in the
history"). A write's answer must not tell, by being taken or refused, what a hand holds
to someone who does not see it."""

from domain import DomainError, TrickHand
from domain.match.bodies import MoveBody
from service.http.matches import access as can
from service.http.matches.schemas import NewPenalty
from service.http.matches.writes import Sender
from service.http.problems import ApiError
from service.store.matches import MatchRecord


def may_move(body: MoveBody, sender: Sender, record: MatchRecord) -> None:
    """The seat's own player (who holds its cards, also when the hand is played blind), or
    staff who see its hand: a move for a seat whose hand the sender cannot see would tell,
    by its answer, what that hand holds. A card of the seat's hand is named only by who
    sees it: in a hand played blind its player, who sees none, turns one over by its
    position (a server's deal), or the deal's poster names the card turned (cards on a
    table); whether a named card is taken would tell the blind player what they hold."""
    seat = body.mover()
    if seat is not None:
        _at_the_table(seat, record)
        _may_pick(body, sender, record, seat)
    if body.names_hidden_cards() and record.state.hand is not None:
        everyone = range(len(record.state.seats))
        if not all(sender.sees(record, seat) for seat in everyone):
            raise ApiError(403, "forbidden", _NAMES_DRAWN)
    if seat is None:  # a board named: who sees every hand, as for any card named
        can.staff_only(sender.access, "name the board")
        return
    if seat in sender.access.seats:
        return
    can.may_play_seat(sender.access, seat)
    if record.state.hand is not None and not sender.sees(record, seat):
        raise ApiError(403, "forbidden", _UNSEEN.format(seat=seat, what="move for it"))


def _may_pick(body: MoveBody, sender: Sender, record: MatchRecord, seat: int) -> None:
    own = body.own_card()
    if own is None or record.state.hand is None:
        return
    if own == "named" and not sender.sees(record, seat):
        blind = isinstance(record.state.hand, TrickHand) and record.state.hand.blind
        unseen = _UNSEEN.format(seat=seat, what="name its card")
        raise ApiError(403, "forbidden", unseen + (_BLIND if blind else ""))
    if own == "by-position" and record.dealer is not None:
        raise ApiError(403, "forbidden", _ON_THE_TABLE)


def mover(body: MoveBody) -> int | None:
    return body.mover()


def _at_the_table(seat: int, record: MatchRecord) -> None:
    """A seat the game's table does not have is a bad seat, whoever asks."""
    if record.state.status != "new":
        try:
            record.state.table.check_seat(seat)
        except DomainError as error:
            raise ApiError(422, error.code, error.message) from None


def may_penalize(body: NewPenalty, sender: Sender, record: MatchRecord) -> None:
    """Staff; an irregular pass (accepted only when the seat holds a tile that fits) only
    from who sees the seat's hand."""
    _at_the_table(body.seat, record)
    can.staff_only(sender.access, "record a penalty")
    irregular = body.kind == "irregular-pass" and record.state.hand is not None
    if irregular and not sender.sees(record, body.seat):
        raise ApiError(403, "forbidden", _UNSEEN.format(seat=body.seat, what="record it"))


_NAMES_DRAWN = (
    "only who posted the deal (and sees every hand) names the cards drawn from a stock not "
    "posted: whether a card can come from it would tell what the other hands hold"
)
_UNSEEN = "only who sees seat {seat}'s hand may {what}: its player, or whoever posted the deal"
_BLIND = (
    "; in a mão de ferro nobody sees their own cards: a seat's player turns one over by its "
    '"position" (a deal by the server), or whoever posted the deal names the card turned'
)
_ON_THE_TABLE = (
    "the cards of a posted deal are on the table: whoever posted it names the card turned over"
)
