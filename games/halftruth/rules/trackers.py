"""Round trackers as data: the number printed on each space after START."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import IllegalLayout

ROUNDS = 3
MAX_SPACES = 100
MAX_NUMBER = 999


@dataclass(frozen=True)
class Tracker:
    """One round tracker.

    ``spaces[i]`` is the number printed on the (i+1)-th space after START
    (0 for a space with no number). A pawn's position is how many spaces it
    has moved from START, so position 0 is START and ``len(spaces)`` is the
    red circle that ends the round. Numbers never go down along the track,
    so the highest number a pawn reached or passed is the one it stands on.
    """

    spaces: tuple[int, ...]

    def __post_init__(self) -> None:
        spaces = self.spaces
        if isinstance(spaces, (str, bytes)) or not isinstance(spaces, Sequence):
            raise IllegalLayout("A round tracker is a list of numbers.", reason="not-a-tracker")
        spaces = tuple(spaces)
        if not spaces:
            raise IllegalLayout("A round tracker needs at least one space.", reason="empty-tracker")
        if len(spaces) > MAX_SPACES:
            raise IllegalLayout(
                f"A round tracker has at most {MAX_SPACES} spaces.", reason="tracker-too-long"
            )
        for number in spaces:
            if isinstance(number, bool) or not isinstance(number, int):
                raise IllegalLayout(
                    f"Each tracker space holds a whole number, not {number!r}.",
                    reason="not-a-number",
                )
            if number < 0:
                raise IllegalLayout("Tracker numbers cannot be negative.", reason="negative-number")
            if number > MAX_NUMBER:
                raise IllegalLayout(
                    f"Tracker numbers are at most {MAX_NUMBER}.", reason="number-too-big"
                )
        if any(later < earlier for earlier, later in zip(spaces, spaces[1:])):
            raise IllegalLayout(
                "Tracker numbers must never go down along the track.", reason="numbers-decrease"
            )
        object.__setattr__(self, "spaces", spaces)

    @property
    def last(self) -> int:
        """Position of the last space, the red circle that ends the round."""
        return len(self.spaces)

    def advance(self, position: int, spaces: int) -> int:
        """Where a pawn lands; a pawn that would pass the last space stops on it."""
        return min(position + spaces, self.last)

    def points_at(self, position: int) -> int:
        """Victory points for a pawn at ``position``: the highest number reached or passed."""
        return max(self.spaces[:position], default=0)


# DEFAULT layouts, NOT the printed boards: our sources do not give the numbers
# printed on the three trackers. These are made up so that the rulebook's
# scoring example comes out right on every round. With the die on 3, Kamila
# moves from three spaces before the end (a 3) to the last space (a 7),
# Tony from five before the end to two before the end (a 4), and Amy, who
# missed, stays three before the end (a 3):
#   round 1: Kamila 5 -> 8, Tony 3 -> 6, Amy 5
#   round 2: Kamila 7 -> 10, Tony 5 -> 8, Amy 7
#   round 3: Kamila 9 -> 12, Tony 7 -> 10, Amy 9
# The host can replace them at setup (``new_game(..., layouts=...)``).
DEFAULT_LAYOUTS: tuple[Tracker, Tracker, Tracker] = (
    Tracker((0, 1, 1, 2, 3, 4, 5, 7)),
    Tracker((0, 1, 1, 2, 2, 3, 3, 4, 5, 7)),
    Tracker((0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 5, 7)),
)


def trackers_from(layouts: object) -> tuple[Tracker, Tracker, Tracker]:
    """Three trackers, one per round, from Trackers or lists of numbers."""
    if layouts is None:
        return DEFAULT_LAYOUTS
    if isinstance(layouts, (str, bytes)) or not isinstance(layouts, Sequence):
        raise IllegalLayout(
            "Give one round tracker for each of the three rounds.", reason="not-a-layout"
        )
    if len(layouts) != ROUNDS:
        raise IllegalLayout(
            "Give one round tracker for each of the three rounds.", reason="need-three-trackers"
        )
    trackers = tuple(
        layout if isinstance(layout, Tracker) else Tracker(layout) for layout in layouts
    )
    return trackers  # type: ignore[return-value]


def parse_layouts(text: str) -> tuple[Tracker, Tracker, Tracker] | None:
    """Trackers from the setup form's text: each round's numbers comma-separated, rounds split by ";".

    Blank text means the default layouts (None).
    """
    if not text.strip():
        return None
    rows = []
    for row in text.split(";"):
        try:
            rows.append([int(number) for number in row.split(",")])
        except ValueError:
            raise IllegalLayout(
                "Write each round tracker as whole numbers separated by commas, "
                "and the three rounds separated by \";\".",
                reason="not-a-number",
            ) from None
    return trackers_from(rows)


def layouts_text(trackers: Sequence[Tracker]) -> str:
    """The setup form's text for ``trackers``: what ``parse_layouts`` reads back."""
    return "; ".join(",".join(str(number) for number in t.spaces) for t in trackers)
