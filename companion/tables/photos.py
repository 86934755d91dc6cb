"""A photo of a table made fit to keep: decoded by Pillow, at most LONG_SIDE pixels on its long side, saved again as
a JPEG without any of its metadata (a phone's GPS position among it)."""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

MOST_BYTES = 8 * 1024 * 1024
LONG_SIDE = 1600
# A phone's camera stays well below; a decompression bomb does not. Checked here rather than through Pillow's
# MAX_IMAGE_PIXELS, which every other image the app opens (WeasyPrint's) shares.
MOST_PIXELS = 40_000_000


class Refused(Exception):
    """Why a photo is not kept: "too_big", "too_many_pixels" or "not_an_image"."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class Prepared:
    jpeg: bytes
    width: int
    height: int


def prepared(raw: bytes) -> Prepared:
    """The photo to store, or Refused saying why not."""
    if len(raw) > MOST_BYTES:
        raise Refused("too_big")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(raw)) as opened:
                if opened.width * opened.height > MOST_PIXELS:
                    raise Image.DecompressionBombError("too many pixels")
                opened.load()
                picture = ImageOps.exif_transpose(opened)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Refused("too_many_pixels") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise Refused("not_an_image") from None
    picture = picture.convert("RGB")
    picture.thumbnail((LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
    # A new image holding only the pixels, so no metadata of the upload travels with it.
    clean = Image.new("RGB", picture.size)
    clean.paste(picture)
    out = io.BytesIO()
    clean.save(out, format="JPEG", quality=85, optimize=True)
    return Prepared(out.getvalue(), clean.width, clean.height)
