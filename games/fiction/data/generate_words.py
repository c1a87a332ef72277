"""Build the Fiction dictionary files from Debian's SCOWL-derived word list.

Run from anywhere (needs the Debian packages ``wamerican-large`` and ``wamerican-small``)::

    apt-get install -y wamerican-large wamerican-small
    python3 games/fiction/data/generate_words.py

It writes three sorted files next to itself, one word a line:

* ``words.txt``: every all-lower-case, five-letter, a-z entry (plurals kept;
  possessives, accented words and capitalised entries dropped).
* ``proper_nouns.txt``: five-letter entries that the source lists only with
  a capital first letter (``Texas``), lower-cased, and that are not also
  ordinary words (``frank`` stays a word).
* ``common_words.txt``: the words of ``words.txt`` that the small list (SCOWL
  size 35, common words) also holds: where the app, as Lie-brarian, draws its secret.

The output is deterministic for a given source file, so re-running it on the
same package version gives a byte-identical result.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

DEFAULT_SOURCE = Path("/usr/share/dict/american-english-large")
COMMON_SOURCE = Path("/usr/share/dict/american-english-small")
HERE = Path(__file__).resolve().parent

LOWER = re.compile(r"[a-z]{5}")
CAPITALISED = re.compile(r"[A-Z][a-z]{4}")


def build(lines: list[str]) -> tuple[list[str], list[str]]:
    words = {line for line in lines if LOWER.fullmatch(line)}
    proper = {line.lower() for line in lines if CAPITALISED.fullmatch(line)}
    return sorted(words), sorted(proper - words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--common", type=Path, default=COMMON_SOURCE)
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--common-only", action="store_true", help="only rebuild common_words.txt from words.txt")
    args = parser.parse_args()
    if args.common_only:
        words = (args.out / "words.txt").read_text(encoding="ascii").split()
    else:
        lines = args.source.read_text(encoding="utf-8").split("\n")
        words, proper = build([line.strip() for line in lines])
        (args.out / "words.txt").write_text("\n".join(words) + "\n", encoding="ascii")
        (args.out / "proper_nouns.txt").write_text("\n".join(proper) + "\n", encoding="ascii")
        print(f"{len(words)} words, {len(proper)} proper nouns from {args.source}")
    small = set(build([line.strip() for line in args.common.read_text(encoding="utf-8").split("\n")])[0])
    common = sorted(small & set(words))
    (args.out / "common_words.txt").write_text("\n".join(common) + "\n", encoding="ascii")
    print(f"{len(common)} common words from {args.common}")


if __name__ == "__main__":
    main()
