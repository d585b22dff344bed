"""Command names and descriptions, in English and translated for Discord's clients."""

from __future__ import annotations

import discord
from discord import app_commands

from engine.games.i18n import strings

DISCORD_LOCALES = {discord.Locale.german: "de", discord.Locale.japanese: "ja"}


def command_text(command: str, part: str, prefix: str = "cmd") -> app_commands.locale_str:
    """The English text of a command's name or description, keyed for translation
    (`prefix` "kd.cmd" for Kingdomino's own commands)."""
    key = f"{prefix}.{command}.{part}"
    return app_commands.locale_str(strings("en")[key], key=key)


class CommandTranslator(app_commands.Translator):
    """Command names and descriptions from the translation layer (`cmd.<command>.*`)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        language = DISCORD_LOCALES.get(locale)
        if key is None or language is None:
            return None
        return strings(language).get(key)
