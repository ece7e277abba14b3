"""Live tables: the service deals, hides hands, checks each move as it is made and keeps the
match as a record (docs/TABLES.md). Pure game logic over a JSON-able state: the clock and the
random source are passed in, the store persists what these functions return.

``engine`` is the face (create, move, entropy, catch_up, abandon, view, for_viewer, record,
spec_problems, token_seats); behind it, one job each: ``state`` (the values handed out),
``spec`` (a creation body checked), ``deals`` (seeds, commitments, cards, proofs), ``judge``
(the running deal replayed by the report's code), ``scores`` (the finished deals' totals),
``bots`` (the service's own players), ``views`` (what a seat or a spectator sees) and
``export`` (the match as a record)."""
