# Marks data/ as the `moonriver_data` package (see pyproject.toml), so its files ship as
# package data. It holds no code: engine/games/resources.py reads the files.
