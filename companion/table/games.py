"""What a game plugs into the table: roles, moves, the per-seat view and the clock.

Each game app registers one `Game` in its AppConfig.ready(). The table machinery
reaches it only through companion.table.seam; the game's own rules stay a pure library,
and what it says on screen is its `Screens`. The table stores a game in play as a
`Played`: the players as the game began, in seat order, and the rules' own state. A
game's `start` returns the rules' state, every other method gets the `Played` (the
rules' state read once, ``played.state``), and a change returns the rules' state alone.
"""

from __future__ import annotations

import random
import re
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar

from companion.table.clock import ClockWant
from companion.table.forms import Field, Move, MoveError
from companion.table.players import PlayerRef

__all__ = ["DISPLAY", "END", "ENDED", "Codec", "Field", "Game", "Move", "MoveError", "Now", "Outcome",
           "PLATFORM_MOVES", "Played", "Player", "PlayerRef", "REMOVE", "Remedy", "Role", "Screens", "TABLE",
           "TIMER_EXPIRED", "Viewer", "all_games", "can_hold", "check_roles", "default_role", "describe",
           "every_player", "game_of", "get", "gone", "move_of", "next_after", "next_in_role", "page_stylesheet",
           "played_name", "played_of", "players_of", "register", "role_counts", "role_for_newcomer", "role_of",
           "rotating_role", "seat_limit", "secret_roles", "viewer_of"]


def listed(names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy": names as a sentence says them."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))


# The termination in the outcome of a game the host ended before its rules finished it (an ``END`` move).
ENDED = "ended"


@dataclass(frozen=True)
class Role:
    slug: str
    label: str
    minimum: int = 0
    maximum: int | None = None
    symbol: str = "●"
    # The special role that "play again" offers to pass to the next seat (Keeper, Lie-brarian);
    # the first to sit down takes it while nobody holds it. At most one role of a game rotates.
    rotates: bool = False
    # Its screens hold a secret of the game in play beside text other players type (the Keeper's
    # word beside the guesses): its pages and answers go out uncompressed, as a compressed
    # length would tell how much of the secret a typed guess repeats (BREACH).
    secret: bool = False


DISPLAY = Role("display", "Table display", symbol="▣")
# The most players one table seats, whatever the game allows: a table around one box.
MAX_SEATS = 8
# The app's own rules, under static/: every page's stylesheet, and the first part of a table's.
SHARED_STYLESHEET = "css/app.css"


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seat as the game sees it. A display has role 'display'."""

    seat_id: int | None
    role: str
    name: str = ""
    order: int = 0
    has_phone: bool = True
    is_host: bool = False

    @property
    def is_display(self) -> bool:
        return self.role == DISPLAY.slug


# The actor of the platform's own moves: the table itself, no seat (``played.index(TABLE)`` is None).
TABLE = Viewer(seat_id=None, role="table", name="the table")

# -- the platform's own moves ------------------------------------------------------
# What the table does to a game in play. companion.table.seam takes them in by the one door every
# change comes through and hands each to its hook on the game (``end``, ``time_up``, ``remove``).
# No game declares these types (``register`` refuses one that does), so no phone can post them:
# companion.table.forms refuses a type the game does not declare.
END = "end"  # {"type": END}: the host ended the game before its rules finished it; nobody wins.
REMOVE = "remove"  # {"type": REMOVE, "seat": n}: the host removed the rules' player n mid-game.
TIMER_EXPIRED = "timer_expired"  # {"type": TIMER_EXPIRED}: the clock ran out.
PLATFORM_MOVES = frozenset({END, REMOVE, TIMER_EXPIRED})


@dataclass(frozen=True)
class Now:
    """The card at the top of a phone: what this seat should do now, in the rulebook's words."""

    headline: str
    detail: str = ""
    my_turn: bool = False
    # The headline already says whom the table waits for ("Waiting for Tony to flip the card"):
    # the card leaves out its "Waiting for Tony" line, which would only repeat it.
    waiting_said: bool = False


@dataclass(frozen=True)
class Outcome:
    """How a game ended, the same for every game: who won (none: nobody did), its ending (the
    rules' termination, such as "guessed" or ``ENDED``), and a winning side that holds no seat at the
    table (Fiction's Guessers on paper, the app as Lie-brarian), by name.

    A game's ``outcome`` names the winners as the rules' players (indexes into ``Played.players``);
    ``seam.outcome`` hands the platform the same outcome with the winners' seat ids.
    """

    winners: tuple[int, ...]
    ending: str
    side: str = ""
    # How it was won in words, where the ending alone says it poorly ("the play-off").
    how: str = ""


@dataclass(frozen=True)
class Player:
    """One player as the game began: the seat and the role it held then."""

    seat: int
    role: str


@dataclass(frozen=True)
class Codec:
    """How a game's rules' state is stored: ``read`` turns the stored dict into the rules' state,
    ``write`` the rules' state into the dict stored. A game declares it once (``Game.codec``)."""

    read: Callable[[dict], Any]
    write: Callable[[Any], dict]


@dataclass(frozen=True)
class Played:
    """A game in play as the table stores it, the same for every game: its players as the game
    began, in seat order (the rules' players 0, 1, ...), and the rules' own state.

    ``rules`` is the state as stored; ``state`` is it as the rules read it, read once whatever
    asks: every hook of a game gets a ``Played`` and reads ``played.state``.

    The players are kept from the start, never read from the seats later: a role changed or a
    seat moved mid-game gives no phone a view it did not have when the game began.
    """

    players: tuple[Player, ...]
    rules: dict
    # The host has paused the table's clock (``Clock.held``): the table's, not the game's, so it
    # is never stored here; the table sets it for a move and a drawing, as its clock stands.
    clock_held: bool = False
    # The game's ``codec``; None: the stored dict is the rules' state itself.
    codec: Codec | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_dict(cls, data: dict, codec: Codec | None = None) -> Played:
        return cls(tuple(Player(p["seat"], p["role"]) for p in data["players"]), data["rules"], codec=codec)

    def to_dict(self) -> dict:
        return {"players": [{"seat": p.seat, "role": p.role} for p in self.players], "rules": self.rules}

    @cached_property
    def state(self) -> Any:
        """The rules' state, read from ``rules`` the first time it is asked for."""
        return self.rules if self.codec is None else self.codec.read(self.rules)

    @property
    def seats(self) -> list[int]:
        """The players' seat ids, by rules' player index."""
        return [p.seat for p in self.players]

    def index(self, viewer: Viewer) -> int | None:
        """The rules' player for this viewer, or None for a display or a seat not playing."""
        if viewer.is_display:
            return None
        return next((n for n, p in enumerate(self.players) if p.seat == viewer.seat_id), None)

    def seat(self, index: int) -> int:
        """The seat id of the rules' player ``index``."""
        return self.players[index].seat

    def holding(self, role: str) -> list[int]:
        """The seat ids of the players who held ``role`` as the game began, in seat order."""
        return [p.seat for p in self.players if p.role == role]

    def held(self, clock_held: bool) -> Played:
        """The same game with the table's clock held or not, sharing its state as read (read
        here if it was not yet: a game held is a game about to be played or drawn)."""
        after = replace(self, clock_held=clock_held)
        after.__dict__["state"] = self.state
        return after

    def then(self, state: Any) -> Played:
        """The same players, with the rules' state a change returned: written for the store once
        here, and kept as it is, so that what reads it next does not read it back."""
        after = replace(self, rules=state if self.codec is None else self.codec.write(state))
        after.__dict__["state"] = state  # the cached_property's own slot
        return after


# The games a change last read and stored on this thread, each with the dict it was read from or
# stored as: what draws that change next (the push, the mover's answer, the undo note's state
# before the move) reads the state the change read and the rules returned, rather than parsing
# the same dict again.
_known = threading.local()


def _remember(data: dict, played: Played) -> None:
    known = getattr(_known, "games", None) or []
    _known.games = [*known[-1:], (data, played)]


def stored(played: Played) -> dict:
    """``played`` as a table stores it (``Table.state``); ``played_of`` gives it back for that dict."""
    data = played.to_dict()
    _remember(data, played)
    return data


def played_of(game: Game, state: dict | None) -> Played | None:
    """The game in play from a table's stored state (``Table.state``, ``Action.state_before``), or None."""
    if state is None:
        return None
    for data, played in getattr(_known, "games", ()):
        if data is state:
            return played
    played = Played.from_dict(state, game.codec)
    _remember(state, played)
    return played


def shown_since(game: Game, logged: list[dict | None], state: dict | None) -> list[Played]:
    """The games every screen has shown since an undoable action, oldest first: what it and each
    change logged after it left (``logged``: their ``state_before``, in order) and the table's
    ``state`` now, last. An undo that follows undos thereby sees what they took back. A state
    the change before left as it was (a clock held, a seat moved) is given once."""
    states = [*logged, state]
    return [played_of(game, each) for n, each in enumerate(states)
            if each is not None and (n == 0 or each != states[n - 1])]


@dataclass(frozen=True)
class Remedy:
    """What a refused move can be sent again with: ("Allow it anyway", {"override": "1"})."""

    label: str
    fields: dict[str, str]


class Screens:
    """What a game says and shows on the table's screens beyond its regions: the words (the "now"
    card, a line for the mover, warnings, endings, what to do about a player gone), the players'
    colours, and its page's own files. Each game's lives with its screens, in
    games/<slug>/screens.py, as ``Game.screens``; everything here has a default but ``now``.
    Written in the rules' players, like the game: a ``view`` here is one the seam handed out,
    in seat ids.
    """

    # The home page's card: what the game is, for how many, and whether it is the demo (listed last).
    blurb: str = ""
    headcount: str = ""  # how many play, in words on the home page ("2–8 players")
    demo: bool = False
    # The game's own stylesheet and script under games/<slug>/static/ (e.g. "css/fiction.css"); the table page
    # links the script, and its stylesheet joined after the app's (page_stylesheet).
    stylesheet: str = ""
    script: str = ""
    # Functions the game's partials call, by name (LIE's ``die``): Jinja2 globals (companion.live.jinja).
    template_functions: ClassVar[dict[str, Callable[..., Any]]] = {}
    # Whether the host's own page acts for each player without a phone in a panel of its own (the
    # context's ``acted_for``: each such player, their view and now card), rather than only on a
    # page of theirs (``?as=``). The panel's forms send ``as_seat`` and ``inline=1``.
    acts_inline: bool = False

    def now(self, view: dict, viewer: Viewer) -> Now:
        """The "now" card for this seat, from its view alone."""
        raise NotImplementedError

    def said(self, move: dict, view: dict) -> str:
        """What the phone that made ``move`` is told once it applied, from its view after it ("Not the word.").

        Only a game that overrides this is asked: that view is drawn for it alone.
        """
        return ""

    def caution(self, move: dict, setup: dict) -> str:
        """A word of warning on a move the rules accept but that may be a slip ("FYKLI is not in our dictionary").

        Shown as the move is tried while typed, so it reads the move and the table's setup alone,
        never the game's state: trying a move must reveal nothing the move itself would not.
        """
        return ""

    def remedy(self, reason: str, move_type: str) -> Remedy | None:
        """A next step to offer when the rules refuse a move for ``reason``, or None."""
        return None

    def when_gone(self, played: Played, player: int) -> str:
        """What the host may do about the rules' player ``player``, whose phone left mid-game, in
        the game's words, for the host's "now" card (every screen says who left); "" once the game
        has dealt with it (the player is out of the game). By default the platform's own ways."""
        return ("Wait for them to come back, tap No phone beside their name to play their turns from "
                "your phone, or Remove them from the table.")

    def moment(self, view: dict) -> str:
        """The finished game's best moment in words everyone may read (the word and the guess that
        found it, the final ranking, the last showdown), for the evening's summary, from the
        display's view at the end; or ""."""
        return ""

    def undo_note(self, before: Played, shown: Sequence[Played]) -> str:
        """What undoing the table's last undoable action means beyond going back, when the screens
        have shown since something going back cannot hide ("Everyone has seen the hands: ..."):
        said in the host's confirm and in everyone's notice. ``before`` and ``shown``: as for
        ``Game.undone``. "" when going back is all it means."""
        return ""

    def audience(self, viewer: Viewer) -> str | None:
        """A name shared by every seat whose view is always the same as this one's, or None.

        Seats with one audience are drawn once per change and sent one message
        (all Fiction guessers; all displays). None: a view of its own.
        """
        return "display" if viewer.is_display else None

    def draft_audience(self, viewer: Viewer) -> str | None:
        """Seats that see each other's half-typed moves ("gus is typing: BANA"), or None.

        Drafts are never stored: they go from one phone's socket to the others of this name.
        """
        return None

    def played_name(self, setup: dict[str, Any]) -> str:
        """The game's name as this setup plays it, for the evening's standings, summary and picture
        (Fiction with its ability cards is Banned Books); "": the game's own name."""
        return ""

    def setup_notes(self, setup: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, str]:
        """What a setup field's value comes to at this table now, by field name ("Kamila: Green"),
        shown beside the field; ``players`` are the lobby's people (render.person), in seat order."""
        return {}

    def unheld_roles(self, setup: dict[str, Any]) -> dict[str, str]:
        """Roles no player holds with this setup, each with why ("The app is the Lie-brarian"):
        choosing the setup hands their holders the default role."""
        return {}

    def marks(self, played: Played | None, setup: dict[str, Any], players: list[Viewer]) -> dict[int, dict[str, str]]:
        """Each player's colour and the shape that goes with it (``{"colour", "shape"}``), by
        ``PlayerRef`` (in the lobby, a place in ``players``), as soon as it is decided: from the setup
        in the lobby (``played`` None), from the game once it runs. Public, as on the board. Empty
        for a game without player colours."""
        return {}

    def carried(self, setup: dict[str, Any], marks: dict[int, dict[str, str]]) -> dict[str, Any]:
        """The setup the next game at this table starts from once a game is over, ``marks`` that
        game's colours by seat id (``marks``; empty if its rules never began). A key the game adds
        that starts with "_" is its memory of the evening (Half Truth's colours by person), not a
        field: the host's changes to the setup keep it."""
        return setup


class Game:
    """A game as the table plays it. Its rules know players 0..n-1 (seat order as the game began),
    never the table's seat ids; every method here is written in the rules' players and means
    what it says, inside the game as outside. The platform reaches a game only through
    ``companion.table.seam``, which translates for it, both ways, in one place:

    - a field of kind ``seat`` in a move or the setup arrives at ``apply``, ``start`` and
      ``check_setup`` as the rules' player it names; a seat not dealt in is refused there;
    - a player that ``view``, ``views`` or ``Screens.marks`` names as ``PlayerRef(n)`` reaches the
      platform as that player's seat id (``companion.table.players``).

    The rules' state comes to every hook parsed (``played.state``, read with ``codec``), and a
    change returns the rules' state as the rules hold it: the platform writes it for the store.
    What the game says on screen beyond its regions is its ``screens`` (``Screens``).
    """

    # How the rules' state is stored (``Codec``); None: the rules' state is a plain dict.
    codec: ClassVar[Codec | None] = None
    slug: str = ""
    name: str = ""
    roles: tuple[Role, ...] = ()
    # The moves a seat may post, each with its fields (companion.table.forms). The platform's own
    # moves (END, REMOVE, TIMER_EXPIRED) are never declared here, so no seat can post them.
    moves: tuple[Move, ...] = ()
    # The setup form the host fills in the lobby; parsed like a move's fields.
    setup: tuple[Field, ...] = ()
    # The game's live regions, named for what they show; each is drawn by
    # games/<slug>/templates/<slug>/partials/<region>.jinja from one seat's view.
    regions: tuple[str, ...] = ()
    # Those of its regions that show only what the table display shows (the record of play, the
    # trackers), so every screen shows them alike: drawn from the display's view, once a change.
    public_regions: tuple[str, ...] = ()
    # What the game says and shows beyond its regions (``Screens``): games/<slug>/screens.py.
    screens: Screens = Screens()

    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        """Why the table cannot start with this setup and these players (in seat order), or None."""
        return None

    # -- the game -------------------------------------------------------------
    def start(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> Any:
        """A new game's rules' state: ``players`` in seat order (they become ``Played.players``, the
        rules' players 0, 1, ...), ``options`` parsed from the setup form."""
        raise NotImplementedError

    def apply(self, played: Played, actor: Viewer, move: dict, rng: random.Random) -> Any:
        """The rules' state once ``actor`` (a seat) made ``move``, one of ``moves``, or an
        ``IllegalMove`` saying why not."""
        raise NotImplementedError

    # The table's own moves, each sent only by the platform (never a phone), each to its hook:

    def end(self, played: Played) -> Any:
        """The host ends the game before its rules finish it: over, won by nobody, its outcome's
        termination ``ENDED``; as at the end of any game, every view then hides nothing. Sent
        only while the game runs."""
        raise NotImplementedError

    def time_up(self, played: Played) -> Any:
        """The clock the game asked for (``clock``) ran out. A game without a clock never hears it."""
        return played.state

    def remove(self, played: Played, player: int, rng: random.Random) -> Any:
        """The host removed the rules' player ``player``'s seat mid-game (a player who walked off
        with their phone). A game that plays on without them returns the state it plays on from
        (LIE: they forfeit); one that cannot do without them refuses with an ``IllegalMove``,
        the message for the host. Sent only for a player dealt in."""
        return played.state

    def view(self, played: Played, viewer: Viewer) -> dict:
        """What one seat may see, from the rules' player_view, in the shape every game shares.

        Every player in it is a ``PlayerRef``; the seam hands the platform seat ids in their place.
        Top-level keys: ``phase``; ``waiting_for`` (players); ``legal_moves`` for this seat,
        each ``{"type", "allowed", "why"}`` (``why`` says why not, for a disabled button);
        ``outcome``: None while playing, else what the game's screens say of how it ended.
        """
        raise NotImplementedError

    def views(self, played: Played, viewers: list[Viewer]) -> list[dict]:
        """Each viewer's ``view``, in order: what one change draws for the seats that see it.
        A game whose views share their work (every screen shows the display's record) does it
        once here."""
        return [self.view(played, viewer) for viewer in viewers]

    def outcome(self, played: Played) -> Outcome | None:
        """How the game ended (``Outcome``, its winners the rules' players), or None while it runs."""
        raise NotImplementedError

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> Any:
        """The rules' state an undo goes back to: ``before``'s, as the undone action found it.

        ``shown``: every game state the screens have shown since ``before`` (what the undone
        action left, what every change logged after it left, undone or not, and the current
        state, last), so an undo after undos sees what the first one took back. No state an undo
        restores may hide from a seat what one of these showed it: a game whose ``before`` keeps
        such a secret returns a state that no longer leans on it (LIE deals the round again), or
        refuses with an ``IllegalMove`` whose message is for the host (Half Truth once the picks
        are shown; Fiction once the word or a token's answer is). ``Screens.undo_note`` says it first.
        """
        return before.state

    def clock(self, played: Played) -> ClockWant | None:
        return None


# -- what the platform reads off a game's declared data ----------------------------
# No game has a say in these: they follow from its roles and moves, so they stay out of the class.


def page_stylesheet(game: Game) -> str:
    """The one stylesheet a game's table page links: the app's rules and the game's own, joined
    into one file by companion.web.stylesheets, so the first paint waits for one download, not two."""
    return f"css/{game.slug}-table.css" if game.screens.stylesheet else SHARED_STYLESHEET


def rotating_role(game: Game) -> str | None:
    """The special role that "play again" offers to pass to the next seat (``Role.rotates``), or None."""
    return next((role.slug for role in game.roles if role.rotates), None)


def secret_roles(game: Game) -> tuple[str, ...]:
    """The roles whose pages go out uncompressed while a game is on (``Role.secret``)."""
    return tuple(role.slug for role in game.roles if role.secret)


def role_for_newcomer(game: Game, counts: dict[str, int]) -> str:
    """The role a newcomer sits down with: the first role still short of its minimum, else the
    rotating role while nobody holds it (the first to sit down holds the book card, as at a real
    table), else the last with room."""
    for role in game.roles:
        if counts.get(role.slug, 0) < role.minimum:
            return role.slug
    special = rotating_role(game)
    if special and not counts.get(special):
        return special
    for role in reversed(game.roles):
        if role.maximum is None or counts.get(role.slug, 0) < role.maximum:
            return role.slug
    return game.roles[-1].slug


def played_name(game: Game, setup: dict[str, Any]) -> str:
    """The game's name as this setup plays it (``Screens.played_name``)."""
    return game.screens.played_name(setup) or game.name


def default_role(game: Game) -> str:
    """The role every player holds unless chosen for another: a game lists it last."""
    return game.roles[-1].slug


def seat_limit(game: Game) -> int:
    """How many players may sit down: the game's roles' maxima added up, capped by what a table allows."""
    if any(role.maximum is None for role in game.roles):
        return MAX_SEATS
    return min(MAX_SEATS, sum(role.maximum for role in game.roles))  # type: ignore[misc]


def role_of(game: Game, slug: str) -> Role | None:
    """The game's role by its slug (the display's too), or None."""
    if slug == DISPLAY.slug:
        return DISPLAY
    return next((role for role in game.roles if role.slug == slug), None)


def check_roles(game: Game, counts: dict[str, int]) -> str | None:
    """Why the table cannot start with these roles, or None."""
    for role in game.roles:
        have = counts.get(role.slug, 0)
        if have < role.minimum:
            return f"{game.name} needs at least {role.minimum} × {role.label} (now {have})."
        if role.maximum is not None and have > role.maximum:
            return f"{game.name} allows at most {role.maximum} × {role.label} (now {have})."
    return None


def move_of(game: Game, kind: str) -> Move | None:
    """The move the game declares by this type, or None (the platform's own moves are never declared)."""
    return next((m for m in game.moves if m.type == kind), None)


_REGISTRY: dict[str, Game] = {}


# A region's name goes into its element's id and class as it is (render.draw), so it must be
# an identifier; checked once here, where a game declares its regions.
REGION_NAME = re.compile(r"[a-z][a-z0-9_]*")


def register(game: Game) -> None:
    taken = sorted(m.type for m in game.moves if m.type in PLATFORM_MOVES)
    if taken:
        raise ValueError(f"{game.slug}: move types {taken!r} are the platform's own; no phone may post them")
    # What a game says on screen is its Screens' to say: the table never asks the game for it.
    misplaced = sorted(name for name in vars(type(game)) if not name.startswith("_") and hasattr(Screens, name))
    if misplaced:
        raise ValueError(f"{game.slug}: {misplaced!r} belong on its Screens, not on the game")
    bad = [name for name in game.regions if not REGION_NAME.fullmatch(name)]
    if bad:
        raise ValueError(f"{game.slug}: region names {bad!r} are not identifiers")
    strays = [name for name in game.public_regions if name not in game.regions]
    if strays:
        raise ValueError(f"{game.slug}: public regions {strays!r} are not among its regions")
    if sum(role.rotates for role in game.roles) > 1:
        raise ValueError(f"{game.slug}: more than one role rotates")
    _REGISTRY[game.slug] = game


def get(slug: str) -> Game | None:
    return _REGISTRY.get(slug)


def all_games() -> list[Game]:
    order = ["fiction", "halftruth", "lie"]
    return sorted(_REGISTRY.values(), key=lambda g: (g.screens.demo, order.index(g.slug) if g.slug in order else 99))


# -- the table's seats as the games see them ------------------------------------
# These read a Table or Seat model's plain attributes; they live with the registry
# so that tables, rendering and broadcasting can all use them without importing each other.


def game_of(table: Any) -> Game:
    game = _REGISTRY.get(table.game)
    if game is None:  # pragma: no cover - a table is only created for a registered game
        raise LookupError(f"The game {table.game!r} is not installed here.")
    return game


def viewer_of(seat: Any) -> Viewer:
    return Viewer(seat_id=seat.pk, role=seat.role, name=seat.name, order=seat.order,
                  has_phone=seat.has_phone, is_host=seat.is_host)


def gone(seat: Any) -> bool:
    """Whether a seat is away from the table for good until it comes back: its phone left, or the
    host removed it. It keeps its line in the evening's standings and its place in the game it was
    dealt into, but is not dealt into the next one nor counted against the seat limit."""
    return seat.left or seat.removed


def players_of(seats: Any) -> list:
    """The seats that play (not displays, not seats gone, not those the host sat out), in seat order."""
    return [seat for seat in seats if seat.role != DISPLAY.slug and not gone(seat) and not seat.sits_out]


def every_player(seats: Any) -> list:
    """Every player's seat, gone ones included (not displays), in seat order: a seat that comes
    back finds its role and its place kept, and its wins count in the evening's summary."""
    return [seat for seat in seats if seat.role != DISPLAY.slug]


def role_counts(seats: Any) -> Counter:
    """How many players hold each role (displays and seats gone hold none)."""
    return Counter(seat.role for seat in players_of(seats))


def can_hold(seat: Any, here: set[int] | None) -> bool:
    """Whether a seat may be handed a special role: a phone of its own (the role's secrets show on
    it), still at the table, and here now (``here``: the seats with a phone here; None: unknown)."""
    return (seat.role != DISPLAY.slug and seat.has_phone and not seat.left and not getattr(seat, "removed", False)
            and (here is None or seat.pk in here))


def next_after(seats: Any, after: int | None, here: set[int] | None) -> Any | None:
    """The first player after seat ``after`` in seat order (from the first, if None or gone) who can
    hold a special role, going round the table; never ``after`` itself. None: nobody can."""
    players = players_of(seats)
    ids = [s.pk for s in players]
    start = ids.index(after) + 1 if after in ids else 0
    for seat in players[start:] + players[:start]:
        if seat.pk != after and can_hold(seat, here):
            return seat
    return None


def next_in_role(seats: Any, game: Game, here: set[int] | None = None) -> tuple[Any, Any] | None:
    """Who holds the game's special role and who is next in seat order to take it (skipping
    players without a phone, who left or who are away, unless all are), or None."""
    special = rotating_role(game)
    holders = [s for s in players_of(seats) if s.role == special]
    if not special or len(holders) != 1:
        return None
    # Nobody here (phones asleep between games): the next with a phone at the table.
    after = next_after(seats, holders[0].pk, here) or next_after(seats, holders[0].pk, None)
    return None if after is None else (holders[0], after)


def describe(action: Any, game: Game, seats: Any) -> str:
    """An action in words, naming only what everyone may know: "Cat's guess MELON"."""
    names = {s.pk: s.name for s in seats}
    if action.kind == "move":
        move = move_of(game, action.move.get("type", ""))
        what = move.noun if move and move.noun else str(action.move.get("type", "move")).replace("_", " ")
        shown = [names.get(action.move[f.name], "") if f.kind == "seat"
                 else str(action.move[f.name]).upper() if isinstance(action.move.get(f.name), str)
                 else str(action.move[f.name]) for f in (move.fields if move else ()) if f.public
                 and action.move.get(f.name) not in (None, "", [])]
        who = names.get(action.move.get("as_seat") or action.seat_id, "")
        return " ".join([f"{who}'s {what}" if who else what, *shown])
    return {"clock": "the clock running out", "start": "the start of the game", "end": "the end of the game",
            "again": "the new game", "close": "the end of the evening"}.get(action.kind, action.kind)
