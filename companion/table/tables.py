"""The table's authority: every change runs here, in one transaction, with a version check.

What a seat asks is a value (a game move, ``Play``; each host action, ``StartGame`` and the
rest; ``Settle`` for the clock) handed to ``run`` with how to run it (``Mode``). ``run`` makes
it under the table's row lock, commits and returns a ``Result``: what happened, and in its
``News`` whom to tell. It draws nothing and sends nothing: the view that served the request
hands the news to the push (companion.live.broadcast.tell), so a writer never waits on a
socket and the push never runs inside a transaction.

Three writes come from a phone that holds no seat yet, so there is no seat for ``run`` to run
them as: ``create_table`` (a new table and its host's seat), ``join_table`` (a newcomer's seat)
and ``ask_for_seat`` (a request for a seat, which the host answers through ``run``). Each is one
transaction of its own; the last two take the same row lock as ``run`` and move the table's
version, so neither is lost beside a move and every screen follows it. Every other write to a
table is ``run``'s.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import logging
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from django.conf import settings
from django.db import IntegrityError, transaction

from companion.speed import rows
from companion.table import codes, evening, seam, sitting
from companion.table.clock import Clock
from companion.table.forms import Form, FormData, MoveError, clean_text, parse_move
from companion.table.evening import last_holder
from companion.table.games import (DISPLAY, END, ENDED, REMOVE, TABLE, TIMER_EXPIRED, Game, Played, check_roles, get,
                                   default_role, describe, every_player, game_of, gone, move_of, next_after,
                                   next_in_role, played_name, played_of, players_of, role_counts, role_for_newcomer,
                                   role_of, rotating_role, seat_limit, shown_since, stored, viewer_of)
from companion.models import Action, Seat, SeatClaim, Table, new_token
from companion.table.rules_errors import RulesError

log = logging.getLogger(__name__)

MAX_DISPLAYS = 4
# How many phones may wait at once for the host to let them sit down: the host answers each by
# hand, and more than this is not a table's people asking in person.
MAX_WAITING = 6


class TableError(Exception):
    """A refusal with a message fit for the person who tapped. Nothing the person asked was changed.

    ``news``: what the table did by itself on the way to refusing (a clock that ran out, an
    evening left idle), committed and still to be told to everyone; None when it did nothing.
    """

    status = 400
    reason = "refused"
    news: News | None = None

    def __init__(self, message: str, *, reason: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        if reason:
            self.reason = reason
        if status:
            self.status = status


class Stale(TableError):
    status = 409
    reason = "stale"


class NotHost(TableError):
    status = 403
    reason = "not-host"


class TableFull(TableError):
    status = 409
    reason = "full"


class TableClosed(TableError):
    status = 410
    reason = "finished"


class NoSeat(TableError):
    """No such table, or no seat at it for this phone: answered alike, so codes cannot be probed."""

    status = 403
    reason = "no-seat"


NO_SEAT = "You have no seat at this table. Open the table's link to join."
EVENING_OVER = "The evening at this table is over, so nobody new can sit down. Ask the host for a new table."


class Mode(enum.Enum):
    """How a request is to be run: made, tried, or checked."""

    APPLY = "apply"
    # Would the table accept it (a guess checked as it is typed)? The whole change runs and is
    # then rolled back; the result's ``caution`` says it would be accepted.
    TRY = "try"
    # Was this request, whose reply the phone never got, applied? It is looked up in the action
    # log and never applied now.
    CHECK = "check"


@dataclass(frozen=True)
class News:
    """Whom to tell of a change once it is committed: every seat at table ``table_id``.

    ``table``, ``seats``: the table and its seats as committed, so the push loads nothing
    again (None: it loads them). ``regroup``: roles or the host changed, so every screen
    first finds its group again. ``removed``: seats whose phones lost them, told first so
    that none of them is sent a screen it no longer holds. ``last_action``: the undoable
    action just logged, for the host's Undo button. ``asker``: the seat whose request made
    it, whose drawing goes back in the request's answer.
    """

    table_id: int
    table: Table | None = None
    seats: list[Seat] | None = None
    regroup: bool = False
    removed: tuple[int, ...] = ()
    last_action: Action | None = None
    asker: int | None = None


@dataclass(frozen=True)
class Result:
    """What ``run`` did: the table as committed (as it would be, for a change only tried) and the
    seat that asked; ``duplicate``: a repeat of a request already made, so nothing was done now.
    For a game move, ``move`` as the game parsed it and ``actor``, the seat it was made for.
    ``news``: whom to tell (None: nothing changed). ``caution``: for a change only tried
    (``Mode.TRY``) that the table would accept, the game's word of warning on it ("" for none);
    None for a change made or checked."""

    table: Table
    seat: Seat
    duplicate: bool = False
    move: dict | None = None
    actor: Seat | None = None
    news: News | None = None
    caution: str | None = None


# -- creating and joining -----------------------------------------------------


def create_table(game_slug: str, host_name: str) -> tuple[Table, Seat]:
    game = get(game_slug)
    if game is None:
        raise TableError("That game cannot be played here yet.", status=404)
    name = clean_name(host_name)
    for _ in range(20):
        try:
            with transaction.atomic():
                table = Table.objects.create(code=codes.new_code(), game=game.slug, setup=Form(game.setup).initial())
                seat = Seat.objects.create(table=table, name=name, role=role_for_newcomer(game, {}), is_host=True)
                return table, seat
        except IntegrityError:  # a code clash: astronomically rare, just draw again
            continue
    raise TableError("Could not find a free table code; try again.", status=503)  # pragma: no cover


def clean_name(raw: str, taken: Iterable[str] = ()) -> str:
    """A name as typed: refused if empty, too long, invisible or turned around; a second "Ben" is "Ben 2"."""
    try:
        name = clean_text(raw or "", what="A name", max_length=24)
    except MoveError as error:
        raise TableError(error.message, reason="name") from None
    if not name:
        raise TableError("Type a name so the others know who you are.", reason="name")
    used = {n.casefold() for n in taken}
    number = 1
    candidate = name
    while candidate.casefold() in used:
        number += 1
        candidate = f"{name[:21]} {number}"
    return candidate


def _next_order(seats: list[Seat]) -> int:
    """A newcomer sits after everyone already at the table."""
    return max((s.order for s in seats), default=-1) + 1


def join_table(table: Table, raw_name: str, *, as_display: bool = False) -> Seat:
    """Sit a newcomer down; everyone at the table is to be told of the seat it returns."""
    game = game_of(table)
    with transaction.atomic(durable=True):  # durable: leaving it commits, and only then are the others told
        table = Table.objects.select_for_update().get(pk=table.pk)
        if evening_over(table, time.time()):
            raise TableClosed(EVENING_OVER, reason="closed")
        if table.status == Table.Status.FINISHED:
            raise TableClosed("This table has finished. Ask the host for a new code.")
        seats = list(table.seats.all())
        if as_display:
            if sum(s.role == DISPLAY.slug and not gone(s) for s in seats) >= MAX_DISPLAYS:
                raise TableFull(f"This table already has {MAX_DISPLAYS} displays.")
            role = DISPLAY.slug
            raw_name = raw_name if (raw_name or "").strip() else "Table display"
        else:
            if table.status != Table.Status.LOBBY:
                raise TableClosed(
                    "This game has already started, so new players cannot sit down. "
                    "You can still join as the table display.",
                    reason="started",
                    status=409,
                )
            role = _newcomer_role(game, seats)
        name = clean_name(raw_name, (s.name for s in seats))
        seat = Seat.objects.create(table=table, name=name, role=role, order=_next_order(seats))
        _moved_on(table, aside=as_display)  # a display deals nobody in and moves nothing a tap names
        table.save(update_fields=["version", "changed_by", "own_from", "stale_before", "updated_at"])
    return seat  # everyone at its table is to be told


def _newcomer_role(game: Game, seats: list[Seat]) -> str:
    _room(game, seats)
    return role_for_newcomer(game, role_counts(seats))


def _room(game: Game, seats: list[Seat], *, coming_back: bool = False) -> None:
    """Refuse one more player when the seats in play (gone ones do not count) fill the table."""
    players = players_of(seats)
    if len(players) >= seat_limit(game):
        then = " Ask the host to remove a seat first." if coming_back else ""
        raise TableFull(f"This table is full: {len(players)} of {seat_limit(game)} seats are taken.{then}")


def claimable(seat: Seat, *, away: bool = False) -> bool:
    """Whether a phone that does not hold this seat may ask the host for it: a player's seat that
    is gone (left or removed), has no phone, or whose phone is away (``away``: no socket of it is
    open, which the live side knows), as when a phone lost its cookies or a person changed
    phones. Never a display (any phone may open one), nor the host's (nobody else could answer)."""
    return seat.role != DISPLAY.slug and not seat.is_host and (away or gone(seat) or not seat.has_phone)


def ask_for_seat(table: Table, seat_id: int, held: str | None = None, *, away: bool = False) -> SeatClaim:
    """A phone without a seat asks the host for ``seat_id``; it holds the claim's token and reads
    nothing of the seat until the host lets it in. ``held``: the token of the claim this phone
    already holds at this table, if any: a second tap for the same seat is the same claim, and
    asking for another seat ends the first, whose row the new one replaces (it keeps the same
    token, the phone's cookie): a phone asking in a loop leaves one row, not one per request.
    ``away``: the seat's own phone has no socket open.

    A request changes no host's tap: admitting or refusing names the request itself, and the
    request touches nothing else. So it moves the table's version (the host's screen shows it)
    and makes no tap stale (``_moved_on``'s ``aside``)."""
    with transaction.atomic(durable=True):  # durable: leaving it commits, and only then are the others told
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.closed:
            raise TableClosed(EVENING_OVER, reason="closed")
        seat = table.seats.filter(pk=seat_id).first()
        if seat is None:
            raise TableError("That seat is no longer at the table.", reason="no-seat", status=404)
        if not claimable(seat, away=away):
            raise TableError(_not_claimable(seat), reason="not-claimable", status=409)
        earlier = SeatClaim.objects.filter(table=table, token=held, status=SeatClaim.Status.WAITING).first() \
            if held else None
        if earlier is not None and earlier.seat_id == seat.pk:
            return earlier
        others = SeatClaim.objects.filter(table=table, status=SeatClaim.Status.WAITING)
        if earlier is not None:
            others = others.exclude(pk=earlier.pk)
        if others.count() >= MAX_WAITING:
            raise TableError("Too many phones are waiting for the host here. Try again once the host has answered "
                             "them.", reason="too-many-waiting", status=429)
        if earlier is not None:
            # One row per asking phone: only this phone reads its request, and it holds this one
            # now, so a host's Let in for the earlier one is answered that it is not at the table.
            earlier.delete()
            claim = SeatClaim.objects.create(table=table, seat=seat, token=earlier.token)
        else:
            claim = SeatClaim.objects.create(table=table, seat=seat)
        table.asking = _waiting(table)
        _moved_on(table, aside=True)
        table.save(update_fields=["asking", "version", "updated_at"])
    return claim  # everyone at its table is to be told (the host answers it)


def _not_claimable(seat: Seat) -> str:
    if seat.role == DISPLAY.slug:
        return "A table display is not a seat to ask for: open this screen as a display instead."
    if seat.is_host:
        return "Only the host's own phone takes the host's seat back."
    return f"{seat.name} is at the table on their own phone."


def claim_for(table: Table, token: str | None) -> SeatClaim | None:
    """The claim this phone holds at ``table`` (by the token in its claim cookie), with its seat."""
    if not token:
        return None
    return SeatClaim.objects.select_related("seat").filter(table=table, token=token).first()


def granted(claim: SeatClaim) -> bool:
    """Whether the host let this claim's phone in and the seat is still that phone's: the seat
    holds the claim's token until it is removed, taken off its phone or given to another."""
    return claim.status == SeatClaim.Status.ADMITTED and claim.seat.token == claim.token and not claim.seat.removed


def _waiting(table: Table) -> list[dict]:
    """The claims the host has still to answer, oldest first, as ``Table.asking`` keeps them."""
    return [{"claim": pk, "seat": seat_id} for pk, seat_id in SeatClaim.objects.filter(
        table=table, status=SeatClaim.Status.WAITING).values_list("pk", "seat_id")]


def _seat_taken(table: Table, seat: Seat) -> None:
    """A seat has its phone again: the other phones asking for it are told their request has ended."""
    SeatClaim.objects.filter(table=table, seat=seat, status=SeatClaim.Status.WAITING).update(
        status=SeatClaim.Status.ENDED)
    table.asking = _waiting(table)


# -- what a seat asks of the table --------------------------------------------


class Terms(Protocol):
    """On what terms a change is made: a host action declares them itself, a game move as the
    game declares it (forms.Move)."""

    @property
    def host_only(self) -> bool: ...

    @property
    def stale_safe(self) -> bool: ...

    @property
    def undoable(self) -> bool: ...


@dataclass(frozen=True)
class Change:
    """One thing a seat asks of the table, as a value; ``run`` makes it, tries it or checks it.

    ``host_only``, ``stale_safe`` (its meaning does not depend on what others did since the
    phone last looked) and ``undoable``: as a game declares them for its moves (forms.Move).
    ``after_own``: it may follow the seat's own changes not yet on its screen (false for undo,
    which takes back whatever came last).
    ``regroup``: roles or the host change, so every screen first finds its group again.
    ``keeps_seats``: it never touches a seat, so the push may draw from the seats loaded under
    the lock. ``when_closed``: it may be made once the evening is over (``Table.closed``); every
    other change is refused then. ``logged``: kept in the action log, for undo and to know a
    repeat of it (false for leaving: its repeat finds the seat's token retired, and there is
    nothing to undo).
    """

    kind: ClassVar[str]
    host_only: ClassVar[bool] = True
    stale_safe: ClassVar[bool] = False
    after_own: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    regroup: ClassVar[bool] = False
    keeps_seats: ClassVar[bool] = False
    when_closed: ClassVar[bool] = False
    logged: ClassVar[bool] = True

    def aside(self, seat: Seat) -> bool:
        """Whether, made by ``seat``, it changes nothing another seat's tap means (a table display
        leaving): every screen follows it, and no tap drawn before it is stale (``_moved_on``)."""
        return False

    def payload(self, game: Game) -> dict:
        """What the action log keeps of it, and what a repeat of it is known by: its fields."""
        return dataclasses.asdict(self)

    def terms(self, game: Game, payload: dict) -> Terms:
        """Its ``host_only``, ``stale_safe`` and ``undoable``."""
        return self

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> Seat | None:
        """Change the locked table; returns the seat a game move was made for (else None)."""
        raise NotImplementedError

    def caution(self, game: Game, table: Table, payload: dict) -> str:
        """The game's word of warning on it when tried, if any."""
        return ""

    def move(self, payload: dict) -> dict | None:
        """The game move it is, as the game parsed it (None: not a game move)."""
        return None


@dataclass(frozen=True)
class Settle(Change):
    """Bring the table up to date with the clock: any seat may ask, the server decides. It is
    logged only as the clock's own change, and needs no version."""

    kind = "clock"
    host_only = False


@dataclass(frozen=True)
class Play(Change):
    """A game move from a form (a QueryDict or a dict), parsed by the game's declarations.

    ``as_seat``: the host acts for a player without a phone.
    """

    data: FormData
    as_seat: int | None = None

    kind = "move"
    keeps_seats = True

    def payload(self, game: Game) -> dict:
        move = parse_move(game.moves, self.data)[1]
        return move if self.as_seat is None else {**move, "as_seat": self.as_seat}

    def terms(self, game: Game, payload: dict) -> Terms:
        declared = move_of(game, payload["type"])
        if declared is None:  # pragma: no cover - the payload was parsed from the game's own moves
            raise MoveError("That is not a move anyone at the table can make.", reason="unknown-move")
        return declared

    def move(self, payload: dict) -> dict:
        """The move as the game parsed it, without the seat it was made for."""
        return {k: v for k, v in payload.items() if k != "as_seat"}

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> Seat | None:
        if table.status != Table.Status.PLAYING:
            raise TableError("The game is not running.", reason="not-playing", status=409)
        actor = seat
        if self.as_seat is not None:
            actor = table.seats.filter(pk=self.as_seat).first()
            if not seat.is_host or actor is None or actor.has_phone or actor.removed:
                raise TableError("The host can act only for a player without a phone.", reason="not-phoneless",
                                 status=403)
        if actor.sits_out:  # not dealt in: a game may take a stranger for one of its sides (Fiction's Guessers)
            raise TableError(f"{actor.name} sits this game out.", reason="sits-out", status=409)
        played = _played(table, game).held(Clock.from_dict(table.clock).held)
        played = _store(table, seam.apply(game, played, viewer_of(actor), self.move(payload), _rng()))
        if game.outcome(played) is not None:
            table.status = Table.Status.FINISHED
        table.clock = Clock.from_dict(table.clock).follow(game.clock(played), now).to_dict()
        return actor

    def caution(self, game: Game, table: Table, payload: dict) -> str:
        return game.screens.caution(self.move(payload), table.setup)


@dataclass(frozen=True)
class StartGame(Change):
    kind = "start"
    undoable = True

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        if table.status != Table.Status.LOBBY:
            raise TableError("The game has already started.", reason="started", status=409)
        seats = _seats(table)
        # A seat gone (its phone left, or the host removed it) is not dealt in; it stays, for the
        # evening's standings and to come back to.
        players = [viewer_of(s) for s in players_of(seats)]
        problem = (sitting.too_many(game, table.setup, seats) or check_roles(game, role_counts(seats))
                   or seam.check_setup(game, table.setup, players))
        if problem:
            raise TableError(problem, reason="setup")
        played = _store(table, seam.start(game, players, table.setup, _rng()))
        table.status = Table.Status.PLAYING
        table.clock = Clock().follow(game.clock(played), now).to_dict()


@dataclass(frozen=True)
class EndGame(Change):
    kind = "end"
    undoable = True

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        if table.status == Table.Status.FINISHED:
            raise TableError("The table has already finished.", reason="finished", status=409)
        played = played_of(game, table.state)
        if played is not None and game.outcome(played) is None:
            _store(table, seam.apply(game, played, TABLE, {"type": END}, _rng()))
        table.status = Table.Status.FINISHED
        table.clock = Clock.from_dict(table.clock).pause(now).to_dict()


@dataclass(frozen=True)
class PlayAgain(Change):
    """Back to the lobby with the same people and code: the same game, or ``game`` (another
    game's slug), which starts from the setup it last used at this table and its default roles.
    ``rotate`` passes the special role on to the next seat that can hold it, preferring the
    seats in ``here``: those with a phone here now, as the live side counts them (None: not
    known). Who is here is no part of the request, so a repeat of it is known without it."""

    rotate: bool = False
    game: str = ""
    here: frozenset[int] | None = None

    kind = "again"

    def payload(self, game: Game) -> dict:
        return {"rotate": self.rotate, "game": self.game}

    @property
    def undoable(self) -> bool:  # type: ignore[override]
        # A switch of game leaves the game that was played for good: the host switches back.
        return not self.game

    # Roles may change, and a seat that sat the last game out is dealt in again: every screen
    # finds its group again.
    regroup = True

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        switching = bool(self.game) and self.game != table.game
        if table.status != Table.Status.FINISHED and not (switching and table.status == Table.Status.LOBBY):
            raise TableError("Finish this game before starting another.", reason="not-finished", status=409)
        if table.closed:
            raise TableError("The evening at this table has ended.", reason="closed", status=409)
        nxt = game
        if switching:
            nxt = get(self.game)  # type: ignore[assignment]
            if nxt is None:
                raise TableError("There is no such game here.", reason="bad-field")
        played = played_of(game, table.state)
        marks = seam.marks(game, played, table.setup, []) if played is not None else {}
        table.setup = game.screens.carried(table.setup, marks)
        table.status = Table.Status.LOBBY
        table.state = None
        table.clock = Clock().to_dict()
        seats = _seats(table)
        here = None if self.here is None else set(self.here)
        if nxt is not game:
            _switch(table, game, nxt, seats, here)
        elif self.rotate:
            pair = next_in_role(seats, game, here)
            if pair is None:
                raise TableError("There is nobody with a phone here to pass the special role to.",
                                 reason="no-rotation")
            holder, after = pair
            holder.role, after.role = after.role, holder.role
            Seat.objects.bulk_update([holder, after], ["role"])
        # A seat sits out one game: the next lobby deals everyone in again, and asks again if
        # there are still too many (after the role has passed on, as the host's button said).
        table.seats.filter(sits_out=True).update(sits_out=False)


def _switch(table: Table, old: Game, new: Game, seats: list[Seat], here: set[int] | None) -> None:
    """Make the table's next game ``new``: its setup as last used here (else its defaults), every
    player in its default role, and its special role to the next seat after the one that last
    held it here (or the first that can hold it)."""
    table.setups = {**table.setups, old.slug: table.setup}
    table.setup = {**Form(new.setup).initial(), **table.setups.get(new.slug, {})}
    table.game = new.slug
    # Nothing before the switch can be undone: it belongs to another game.
    table.actions.filter(undoable=True, undone=False).update(undoable=False)
    players = every_player(seats)
    for each in players:
        each.role = default_role(new)
    special = rotating_role(new)
    if special in new.screens.unheld_roles(table.setup):
        special = None
    if special:
        last = last_holder(table.results, new.slug)
        holder = next_after(seats, last, here) or next_after(seats, last, None)
        if holder is not None and holder.has_phone:
            holder.role = special
    Seat.objects.bulk_update(players, ["role"])


@dataclass(frozen=True)
class CloseEvening(Change):
    """End the evening: every screen shows its summary (the games finished at this table) and
    nobody new sits down. Only between games, so that no game is left half played; undo reopens it."""

    kind = "close"
    undoable = True

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        if table.status == Table.Status.PLAYING:
            raise TableError("Finish or end this game before ending the evening.", reason="playing", status=409)
        _close(table, now)


def _close(table: Table, now: float) -> None:
    """The evening is over: a clock still running stops where it is (a table closed while idle
    may hold a game in play), so that reopening it gives the players back the time they had."""
    table.closed = True
    table.clock = Clock.from_dict(table.clock).pause(now).to_dict()


def evening_over(table: Table, now: float) -> bool:
    """Whether the evening at this table is over: the host ended it, or nobody has changed the
    table for ``EVENING_IDLE_HOURS`` (its next change, or the next phone to open it, ends it)."""
    return table.closed or _idle(table, now)


def _idle(table: Table, now: float) -> bool:
    return table.updated_at is not None and now - table.updated_at.timestamp() >= settings.EVENING_IDLE_HOURS * 3600


@dataclass(frozen=True)
class Undo(Change):
    """Take back the last move; everyone is told what was undone, and the clock is back where the move found it."""

    kind = "undo"
    after_own = False  # the Undo button names what it takes back: a change since is not it
    regroup = True
    when_closed = True  # undoing the end of the evening reopens it

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        last = table.actions.filter(undoable=True, undone=False).order_by("-id").first()
        if last is None:
            raise TableError("There is nothing to undo.", reason="nothing-to-undo", status=409)
        # The game decides what going back means when a screen has shown a secret since: asked
        # first, so that a refusal leaves the log and the table as they were.
        before = played_of(game, last.state_before)
        state = last.state_before
        note = ""
        if before is not None:
            logged = table.actions.filter(id__gt=last.pk).order_by("id").values_list("state_before", flat=True)
            shown = shown_since(game, list(logged), table.state)
            note = game.screens.undo_note(before, shown)
            try:
                back = game.undone(before, shown, _rng())
            except RulesError as error:
                raise TableError(str(error), reason="undo-refused", status=409) from None
            if back is not before.state:
                state = before.then(back).to_dict()
        last.undone = True
        last.save(update_fields=["undone"])
        if table.status == Table.Status.FINISHED and last.status_before != Table.Status.FINISHED:
            table.results = table.results[:-1]  # the game it ended is on again
        if last.kind == CloseEvening.kind:
            table.closed = False
        table.status = last.status_before
        table.state = state
        clock = Clock.from_dict(table.clock).undone(Clock.from_dict(last.clock_before))
        played = played_of(game, table.state)
        want = game.clock(played) if table.status == Table.Status.PLAYING and played else None
        table.clock = clock.follow(want, now).to_dict() if want else Clock().to_dict()
        table.notice = " ".join(filter(None, [f"The host undid {describe(last, game, table.seats.all())}.", note]))


@dataclass(frozen=True)
class HoldClock(Change):
    """Pause the clock (``hold``) or let it run again."""

    hold: bool

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "hold" if self.hold else "release"

    def payload(self, game: Game) -> dict:
        return {}  # the kind says which

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        clock = Clock.from_dict(table.clock)
        if table.status != Table.Status.PLAYING or not clock.active:
            raise TableError("There is no clock running at this table.", reason="no-clock", status=409)
        if self.hold:
            # A clock the game stopped itself (halftime, Fiction's clues being given) has nothing
            # to pause: held, it would stay stopped when the game next ran it.
            if not clock.running:
                raise TableError("The clock is not running.", reason="not-running", status=409)
            clock = clock.hold(now)
        else:
            clock = clock.release().follow(game.clock(_played(table, game)), now)
        table.clock = clock.to_dict()


@dataclass(frozen=True)
class SetSetup(Change):
    """The host's choices on the game's setup form; everyone sees them live."""

    data: FormData

    kind = "setup"
    regroup = True  # a setup can take a role from its holders (the app as the Lie-brarian)

    def payload(self, game: Game) -> dict:
        return Form(game.setup).parse(self.data)

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        _in_lobby(table, "The setup is fixed")
        players = {s.pk for s in players_of(_seats(table))}
        for f in game.setup:
            if f.kind == "seat" and payload[f.name] not in (None, *players):
                raise TableError(f"{f.title}: choose one of the players.", reason="bad-field")
        table.setup = {**{k: v for k, v in table.setup.items() if k.startswith("_")}, **payload}
        unheld = game.screens.unheld_roles(payload)
        holders = [s for s in every_player(_seats(table)) if s.role in unheld]
        for each in holders:
            each.role = default_role(game)
        Seat.objects.bulk_update(holders, ["role"])


@dataclass(frozen=True)
class SetRole(Change):
    seat: int
    role: str

    kind = "role"
    regroup = True

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        target = _target(table, self.seat)
        _in_lobby(table, "Roles are fixed")
        if self.role == DISPLAY.slug or role_of(game, self.role) is None:
            raise TableError("That is not a role in this game.", reason="role")
        if target.role == DISPLAY.slug:
            raise TableError("A table display has no role in the game.", reason="role")
        why = game.screens.unheld_roles(table.setup).get(self.role)
        if why:
            raise TableError(f"{why}: change that in the setup to choose a {role_of(game, self.role).label}.",
                             reason="role")
        target.role = self.role
        changed = [target]
        limit = role_of(game, self.role).maximum
        holders = [s for s in every_player(_seats(table)) if s.role == self.role and s.pk != target.pk]
        if limit is not None and len(holders) >= limit:
            # One role, one holder too many: the one who held it before takes the default role.
            for other in holders[:len(holders) - limit + 1]:
                other.role = default_role(game)
                changed.append(other)
        Seat.objects.bulk_update(changed, ["role"])


@dataclass(frozen=True)
class MoveSeat(Change):
    """Move a player one place earlier (-1) or later (+1) in the seat order."""

    seat: int
    step: int

    kind = "order"

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        _in_lobby(table, "The seat order is fixed")
        if self.step not in (-1, 1):
            raise TableError("A seat moves one place at a time.", reason="bad-field")
        seats = every_player(_seats(table))
        target = _target(table, self.seat)
        if target not in seats:
            raise TableError("A table display has no place in the seat order.", reason="role")
        at = seats.index(target)
        other = at + self.step
        if not 0 <= other < len(seats):
            raise TableError("That seat is already at the end of the order.", reason="order")
        seats[at], seats[other] = seats[other], seats[at]
        for place, s in enumerate(seats):
            s.order = place
        Seat.objects.bulk_update(seats, ["order"])


@dataclass(frozen=True)
class SitOut(Change):
    """In the lobby, the host sits a player out of the next game (``out``) or deals them in again
    (companion.table.sitting). Not undoable, like a role or the seat order: tapping again takes it
    back, and undo keeps to what the game and the table did."""

    seat: int
    out: bool

    kind = "sitout"
    regroup = True  # a seat sitting out has a screen of its own (Fiction's Guessers otherwise share one)

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        _in_lobby(table, "Who sits out is fixed")
        target = _target(table, self.seat)
        if target.role == DISPLAY.slug:
            raise TableError("A table display is not dealt in anyway.", reason="role")
        if self.out and target.is_host:
            # The host's own screen makes the table's moves (a roll or a flip for another, halftime)
            # from the host's view of the game, which a seat not dealt in does not have.
            raise TableError("The host plays: hand hosting to someone else first to sit this one out.",
                             reason="self")
        if self.out and gone(target):
            raise TableError(f"{target.name} {'has been removed' if target.removed else 'has left'}, so is not "
                             "dealt in anyway.", reason="gone", status=409)
        target.sits_out = self.out
        target.save(update_fields=["sits_out"])


@dataclass(frozen=True)
class AddPlayer(Change):
    """A player without a phone: a name only; the host acts for them."""

    name: str

    kind = "add"

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        _in_lobby(table, "New players cannot sit down")
        seats = _seats(table)
        name = clean_name(self.name, (s.name for s in seats))
        Seat.objects.create(table=table, name=name, role=_newcomer_role(game, seats), has_phone=False,
                            order=_next_order(seats))


@dataclass(frozen=True)
class MakeHost(Change):
    seat: int

    kind = "host"
    regroup = True

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        target = _target(table, self.seat)
        if target.role == DISPLAY.slug or not target.has_phone or gone(target):
            raise TableError("Only a player at the table with a phone can host.", reason="role")
        if target.sits_out:
            raise TableError(f"{target.name} sits this game out: hand hosting to someone who plays it.",
                             reason="sits-out", status=409)
        Seat.objects.filter(table=table).update(is_host=False)
        Seat.objects.filter(pk=target.pk).update(is_host=True)


@dataclass(frozen=True)
class RemoveSeat(Change):
    """The host removes a seat. It stays, out of play, for the evening's standings and for coming
    back through the host; a new token that no phone holds takes it off its phone at once."""

    seat: int

    kind = "remove"

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        target = _target(table, self.seat)
        if target.pk == seat.pk:
            raise TableError("Hand hosting to someone else before leaving.", reason="self")
        if target.removed:
            raise TableError(f"{target.name} has already been removed.", reason="removed", status=409)
        if table.status == Table.Status.PLAYING and target.role != DISPLAY.slug:
            played = _played(table, game)
            player = played.index(viewer_of(target))
            # A seat that sat down after the deal is no player of this game: nothing to tell it.
            if player is not None:
                removal = {"type": REMOVE, "seat": player}
                try:
                    played = _store(table, seam.apply(game, played, TABLE, removal, _rng()))
                except RulesError as error:
                    raise TableError(str(error), reason="in-game", status=409) from None
            if game.outcome(played) is not None:
                table.status = Table.Status.FINISHED
            table.clock = Clock.from_dict(table.clock).follow(game.clock(played), now).to_dict()
        target.removed = True
        target.token = new_token()
        target.save(update_fields=["removed", "token"])


@dataclass(frozen=True)
class ComeBack(Change):
    """The phone that left a seat sits in it again: the same seat, with its role, its line in the
    evening's standings and its place in the game. The phone proves it sat there with the seat's
    own token, kept in its "sat here" cookie when it left."""

    kind = "back"
    host_only = False
    stale_safe = True  # coming back means the same whatever the others did since

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        if seat.removed:  # never found by its token, which removal replaced; said for clarity
            raise NoSeat(NO_SEAT)
        if seat.left and table.status == Table.Status.LOBBY and seat.role != DISPLAY.slug:
            _room(game, _seats(table), coming_back=True)
        seat.left = False
        seat.save(update_fields=["left"])
        _seat_taken(table, seat)


@dataclass(frozen=True)
class Leave(Change):
    """The phone pressed "Leave". A player's seat stays, shown as left and not dealt into the next
    game, until the host removes it or the phone comes back (ComeBack). It is given a new token,
    so a copy of the seat's cookie no longer holds it; the phone's "sat here" cookie keeps the new
    one, its way back.

    A table display that leaves is over: any phone may open a display, and one has no line in
    the standings nor place in a game, so its seat goes, and with it its line on the host's
    screen (a table whose displays come and go in a loop keeps none of them)."""

    kind = "leave"
    host_only = False
    stale_safe = True  # leaving means the same whatever the others did since
    when_closed = True  # a phone may leave a table whose evening is over
    logged = False

    def aside(self, seat: Seat) -> bool:
        return seat.role == DISPLAY.slug

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        if seat.role == DISPLAY.slug:
            if table.changed_by_id == seat.pk:  # the row written back after this names no seat that is gone
                table.changed_by = None
            seat.delete()
            return
        seat.left = True
        seat.token = new_token()
        seat.save(update_fields=["left", "token"])


def _claim(table: Table, claim_id: int) -> SeatClaim:
    """A claim still waiting for the host's answer at this table."""
    claim = SeatClaim.objects.filter(table=table, pk=claim_id).first()
    if claim is None:
        raise TableError("That request is no longer at the table.", reason="no-claim", status=404)
    if claim.status == SeatClaim.Status.ENDED:
        raise TableError("That request has ended: the seat has been taken since.", reason="claim-ended", status=409)
    if claim.status != SeatClaim.Status.WAITING:
        raise TableError("That request has already been answered.", reason="answered", status=409)
    return claim


@dataclass(frozen=True)
class AdmitClaim(Change):
    """The host lets the phone that asked for a seat sit in it. The seat takes the claim's token,
    which only that phone holds, so any phone that held the seat before loses it."""

    claim: int

    kind = "admit"

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        claim = _claim(table, self.claim)
        target = _target(table, claim.seat_id)
        # The host sees whether the seat's own phone is here, and answers for it: a seat asked
        # for while its phone was away may be given to the asking phone all the same.
        if not claimable(target, away=True):
            raise TableError(_not_claimable(target), reason="not-claimable", status=409)
        if gone(target) and table.status == Table.Status.LOBBY:
            _room(game, _seats(table), coming_back=True)
        target.token = claim.token
        target.left = target.removed = False
        target.has_phone = True
        target.save(update_fields=["token", "left", "removed", "has_phone"])
        claim.status = SeatClaim.Status.ADMITTED
        claim.save(update_fields=["status"])
        _seat_taken(table, target)


@dataclass(frozen=True)
class RefuseClaim(Change):
    """The host turns down a phone's request for a seat; the phone is told, and sees nothing of it."""

    claim: int

    kind = "refuse"

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        claim = _claim(table, self.claim)
        claim.status = SeatClaim.Status.REFUSED
        claim.save(update_fields=["status"])
        table.asking = _waiting(table)


@dataclass(frozen=True)
class SetPhone(Change):
    """A player's phone died: the seat becomes a player without a phone, whom the host acts for,
    and a new token takes it off the old phone. The other way, a phone asks for the seat and the
    host lets it in (AdmitClaim): only the phone itself can show it is there."""

    seat: int
    has_phone: bool

    kind = "phone"

    def apply(self, table: Table, seat: Seat, game: Game, payload: dict, now: float) -> None:
        target = _target(table, self.seat)
        if target.role == DISPLAY.slug:
            raise TableError("A table display is not a player.", reason="role")
        if self.has_phone:
            raise TableError(f"A phone takes {target.name}'s seat by asking for it: open the table on that phone, "
                             f"tap {target.name}, then let it in here.", reason="ask-first", status=409)
        if target.is_host:
            raise TableError("The host keeps their phone: hand hosting to someone else first.", reason="self")
        if target.removed:
            raise TableError(f"{target.name} has been removed: let a phone in for them first.", reason="removed",
                             status=409)
        if not target.has_phone:
            raise TableError(f"{target.name} already has no phone.", reason="no-phone", status=409)
        target.has_phone = False
        target.left = False
        target.token = new_token()
        target.save(update_fields=["has_phone", "left", "token"])


def _rng() -> random.Random:
    return random.Random()


def _played(table: Table, game: Game) -> Played:
    """The game a playing table stores."""
    return played_of(game, table.state)


def _store(table: Table, played: Played) -> Played:
    """Keep ``played`` as the table's state; returned for the caller to read on."""
    table.state = stored(played)
    return played


def _seats(table: Table) -> list[Seat]:
    return list(table.seats.all())


def _target(table: Table, target_id: int) -> Seat:
    target = table.seats.filter(pk=target_id).first()
    if target is None:
        raise TableError("That seat is no longer at the table.", reason="no-seat", status=404)
    return target


def _in_lobby(table: Table, what: str) -> None:
    if table.status != Table.Status.LOBBY:
        raise TableError(f"{what} once the game has started.", reason="started", status=409)


# -- the one road for every change --------------------------------------------


def _key(kind: str, payload: dict) -> str:
    return hashlib.sha256(json.dumps([kind, payload], sort_keys=True).encode()).hexdigest()


def _moved_on(table: Table, by: Seat | None = None, *, aside: bool = False) -> None:
    """One version more, made by seat ``by`` (None: a newcomer, a claim, the clock or the idle
    evening, which no seat's screen has seen).

    ``aside``: a change that means nothing to a tap (a phone asking for a seat, a table display
    coming or going): every screen follows the version, but a tap drawn before it is not stale
    (``Table.stale_before`` stays), and whose run of changes came last stays as it was, so a
    host's own taps on their way still follow one another."""
    table.version += 1
    if aside:
        return
    if by is None or table.changed_by_id != by.pk:
        table.own_from = table.version - 1
    table.changed_by = by
    table.stale_before = table.version


def _only_own_since(table: Table, seat: Seat, base_version: int) -> bool:
    """Every change since ``base_version`` that can change what a tap means is this seat's own: a
    host who ticks two options and taps Start at once means the table with both ticked, as their
    screen is about to show it."""
    return table.changed_by_id == seat.pk and table.own_from <= base_version <= table.version


def _settle_clock(table: Table, game: Game, now: float) -> bool:
    """Apply a clock that ran out while nobody was looking. True if anything changed."""
    clock = Clock.from_dict(table.clock)
    if table.closed or table.status != Table.Status.PLAYING or not clock.is_due(now):
        return False
    Action.objects.create(
        table=table,
        kind="clock",
        key=_key("clock", {"period": clock.period}),
        base_version=table.version,
        move={"type": TIMER_EXPIRED, "period": clock.period},
        status_before=table.status,
        state_before=table.state,
        clock_before=clock.to_dict(),
        undoable=True,
    )
    played = _store(table, seam.apply(game, _played(table, game), TABLE, {"type": TIMER_EXPIRED}, _rng()))
    table.notice = ""
    if game.outcome(played) is not None:
        table.status = Table.Status.FINISHED
        _record_result(table, game)
    table.clock = clock.expire().follow(game.clock(played), now).to_dict()
    _moved_on(table)
    return True


def _settle_evening(table: Table, now: float) -> bool:
    """End the evening of a table left idle, as the host's "End the evening" would (even with a
    game in play: the summary shows only the games finished). Logged as the host's close is,
    with no seat, so the host can reopen it with undo. True if it ended now."""
    if table.closed or not _idle(table, now):
        return False
    Action.objects.create(
        table=table,
        kind=CloseEvening.kind,
        key=_key(CloseEvening.kind, {"idle": table.version}),
        base_version=table.version,
        move={"idle": True},
        status_before=table.status,
        state_before=table.state,
        clock_before=Clock.from_dict(table.clock).pause(now).to_dict(),
        undoable=True,
    )
    _close(table, now)
    table.notice = (f"Nobody had changed this table for {settings.EVENING_IDLE_HOURS} hours, "
                    "so its evening ended by itself.")
    _moved_on(table)
    return True


def _record_result(table: Table, game: Game) -> None:
    """Keep who won each game played at this table, for the evening's standings."""
    played = played_of(game, table.state)
    outcome = seam.outcome(game, played)  # None: the host ended a game its rules never began
    ending = outcome.ending if outcome else ENDED
    how = "ended by the host" if ending == ENDED else (outcome.how if outcome and outcome.how else
                                                        ending.replace("-", " "))
    names = {s.pk: s.name for s in table.seats.all()}
    winners: list[tuple[int | None, str]] = [(i, names[i]) for i in outcome.winners if i in names] if outcome else []
    if not winners and outcome and outcome.side:
        winners = [(None, outcome.side)]
    special = rotating_role(game)
    holders = played.holding(special) if played is not None and special else []
    moment = seam.moment(game, played) if played is not None and outcome is not None and ending != ENDED else ""
    table.results = [*table.results, evening.entry(table.results, slug=game.slug,
                                                   name=played_name(game, table.setup), winners=winners, how=how,
                                                   moment=moment, holder=holders[0] if holders else None)]


def _locked(code: str, token: str) -> tuple[Table, Seat, list[Seat]]:
    """The table, locked for this transaction, the seat this phone's token holds there, and
    every seat at the table (one query for all of them: the push after the change needs them)."""
    found = rows.load(Table, lock=True, code=code)
    table = found[0] if found else None
    seats = rows.load(Seat, table_id=table.pk) if table is not None and token else []
    seat = next((s for s in seats if s.token == token), None)
    if table is None or seat is None:
        raise NoSeat(NO_SEAT)
    for each in seats:  # as table.seats.all() would: each seat's table is this one, not loaded again
        each.table = table
    return table, seat, seats


def run(code: str, token: str, change: Change, base_version: int | None, *, mode: Mode = Mode.APPLY,
        now: float | None = None) -> Result:
    """Run one change for one seat and say whom to tell; a repeat of the same request from the
    same view applies once.

    The table and its seats are loaded once, under the table's row lock, and the change is
    decided and made there. ``mode``: make the change, try it (rolled back, its ``caution``
    set), or only check whether an earlier request was made. Nothing is told from here: the
    result's ``news`` holds the table and seats as committed, so the push loads nothing again.
    A refusal after the clock or the idle evening settled carries that news with it.
    """
    now = time.time() if now is None else now
    if isinstance(change, Settle):
        return _settle(code, token, now)
    # Durable: never inside another transaction, so leaving this block commits, and whoever
    # tells the news tells it of a change already kept.
    with transaction.atomic(durable=True):
        table, seat, seats = _locked(code, token)
        held = {s.pk: s.token for s in seats}  # before the change: a seat whose token it replaces lost its phone
        game = game_of(table)
        payload = change.payload(game)
        terms = change.terms(game, payload)
        if terms.host_only and not seat.is_host:
            raise NotHost("Only the host can do that.")
        if base_version is None:
            raise TableError("That request came without the table version; reload and try again.")
        key = _key(change.kind, payload)
        # Every logged change moved the version past the one it was made from, and versions only
        # grow: a request made from the current version cannot be a repeat, so only older ones
        # are looked up.
        if base_version < table.version and Action.objects.filter(
                table=table, seat=seat, base_version=base_version, key=key).exists():
            return Result(table=table, seat=seat, duplicate=True)
        if mode is Mode.CHECK:
            raise TableError("Your tap did not reach the table before the connection dropped. Tap again.",
                             reason="not-applied", status=409)
        settled = _settle_evening(table, now) or _settle_clock(table, game, now)
        own = change.after_own and _only_own_since(table, seat, base_version)
        # Drawn before the last change that means something to a tap (a version from the future
        # is no screen's either): changes beside the game since (a phone asking for a seat, a
        # display coming or going) leave what the tap names as it was.
        behind = base_version < table.stale_before or base_version > table.version
        refusal: TableError | None = None
        if table.closed and not change.when_closed:
            refusal = TableClosed("The evening at this table is over. The host can reopen it with undo.",
                                  reason="closed", status=409)
        elif behind and not (terms.stale_safe or own):
            refusal = Stale("The table moved on since your screen was drawn. Have a look and try again.")
        if refusal is not None:
            if settled:  # keep the clock's (or the idle evening's) news even though this request is refused
                rows.update(table)
        else:
            logged = Action(
                table=table,
                seat=seat,
                kind=change.kind,
                key=key,
                base_version=base_version,
                move=payload,
                status_before=table.status,
                state_before=table.state,
                clock_before=Clock.from_dict(table.clock).pause(now).to_dict(),
                undoable=terms.undoable,
            )
            aside = change.aside(seat)
            if not aside:
                table.notice = ""
            was_finished = table.status == Table.Status.FINISHED
            actor = change.apply(table, seat, game, payload, now)
            if mode is Mode.TRY:
                transaction.set_rollback(True)
                return Result(table=table, seat=seat, caution=change.caution(game, table, payload))
            if table.status == Table.Status.FINISHED and not was_finished:
                _record_result(table, game)
            _moved_on(table, seat, aside=aside)
            rows.update(table)
            if change.logged:
                rows.insert(logged)
    if refusal is not None:
        if settled:
            refusal.news = News(table.pk, table=table, seats=seats, asker=seat.pk)
        raise refusal
    if not change.keeps_seats:
        seats = list(table.seats.all())
    # A seat whose token the change replaced (removed, let in on another phone, taken off its
    # phone, left) or that is gone (a display that left): the phones that held it are told
    # before anyone is sent the change.
    now_held = {s.pk: s.token for s in seats}
    removed = tuple(pk for pk, token in held.items() if now_held.get(pk) != token)
    news = News(table.pk, table=table, seats=seats, regroup=change.regroup, removed=removed,
                last_action=logged if change.logged and logged.undoable else None,
                asker=seat.pk if seat.pk in now_held else None)
    return Result(table=table, seat=seat, actor=actor, move=change.move(payload), news=news)


def _settle(code: str, token: str, now: float) -> Result:
    with transaction.atomic(durable=True):
        table, seat, seats = _locked(code, token)
        changed = _settle_evening(table, now) or _settle_clock(table, game_of(table), now)
        if changed:
            rows.update(table)
    news = News(table.pk, table=table, seats=seats, asker=seat.pk) if changed else None
    return Result(table=table, seat=seat, news=news)


def mark_left(seat: Seat) -> Result:
    """The phone that holds ``seat`` pressed "Leave" (``Leave``); the result's seat holds the
    token its "sat here" cookie keeps, and its news whom to tell."""
    return run(seat.table.code, seat.token, Leave(), seat.table.version)
