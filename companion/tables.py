"""The table's authority: every change runs here, in one transaction, with a version check.

Views and consumers call these functions; nothing else writes a table. After a change
commits, every seat is sent its own view (companion.broadcast).
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from companion import broadcast, codes
from companion import games as registry
from companion.clock import Clock
from companion.games import DISPLAY, Game, Viewer
from companion.models import Action, Seat, Table

log = logging.getLogger(__name__)

MAX_DISPLAYS = 4


class TableError(Exception):
    """A refusal with a message fit for the person who tapped. Nothing was changed."""

    status = 400
    reason = "refused"

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


@dataclass
class Outcome:
    table: Table
    duplicate: bool = False


def game_of(table: Table) -> Game:
    game = registry.get(table.game)
    if game is None:  # pragma: no cover - a table is only created for a registered game
        raise TableError("This table's game is not installed here.")
    return game


def viewer_of(seat: Seat) -> Viewer:
    return Viewer(seat_id=seat.pk, role=seat.role, name=seat.name)


def players_of(table: Table) -> list[Seat]:
    return [seat for seat in table.seats.all() if seat.role != DISPLAY.slug]


def role_counts(seats: list[Seat]) -> Counter:
    """How many players hold each role (displays have none)."""
    return Counter(seat.role for seat in seats if seat.role != DISPLAY.slug)


# -- creating and joining -----------------------------------------------------


def create_table(game_slug: str, host_name: str) -> tuple[Table, Seat]:
    game = registry.get(game_slug)
    if game is None or not game.ready:
        raise TableError("That game cannot be played here yet.", status=404)
    name = clean_name(host_name)
    for _ in range(20):
        try:
            with transaction.atomic():
                table = Table.objects.create(code=codes.new_code(), game=game.slug)
                seat = Seat.objects.create(table=table, name=name, role=game.role_for_newcomer({}), is_host=True)
                return table, seat
        except IntegrityError:  # a code clash: astronomically rare, just draw again
            continue
    raise TableError("Could not find a free table code; try again.", status=503)  # pragma: no cover


def clean_name(raw: str) -> str:
    name = " ".join((raw or "").split())
    if not name:
        raise TableError("Type a name so the others know who you are.", reason="name")
    if len(name) > 24:
        raise TableError("Names are at most 24 characters.", reason="name")
    return name


def join_table(table: Table, raw_name: str, *, as_display: bool = False) -> Seat:
    name = "Table display" if as_display and not (raw_name or "").strip() else clean_name(raw_name)
    game = game_of(table)
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.status == Table.Status.FINISHED:
            raise TableClosed("This table has finished. Ask the host for a new code.")
        if as_display:
            if table.seats.filter(role=DISPLAY.slug).count() >= MAX_DISPLAYS:
                raise TableFull(f"This table already has {MAX_DISPLAYS} displays.")
            seat = Seat.objects.create(table=table, name=name, role=DISPLAY.slug)
        else:
            if table.status != Table.Status.LOBBY:
                raise TableClosed(
                    "This game has already started, so new players cannot sit down. "
                    "You can still join as the table display.",
                    reason="started",
                    status=409,
                )
            players = players_of(table)
            if len(players) >= game.seat_limit:
                raise TableFull(f"This table is full: {len(players)} of {game.seat_limit} seats are taken.")
            role = game.role_for_newcomer(role_counts(players))
            seat = Seat.objects.create(table=table, name=name, role=role)
        table.version += 1
        table.save(update_fields=["version", "updated_at"])
    transaction.on_commit(lambda: broadcast.push_table(table.pk))
    return seat


# -- the one road for every change --------------------------------------------


def _key(kind: str, payload: dict) -> str:
    return hashlib.sha256(json.dumps([kind, payload], sort_keys=True).encode()).hexdigest()


def _settle_clock(table: Table, game: Game, now: float) -> bool:
    """Apply a clock that ran out while nobody was looking. True if anything changed."""
    clock = Clock.from_dict(table.clock)
    if table.status != Table.Status.PLAYING or not clock.is_due(now):
        return False
    Action.objects.create(
        table=table,
        kind="clock",
        key=_key("clock", {"period": clock.period}),
        base_version=table.version,
        move={"type": "timer_expired", "period": clock.period},
        status_before=table.status,
        state_before=table.state,
        clock_before=clock.to_dict(),
        undoable=True,
    )
    table.state = game.clock_expired(table.state)
    if game.is_over(table.state):
        table.status = Table.Status.FINISHED
    table.clock = clock.expire().follow(game.clock(table.state), now).to_dict()
    table.version += 1
    return True


def settle(table_id: int, *, now: float | None = None) -> Table:
    """Bring a table up to date with the clock; any phone may ask, the server decides."""
    now = time.time() if now is None else now
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        changed = _settle_clock(table, game_of(table), now)
        if changed:
            table.save()
            transaction.on_commit(lambda: broadcast.push_table(table_id))
    return table


def perform(
    table_id: int,
    seat_id: int,
    *,
    kind: str,
    payload: dict,
    base_version: int | None,
    change: Callable[[Table, Seat, Game, float], None],
    host_only: bool = False,
    stale_safe: bool = False,
    undoable: bool = False,
    now: float | None = None,
) -> Outcome:
    """Run one change for one seat; a repeat of the same request from the same view applies once."""
    now = time.time() if now is None else now
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        seat = Seat.objects.filter(pk=seat_id, table=table).first()
        if seat is None:
            raise TableError("You no longer have a seat at this table.", reason="no-seat", status=403)
        if host_only and not seat.is_host:
            raise NotHost("Only the host can do that.")
        if base_version is None:
            raise TableError("That request came without the table version; reload and try again.")
        key = _key(kind, payload)
        if Action.objects.filter(table=table, seat=seat, base_version=base_version, key=key).exists():
            return Outcome(table=table, duplicate=True)
        game = game_of(table)
        settled = _settle_clock(table, game, now)
        stale = base_version != table.version and not stale_safe
        if stale:
            if settled:  # keep the clock's news even though this move is refused
                table.save()
                transaction.on_commit(lambda: broadcast.push_table(table_id))
        else:
            before = Action(
                table=table,
                seat=seat,
                kind=kind,
                key=key,
                base_version=base_version,
                move=payload,
                status_before=table.status,
                state_before=table.state,
                clock_before=Clock.from_dict(table.clock).pause(now).to_dict(),
                undoable=undoable,
            )
            change(table, seat, game, now)
            table.version += 1
            table.save()
            before.save()
    if stale:
        raise Stale("The table moved on since your screen was drawn. Have a look and try again.")
    transaction.on_commit(lambda: broadcast.push_table(table_id))
    return Outcome(table=table)


# -- game moves and host actions ----------------------------------------------


def _rng() -> random.Random:
    return random.Random()


def play(table_id: int, seat_id: int, move: dict, base_version: int | None, *, now: float | None = None) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        if table.status != Table.Status.PLAYING:
            raise TableError("The game is not running.", reason="not-playing", status=409)
        table.state = game.apply(table.state, viewer_of(seat), move, _rng())
        if game.is_over(table.state):
            table.status = Table.Status.FINISHED
        table.clock = Clock.from_dict(table.clock).follow(game.clock(table.state), now).to_dict()

    table = Table.objects.only("game").get(pk=table_id)
    stale_safe = move.get("type") in game_of(table).stale_safe_moves
    return perform(
        table_id, seat_id, kind="move", payload=move, base_version=base_version, change=change,
        stale_safe=stale_safe, undoable=True, now=now,
    )


def start_game(table_id: int, seat_id: int, base_version: int | None) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        if table.status != Table.Status.LOBBY:
            raise TableError("The game has already started.", reason="started", status=409)
        problem = game.check_roles(role_counts(list(table.seats.all())))
        if problem:
            raise TableError(problem, reason="roles")
        players = [viewer_of(s) for s in players_of(table)]
        table.state = game.start(players, _rng())
        table.status = Table.Status.PLAYING
        table.clock = Clock().follow(game.clock(table.state), now).to_dict()

    return perform(table_id, seat_id, kind="start", payload={}, base_version=base_version, change=change,
                   host_only=True, undoable=True)


def end_game(table_id: int, seat_id: int, base_version: int | None) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        if table.status == Table.Status.FINISHED:
            raise TableError("The table has already finished.", reason="finished", status=409)
        table.status = Table.Status.FINISHED
        table.clock = Clock.from_dict(table.clock).pause(now).to_dict()

    return perform(table_id, seat_id, kind="end", payload={}, base_version=base_version, change=change,
                   host_only=True, undoable=True)


def play_again(table_id: int, seat_id: int, base_version: int | None) -> Outcome:
    """Back to the lobby with the same seats and code, for the next game."""

    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        if table.status != Table.Status.FINISHED:
            raise TableError("Finish this game before starting another.", reason="not-finished", status=409)
        table.status = Table.Status.LOBBY
        table.state = None
        table.clock = Clock().to_dict()

    return perform(table_id, seat_id, kind="again", payload={}, base_version=base_version, change=change,
                   host_only=True, undoable=True)


def undo(table_id: int, seat_id: int, base_version: int | None) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        last = table.actions.filter(undoable=True, undone=False).order_by("-id").first()
        if last is None:
            raise TableError("There is nothing to undo.", reason="nothing-to-undo", status=409)
        last.undone = True
        last.save(update_fields=["undone"])
        table.status = last.status_before
        table.state = last.state_before
        clock = Clock.from_dict(last.clock_before)
        want = game.clock(table.state) if table.status == Table.Status.PLAYING and table.state else None
        table.clock = clock.follow(want, now).to_dict() if want else Clock().to_dict()

    return perform(table_id, seat_id, kind="undo", payload={}, base_version=base_version, change=change,
                   host_only=True)


def hold_clock(table_id: int, seat_id: int, base_version: int | None, *, hold: bool) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        clock = Clock.from_dict(table.clock)
        if table.status != Table.Status.PLAYING or not clock.active:
            raise TableError("There is no clock running at this table.", reason="no-clock", status=409)
        if hold:
            clock = clock.hold(now)
        else:
            clock = clock.release().follow(game.clock(table.state), now)
        table.clock = clock.to_dict()

    return perform(table_id, seat_id, kind="hold" if hold else "release", payload={}, base_version=base_version,
                   change=change, host_only=True)


def _target(table: Table, target_id: int) -> Seat:
    target = table.seats.filter(pk=target_id).first()
    if target is None:
        raise TableError("That seat is no longer at the table.", reason="no-seat", status=404)
    return target


def set_role(table_id: int, seat_id: int, base_version: int | None, target_id: int, role: str) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        target = _target(table, target_id)
        if table.status != Table.Status.LOBBY:
            raise TableError("Roles are fixed once the game has started.", reason="started", status=409)
        if role == DISPLAY.slug or game.role(role) is None:
            raise TableError("That is not a role in this game.", reason="role")
        if target.role == DISPLAY.slug:
            raise TableError("A table display has no role in the game.", reason="role")
        target.role = role
        target.save(update_fields=["role"])

    return perform(table_id, seat_id, kind="role", payload={"seat": target_id, "role": role},
                   base_version=base_version, change=change, host_only=True)


def make_host(table_id: int, seat_id: int, base_version: int | None, target_id: int) -> Outcome:
    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        target = _target(table, target_id)
        if target.role == DISPLAY.slug:
            raise TableError("A table display cannot host.", reason="role")
        Seat.objects.filter(table=table).update(is_host=False)
        Seat.objects.filter(pk=target.pk).update(is_host=True)

    return perform(table_id, seat_id, kind="host", payload={"seat": target_id},
                   base_version=base_version, change=change, host_only=True)


def remove_seat(table_id: int, seat_id: int, base_version: int | None, target_id: int) -> Outcome:
    removed: list[int] = []

    def change(table: Table, seat: Seat, game: Game, now: float) -> None:
        target = _target(table, target_id)
        if target.pk == seat.pk:
            raise TableError("Hand hosting to someone else before leaving.", reason="self")
        if table.status == Table.Status.PLAYING and target.role != DISPLAY.slug:
            try:
                game.check_removal(table.state, viewer_of(target))
            except ValueError as error:
                raise TableError(str(error), reason="in-game", status=409) from None
        removed.append(target.pk)
        target.delete()

    outcome = perform(table_id, seat_id, kind="remove", payload={"seat": target_id},
                      base_version=base_version, change=change, host_only=True)
    for pk in removed:
        transaction.on_commit(lambda pk=pk: broadcast.push_removed(pk))
    return outcome
