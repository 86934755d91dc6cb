"""A photo of a table made fit to keep: decoded by Pillow, at most LONG_SIDE pixels on its long side, saved again as
a JPEG without any of its metadata (a phone's GPS position among it); and its thumbnail, at most THUMB_SIDE pixels,
which the group's history shows in its lists so a page of photos does not load every photo whole."""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from companion.storage.photos import Shaped

MOST_BYTES = 8 * 1024 * 1024
LONG_SIDE = 1600
THUMB_SIDE = 480  # the history's largest tile is about 240 CSS pixels: sharp on a phone's two pixels to one
# A phone's camera stays well below; a decompression bomb does not. Checked here rather than through Pillow's
# MAX_IMAGE_PIXELS, which every other image the app opens (WeasyPrint's) shares.
MOST_PIXELS = 40_000_000


class Refused(Exception):
    """Why a photo is not kept: "too_big", "too_many_pixels" or "not_an_image"."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def prepared(raw: bytes) -> Shaped:
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
    return Shaped(_jpeg(clean, 85), clean.width, clean.height, thumbnail(clean))


def thumbnail(picture: Image.Image) -> bytes:
    """A photo made small for a list of photos, as a JPEG of its pixels only."""
    small = picture.copy()
    small.thumbnail((THUMB_SIDE, THUMB_SIDE), Image.Resampling.LANCZOS)
    return _jpeg(small, 80)


def _jpeg(picture: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue()
