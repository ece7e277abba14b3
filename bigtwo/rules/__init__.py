"""The rules core: cards, combinations, profiles, replay, scoring, deals and the simulator.

Pure: no Flask, marshmallow, database, Dask, click, environment or I/O beyond the preset
files shipped inside it (import contracts in pyproject.toml keep it so)."""
