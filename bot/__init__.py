"""The bot: storage, the table service, the Discord adapter and the command line."""

#: The command's and the logs' name (the project's, which Moon River's game key shares).
APP_NAME = "moonriver"
