"""Melds of the rummy family (card-rules.md sections 4 to 7): runs of one suit and sets of
one rank, with wild cards; a canastra; and a hand split into melds (Cacheta's batida).

Which cards are wild is the game's: every 2 (Buraco, Tranca), the 2s and the jokers (Mega
Buraco), the rank after the vira in its colour (Cacheta). A wild-capable card standing in
its own place is natural, not wild (B4, K5): a run may hold one 2 as a 2 and another as a
wild. A meld is read the way that uses the fewest wilds, so a run that can be clean is.

`decks`: the two-deck decks; `rules`: what a game allows in a meld, and a meld read;
`runs` and `sets`: the two kinds; `meld`: a meld read from its cards; `split`: a hand split
into melds.
"""
