"""Build the Fiction dictionary files from Debian's SCOWL-derived word lists.

Run from anywhere (needs the Debian packages named below, all SCOWL 2020.12.07)::

    apt-get install -y wamerican-large wbritish-large wamerican-small scowl
    python3 games/fiction/data/generate_words.py

It writes three sorted files next to itself, one word a line:

* ``words.txt``: every all-lower-case, five-letter entry of the large American and
  British lists (SCOWL size 70: plurals kept, British spellings such as ``metre``
  included; possessives, abbreviations, accented words and capitalised entries
  dropped). Then the words of ``added_words.txt``: ordinary words the large lists lack (``fudgy``), each one
  checked to be a lower-case word in SCOWL's full lists (``scowl``, up to size 95).
* ``proper_nouns.txt``: five-letter entries that the sources list only with a
  capital first letter (``Texas``), lower-cased, and that are not also ordinary
  words (``frank`` stays a word).
* ``common_words.txt``: the words of ``words.txt`` that the small list (SCOWL
  size 35, common words) also holds: where the app, as Lie-brarian, draws its secret.

The output is deterministic for given source files, so re-running it on the
same package versions gives a byte-identical result.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

SOURCES = (Path("/usr/share/dict/american-english-large"), Path("/usr/share/dict/british-english-large"))
COMMON_SOURCE = Path("/usr/share/dict/american-english-small")
SCOWL_DIR = Path("/usr/share/dict/scowl")
HERE = Path(__file__).resolve().parent

LOWER = re.compile(r"[a-z]{5}")
CAPITALISED = re.compile(r"[A-Z][a-z]{4}")


def build(lines: list[str]) -> tuple[list[str], list[str]]:
    words = {line for line in lines if LOWER.fullmatch(line)}
    proper = {line.lower() for line in lines if CAPITALISED.fullmatch(line)}
    return sorted(words), sorted(proper - words)


def read_lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").split("\n")]


def added_words(path: Path, scowl_dir: Path) -> list[str]:
    """The hand-picked additions (``word  # why`` a line), each checked against SCOWL's full lists."""
    added = [line.split("#")[0].strip() for line in path.read_text(encoding="ascii").split("\n")]
    added = [word for word in added if word]
    attested: set[str] = set()
    for source in scowl_dir.glob("*-words.*"):
        attested.update(read_lines(source))
    wrong = [word for word in added if not LOWER.fullmatch(word) or word not in attested]
    if wrong:
        raise SystemExit(f"not five-letter lower-case SCOWL words: {', '.join(wrong)}")
    return added


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, action="append", help="a large word list (repeatable)")
    parser.add_argument("--common", type=Path, default=COMMON_SOURCE)
    parser.add_argument("--scowl", type=Path, default=SCOWL_DIR)
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--common-only", action="store_true", help="only rebuild common_words.txt from words.txt")
    args = parser.parse_args()
    if args.common_only:
        words = (args.out / "words.txt").read_text(encoding="ascii").split()
    else:
        sources = args.source or list(SOURCES)
        words, proper = build([line for source in sources for line in read_lines(source)])
        words = sorted(set(words) | set(added_words(HERE / "added_words.txt", args.scowl)))
        proper = [word for word in proper if word not in set(words)]
        (args.out / "words.txt").write_text("\n".join(words) + "\n", encoding="ascii")
        (args.out / "proper_nouns.txt").write_text("\n".join(proper) + "\n", encoding="ascii")
        print(f"{len(words)} words, {len(proper)} proper nouns from {', '.join(map(str, sources))}")
    small = set(build(read_lines(args.common))[0])
    common = sorted(small & set(words))
    (args.out / "common_words.txt").write_text("\n".join(common) + "\n", encoding="ascii")
    print(f"{len(common)} common words from {args.common}")


if __name__ == "__main__":
    main()
