"""The Discord adapter: everything that knows discord.py, over `bot.tables`.

`client` is the composition root; commands live by topic (`lobby`, `turns`, `info`,
`admin`), the private move dialogue in `dialogue`, persistent buttons and menus in
`components`, channel messages in `posting`, reminders and housekeeping in `maintenance`,
and the one error path in `failures`.
"""
