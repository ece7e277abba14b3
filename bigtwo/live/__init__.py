"""Live tables: the service deals, hides hands, checks each move as it is made and keeps the
match as a record (docs/TABLES.md). Pure game logic over a JSON-able state: the clock and the
random source are passed in, the store persists what these functions return."""
