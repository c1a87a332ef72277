"""The README's gallery, from the screen matrix's screenshots (tests/browser/test_screens.py).

`make screenshots` runs the matrix, then this: it copies the screens named below from
var/screenshots/ to docs/screens/ and writes the gallery's table into README.md between its
two gallery markers. Each real game shows on the TV at 1280x720 in the lobby, in play and at
the end, and on a phone at 360x640 in play.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "var" / "screenshots"
OUT = ROOT / "docs" / "screens"
README = ROOT / "README.md"
START, END = "<!-- gallery: made by `make screenshots` -->", "<!-- end of gallery -->"

# (game's folder in the matrix, its name, the role whose phone is shown, what that phone shows)
GAMES = [
    ("fiction-largest", "Fiction: Banned Books, eight players", "player", "a guesser's phone"),
    ("halftruth-largest", "Half Truth, six pawns", "player", "a player's phone"),
    ("lie-largest", "LIE, the most players", "player", "a player's phone"),
]
SCREENS = [("lobby", "display", "tv-1280", "the TV in the lobby"), ("fullest", "display", "tv-1280", "the TV in play"),
           ("end", "display", "tv-1280", "the TV at the end")]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    rows, missing = [], []
    for folder, title, role, phone in GAMES:
        cells = []
        for phase, who, device, alt in [*SCREENS, ("fullest", role, "phone-360", phone + " in play")]:
            source = SHOTS / folder / f"{phase}-{who}-{device}.png"
            if not source.exists():
                missing.append(str(source.relative_to(ROOT)))
                continue
            target = OUT / f"{folder}-{phase}-{who}-{device}.png"
            shutil.copyfile(source, target)
            cells.append(f"![{title}: {alt}]({target.relative_to(ROOT)})")
        rows.append(f"| **{title}** | " + " | ".join(cells) + " |")
    if missing:
        print("missing screenshots (run the screen matrix first):", *missing, sep="\n  ", file=sys.stderr)
        return 1
    table = "\n".join(["| | the TV: lobby | in play | the end | a phone in play |", "|---|---|---|---|---|", *rows])
    text = README.read_text()
    before, rest = text.split(START, 1)
    after = rest.split(END, 1)[1]
    README.write_text(f"{before}{START}\n{table}\n{END}{after}")
    print(f"gallery: {len(rows)} games, screens in {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
