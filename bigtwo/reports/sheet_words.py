"""What a score sheet's problems say, in every language of ``bigtwo.reports.i18n``.

A sheet's reader is a scorer, not a programmer: the messages name the sheet's own rows,
columns and player names, and say what to write, never which JSON field is wrong
(``Ben cannot have 14 cards left``, not ``Seat 1 cannot have 14 cards left``;
``write the cards Ben still held``, not ``give result.left``). The words live in the
``bigtwo`` catalogs (context "score sheet"); sheets.py names them by key."""

from __future__ import annotations

from typing import Any

from bigtwo.reports.i18n import (
    DEFAULT_LANGUAGE,
    NN_,
    NP_,
    Marked,
    MarkedPlural,
    format_list,
    supported,
    translator,
)
from bigtwo.reports.messages import cards_text

SHEET_WORDS: dict[str, Marked] = {
    "row": NP_("score sheet", "row {row}"),
    "row_column": NP_("score sheet", "row {row}, column {column}"),
    "no_profile": NP_("score sheet", "a score sheet needs a profile: name a preset or a stored profile"),
    # TRANSLATORS: {header} is deal,<name>,<name>,... with the separator the sheet used.
    "no_header": NP_("score sheet", "the first row must be the header: {header} (found {found})"),
    # TRANSLATORS: the placeholder for a player's name in the header's form: deal,<name>,...
    "header_name": NP_("score sheet", "<name>"),
    # TRANSLATORS: added to the header's player count when a column looks like the deal codes.
    "code_column": NP_("score sheet", " (is {name} the deal code column? Its header is {column})"),
    "no_name": NP_("score sheet", "player column {i} has no name"),
    "long_name": NP_("score sheet", "player column {i}'s name is longer than {n} characters"),
    "unseen_name": NP_("score sheet", "character {at} of player column {i}'s name is {char}, which "
                           "cannot be seen: remove it, names are compared as they read"),
    "name_twice": NP_("score sheet", "this player name appears twice in the header"),
    "empty": NP_("score sheet", "the sheet is empty: it needs the header deal,<name>,<name>,... and a row "
                     "per deal"),
    "no_deals": NP_("score sheet", "the sheet has a header but no deals"),
    "unreadable": NP_("score sheet", "not readable as CSV: {error}"),
    "too_many_rows": NP_("score sheet", "a sheet holds at most {n} deals"),
    "stopped": NP_("score sheet", "and possibly more: a sheet's problems are listed up to {n}"),
    "width": NP_("score sheet", "{n} cells; the header has {m}"),
    "totals_last": NP_("score sheet", "the totals row ({row}) must be the last row of the sheet"),
    "not_total": NP_("score sheet", "{text} is not a total (a whole number like -5 or +12)"),
    "wrong_total": NP_("score sheet", "the sheet's total is {said:+d}; the deals above give {real:+d}"),
    "deck": NP_("score sheet", "{n} cards is more than a deck holds"),
    "not_a_cell": NP_("score sheet", "{text} is neither a count nor a card (cards like 2S, TH, 10h, K♠, "
                          "space-separated)"),
    "negative": NP_("score sheet", "{n} is not a number of cards: write how many cards {name} still held "
                        "(0 to {most})"),
    "too_many_left": NP_("score sheet", "{name} cannot have {n} cards left: a player is dealt {most}"),
    "dealt_fewer": NP_("score sheet", "{name} cannot have {n} cards left: {name} was dealt {dealt}"),
    "mixed": NP_("score sheet", "the row mixes counts and card lists for its losers (count in {counted}; "
                     "cards in {listed}): write every loser's cards, or every loser's count"),
    "needs_cards": NP_("score sheet", "this profile scores the cards themselves ({why}), not only how many: "
                           "write the cards each player still held, like 2S 5C, not a count"),
    "why_two": NP_("score sheet", "a 2 still held multiplies the penalty"),
    "why_cards": NP_("score sheet", "some cards cost extra points"),
    "no_winner": NP_("score sheet", "nobody went out: the winner's cell is 0 or empty, and every cell of "
                         "this row holds cards"),
    "winners": NP_("score sheet", "only one player goes out in a deal, but {names} have no cards left"),
    "twice": NP_("score sheet", "{card} is written twice in this row"),
    "not_dealt": NP_("score sheet", "{name} was not dealt {cards} (deal code {code})"),
    "code_players": NP_("score sheet", "the deal code {code} deals {actual} hands; this sheet has {expected} "
                            "players"),
    "code_hand": NP_("score sheet", "the deal code {code} deals {name} {actual} cards; this profile deals "
                         "{expected}"),
    # TRANSLATORS: a deal code that is not valid; {detail} says why.
    "liable_winner": NP_("score sheet", "{name} went out and cannot take all: put the * after the cell of "
                             "the player who pays for everyone"),
    "liable_twice": NP_("score sheet", "only one player takes all in a deal, but {names} are marked with *"),
    "no_liable": NP_("score sheet", "this profile has no \"takes all\" rule (last card guard: liable, "
                         "or last card call: liable): remove the * after {name}'s cell"),
    "not_a_place": NP_("score sheet", "{text} is not a place: write each player's place in this deal, 1 "
                           "to {n}"),
    "places_twice": NP_("score sheet", "each place is taken by one player, but {names} all have place "
                            "{place}"),
    "bad_code": NP_("score sheet", "{detail}"),
    # Bytes that are not text (bigtwo/formats/sheet_text.py); {save} is "save_utf8".
    "text_unreadable": NP_("score sheet", "line {line} is not text in any encoding a spreadsheet "
                               "saves (UTF-8, UTF-16, {encoding}): byte {byte}. {save}"),
    "text_not_as_said": NP_("score sheet", "line {line} is not {encoding} text, as the sheet's "
                                "byte-order mark or its declared charset says: byte {byte}. "
                                "{save}"),
    "save_utf8": NP_("score sheet", "Save the sheet as UTF-8: in Excel, File > Save As > "
                         "CSV UTF-8 (Comma delimited); in LibreOffice, File > Save As > Text CSV "
                         "with the character set Unicode (UTF-8)."),
    # TRANSLATORS: a cell as the scorer typed it, in the language's quotation marks.
    "quoted": NP_("score sheet", "'{text}'"),
}
SHEET_PLURALS: dict[str, MarkedPlural] = {
    "player_count": NN_("score sheet", "the header names {n} player; this profile ({profile}) is for {m}",
                        "the header names {n} players; this profile ({profile}) is for {m}"),
    "more": NN_("score sheet", "and {n} more problem like these", "and {n} more problems like these"),
}


class SheetWords:
    """The sheet's messages in one language (an unknown language is the default one)."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = supported(lang)
        self._t = translator(self.lang)

    def __call__(self, key: str, **params: Any) -> str:
        return self._t.marked(SHEET_WORDS[key], **params)

    def count(self, key: str, n: int, **params: Any) -> str:
        return self._t.plural(SHEET_PLURALS[key], n, **params)

    def quoted(self, text: str) -> str:
        """A cell as the scorer typed it, quoted the way the language quotes (English shows
        Python's quoting, which also escapes what a terminal would act on)."""
        if self.lang == DEFAULT_LANGUAGE:
            return repr(text)
        return self("quoted", text=text)

    def names(self, names: list[str]) -> str:
        """'Ana, Ben and Cai', as the language joins a list."""
        return format_list(names, self.lang) if names else ""

    def cards(self, names: list[str]) -> str:
        return cards_text(names, self.lang)
