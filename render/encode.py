"""Image bytes for Discord: PNG, optionally palette-quantised to keep files small."""

from __future__ import annotations

import io

from PIL import Image


def to_png_bytes(image: Image.Image, *, palette: bool = True) -> bytes:
    """PNG bytes. With `palette` (the default) the picture is reduced to 256 colours: our
    flat art loses nothing visible, and the file is a third the size and faster to make."""
    if palette:
        image = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE,
                                              dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6 if palette else 3)
    return out.getvalue()
