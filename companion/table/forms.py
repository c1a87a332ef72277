"""Move and setup fields, declared once per game and parsed one way for all games.

A game lists each move's fields with the rules' own names (`Move("bid", (Field("quantity", "int"), ...))`)
and its setup form the same way. The table parses a POST with these declarations:
repeated fields arrive as lists, check boxes as booleans, numbers as ints. A form
that does not describe a move is a `MoveError` (HTTP 400); whether the move is
allowed now is the rules' business (a `RulesError`, HTTP 422).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.table.rules_errors import RulesError

# A form as it arrives: a QueryDict from a POST, or a plain dict of strings, lists, numbers or
# booleans (a test, a bench); parsed only through the declarations below.
FormData = Mapping[str, object]

KINDS = ("text", "int", "bool", "choice", "seat")
_TRUE = {"1", "on", "true", "yes"}
_FALSE = {"", "0", "off", "false", "no"}


class MoveError(RulesError):
    """A form that does not even describe a move (missing or malformed fields)."""

    reason = "bad-move"


@dataclass(frozen=True)
class Field:
    """One form field, named as the rules name it.

    kind: ``text`` (a stripped string), ``int``, ``bool`` (a check box: absent is False),
    ``choice`` (one of ``choices``), or ``seat`` (the id of a seat at this table, checked by the table).
    ``many``: a repeated field, parsed to a list (``faces=3&faces=5``).
    """

    name: str
    kind: str = "text"
    label: str = ""
    many: bool = False
    required: bool = True
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int = 40
    default: Any = None
    help: str = ""
    # Everyone at the table may know its value once played (a guess, a bid): an undo may name it.
    public: bool = False
    # A setup check box that turns these other check boxes on while it is ticked (Fiction's
    # "Hard difficulty (all three below)"): they show ticked and locked; their own values are kept.
    covers: tuple[str, ...] = ()
    # The setup in short (the table display's lobby) names it; a choice shown another way there
    # (Half Truth's seat colours, on the pawns) is left out.
    in_short: bool = True
    # A game's own template that draws this setup field's controls on the host's form, for a value
    # no single control holds (Fiction's rows of typed ability cards); it parses them itself.
    template: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"Field {self.name!r}: unknown kind {self.kind!r}")

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    def initial(self) -> Any:
        if self.default is not None:
            return self.default
        if self.many:
            return []
        return False if self.kind == "bool" else None

    def parse(self, data: Any) -> Any:
        """This field's value from a QueryDict (or a plain dict of strings or lists)."""
        raw = _values(data, self.name)
        if self.kind == "bool":
            if self.many:
                raise ValueError("a check box is never repeated")  # pragma: no cover - a declaration bug
            return self._one_bool(raw[-1] if raw else "")
        if self.many:
            values = [self._one(item) for item in raw if item != ""]
            if self.required and not values:
                raise MoveError(f"Choose at least one {self.title.lower()}.", reason="missing-field")
            return values
        if not raw or raw[-1] == "":
            if self.required:
                raise MoveError(f"{self.title} is missing.", reason="missing-field")
            return self.initial()
        return self._one(raw[-1])

    def _one_bool(self, raw: str) -> bool:
        value = raw.strip().lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise MoveError(f"{self.title} is a yes or no.", reason="bad-field")

    def _one(self, raw: str) -> Any:
        if self.kind in ("int", "seat"):
            try:
                number = int(raw.strip())
            except (ValueError, AttributeError):
                raise MoveError(f"{self.title} must be a whole number.", reason="bad-field") from None
            if not -2**31 < number < 2**31:  # what any database column holds
                raise MoveError(f"{self.title} is out of range.", reason="bad-field")
            if self.minimum is not None and number < self.minimum:
                raise MoveError(f"{self.title} is at least {self.minimum}.", reason="bad-field")
            if self.maximum is not None and number > self.maximum:
                raise MoveError(f"{self.title} is at most {self.maximum}.", reason="bad-field")
            return number
        text = clean_text(raw, what=self.title, max_length=self.max_length)
        if self.kind == "choice" and text not in {value for value, _ in self.choices}:
            raise MoveError(f"{self.title}: {text[:20]!r} is not one of the choices.", reason="bad-field")
        return text


@dataclass(frozen=True)
class Move:
    """One kind of move a seat may post, with its fields.

    host_only: only the host posts it (for the table, not for a seat's side).
    stale_safe: its meaning does not depend on what others did since the phone last
    looked (a player setting their own secret pick), so it applies on an old version.
    undoable: the host's undo takes it back (the default).
    noun: what the move is called after it is made, as in "Undo Max's Fact/Fiction token"
    (its type, spaced, if not given).
    """

    type: str
    fields: tuple[Field, ...] = ()
    label: str = ""
    noun: str = ""
    host_only: bool = False
    stale_safe: bool = False
    # The host's undo takes it back. A scribble such as Fiction's letter marks is not worth an undo.
    undoable: bool = True


@dataclass(frozen=True)
class Form:
    """The fields of a form, looked up by name."""

    fields: tuple[Field, ...] = field(default_factory=tuple)

    def parse(self, data: Any) -> dict[str, Any]:
        return {f.name: f.parse(data) for f in self.fields}

    def initial(self) -> dict[str, Any]:
        return {f.name: f.initial() for f in self.fields}


def parse_move(moves: tuple[Move, ...], data: Any) -> tuple[Move, dict[str, Any]]:
    """The declared move a POST names, and its parsed fields (``type`` first)."""
    kinds = _values(data, "type")
    kind = kinds[-1].strip() if kinds else ""
    if not kind:
        raise MoveError("No move was given.", reason="missing-type")
    declared = next((m for m in moves if m.type == kind), None)
    if declared is None:
        raise MoveError(f"{kind[:30]!r} is not a move anyone at the table can make.", reason="unknown-move")
    move: dict[str, Any] = {"type": kind}
    move.update(Form(declared.fields).parse(data))
    return declared, move


# Letters that draw nothing or turn text around: a name or word made of them
# deceives whoever reads it.
_INVISIBLE = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


def clean_text(raw: Any, *, what: str = "Text", max_length: int = 40) -> str:
    """Text typed by a person: spaces folded, no control, format or unassigned characters."""
    if not isinstance(raw, str):
        raise MoveError(f"{what} must be text.", reason="bad-field")
    text = " ".join(raw.split())
    if any(unicodedata.category(ch) in _INVISIBLE for ch in text):
        raise MoveError(f"{what} has invisible or direction-changing characters; type it plainly.",
                        reason="invisible-characters")
    if len(text) > max_length:
        raise MoveError(f"{what} is at most {max_length} characters.", reason="too-long")
    return text


def _values(data: Any, name: str) -> list[str]:
    if hasattr(data, "getlist"):
        values = data.getlist(name)
    elif isinstance(data, Mapping):
        value = data.get(name)
        values = [] if value is None else list(value) if isinstance(value, (list, tuple)) else [value]
    else:  # pragma: no cover - the table always passes a QueryDict
        raise MoveError("A move is a form.", reason="bad-move")
    out = []
    for value in values:
        if isinstance(value, bool):
            value = "1" if value else ""
        elif isinstance(value, int):
            value = str(value)
        if not isinstance(value, str):
            raise MoveError(f"{name} must be text.", reason="bad-field")
        out.append(value)
    return out
