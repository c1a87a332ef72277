"""The evening's summary as a picture a phone can share (``GET /t/<code>/evening.png``).

Drawn on the server with Pillow, in the app's colours (static/css/app.css, light), as wide as a
phone's screen held upright and at most as tall: as tall as what it holds, so a short evening
leaves no empty card below it. ``layout`` decides every line the picture holds and where;
``draw`` only paints them, so what the picture says is tested by reading the layout. The
picture always fits its frame: a name too long shrinks, then ends in "…"; the games are all
in one type size, a line too long wrapping; the latest games keep their moments, the older
ones are a line each, and the oldest of all give way to "and N earlier games".
"""

from __future__ import annotations

import functools
import hashlib
import io
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.table.summary import Finished, Person, Summary

WIDTH, HEIGHT = 1080, 1920  # HEIGHT: the most; a picture is as tall as its layout (Layout.height)
MARGIN = 64  # left and right of the cards, and below the last one
PAD = 32  # inside a card

# The app's light colours (static/css/app.css :root).
BG = "#f6f3ee"
FG = "#1d1b19"
MUTED = "#6b645c"
CARD = "#ffffff"
LINE = "#d9d2c7"
ACCENT = "#7a2e1f"
ACCENT_FG = "#ffffff"

# DejaVu Sans where the system has it (Debian's fonts-dejavu-core, which CI installs; the same
# paths on Fedora and Arch): every Latin, Greek and Cyrillic name, and the signs the games'
# moments use (×, ✓, ✗). Else Pillow's own font, which ships with it: ASCII only, no bold.
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu-sans-fonts"),
             Path("/usr/share/fonts/dejavu"), Path("/usr/share/fonts/TTF"))
FACES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@functools.lru_cache(maxsize=None)
def _font_file(bold: bool) -> str | None:
    return next((str(d / FACES[bold]) for d in FONT_DIRS if (d / FACES[bold]).is_file()), None)


@functools.lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = _font_file(bold)
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


def _fake_bold(bold: bool) -> int:
    """A stroke that thickens Pillow's own font where no bold face is on the system."""
    return 1 if bold and _font_file(True) is None else 0


@dataclass(frozen=True)
class Style:
    size: int
    bold: bool = False
    colour: str = FG
    # The smallest a text too wide for its room shrinks to before it is cut short with "…".
    least: int = 0

    @property
    def line(self) -> int:
        """The height of one line of it, baseline to baseline."""
        return round(self.size * 1.3)


BRAND = Style(36, True, ACCENT_FG)
DATE = Style(60, True, ACCENT_FG, least=44)
FACTS = Style(32, False, "#f3dcd5")
HEADING = Style(42, True, ACCENT)
NAME = Style(38, False, FG, least=26)
LEADER = Style(38, True, ACCENT, least=24)
TOTAL = Style(40, True, FG)
RANK = Style(28, True, ACCENT_FG)
RANK_BEHIND = Style(28, True, FG)
COLUMN = Style(26, True, MUTED, least=20)
WINS = Style(38, False, FG)
NO_WINS = Style(38, False, "#bdb4a8")
# Every line of the games' card in one size, read as one list: the games with moments in bold.
GAME_SIZE = 30
MOMENT = Style(GAME_SIZE, False, MUTED)
ONE_LINE = Style(GAME_SIZE, False, FG)
ONE_LINE_LATEST = Style(GAME_SIZE, True, FG)
MORE = Style(GAME_SIZE, False, MUTED)
NONE = Style(34, False, MUTED)


@dataclass(frozen=True)
class Text:
    """One line of text at (``x``, ``y``): by default its left edge and baseline (Pillow's anchors:
    "rs" its right edge and baseline, "mm" its middle)."""

    text: str
    style: Style
    x: int
    y: int
    anchor: str = "ls"
    size: int = 0  # the size it was shrunk to, if any

    @property
    def face(self) -> ImageFont.FreeTypeFont:
        return font(self.size or self.style.size, self.style.bold)


@dataclass(frozen=True)
class Box:
    """A card (rounded, with a rim), the header's band, or a leader's round badge."""

    box: tuple[int, int, int, int]
    fill: str
    rim: str | None = None
    radius: int = 0
    round: bool = False


@dataclass
class Layout:
    texts: list[Text]
    boxes: list[Box]
    height: int = HEIGHT  # the picture's: its last card and a margin below it

    @property
    def lines(self) -> list[str]:
        """Every line of text in the picture, top to bottom."""
        return [t.text for t in self.texts]


# What Pillow's own font lacks, as the ASCII it has.
LOOKALIKES = str.maketrans({"×": "x", "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "✓": "v", "✗": "x"})


def drawable(text: str) -> str:
    """``text`` as the font draws it: DejaVu draws it as it is; Pillow's own font, ASCII only,
    gets its letters without their accents ("José": "Jose") and its signs in ASCII."""
    if _font_file(False) is not None:
        return text
    plain = unicodedata.normalize("NFKD", text).translate(LOOKALIKES)
    return "".join(c for c in plain if not unicodedata.combining(c))


def width_of(text: str, style: Style, size: int = 0) -> float:
    return font(size or style.size, style.bold).getlength(text)


def fit(text: str, style: Style, room: float, size: int = 0) -> tuple[str, int]:
    """``text`` in ``room`` pixels: at its size (or ``size``), else shrunk (down to the style's
    least), else cut short with "…". Returns the text and the size to draw it at."""
    text = drawable(text)
    size = size or style.size
    while width_of(text, style, size) > room and size > (style.least or style.size):
        size -= 2
    if width_of(text, style, size) <= room:
        return text, size
    while text and width_of(text + "…", style, size) > room:
        text = text[:-1]
    return text.rstrip() + "…", size


def wrap(text: str, style: Style, room: float, most: int) -> list[str]:
    """``text`` as at most ``most`` lines of ``room`` pixels, the last cut short with "…" if it
    does not all fit. A word longer than a line is broken where it must be."""
    lines: list[str] = []
    words = drawable(text).split()
    while words and len(lines) < most:
        line = words.pop(0)
        while width_of(line, style) > room:  # one word wider than the line
            cut = len(line) - 1
            while cut > 1 and width_of(line[:cut], style) > room:
                cut -= 1
            words.insert(0, line[cut:])
            line = line[:cut]
        while words and width_of(f"{line} {words[0]}", style) <= room:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = fit(f"{lines[-1]} {' '.join(words)}", style, room)[0]
        if not lines[-1].endswith("…"):
            lines[-1] = fit(lines[-1] + "…", style, room)[0]
    return lines


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


# -- deciding what the picture holds ------------------------------------------

INNER = WIDTH - 2 * MARGIN - 2 * PAD  # the width of a card's contents
LEFT, RIGHT = MARGIN + PAD, WIDTH - MARGIN - PAD  # where a card's contents start and end
HEADER = 260
GAP = 44  # between a card and the next heading
BADGE = 50  # a rank's round badge
ROW = NAME.line + 10  # one person's line in the standings
COLUMN_GAP = 28
WIDEST_COLUMN = 170  # a game's name wider than this over its column shrinks, or is cut short
# The latest games that keep their moments, if they fit: the older ones come first in one line
# each, then, if even those do not all fit, "and N earlier games".
MOMENTS = 3
# The standings take at most down to here (more people than fit, from seats kept for the
# standings, end in "and N more"); the games have the rest.
PEOPLE_END = HEIGHT * 11 // 20


def _columns(summary: Summary) -> tuple[list[tuple[str, int, float]], float]:
    """The standings' columns, right to left from the wins in all: (heading, its size, the
    column's centre), and where the leftmost column begins."""
    headings = ["All", *reversed(summary.kinds)] if len(summary.kinds) > 1 else ["Wins"]
    columns = []
    right = RIGHT
    for heading in headings:
        room = max(width_of("00", TOTAL), min(width_of(heading, COLUMN), WIDEST_COLUMN))
        text, size = fit(heading, COLUMN, room)
        columns.append((text, size, right - room / 2))
        right -= room + COLUMN_GAP
    return columns, right + COLUMN_GAP


def _person(person: Person, rank: int, top: int, columns: list[tuple[str, int, float]],
            name_room: float, name_size: int) -> tuple[list[Text], Box]:
    """One person's line in the standings, ``top`` its top: rank, name, wins by game and in all."""
    baseline = top + NAME.size
    middle = baseline - NAME.size * 3 // 8  # halfway up a capital letter of the name
    style = LEADER if person.leader else NAME
    name, size = fit(person.name, style, name_room, name_size)
    texts = [Text(str(rank), RANK if person.leader else RANK_BEHIND, LEFT + BADGE // 2, middle, anchor="mm"),
             Text(name, style, LEFT + BADGE + 18, baseline, size=size)]
    counts = [person.total, *reversed(person.wins)] if len(columns) > 1 else [person.total]
    for n, (count, (_, _, centre)) in reversed(list(enumerate(zip(counts, columns)))):  # left to right
        texts.append(Text(str(count), (TOTAL if n == 0 else WINS) if count else NO_WINS,
                          round(centre), baseline, anchor="ms"))
    badge = Box((LEFT, middle - BADGE // 2, LEFT + BADGE, middle + BADGE // 2), ACCENT if person.leader else LINE,
                round=True)
    return texts, badge


def _full(game: Finished, top: int) -> tuple[list[Text], int]:
    """A game with its moment: its number, name and who won in one line, the moment below."""
    texts, height = _short(game, top, ONE_LINE_LATEST, most=2)
    y = top + height - 6
    for line in wrap(game.moment, MOMENT, INNER, 2) if game.moment else []:
        y += MOMENT.line
        texts.append(Text(line, MOMENT, LEFT, y))
    return texts, y - top + 20


def _short(game: Finished, top: int, style: Style | None = None, most: int = 1) -> tuple[list[Text], int]:
    """A game's line: "3 · LIE: Ann won (last player)"; too long, it wraps into ``most`` lines at
    the same size, the last cut short with "…"."""
    style = style or ONE_LINE
    won = f"{game.won} ({game.how})" if game.how else game.won
    lines = wrap(f"{game.number} · {game.name}: {won}" if game.name else f"{game.number} · {won}", style, INNER, most)
    return ([Text(line, style, LEFT, top + style.size + n * style.line) for n, line in enumerate(lines)],
            style.line * len(lines) + 6)


def _ranks(people: list[Person]) -> list[int]:
    """Each line's place: one more than the number of people with more wins (ties share it)."""
    return [1 + sum(other.total > person.total for other in people) for person in people]


def _games(games: list[Finished], room: int) -> tuple[int, int]:
    """How many of the latest games the picture holds in ``room``, and how many of those, the
    latest, keep their moments: moments first (up to MOMENTS), then as many more as fit."""
    short = [_short(g, 0)[1] for g in games]
    full = [_full(g, 0)[1] for g in games]
    more = MORE.line + 6
    total = len(games)

    def height(count: int, latest: int) -> int:
        return (more if count < total else 0) + sum(full[total - latest:]) + sum(short[total - count:total - latest])

    latest = 0
    while latest < min(MOMENTS, total) and height(latest + 1, latest + 1) <= room:
        latest += 1
    count = latest
    while count < total and height(count + 1, latest) <= room:
        count += 1
    return count, latest


def layout(summary: Summary) -> Layout:
    texts: list[Text] = []
    boxes: list[Box] = [Box((0, 0, WIDTH, HEADER), ACCENT)]
    # The header: whose evening, which day, and how much was played.
    texts.append(Text("Liar's Table", BRAND, MARGIN, 84))
    date, size = fit(summary.date, DATE, WIDTH - 2 * MARGIN)
    texts.append(Text(date, DATE, MARGIN, 164, size=size))
    facts = f"Table {summary.code} · {plural(len(summary.games), 'game', 'games')} · " \
            f"{plural(len(summary.people), 'player', 'players')}"
    texts.append(Text(fit(facts, FACTS, WIDTH - 2 * MARGIN)[0], FACTS, MARGIN, 222))

    # Who won the evening, then everyone's wins by game and in all, most first.
    y = HEADER + GAP
    for line in wrap(summary.headline, HEADING, WIDTH - 2 * MARGIN, 2):
        y += HEADING.size
        texts.append(Text(line, HEADING, MARGIN, y))
        y += HEADING.line - HEADING.size
    card_top = y + 16
    card = len(boxes)  # the card goes under the badges drawn on it
    y = card_top + PAD
    columns, columns_left = _columns(summary)
    for heading, size, centre in reversed(columns):  # left to right
        texts.append(Text(heading, COLUMN, round(centre), y + COLUMN.size, anchor="ms", size=size))
    y += COLUMN.line + 8
    name_room = columns_left - COLUMN_GAP - (LEFT + BADGE + 18)
    # Every name at one size: the size the longest needs, down to the least (past it, "…").
    name_size = min((fit(p.name, LEADER if p.leader else NAME, name_room)[1] for p in summary.people),
                    default=NAME.size)
    ranks = _ranks(summary.people)
    shown = 0
    for person, rank in zip(summary.people, ranks):
        left_out = len(summary.people) - shown - 1
        if y + ROW + (MORE.line if left_out else 0) > PEOPLE_END:
            break
        drawn, badge = _person(person, rank, y, columns, name_room, name_size)
        texts.extend(drawn)
        boxes.append(badge)
        y += ROW
        shown += 1
    if shown < len(summary.people):
        texts.append(Text(f"and {len(summary.people) - shown} more", MORE, LEFT + BADGE + 18, y + MORE.size))
        y += MORE.line
    boxes.insert(card, Box((MARGIN, card_top, WIDTH - MARGIN, y + PAD - 10), CARD, LINE, 28))

    # The games, in the order played: the latest with their moments, as many as fit.
    y += PAD - 10 + GAP + HEADING.size
    texts.append(Text("The games", HEADING, MARGIN, y))
    card_top = y + 24
    top = card_top + PAD
    games = summary.games
    if not games:
        texts.append(Text("No game was finished this evening.", NONE, LEFT, top + NONE.size))
        boxes.append(Box((MARGIN, card_top, WIDTH - MARGIN, top + NONE.line + PAD), CARD, LINE, 28))
        return Layout(texts, boxes, top + NONE.line + PAD + MARGIN)
    count, latest = _games(games, HEIGHT - MARGIN - PAD - top)
    y = top
    first = len(games) - count
    if first:
        texts.append(Text(f"and {plural(first, 'earlier game', 'earlier games')}", MORE, LEFT, y + MORE.size))
        y += MORE.line + 6
    for n in range(first, len(games)):
        drawn, height = (_full if n >= len(games) - latest else _short)(games[n], y)
        texts.extend(drawn)
        y += height
    boxes.append(Box((MARGIN, card_top, WIDTH - MARGIN, y + PAD - 16), CARD, LINE, 28))
    return Layout(texts, boxes, min(HEIGHT, y + PAD - 16 + MARGIN))


# -- painting it ----------------------------------------------------------------


def draw(picture: Layout) -> bytes:
    """The layout as a PNG. The same layout always gives the same bytes (no time is written)."""
    image = Image.new("RGB", (WIDTH, picture.height), BG)
    pen = ImageDraw.Draw(image)
    for box in picture.boxes:
        if box.round:
            pen.ellipse(box.box, fill=box.fill)
        else:
            pen.rounded_rectangle(box.box, radius=box.radius, fill=box.fill, outline=box.rim,
                                  width=2 if box.rim else 0)
    for text in picture.texts:
        pen.text((text.x, text.y), text.text, font=text.face, fill=text.style.colour, anchor=text.anchor,
                 stroke_width=_fake_bold(text.style.bold), stroke_fill=text.style.colour)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def png(summary: Summary) -> bytes:
    return draw(layout(summary))


# This module's own text: a change in how the picture is drawn changes every picture's tag.
_DRAWN_BY = hashlib.blake2s(Path(__file__).read_bytes(), digest_size=8).hexdigest()


def tag(summary: Summary) -> str:
    """A name for the picture of ``summary`` (its ETag, and its key in the cache): the same for the
    same picture, another whenever what it shows changes (results, names, the date), or the code
    or the font that draw it. Worked out from the summary alone, without drawing anything."""
    return hashlib.blake2s(f"{_DRAWN_BY} {_font_file(False)} {summary!r}".encode(), digest_size=16).hexdigest()
