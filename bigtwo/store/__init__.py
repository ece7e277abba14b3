"""The tournament store (SQLite through sqlite-utils) and the tournament use cases on it."""
