"""Fiction's twin, for the platform's differential leak test (tests/companion/test_twins.py).

Until the game is over, the Guessers and the display see the guesses, the clues shared, the
tokens and both chosen cards; not the secret word, the honest clues (so not where the lies
are), which rows cost a feather, how many feathers are left, nor the hint before the first
half. Each side sees its own ability cards dealt, never the other's. The Lie-brarian sees all
the rest.
"""

import dataclasses

from companion.table.games import Played, Viewer, get
from games.fiction import rules
from games.fiction.rules.abilities import PAYMENTS, AbilityCard
from games.fiction.rules.clues import lie_positions
from games.fiction.rules.game import LIBRARIAN, OVER, SETUP


def twin(played: Played, viewer: Viewer) -> Played:
    """The same game with what ``viewer``'s side may not see changed: for the Guessers and the
    display, another secret word, one that fits the rows as they see them if any does (and the
    honest clues, lies and feathers that go with it); the cards dealt to any side but
    ``viewer``'s own."""
    state = played.state
    if state.phase == OVER:
        return played
    side = get("fiction").side(played, viewer)
    offers = tuple((s, cards if s == side else _other_offer(cards, s)) for s, cards in state.offers)
    state = dataclasses.replace(state, offers=offers)
    if side != LIBRARIAN and state.secret is not None:
        state = _other_secret(state)
    return played.then(state)


def _other_secret(state: rules.GameState) -> rules.GameState:
    shown_hint = state.hint if state.phase != SETUP else None  # the hint is public once play starts
    words = rules.secret_words(state.options.red_words)
    fitting = rules.candidates(state.rows(), words, hint=shown_hint)
    secret = next((w for w in fitting if w != state.secret), None) or next(w for w in words if w != state.secret)
    hint = shown_hint or next((c for c in secret if c != state.hint), secret[0])
    turns = []
    for turn in state.turns:
        honest = rules.honest_clues(secret, turn.guess)
        lies = lie_positions(honest, turn.shared) if turn.shared is not None else frozenset()
        turns.append(dataclasses.replace(turn, honest=honest, ability_used=len(lies) > 1))
    return dataclasses.replace(state, secret=secret, hint=hint, turns=tuple(turns),
                               secret_override=not state.secret_override,
                               librarian_uses=sum(t.ability_used for t in turns))


def _other_offer(cards: tuple[AbilityCard, ...], side: str) -> tuple[AbilityCard, ...]:
    """Another deal for ``side``: a card only the twin deals, in place of the first."""
    dealt = AbilityCard("twin-only", side, "A card dealt only in the twin.", PAYMENTS[side][0], uses=1)
    return (dealt, *cards[1:]) if cards else cards
