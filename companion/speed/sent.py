"""Saves a phone the regions it already holds: each socket sends only the regions that changed.
Its row: docs/performance.md#the-speed-devices-an-inventory (only changed regions go to each socket).

A push carries each region with its digest; each socket keeps the digests it last sent its phone
(``Sent``) and passes on only the regions that differ, with the table version always.
"""

from __future__ import annotations

from typing import Any


def joined(drawn: dict[str, Any], has: dict[str, str] | None = None) -> str:
    """A drawing (``render.update``) as out-of-band swaps: every region, or, given the digests a phone
    has (``has``), only the regions that differ from them. The version is always in it."""
    has = has or {}
    return "".join(html for name, digest, html in drawn["regions"] if has.get(name) != digest) + drawn["version"]


def digests(drawn: dict[str, Any]) -> dict[str, str]:
    return {name: digest for name, digest, _ in drawn["regions"]}


class Sent:
    """What one socket last sent its phone: each region's digest, and the table version they were
    drawn at, so that a push passes on only the regions that differ. The phone applies what it is
    sent in order but never swaps a region for an older version's, so it holds these regions or
    newer ones (a tap's reply). A drawing older than these (a sync drawn just before a move, sent
    just after that move's push) leaves them as they are, as the phone does."""

    def __init__(self) -> None:
        self.digests: dict[str, str] | None = None
        self.version = -1

    def shows(self, has: dict[str, str]) -> None:
        """The page names the regions it shows (``has``, empty for none) and waits for a push to
        bring it the rest: the next one sends what differs from them, however old its version."""
        self.digests, self.version = has, -1

    def pass_on(self, drawn: dict[str, Any], *, has: dict[str, str] | None = None) -> str:
        """A drawing (``render.update``) as the socket sends it: the regions that differ from ``has``,
        what the page says it shows (the socket opening, a sync), else from what was last sent.
        Empty for a push that changes nothing this phone shows (a redraw for a coming or going
        its screen already shows, at the version already sent): there is nothing to tell it.
        The page's own asking (``has``) is always answered."""
        shown = self.digests if has is None else has
        text = joined(drawn, shown)
        if has is None and drawn["v"] == self.version and text == drawn["version"]:
            return ""
        if shown is not None and drawn.get("parts") and shown.keys() != digests(drawn).keys():
            # Another game's regions: the page first makes room for these (a switch of game).
            text = drawn["parts"] + text
        if drawn["v"] >= self.version:
            self.digests, self.version = digests(drawn), drawn["v"]
        return text
