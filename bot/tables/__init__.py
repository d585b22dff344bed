"""The table service and its storage, free of Discord.

Every front end (the Discord adapter in `bot.discord`, the terminal sandbox, a web page
later) drives games through `TableService`; nothing in here imports discord.py.
"""
