"""What the notation's reader says about a game it cannot read, in every language of
``bigtwo.reports.i18n``.

The reader of these messages wrote the game by hand: they name the game's own players and
keywords and show what to write (``Ana: 3D``), never a JSON field. The syntax shown stays as
the notation spells it in every language. The words live in the ``bigtwo`` catalogs (context
"notation"); the notation reader (`bigtwo.formats.notation.reader`) names them by key."""

from __future__ import annotations

from typing import Any

from bigtwo.reports.i18n import NP_, Marked, format_list, supported, translator
from bigtwo.rules import problems

NOTATION_WORDS: dict[str, Marked] = {
    # TRANSLATORS: {syntax} is notation text (not translated), {found} what the line holds.
    "expected": NP_("notation", "expected {syntax}, found {found}"),
    "not_a_card": NP_("notation", "{text} is not a card (cards like 3D, TH, 10h, T♥, ♦3)"),
    # TRANSLATORS: {text} is the token as written (JK=4D); JK and JK=4D are notation.
    "stand_in_held": NP_("notation", "{text}: a joker held is written JK (a joker names its "
                                     "card only in a play: JK=4D)"),
    "no_timeouts": NP_("notation", "a turn can time out only under timeouts = pass"),
    "no_calls": NP_("notation", "the last-card call (!) is made only under last_card_call = "
                                "liable"),
    "call_on_play": NP_("notation", "only a play carries the last-card call (!), as in "
                                    "Ana: 9C!"),
    "unknown_player": NP_("notation", "{name} is not a player of this game ({names})"),
    "no_players": NP_("notation", "{name} is not a seat number, and this game has no players "
                                  "line that names it"),
    "ambiguous_player": NP_("notation", "{name} names more than one player: write the seat "
                                        "number"),
    "first_seat": NP_("notation", "the first move of a deal names its player ({example})"),
    "no_turn_order": NP_("notation", "the player is left out, but the profile that gives the "
                                     "turn order cannot be read"),
    "before_deals": NP_("notation", "{keyword} belongs before the game's first deal"),
    "inside_deal": NP_("notation", "{keyword} belongs inside a deal: write a deal line before "
                                   "it"),
    "after_profile": NP_("notation", "the profile field {path} belongs right after a profile "
                                     "line (profile extends <id>, or profile)"),
    "twice": NP_("notation", "{what} is written twice"),
    "deal_number": NP_("notation", "this is deal {n} of the game, not deal {written}"),
    "hand_seat": NP_("notation", "this hand line is seat {seat}'s, but it names {who}"),
    "not_json": NP_("notation", "not JSON: {reason}"),
    "max_moves": NP_("notation", "a deal holds at most {n} moves"),
    "max_cards": NP_("notation", "at most {n} cards"),
    "max_bytes": NP_("notation", "the game is over the limit of {n} bytes; the rest of it is not "
                                 "read"),
    "max_deals": NP_("notation", "a game holds at most {n} deals"),
    "no_deals": NP_("notation", "this game has no deal: write a deal line"),
    "moves_and_result": NP_("notation", "a deal gives its moves or its result (left, places), "
                                        "not both"),
    "mixed_left": NP_("notation", "write every seat's cards, separated by /, or every seat's "
                                  "count, not both"),
    "unclosed": NP_("notation", "the quoted text is not closed"),
    # TRANSLATORS: a quoted name is a JSON string; {fault} is the escape as written (\q).
    "bad_escape": NP_("notation", "{fault} is no escape of a quoted name, which is a JSON string "
                                  "(\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9)"),
    # TRANSLATORS: {fault} is the escape as written (\ud800).
    "lone_surrogate": NP_("notation", "{fault} is half a character (a lone surrogate): write the "
                                      "character, or both halves (\\ud83c\\udca1)"),
    # TRANSLATORS: {fault} is the character, quoted ('\x01').
    "string_control": NP_("notation", "a quoted name holds the control character {fault}: write "
                                      "it as an escape (\\n, \\t, \\u0001)"),
    "stopped": NP_("notation", "and possibly more: a game's problems are listed up to {n}"),
    "empty": NP_("notation", "the text holds no game"),
    # TRANSLATORS: a long piece of the game quoted in a problem: {start} its first characters
    # (as written, or quoted), {n} how many characters it has in all.
    "long": NP_("notation", "{start}… ({n} characters)"),
}


class NotationWords:
    """The reader's messages in one language (an unknown language is the default one)."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = supported(lang)
        self._t = translator(self.lang)

    def __call__(self, key: str, **params: Any) -> str:
        return self._t.marked(NOTATION_WORDS[key], **params)

    def names(self, names: list[str]) -> str:
        return format_list([self.shorten(n) for n in names], self.lang)

    def shorten(self, text: str) -> str:
        """A name or word of the game as written, at most its first characters when long."""
        return problems.shorten(text, self._long()) if problems.is_long(text) else text

    def quote(self, text: str) -> str:
        """A piece of the game quoted (``'X3'``), at most its first characters when long."""
        return problems.quote(text, self._long()) if problems.is_long(text) else repr(text)

    def _long(self) -> str:
        # The template itself, its placeholders left for quoting to fill.
        return self("long", start="{start}", n="{n}")
