"""Reading and writing formats: the one door every input comes in by (``door``), JSON and JSON
Lines, score sheets, Big Two notation (``notation``) and the text ruling."""
