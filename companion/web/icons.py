"""Draws the home-screen icons into static/img/icons/: `python -m companion.web.icons` (needs Pillow).

The brand's spade, cream on the accent colour; the maskable icons keep it inside the middle 80%
that every launcher's mask leaves whole.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[2] / "static" / "img" / "icons"
ACCENT = "#7a2e1f"  # --accent in static/css/app.css
CREAM = "#f6f3ee"  # --bg
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"  # Debian's fonts-dejavu-core

# (file, size, how much of the side the spade takes)
ICONS = [
    ("icon-192.png", 192, 0.62),
    ("icon-512.png", 512, 0.62),
    ("maskable-192.png", 192, 0.46),
    ("maskable-512.png", 512, 0.46),
    ("apple-touch-icon.png", 180, 0.58),
]


def draw(size: int, share: float) -> Image.Image:
    image = Image.new("RGB", (size, size), ACCENT)
    pen = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, round(size * share * 1.25))
    left, top, right, bottom = pen.textbbox((0, 0), "♠", font=font)
    pen.text(((size - (right - left)) / 2 - left, (size - (bottom - top)) / 2 - top), "♠", font=font, fill=CREAM)
    return image


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, share in ICONS:
        draw(size, share).save(OUT / name, optimize=True)


if __name__ == "__main__":
    main()
