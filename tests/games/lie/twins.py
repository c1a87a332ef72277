"""LIE's twin, for the platform's differential leak test (tests/companion/test_twins.py).

Until a round's "Lie!" shows them, each player sees only their own hand: not the faces the
others turned up, nor how many, nor (when the app deals) the cards they were dealt, nor (when
counting at the reveal) the counts they entered before the last one. Hand sizes, who has set a
hand or counted, the bids and every finished round are everyone's; once the game is over
nothing is hidden.
"""

import dataclasses
from collections import Counter
from collections.abc import Sequence

from companion.table.games import Played, Viewer
from games.lie import rules


def twin(played: Played, viewer: Viewer, also: Sequence[Viewer] = ()) -> Played:
    """The same round with every other player's hand, cards and count changed for ``viewer``;
    ``also``: the players without a phone whose panels the host's page holds, kept as they are."""
    state = played.state
    if state.outcome is not None:
        return played
    seen = {played.index(viewer), *(played.index(each) for each in also)}
    me = played.index(viewer)
    others = [seat for seat in range(len(state.players)) if seat not in seen]
    hands, counts, dealt = list(state.hands), list(state.counts), list(state.dealt)
    if state.app_deals and dealt:
        fresh = iter(_other_cards(state, me, others))
        for seat in others:
            if dealt[seat] is not None:
                dealt[seat] = tuple(next(fresh) for _ in dealt[seat])
    for seat in others:
        if hands[seat] is not None:
            cards = dealt[seat] if state.app_deals and dealt else None
            hands[seat] = _other_hand(hands[seat], state.cards[seat], cards)
        if counts and counts[seat] is not None:
            counts[seat] = (0, 0) if counts[seat] != (0, 0) else (min(1, state.cards[seat]), 0)
    return played.then(dataclasses.replace(state, hands=tuple(hands), counts=tuple(counts), dealt=tuple(dealt)))


def _other_hand(hand: tuple[int, ...], cards: int, dealt: tuple | None) -> tuple[int, ...]:
    """Another hand the same player could set: one face more (or fewer, with every card used),
    each face turned one further round the die, or, with dealt cards, their lower ends."""
    size = len(hand) + 1 if len(hand) < cards else len(hand) - 1
    if dealt is not None:
        return tuple(sorted(min(card) for card in dealt[:size]))
    faces = [face % 6 + 1 for face in hand] + [1]
    return tuple(sorted(faces[:size]))


def _other_cards(state: rules.GameState, me: int | None, others: list[int]) -> list[tuple[int, int]]:
    """The cards to deal the others instead, in order: first those nobody was dealt, then the
    others' own, the last player's first, so that each is dealt cards it did not hold."""
    held = [card for cards in state.dealt if cards is not None for card in cards]
    undealt = list((Counter(rules.DEFAULT_DECK) - Counter(held)).elements())
    theirs = [card for seat in reversed(others) if state.dealt[seat] is not None for card in state.dealt[seat]]
    return undealt + theirs
