"""Drawn parts of a picture kept by their content, so an unchanged part is pasted, not drawn.

A table's turn picture changes in few places from one turn to the next: the ranches of
players who did not move, the saloon and the header strips look as they did. A piece is
keyed by everything its drawing reads (the caller builds the key from the public view,
never from a game id), so a piece whose content changed gets a new key and is drawn
afresh: a stale piece cannot be shown, and two tables with equal ranches share one.
The cache is bounded by the bytes of its images (least recently used go first), so a
drawing worker serving a thousand tables keeps a fixed footprint.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from PIL import Image

from render.stamps import drawn_texts, log_texts

#: ~4 MiB of palette pieces: in a bot drawing 20 tables turn about, 4 MiB found 70 % of
#: what an unbounded cache finds (6 MiB: 73 %), and the bot with its worker stays under
#: the 150 MiB budget with 1,000 active games.
PIECE_CACHE_BYTES = 4 << 20


@dataclass(frozen=True, slots=True)
class Piece:
    """A drawn part and the texts drawing it wrote (replayed into `drawn_texts` logs on a
    hit, so a picture still reports its smallest text)."""

    image: Image.Image
    texts: tuple[tuple[str, int], ...]

    @property
    def size_bytes(self) -> int:
        return len(self.image.getbands()) * self.image.width * self.image.height


class PieceCache:
    """A least-recently-used map of key → Piece, bounded by image bytes; thread-safe."""

    def __init__(self, limit_bytes: int = PIECE_CACHE_BYTES) -> None:
        self.limit_bytes = limit_bytes
        self._pieces: OrderedDict[Hashable, Piece] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def size_bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._pieces)

    def clear(self) -> None:
        with self._lock:
            self._pieces.clear()
            self._bytes = 0

    def get(self, key: Hashable, draw: Callable[[], Image.Image], *,
            keep: bool = True) -> Image.Image:
        """The piece for `key`, drawn by `draw()` if it is not kept. The image returned is
        shared: paste it, or copy it before drawing on it. `keep=False`: a piece unlikely
        to be asked for again is used if kept but not added (it would push out pieces
        that are)."""
        with self._lock:
            piece = self._pieces.get(key)
            if piece is not None:
                self._pieces.move_to_end(key)
                self.hits += 1
        if piece is not None:
            log_texts(piece.texts)
            return piece.image
        with drawn_texts() as texts:
            image = draw()
        piece = Piece(image, tuple(texts))
        with self._lock:
            self.misses += 1
            if keep and piece.size_bytes <= self.limit_bytes and key not in self._pieces:
                self._pieces[key] = piece
                self._bytes += piece.size_bytes
                while self._bytes > self.limit_bytes:
                    _, old = self._pieces.popitem(last=False)
                    self._bytes -= old.size_bytes
        return image


#: The renderer's one cache of turn-picture pieces (per process: the drawing worker's).
PIECES = PieceCache()
