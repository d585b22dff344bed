"""The Discord adapter: everything that knows discord.py, over `bot.tables`.

`client` is the composition root; commands live by topic (`lobby`, `turns`, `info`,
`admin`), the private move dialogue in `dialogue`, persistent buttons and menus in
`components`, what a table post or reminder says in `content` and `announcement`, their
delivery from the outbox in `delivery`, reminders and housekeeping in `maintenance`, and
the one error path in `failures`.
"""
