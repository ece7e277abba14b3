"""The wording of the live table's pages (``/tables/<id>`` and ``/tables/<id>/play``),
declared in English and translated in the ``messages`` catalogs like ``app.web.words``.

Kept in a table of its own so that the live pages can grow without touching the referee's
or the organiser's wording; ``TableWords`` reads the referee's table too (cards, totals,
"passes"), its own keys first. ``table_script_words`` is what the pages' script needs: it
re-draws the table as events arrive, in the page's language, without asking the server for
words."""

from __future__ import annotations

from typing import Any

from app.web.catalog import N_, NN_, Message, Plural, tables
from app.web.words import PLURALS, WORDS, Words, script_words

TABLE_MESSAGES: dict[str, Message] = {
    "live_table": N_("live_table", "Live table"),
    "live_play": N_("live_play", "Playing at a live table"),
    # {status}: one of the table_status_* words below.
    "table_status": N_("table_status", "Status: {status}"),
    "table_status_waiting": N_("table_status_waiting", "waiting for the seats' contributions to the shuffle"),
    "table_status_playing": N_("table_status_playing", "playing"),
    "table_status_over": N_("table_status_over", "over"),
    "table_status_abandoned": N_("table_status_abandoned", "abandoned"),
    "live_connecting": N_("live_connecting", "Connecting to the table…"),
    "live_on": N_("live_on", "Live: the page follows the table as it is played."),
    "live_lost": N_("live_lost", "Connection lost; reconnecting…"),
    "live_noscript": N_("live_noscript", "Without JavaScript this page shows the table as it stood when it was loaded: reload it to see the latest."),
    "play_noscript": N_("play_noscript", "Playing a seat needs JavaScript: the seat's token is in the address's fragment (after #), which only this page's script reads and which never reaches the server's logs."),
    "bot": N_("bot", "bot"),
    "turn_of": N_("turn_of", "{name} to play."),
    "your_turn": N_("your_turn", "Your turn."),
    "no_turn": N_("no_turn", "Nobody is to play."),
    # The clock: {time} the time of day the turn runs out, {left} "0:25" minutes and seconds.
    "deadline_at": N_("deadline_at", "The turn runs out at {time}."),
    "deadline_left": N_("deadline_left", "Time left: {left}"),
    "commitment": N_("commitment", "Commitment to this deal's seed"),
    "commitment_help": N_("commitment_help", "The SHA-256 of the deal's secret seed, published before any card was seen: when the deal ends, the seed is revealed and anyone can check it."),
    "this_deal_moves": N_("this_deal_moves", "This deal's moves"),
    "no_moves": N_("no_moves", "No move yet."),
    "penalty_now": N_("penalty_now", "If it ended now"),
    "deal_over_title": N_("deal_over_title", "Deal {n} is over"),
    "winner_is": N_("winner_is", "{name} went out first."),
    "proof_title": N_("proof_title", "The proof of this deal"),
    "proof_seed": N_("proof_seed", "Seed"),
    "proof_entropy": N_("proof_entropy", "Contributions"),
    "proof_no_entropy": N_("proof_no_entropy", "none: the seed alone made the deal"),
    "proof_deal_code": N_("proof_deal_code", "Deal code"),
    "proof_check": N_("proof_check", "Check it yourself: the table's record at <code>{url}</code> carries this proof, and <code>bigtwo validate</code> on that record (or any copy of the service) checks that the seed gives the commitment and that the hands are those of the deal code."),
    "record_link": N_("record_link", "The table's record (JSON)"),
    "table_abandoned": N_("table_abandoned", "The table was ended before its match was over; the running deal's hands are shown."),
    "match_winners": N_("match_winners", "The match is over. Winners: {names}."),
    "your_seat": N_("your_seat", "You play seat {n}: {name}."),
    "your_hand": N_("your_hand", "Your hand"),
    "select_help": N_("select_help", "Choose the cards to play (click or tap them, or Tab to a card and press Space), then press Play."),
    "play_button": N_("play_button", "Play"),
    "pass_button": N_("pass_button", "Pass"),
    "clear_button": N_("clear_button", "Clear the choice"),
    # Under last_card_call: liable, beside a play that leaves the seat one card.
    "call_last_card": N_("call_last_card", "Call “last card” with this play"),
    "legal_hint": N_("legal_hint", "Plays the referee would accept"),
    "legal_hint_more": N_("legal_hint_more", "… and {n} more."),
    "choose_play": N_("choose_play", "Choose these cards"),
    "choose_first": N_("choose_first", "Choose the cards to play first."),
    "refused": N_("refused", "Refused: {message}"),
    "not_your_turn": N_("not_your_turn", "It is not your turn."),
    "table_over_refusal": N_("table_over_refusal", "The table is over: no more moves."),
    "table_changed": N_("table_changed", "The table changed meanwhile; here it is as it is now."),
    "too_many_moves": N_("too_many_moves", "Too many moves at once: wait a moment and try again."),
    "service_error": N_("service_error", "The service answered {status}; nothing was played."),
    "no_token": N_("no_token", "This page plays a seat: open it with the seat's link, whose address ends with #token=… as the table's creator gave it."),
    "token_refused": N_("token_refused", "The service does not accept this seat's token for this table."),
    "entropy_label": N_("entropy_label", "Your contribution to the shuffle (1 to 64 characters)"),
    "entropy_help": N_("entropy_help", "The deal starts when every seat has sent one: the cards come from the service's committed seed and every contribution, so neither the service nor any seat alone chooses them."),
    "entropy_send": N_("entropy_send", "Send"),
    "entropy_sent": N_("entropy_sent", "Sent. The deal starts when every seat has sent theirs."),
    "watch_link": N_("watch_link", "Watch as a spectator"),
}

TABLE_PLURALS: dict[str, Plural] = {
    # A seat's row: how many cards it holds, said in full for screen readers.
    "held_n": NN_("held_n", "{n} card in hand", "{n} cards in hand"),
}

TABLE_WORDS: dict[str, dict[str, str]] = tables(TABLE_MESSAGES)

# The keys the pages' script words its re-drawn table with.
SCRIPT_KEYS = (
    "table_status", "table_status_waiting", "table_status_playing", "table_status_over",
    "table_status_abandoned", "live_connecting", "live_on", "live_lost", "bot", "turn_of",
    "your_turn", "no_turn", "deadline_at", "deadline_left", "no_moves", "deal_over_title",
    "winner_is", "proof_no_entropy", "table_abandoned", "match_winners", "your_seat",
    "choose_play", "choose_first", "refused", "not_your_turn", "table_over_refusal",
    "table_changed", "too_many_moves", "service_error", "no_token", "token_refused",
    "entropy_sent", "legal_hint_more", "penalty_now",
)
REFEREE_KEYS = ("passes", "plays", "timed_out", "calls_last_card", "table_empty", "on_table",
                "on_table_by", "seat_n", "deal_n", "out")


class TableWords(Words):
    """``Words`` with the live pages' keys added (theirs win, were a key in both)."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.table = {**WORDS[self.lang], **TABLE_WORDS[self.lang]}
        self.plurals = {**PLURALS, **TABLE_PLURALS}


def table_script_words(lang: str, most_cards: int) -> dict[str, Any]:
    """The replay script's card words (titles, "n cards") with the live pages' own."""
    words = TableWords(lang)
    base = script_words(lang, most_cards)
    text = {**base["text"], **{k: words[k] for k in (*SCRIPT_KEYS, *REFEREE_KEYS)}}
    held = [words.count("held_n", n) for n in range(most_cards + 1)]
    return {**base, "text": text, "held": held}
