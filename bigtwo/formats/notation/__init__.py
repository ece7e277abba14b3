"""Big Two notation (docs/NOTATION.md): its small pieces (``values``), the reader of one game
(``reader``), a file cut into games (``lines``, ``games``) and the writer (``writer``)."""
