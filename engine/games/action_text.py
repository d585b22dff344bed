"""Action text as both games write it (NOTATION.md, KINGDOMINO.md): one line, a verb
and its words. Each game's parser reads a line through these, so a stray space, capital
letters or a missing word are handled, and worded, the same way in either game."""

from __future__ import annotations

from engine.games.errors import ActionSyntaxError


def action_words(text: object) -> tuple[str, list[str]]:
    """The verb and the words after it, lower-cased, extra spaces ignored."""
    if not isinstance(text, str):
        raise ActionSyntaxError("an action is text")
    words = text.lower().split()
    if not words:
        raise ActionSyntaxError("empty action")
    return words[0], words[1:]


def expect_words(words: list[str], count: int, usage: str) -> None:
    """Refuse a verb followed by the wrong number of words, showing how it is written."""
    if len(words) != count:
        raise ActionSyntaxError(f"expected `{usage}`")
