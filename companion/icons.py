"""The app's icon: a white die showing five on the app's blue, drawn once as SVG (the favicon) and once as PNGs
(the fallback favicon, the home-screen icon for iOS, the web manifest's 192 and 512 px icons).

`python -m companion.icons` writes them into static/; the files are committed, so serving them needs nothing
from here. The die stays inside the middle 80 % circle, so a phone may cut the square to any shape it likes.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

STATIC = Path(__file__).resolve().parent.parent / "static"  # where the app serves them from


BLUE = "#2c5f8a"
WHITE = "#ffffff"
SIDE = 512  # the drawing's own units; every size is scaled from these
DIE = (116, 116, 396, 396)
DIE_RADIUS = 52
PIP_RADIUS = 28
PIPS = ((186, 186), (326, 186), (256, 256), (186, 326), (326, 326))
CORNER = 96  # the favicon's rounded corners; the PNGs are full squares for the phone to shape
PNG_SIZES = {"icon-32.png": 32, "icon-180.png": 180, "icon-192.png": 192, "icon-512.png": 512}
SUPERSAMPLE = 4  # drawn larger, then scaled down: smooth edges without an antialiasing drawer


def svg() -> str:
    """The icon as an SVG document, with rounded corners for a browser tab."""
    x0, y0, x1, y1 = DIE
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="{PIP_RADIUS}"/>' for x, y in PIPS)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIDE} {SIDE}">'
        f'<rect width="{SIDE}" height="{SIDE}" rx="{CORNER}" fill="{BLUE}"/>'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="{DIE_RADIUS}" fill="{WHITE}"/>'
        f'<g fill="{BLUE}">{pips}</g></svg>\n'
    )


def png(size: int) -> Image.Image:
    """The icon as a square image of `size` pixels."""
    big = SIDE * SUPERSAMPLE
    image = Image.new("RGB", (big, big), BLUE)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([c * SUPERSAMPLE for c in DIE], radius=DIE_RADIUS * SUPERSAMPLE, fill=WHITE)
    r = PIP_RADIUS * SUPERSAMPLE
    for x, y in PIPS:
        cx, cy = x * SUPERSAMPLE, y * SUPERSAMPLE
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BLUE)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def write(folder: Path) -> list[Path]:
    """Write the SVG and every PNG into `folder`; the paths written."""
    written = [folder / "icon.svg"]
    written[0].write_text(svg(), encoding="utf-8")
    for name, size in PNG_SIZES.items():
        png(size).save(folder / name, optimize=True)
        written.append(folder / name)
    return written


if __name__ == "__main__":
    for path in write(STATIC):
        print(path)
