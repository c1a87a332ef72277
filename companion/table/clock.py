"""The shared game clock: a pure value the server stores and every phone draws from.

Time is passed in (seconds since the epoch), never read here, so the server decides
expiry and tests can move time by hand. Games say what they want with `ClockWant`;
`follow` brings the stored clock in line with that.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace


@dataclass(frozen=True)
class ClockWant:
    """What a game asks of the clock: which period it is in, how long it lasts, and whether it runs now."""

    period: str
    seconds: float
    running: bool


@dataclass(frozen=True)
class Clock:
    period: str = ""
    duration: float = 0.0
    remaining: float = 0.0
    deadline: float | None = None
    held: bool = False
    expired: bool = False

    @property
    def active(self) -> bool:
        return bool(self.period)

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def left(self, now: float) -> float:
        if self.deadline is None:
            return self.remaining
        return max(0.0, self.deadline - now)

    def is_due(self, now: float) -> bool:
        return self.deadline is not None and now >= self.deadline

    def start(self, now: float) -> Clock:
        if self.running or self.expired or not self.active:
            return self
        return replace(self, deadline=now + self.remaining)

    def pause(self, now: float) -> Clock:
        if not self.running:
            return self
        return replace(self, remaining=self.left(now), deadline=None)

    def hold(self, now: float) -> Clock:
        return replace(self.pause(now), held=True)

    def release(self) -> Clock:
        return replace(self, held=False)

    def expire(self) -> Clock:
        return replace(self, remaining=0.0, deadline=None, expired=True)

    def undone(self, before: Clock) -> Clock:
        """This clock once a move is taken back: ``before`` (the clock as the move found it, paused
        then) with the time it had left then, and the host's hold or release as it is now.

        The move's own effect on the clock goes with it, and so does the time run since: the
        players get back what the move took. A pause the host made since is the host's, not
        the move's, so it stays; ``follow`` then runs the clock if the restored game wants it.
        """
        return replace(before, held=self.held)

    def follow(self, want: ClockWant | None, now: float) -> Clock:
        """Start a new period, or pause or resume the current one, as the game wants."""
        if want is None:
            return Clock()
        clock = self
        if clock.period != want.period:
            clock = Clock(period=want.period, duration=want.seconds, remaining=want.seconds, held=self.held)
        if want.running and not clock.held:
            return clock.start(now)
        return clock.pause(now)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> Clock:
        return cls(**data) if data else cls()
