"""The cell separators a CSV of this service may use, by the names users give them.

Excel writes and expects semicolons where the decimal mark is a comma (Germany, Italy), tabs
come from a copy out of a spreadsheet, commas from everything else. Score sheets are read in
any of them (bigtwo/formats/sheets.py sniffs which); the standings CSV is written in the one
asked for (``?delimiter=`` on the API, ``--delimiter`` in the CLI)."""

from __future__ import annotations

DELIMITERS: dict[str, str] = {"comma": ",", "semicolon": ";", "tab": "\t"}
DEFAULT_DELIMITER = "comma"
