"""Hands as multisets: the table of a profile with several decks or jokers
(``Profile.multiset``). A one-deck, joker-free profile never comes here: its hands stay
bitmasks (``bigtwo.rules.table``)."""
