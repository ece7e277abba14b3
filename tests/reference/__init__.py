"""An independent referee for rules v4: the tests' oracle.

A small, slow replay written straight from docs/RULES.md (the v4 readings) and docs/RECORDS.md,
with plain lists and ``Counter`` bags. It shares no code with ``bigtwo.rules``: it reads a
record as JSON and a profile as its declaration, and names cards itself. The tests compare its
rulings (status, first error and where, winner, cards left, missed calls, penalties, scores)
with the engine's on hand-worked cases, random matches and score sheets.

Scope, one module per concern:

- ``rules``: the profile fields it plays, read from a declaration (``Rules.read``);
- ``cards``: card names, copies and jokers (``JK`` held, ``JK=4D`` played);
- ``combos``: what a play of effective cards is, and whether it beats the table;
- ``referee``: a deal replayed turn by turn (copies, jokers, timeouts, calls, unbeatable plays,
  the lowest card with copies) and a record deal by deal;
- ``scoring``: penalties (tiers, jokers as cards, the sweep), the call's liability, settlement.

The v1-v3 fields it does not reimplement are held at their defaults by the random profiles
(``tests/reference/profiles.py``), and ``Rules.read`` refuses a declaration that moves one:
bombs, revolutions, dragons, four-card hands, teams, placings, the last-card guard, the
opening's ``lead_alone``, ``must_play_first_trick``, ``no_single_two_finish_on_lead``,
``leftover: to_opener``, held-card factors and penalties, card values, match limits, and any
``straights`` list but the default one.
"""
