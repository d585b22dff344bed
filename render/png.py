"""PNG files of palette pictures, compressed with ISA-L instead of zlib.

After drawing became mostly pasting cached parts, Pillow's PNG encoder was the drawing
worker's largest cost: zlib at level 1 takes ~5 ms for an 800 × 1100 turn picture.
ISA-L's deflate (the `isal` package) writes a valid zlib stream of about the same size
(smaller, for our flat art) in a fifth of the time. The file is the plainest PNG: 8-bit
palette, no filter (filters do not help palette indices), one IDAT chunk.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1  # ISA-L's levels 0–3; 1 and 2 cost the same, 3 is several times slower


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def _scanlines(image: Image.Image) -> bytes:
    """The pixel rows, each after its filter-type byte (0: none), as one buffer: the
    picture pasted one pixel to the right of a column of zeros (Pillow does the copying;
    a loop over the rows here took three times as long)."""
    framed = Image.new("P", (image.width + 1, image.height), 0)
    framed.paste(image, (1, 0))
    return framed.tobytes()


def palette_png(image: Image.Image) -> bytes:
    """The PNG file of a 'P' picture (8 bits a pixel, its palette as it is)."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is needed, not mode {image.mode}")
    palette = bytes(image.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", isal_zlib.compress(_scanlines(image), LEVEL)),
                     _chunk(b"IEND", b"")))
