"""LIE as a state machine: immutable state, one ``apply`` for every move.

A round: every player still in sets a hand (the faces they turned up; they may
change it until the last hand is set), then with Which Way the opener picks a
direction, then bidding runs from the opener until someone says "Lie!". The
challenge is settled at once: the round is written to ``history`` with every
hand shown, and the next round starts (or the game ends).

Seats are indices into ``players``; seat order is clockwise (to the left).
Moves are JSON-friendly dicts:

- ``{"type": "set_hand", "faces": [4, 4, 2, 2, 2]}``
- ``{"type": "choose_direction", "direction": "clockwise" | "counter_clockwise"}``
- ``{"type": "bid", "quantity": 3, "face": 4}``
- ``{"type": "challenge"}`` ("Lie!")
- ``{"type": "show_count", "count": 2, "ones": 1}`` (count at reveal only)
- ``{"type": "forfeit"}``: the player leaves the game (any time)

The table may also end the game at any point (``end_game``, when the host ends
it): nobody wins, and the hands and counts of the round in play are shown.

Count at reveal is a table mode, not a rulebook variant: no hand is entered;
the round starts with the bidding, and at the challenge each player still in
enters how many of the challenged face they show (and, when ones are wild,
how many ones), until the last count settles it.

"The app deals" is another table mode, for players without the cards (on a
video call, or a deck left at home): each round starts with the app mixing
``DEFAULT_DECK`` (an assumed pairing of faces) with the ``rng`` passed in and
dealing each player still in as many cards as they draw this round. A hand is
then set as at the table, and checked against the cards dealt.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from enum import StrEnum

from .bids import Bid, _is_int, ones_wild_this_round
from .deck import FIRST_ROUND_CARDS, PER_FACE, check_hand, check_turned, deal, faces_over
from .errors import CorruptState, IllegalBid, IllegalMove, IllegalSetup, RulesError

MIN_PLAYERS = 2
MAX_PLAYERS = 6
SHORTER_GAME_MIN_PLAYERS = 4
# Why a table cannot both have the app deal and count at the reveal: said at the start and beside the setup.
DEALS_AND_COUNTS = ("When the app deals, each phone sets its hand from its cards: count at reveal is for "
                    "tables playing with the real cards.")
FORMAT_VERSION = 1


class Phase(StrEnum):
    SETTING_HANDS = "setting_hands"
    CHOOSING_DIRECTION = "choosing_direction"
    BIDDING = "bidding"
    COUNTING = "counting"  # count at reveal: "Lie!" was called, the players enter their counts
    OVER = "over"


class Direction(StrEnum):
    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter_clockwise"

    @property
    def step(self) -> int:
        return 1 if self is Direction.CLOCKWISE else -1


class Termination(StrEnum):
    LAST_PLAYER = "last-player"  # everyone else can draw no cards (or lost in a play-off, or left)
    MOST_CARDS = "most-cards"  # Shorter Game: one player out, one player alone with the most cards
    ENDED = "ended"  # the table ended the game: nobody wins


@dataclass(frozen=True)
class Variants:
    wild_ones: bool = False
    which_way: bool = False
    shorter_game: bool = False


VARIANT_NAMES = ("wild_ones", "which_way", "shorter_game")


@dataclass(frozen=True)
class Call:
    """A bid and the seat that made it."""

    seat: int
    bid: Bid


@dataclass(frozen=True)
class Showdown:
    """A finished round: every hand shown after "Lie!", and what came of it.

    ``hands`` has one entry per seat, ``None`` for players who were out (and
    for everyone at a count-at-reveal table); ``dealt``, when the app dealt, the
    cards each seat held (``None`` for players who were out). ``counts`` has, per seat, how
    many of the challenged face it showed and how many wild ones counted with
    them (``None`` for players who were out). ``cards`` is every seat's hand
    size for the next round. ``eliminated`` lists the seats that left the game
    because of this round: the loser, once they can draw no cards (or lost in a
    play-off), and with Shorter Game everyone short of the most cards.
    """

    round: int
    opener: int
    direction: Direction
    hands: tuple[tuple[int, ...] | None, ...]
    calls: tuple[Call, ...]
    challenger: int
    wild_ones: bool
    count: int
    winner: int
    loser: int
    eliminated: tuple[int, ...]
    counts: tuple[tuple[int, int] | None, ...] = ()
    cards: tuple[int, ...] = ()
    # Shorter Game: the players tied on the most cards when this round left a player unable
    # to draw; they alone play the remaining rounds (the play-off).
    playoff: tuple[int, ...] = ()
    dealt: tuple[tuple[tuple[int, int], ...] | None, ...] = ()

    @property
    def challenged(self) -> Call:
        return self.calls[-1]

    @property
    def held(self) -> bool:
        return self.count >= self.challenged.bid.quantity

    @property
    def shown(self) -> dict:
        """This round as every view shows it (``showdown_to_dict``)."""
        return showdown_to_dict(self)

    @cached_property  # a round played never changes, and every view of the game reads it
    def faces_over(self) -> tuple[int, ...]:
        """Faces shown more often than the deck has them: a hand or a count was mis-entered."""
        if any(hand is not None for hand in self.hands):
            return faces_over(self.hands)
        face = self.challenged.bid.face
        shown = [c for c in self.counts if c is not None]
        over = {face} if sum(c[0] for c in shown) > PER_FACE else set()
        if sum(c[1] for c in shown) > PER_FACE:
            over.add(1)
        return tuple(sorted(over))


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # None: the table ended the game
    termination: Termination


@dataclass(frozen=True)
class GameState:
    """Everything about a game of LIE, secrets included; show players only ``player_view``.

    ``cards[i]`` is how many cards seat ``i`` draws this round. ``out`` lists
    eliminated seats in the order they left. ``hands[i]`` is the hand seat
    ``i`` set this round, ``None`` until set. ``playoff`` is True once a
    Shorter Game is down to tied players. When the app deals, ``dealt[i]`` is
    the cards (``(top, bottom)``) seat ``i`` was dealt this round, ``None`` for
    players who are out; ``()`` at other tables. ``redealt`` is True while the
    round in play is one dealt again (``deal_again``), until the next round.
    """

    players: tuple[str, ...]
    variants: Variants
    cards: tuple[int, ...]
    out: tuple[int, ...] = ()
    round: int = 1
    opener: int = 0
    phase: Phase = Phase.SETTING_HANDS
    direction: Direction = Direction.CLOCKWISE
    hands: tuple[tuple[int, ...] | None, ...] = ()
    calls: tuple[Call, ...] = ()
    turn: int | None = None
    playoff: bool = False
    history: tuple[Showdown, ...] = field(default=())
    outcome: Outcome | None = None
    # Table modes (not rulebook variants): see the module docstring and rules.odds.
    count_at_reveal: bool = False
    odds_helper: bool = False
    challenger: int | None = None
    counts: tuple[tuple[int, int] | None, ...] = ()
    # (seat, round) for each player who left the game: forfeits, not eliminations.
    left: tuple[tuple[int, int], ...] = ()
    app_deals: bool = False
    dealt: tuple[tuple[tuple[int, int], ...] | None, ...] = ()
    redealt: bool = False

    @property
    def in_game(self) -> tuple[int, ...]:
        """Seats still playing, in seat order."""
        return tuple(seat for seat in range(len(self.players)) if seat not in self.out)

    @property
    def cards_in_play(self) -> int:
        """How many cards the players still in draw this round: no bid may go above it."""
        return sum(self.cards[s] for s in self.in_game)

    @property
    def current_bid(self) -> Bid | None:
        return self.calls[-1].bid if self.calls else None

    @property
    def opening_bid(self) -> Bid | None:
        return self.calls[0].bid if self.calls else None

    @property
    def ones_wild(self) -> bool:
        """Whether ones count toward other faces in this round, as far as the bids so far say."""
        return ones_wild_this_round(self.variants.wild_ones, self.opening_bid)

    def to_dict(self) -> dict:
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping) -> GameState:
        return from_dict(data)


# --- setting up -------------------------------------------------------------


def _variants(variants: Variants | Mapping[str, bool] | Iterable[str] | None) -> Variants:
    if variants is None:
        return Variants()
    if isinstance(variants, Variants):
        return variants
    if isinstance(variants, str):
        names = [variants]
    elif isinstance(variants, Mapping):
        names = [name for name, on in variants.items() if on]
        unknown = [name for name in variants if name not in VARIANT_NAMES]
        names += unknown
    else:
        names = list(variants)
    for name in names:
        if name not in VARIANT_NAMES:
            raise IllegalSetup(f"There is no variant called {name!r}.", reason="unknown-variant")
    return Variants(**{name: True for name in names})


def new_game(
    players: Iterable[str],
    *,
    opener: int = 0,
    variants: Variants | Mapping[str, bool] | Iterable[str] | None = None,
    count_at_reveal: bool = False,
    odds_helper: bool = False,
    app_deals: bool = False,
    rng: random.Random | None = None,
) -> GameState:
    """Start a game: ``players`` in clockwise seat order, ``opener`` the seat of the oldest player.

    ``variants`` is a ``Variants``, or the names of the variants to play
    (``{"wild_ones", "which_way"}``), or a mapping of name to on/off.
    ``count_at_reveal``: no hands are entered; counts are, at each challenge.
    ``odds_helper``: each phone shows the chance that the current bid holds.
    ``app_deals``: the app deals each round's cards with ``rng``.
    """
    players = tuple(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalSetup(
            f"LIE is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}.",
            reason="player-count",
        )
    if any(not isinstance(name, str) or not name.strip() for name in players):
        raise IllegalSetup("Every player needs a name.", reason="bad-player")
    if not _is_int(opener) or not 0 <= opener < len(players):
        raise IllegalSetup("The opener must be one of the players' seats.", reason="bad-opener")
    chosen = _variants(variants)
    if chosen.shorter_game and len(players) < SHORTER_GAME_MIN_PLAYERS:
        raise IllegalSetup(
            f"Shorter Game is for {SHORTER_GAME_MIN_PLAYERS} to {MAX_PLAYERS} players.",
            reason="shorter-game-needs-four",
        )
    if app_deals and count_at_reveal:
        raise IllegalSetup(DEALS_AND_COUNTS, reason="deals-and-counts")
    state = _start_round(GameState(
        players=players,
        variants=chosen,
        cards=(FIRST_ROUND_CARDS,) * len(players),
        opener=opener,
        hands=(None,) * len(players),
        count_at_reveal=bool(count_at_reveal),
        odds_helper=bool(odds_helper),
        app_deals=bool(app_deals),
    ))
    return _deal(state, rng) if state.app_deals else state


def _start_round(state: GameState) -> GameState:
    """A round begins with hands to set, or, counting at reveal, with the opener's direction or bid.

    When the app deals, the new round's cards are dealt by ``apply`` (``_deal``), which holds the rng.
    """
    if not state.count_at_reveal:
        return replace(state, phase=Phase.SETTING_HANDS, turn=None, dealt=(), redealt=False)
    return _hands_ready(state)


def _deal(state: GameState, rng: random.Random | None) -> GameState:
    """Mix the whole deck and deal each player still in the cards they draw this round."""
    if rng is None:
        raise TypeError("the app deals this game: pass an rng")
    sizes = [state.cards[s] if s in state.in_game else 0 for s in range(len(state.players))]
    hands = deal(rng, sizes)
    return replace(state, dealt=tuple(hand if s in state.in_game else None for s, hand in enumerate(hands)))


def _hands_ready(state: GameState) -> GameState:
    # Direction only matters with three or more players left.
    if state.variants.which_way and len(state.in_game) > 2:
        return replace(state, phase=Phase.CHOOSING_DIRECTION, turn=state.opener)
    return replace(state, phase=Phase.BIDDING, turn=state.opener)


# --- moves ------------------------------------------------------------------


# The moves each phase offers, in the order a screen shows them.
PHASE_MOVES: dict[Phase, tuple[str, ...]] = {
    Phase.SETTING_HANDS: ("set_hand", "forfeit"),
    Phase.CHOOSING_DIRECTION: ("choose_direction", "forfeit"),
    Phase.BIDDING: ("bid", "challenge", "forfeit"),
    Phase.COUNTING: ("show_count", "forfeit"),
    Phase.OVER: (),
}


def apply(state: GameState, seat: int, move: Mapping, rng: random.Random | None = None) -> GameState:
    """Return the state after ``seat`` makes ``move``; raise a ``RulesError`` if it is refused.

    ``rng`` deals the next round's cards when the app deals (a move that ends a
    round starts the next); at other tables the cards are mixed at the table.
    No move is the clock's or the table's: every one is made from a player's seat.
    """
    _check_seat(state, seat)
    if not isinstance(move, Mapping):
        raise IllegalMove("A move is a dict with a type.", reason="bad-move")
    kind = move.get("type")
    if kind not in _MOVES:
        raise IllegalMove(f"There is no move called {kind!r}.", reason="unknown-move")
    handler, names = _MOVES[kind]
    # A malformed move is refused before asking whether it fits the turn.
    if set(move) != {"type", *names}:
        expected = ", ".join(names) or "nothing else"
        raise IllegalMove(f"A {kind} move takes: {expected}.", reason="bad-move")
    _check_now(state, seat, kind)
    after = handler(state, seat, *(move[name] for name in names))
    if after.app_deals and after.phase is Phase.SETTING_HANDS and not after.dealt:
        after = _deal(after, rng)
    return after


def why_not(state: GameState, seat: int, kind: str) -> str:
    """Why ``seat`` may not make a ``kind`` move now, whatever its fields; "" if it may."""
    try:
        _check_seat(state, seat)
        _check_now(state, seat, kind)
    except RulesError as refusal:
        return refusal.message
    return ""


def _check_seat(state: GameState, seat: int) -> None:
    if state.outcome is not None:
        raise IllegalMove("The game is over.", reason="game-over")
    if not _is_int(seat) or not 0 <= seat < len(state.players):
        raise IllegalMove("That seat is not at this table.", reason="no-such-seat")
    if seat in state.out:
        raise IllegalMove("You are out of this game.", reason="player-out")


def _check_now(state: GameState, seat: int, kind: str) -> None:
    """Refuse a ``kind`` move that does not fit the phase or the turn."""
    if kind == "forfeit":
        return  # a player may leave at any time; the game goes on without them
    if kind == "set_hand":
        if state.count_at_reveal:
            raise IllegalMove("This table counts at the reveal: no hand is entered.", reason="count-at-reveal")
        if state.phase is not Phase.SETTING_HANDS:
            raise IllegalMove("Every hand is set; cards may not be turned now.", reason="hands-locked")
    elif kind == "show_count":
        if state.phase is not Phase.COUNTING:
            raise IllegalMove("Counts are entered only after a call of \"Lie!\".", reason="not-counting")
    elif kind == "choose_direction":
        if state.phase is not Phase.CHOOSING_DIRECTION:
            if not state.variants.which_way or len(state.in_game) <= 2:
                raise IllegalMove("This game has no direction to choose.", reason="no-direction-to-choose")
            if state.phase is Phase.SETTING_HANDS:
                raise IllegalMove("Wait until every hand is set.", reason="hands-not-set")
            raise IllegalMove("The direction for this round is already chosen.", reason="no-direction-to-choose")
        if seat != state.turn:
            raise IllegalMove(
                f"{state.players[state.turn]} chooses which way the bidding goes.", reason="not-your-turn"
            )
    else:
        if state.phase is Phase.SETTING_HANDS:
            raise IllegalMove("Wait until every hand is set.", reason="hands-not-set")
        if state.phase is Phase.COUNTING:
            raise IllegalMove("\"Lie!\" was called: the players are counting.", reason="counting")
        if state.phase is Phase.CHOOSING_DIRECTION:
            raise IllegalMove(
                f"{state.players[state.opener]} first chooses which way the bidding goes.",
                reason="direction-not-chosen",
            )
        if seat != state.turn:
            raise IllegalMove(f"It is {state.players[state.turn]}'s turn.", reason="not-your-turn")
        if kind == "challenge" and not state.calls:
            raise IllegalMove("There is no bid to challenge yet: open with a bid.", reason="no-bid-to-challenge")
        if kind == "bid" and state.current_bid is not None and state.current_bid.next_higher().quantity > state.cards_in_play:
            raise IllegalMove(
                f"No higher bid is possible with {state.cards_in_play} cards in play: call \"Lie!\".",
                reason="no-higher-bid",
            )


def _set_hand(state: GameState, seat: int, faces: object) -> GameState:
    # Checked against this player's own cards only: never against the hidden hands of others.
    hand = check_turned(faces, state.dealt[seat]) if state.app_deals else check_hand(faces, state.cards[seat])
    hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
    state = replace(state, hands=hands)
    if any(hands[s] is None for s in state.in_game):
        return state
    return _hands_ready(state)


def _choose_direction(state: GameState, seat: int, direction: object) -> GameState:
    try:
        chosen = Direction(direction)
    except ValueError:
        raise IllegalMove(
            "Choose clockwise or counter_clockwise.", reason="bad-direction"
        ) from None
    return replace(state, direction=chosen, phase=Phase.BIDDING)


def _next_in(state: GameState, seat: int, step: int) -> int:
    n = len(state.players)
    for distance in range(1, n + 1):
        candidate = (seat + step * distance) % n
        if candidate not in state.out:
            return candidate
    raise AssertionError("no player left")  # a game with no players left has ended already


def _bid(state: GameState, seat: int, quantity: object, face: object) -> GameState:
    bid = Bid(quantity, face)
    current = state.current_bid
    if current is not None and not bid > current:
        raise IllegalBid(
            f"{bid.spoken().capitalize()} does not beat {current.spoken()}: bid a higher quantity, "
            f"or the same quantity of a higher face (at least {current.next_higher().spoken()}).",
            reason="bid-too-low",
        )
    if bid.quantity > state.cards_in_play:
        raise IllegalBid(
            f"Only {state.cards_in_play} cards are in play: bid at most {state.cards_in_play} of a face.",
            reason="more-than-in-play",
        )
    return replace(
        state,
        calls=state.calls + (Call(seat, bid),),
        turn=_next_in(state, seat, state.direction.step),
    )


def _challenge(state: GameState, seat: int) -> GameState:
    if state.count_at_reveal:
        return replace(state, phase=Phase.COUNTING, turn=None, challenger=seat,
                       counts=(None,) * len(state.players))
    face, wild = state.current_bid.face, state.ones_wild
    counts = tuple(
        None if hand is None else (hand.count(face), hand.count(1) if wild and face != 1 else 0)
        for hand in state.hands
    )
    return _settle(state, seat, counts)


def _show_count(state: GameState, seat: int, count: object, ones: object) -> GameState:
    """Count at reveal: how many of the challenged face this player shows, and how many wild ones."""
    ones = 0 if ones is None else ones
    for value in (count, ones):
        if not _is_int(value) or value < 0:
            raise IllegalMove("A count is a whole number, 0 or more.", reason="bad-count")
    face = state.current_bid.face
    if ones and (face == 1 or not state.ones_wild):
        raise IllegalMove("Ones are not wild in this count: enter only the bid's face.", reason="ones-not-wild")
    cards = state.cards[seat]
    if count + ones > cards:
        raise IllegalMove(
            f"You hold {cards} card{'s' if cards != 1 else ''} this round: you can show at most {cards}.",
            reason="too-many-shown",
        )
    counts = state.counts[:seat] + ((count, ones),) + state.counts[seat + 1:]
    state = replace(state, counts=counts)
    if any(counts[s] is None for s in state.in_game):
        return state
    return _settle(state, state.challenger, counts)


def _settle(state: GameState, challenger: int, counts: tuple) -> GameState:
    """Count the challenged bid from every hand shown, and start the next round or end the game."""
    challenged = state.calls[-1]
    wild = state.ones_wild
    count = sum(shown + ones for shown, ones in (c for c in counts if c is not None))
    if count >= challenged.bid.quantity:
        winner, loser = challenged.seat, challenger
    else:
        winner, loser = challenger, challenged.seat

    cards = list(state.cards)
    out = list(state.out)
    playoff = state.playoff
    starts_playoff: tuple[int, ...] = ()
    outcome = None
    if playoff:
        # Shorter Game play-off: losing a challenge puts a player out at once.
        out.append(loser)
    else:
        cards[loser] -= 1
        if cards[loser] == 0:
            out.append(loser)
            if state.variants.shorter_game:
                left = [s for s in range(len(cards)) if s not in out]
                most = max(cards[s] for s in left)
                tied = [s for s in left if cards[s] == most]
                if len(tied) == 1:
                    outcome = Outcome(tied[0], Termination.MOST_CARDS)
                else:
                    out.extend(s for s in left if s not in tied)
                    playoff = True
                    starts_playoff = tuple(tied)
    left = [s for s in range(len(cards)) if s not in out]
    if outcome is None and len(left) == 1:
        outcome = Outcome(left[0], Termination.LAST_PLAYER)

    showdown = Showdown(
        round=state.round,
        opener=state.opener,
        direction=state.direction,
        hands=state.hands,
        calls=state.calls,
        challenger=challenger,
        wild_ones=wild,
        count=count,
        winner=winner,
        loser=loser,
        eliminated=tuple(out[len(state.out):]),
        counts=counts,
        cards=tuple(cards),
        playoff=starts_playoff,
        dealt=state.dealt,
    )
    after = replace(
        state,
        cards=tuple(cards),
        out=tuple(out),
        playoff=playoff,
        history=state.history + (showdown,),
        hands=(None,) * len(cards),
        calls=(),
        turn=None,
        direction=Direction.CLOCKWISE,
        challenger=None,
        counts=(),
        dealt=(),
    )
    if outcome is not None:
        return replace(after, phase=Phase.OVER, outcome=outcome)
    # The winner opens. Only a Shorter Game play-off can leave the winner out
    # (they were not among the tied); then the next player still in, clockwise, opens.
    opener = winner if winner not in out else _next_in(after, winner, 1)
    return _start_round(replace(after, round=state.round + 1, opener=opener))


def _forfeit(state: GameState, seat: int) -> GameState:
    """The player leaves the game and is out; the table is never left waiting for them.

    A round under way is called off (its hands, bids and counts set aside, the
    cards mixed again) and a new one starts, opened by the same opener, or by
    the next player still in if the opener left. The last player left wins.
    """
    out = state.out + (seat,)
    cards = state.cards[:seat] + (0,) + state.cards[seat + 1:]
    after = replace(state, out=out, cards=cards, left=state.left + ((seat, state.round),))
    still_in = after.in_game
    if len(still_in) == 1:
        return replace(after, phase=Phase.OVER, turn=None, dealt=(),
                       outcome=Outcome(still_in[0], Termination.LAST_PLAYER))
    opener = state.opener if state.opener != seat else _next_in(after, seat, 1)
    begun = state.calls or state.challenger is not None or any(h is not None for h in state.hands)
    if not begun:
        # Nothing of this round is spoiled: go on with the players still in (the leaver's cards go back).
        dealt = state.dealt and state.dealt[:seat] + (None,) + state.dealt[seat + 1:]
        after = replace(after, opener=opener, dealt=dealt)
        return after if after.phase is Phase.SETTING_HANDS else _hands_ready(after)
    return _start_round(replace(
        after, round=state.round + 1, opener=opener, hands=(None,) * len(cards), calls=(), turn=None,
        direction=Direction.CLOCKWISE, challenger=None, counts=(),
    ))


def end_game(state: GameState) -> GameState:
    """The table ends the game before anyone has won: nobody wins, and the hands set and the
    counts entered in the round in play are shown, as every hand is at a showdown.

    Not a move any seat makes: the platform calls it when the host ends the game.
    """
    if state.outcome is not None:
        return state
    return replace(state, phase=Phase.OVER, turn=None, outcome=Outcome(None, Termination.ENDED))


def shows_hands(before: GameState, after: GameState | None) -> bool:
    """Whether going from ``before`` to ``after`` showed every seat the hands of ``before``'s round:
    a "Lie!" settled it (its showdown shows them all), or the game ended with hands set in it
    (an ended game hides nothing). ``after`` None: no game followed, so nothing was shown."""
    if after is None:
        return False
    if len(after.history) > len(before.history):
        return True
    return after.outcome is not None and before.outcome is None and any(h is not None for h in before.hands)


def deal_again(state: GameState, rng: random.Random | None) -> GameState:
    """The round in play started over with fresh cards: each player still in has as many as
    before and sets a hand again, and the bidding restarts from the same opener, as after any
    new deal. The table undoing a move that showed every hand calls it: hands everyone has seen
    cannot be played on. Where the app deals, it deals the fresh cards with ``rng``; elsewhere
    the table shuffles and deals its own, and every hand typed in is forgotten.

    Only in a game still on.
    """
    if state.outcome is not None:
        raise IllegalMove("The game is over.", reason="game-over")
    fresh = replace(state, hands=(None,) * len(state.players), calls=(), turn=None, direction=Direction.CLOCKWISE,
                    challenger=None, counts=(), phase=Phase.SETTING_HANDS, dealt=(), redealt=True)
    return _deal(fresh, rng) if state.app_deals else fresh


# Each move's handler and its fields, by type.
_MOVES = {
    "set_hand": (_set_hand, ("faces",)),
    "choose_direction": (_choose_direction, ("direction",)),
    "bid": (_bid, ("quantity", "face")),
    "challenge": (_challenge, ()),
    "show_count": (_show_count, ("count", "ones")),
    "forfeit": (_forfeit, ()),
}


# --- lossless dict form -----------------------------------------------------


def _hands_to_list(hands):
    return [None if hand is None else list(hand) for hand in hands]


def _dealt_to_list(dealt):
    return [None if cards is None else [list(card) for card in cards] for cards in dealt]


def _dealt_from_list(dealt) -> tuple:
    return tuple(None if cards is None else tuple((card[0], card[1]) for card in cards) for cards in dealt)


def _calls_to_list(calls):
    return [{"seat": c.seat, "quantity": c.bid.quantity, "face": c.bid.face} for c in calls]


def showdown_to_dict(showdown: Showdown) -> dict:
    """A finished round as a JSON-friendly dict (all of it is public)."""
    challenged = showdown.challenged
    return {
        "round": showdown.round,
        "opener": showdown.opener,
        "direction": showdown.direction.value,
        "hands": _hands_to_list(showdown.hands),
        "calls": _calls_to_list(showdown.calls),
        "challenger": showdown.challenger,
        "challenged": {"seat": challenged.seat, "quantity": challenged.bid.quantity, "face": challenged.bid.face},
        "wild_ones": showdown.wild_ones,
        "count": showdown.count,
        "held": showdown.held,
        # Hands adding up to more of a face than the deck holds: the table sorts it out.
        "mis_entered": bool(showdown.faces_over),
        "faces_over": list(showdown.faces_over),
        "winner": showdown.winner,
        "loser": showdown.loser,
        "eliminated": list(showdown.eliminated),
        "counts": [None if c is None else {"face": c[0], "ones": c[1]} for c in showdown.counts],
        "cards": list(showdown.cards),
        "playoff": list(showdown.playoff),
        "dealt": _dealt_to_list(showdown.dealt),
    }


def to_dict(state: GameState) -> dict:
    """The whole state, secrets included, as JSON-friendly data for storage (never for players)."""
    return {
        "game": "lie",
        "version": FORMAT_VERSION,
        "players": list(state.players),
        "variants": {name: getattr(state.variants, name) for name in VARIANT_NAMES},
        "cards": list(state.cards),
        "out": list(state.out),
        "round": state.round,
        "opener": state.opener,
        "phase": state.phase.value,
        "direction": state.direction.value,
        "hands": _hands_to_list(state.hands),
        "calls": _calls_to_list(state.calls),
        "turn": state.turn,
        "playoff": state.playoff,
        "history": [showdown_to_dict(s) for s in state.history],
        "outcome": None
        if state.outcome is None
        else {"winner": state.outcome.winner, "termination": state.outcome.termination.value},
        "count_at_reveal": state.count_at_reveal,
        "odds_helper": state.odds_helper,
        "challenger": state.challenger,
        "counts": [None if c is None else list(c) for c in state.counts],
        "left": [list(pair) for pair in state.left],
        "app_deals": state.app_deals,
        "dealt": _dealt_to_list(state.dealt),
        "redealt": state.redealt,
    }


def _counts_from_list(counts) -> tuple:
    return tuple(None if c is None else ((c["face"], c["ones"]) if isinstance(c, Mapping) else tuple(c))
                 for c in counts)


def _hands_from_list(hands) -> tuple:
    return tuple(None if hand is None else tuple(hand) for hand in hands)


def _calls_from_list(calls) -> tuple[Call, ...]:
    return tuple(Call(c["seat"], Bid(c["quantity"], c["face"])) for c in calls)


def from_dict(data: Mapping) -> GameState:
    """Read back what ``to_dict`` wrote; raise ``CorruptState`` if it is not such a dict."""
    try:
        if data["game"] != "lie" or data["version"] != FORMAT_VERSION:
            raise CorruptState("This is not a saved game of LIE this version can read.")
        history = tuple(
            Showdown(
                round=s["round"],
                opener=s["opener"],
                direction=Direction(s["direction"]),
                hands=_hands_from_list(s["hands"]),
                calls=_calls_from_list(s["calls"]),
                challenger=s["challenger"],
                wild_ones=s["wild_ones"],
                count=s["count"],
                winner=s["winner"],
                loser=s["loser"],
                eliminated=tuple(s["eliminated"]),
                counts=_counts_from_list(s.get("counts", ())),
                cards=tuple(s.get("cards", ())),
                playoff=tuple(s.get("playoff", ())),
                dealt=_dealt_from_list(s.get("dealt", ())),
            )
            for s in data["history"]
        )
        outcome = data["outcome"]
        return GameState(
            players=tuple(data["players"]),
            variants=Variants(**{name: bool(data["variants"][name]) for name in VARIANT_NAMES}),
            cards=tuple(data["cards"]),
            out=tuple(data["out"]),
            round=data["round"],
            opener=data["opener"],
            phase=Phase(data["phase"]),
            direction=Direction(data["direction"]),
            hands=_hands_from_list(data["hands"]),
            calls=_calls_from_list(data["calls"]),
            turn=data["turn"],
            playoff=data["playoff"],
            history=history,
            outcome=None
            if outcome is None
            else Outcome(outcome["winner"], Termination(outcome["termination"])),
            count_at_reveal=bool(data.get("count_at_reveal", False)),
            odds_helper=bool(data.get("odds_helper", False)),
            challenger=data.get("challenger"),
            counts=_counts_from_list(data.get("counts", ())),
            left=tuple(tuple(pair) for pair in data.get("left", ())),
            app_deals=bool(data.get("app_deals", False)),
            dealt=_dealt_from_list(data.get("dealt", ())),
            redealt=bool(data.get("redealt", False)),
        )
    except CorruptState:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise CorruptState(f"This saved game of LIE cannot be read: {error!r}.") from None
