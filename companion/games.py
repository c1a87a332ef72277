"""What a game plugs into the table: roles, moves, the per-seat view and the clock.

Each game app registers one `Game` in its AppConfig.ready(). The table machinery
only ever calls these methods; the game's own rules stay a pure library.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.clock import ClockWant
from games.errors import RulesError


@dataclass(frozen=True)
class Role:
    slug: str
    label: str
    minimum: int = 0
    maximum: int | None = None
    symbol: str = "●"


DISPLAY = Role("display", "Table display", symbol="▣")


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seat as the game sees it. A display has role 'display'."""

    seat_id: int | None
    role: str
    name: str = ""

    @property
    def is_display(self) -> bool:
        return self.role == DISPLAY.slug


class MoveError(RulesError):
    """A form that does not even describe a move (missing or malformed fields)."""

    reason = "bad-move"


class Game:
    slug: str = ""
    name: str = ""
    blurb: str = ""
    players: str = ""
    ready: bool = False
    demo: bool = False
    roles: tuple[Role, ...] = ()
    board_template: str = ""
    # Moves whose meaning does not depend on what others did since the phone last
    # looked (a player setting their own secret pick); all others need a fresh version.
    stale_safe_moves: frozenset[str] = frozenset()

    # -- seats --------------------------------------------------------------
    @property
    def max_players(self) -> int | None:
        if any(role.maximum is None for role in self.roles):
            return None
        return sum(role.maximum for role in self.roles)  # type: ignore[misc]

    max_seats: int = 8

    @property
    def seat_limit(self) -> int:
        """How many players may sit down: the game's maximum, capped by what the table allows."""
        return min(x for x in (self.max_players, self.max_seats) if x is not None)

    def role(self, slug: str) -> Role | None:
        if slug == DISPLAY.slug:
            return DISPLAY
        return next((role for role in self.roles if role.slug == slug), None)

    def role_for_newcomer(self, counts: dict[str, int]) -> str:
        """The first role still short of its minimum, else the first with room."""
        for role in self.roles:
            if counts.get(role.slug, 0) < role.minimum:
                return role.slug
        for role in reversed(self.roles):
            if role.maximum is None or counts.get(role.slug, 0) < role.maximum:
                return role.slug
        return self.roles[-1].slug

    def check_roles(self, counts: dict[str, int]) -> str | None:
        """Why the table cannot start with these roles, or None."""
        for role in self.roles:
            have = counts.get(role.slug, 0)
            if have < role.minimum:
                return f"{self.name} needs at least {role.minimum} × {role.label} (now {have})."
            if role.maximum is not None and have > role.maximum:
                return f"{self.name} allows at most {role.maximum} × {role.label} (now {have})."
        return None

    # -- the game -------------------------------------------------------------
    def start(self, players: list[Viewer], rng: random.Random) -> dict:
        raise NotImplementedError

    def parse_move(self, data: dict[str, str]) -> dict[str, Any]:
        move_type = data.get("type", "")
        if not move_type:
            raise MoveError("No move was given.")
        return {"type": move_type}

    def apply(self, state: dict, actor: Viewer, move: dict, rng: random.Random) -> dict:
        raise NotImplementedError

    def view(self, state: dict, viewer: Viewer) -> dict:
        raise NotImplementedError

    def is_over(self, state: dict) -> bool:
        return False

    def clock(self, state: dict) -> ClockWant | None:
        return None

    def clock_expired(self, state: dict) -> dict:
        return state

    def check_removal(self, state: dict, viewer: Viewer) -> None:
        """Raise a ValueError if this seat cannot leave the game in progress."""


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> None:
    _REGISTRY[game.slug] = game


def get(slug: str) -> Game | None:
    return _REGISTRY.get(slug)


def all_games() -> list[Game]:
    order = ["fiction", "halftruth", "lie"]
    return sorted(_REGISTRY.values(), key=lambda g: (g.demo, order.index(g.slug) if g.slug in order else 99))
