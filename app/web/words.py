"""The referee's pages' wording: every string the pages and their script show, declared once
in English and translated in the gettext catalogs of the ``messages`` domain
(``app/translations/<locale>/LC_MESSAGES/messages.po``; ``make i18n-update`` after editing
this table, ``make i18n-compile`` after translating). Rule messages come from the library's
own catalogs; this is the wording around them. Placeholders are ``str.format`` fields; every
catalog translates every message with the same fields (tests/web/test_catalogs.py), so a page
never mixes languages. Counts are plural messages (``PLURAL_MESSAGES``, gettext's plural
forms). Each message is a whole sentence or label: grammar (German cases,
Italian gender, Chinese word order) lives inside one translation, never across pieces."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from app.web.catalog import (
    DEFAULT,
    N_,
    NN_,
    Message,
    Plural,
    format_fields,
    minus_sign,
    tables,
    translate_plural,
)
from app.web.penalty_words import MOVED_MESSAGES, PENALTY_MESSAGES
from bigtwo.reports.i18n import sentence_gap

MESSAGES: dict[str, Message] = {
    "site": N_("site", "bigtwo referee"),
    "skip": N_("skip", "Skip to content"),
    "nav_check": N_("nav_check", "Check a record"),
    "nav_api": N_("nav_api", "API"),
    "footer": N_("footer", "Rules engine and referee for the Big Two family. Everything on this page is served by this service."),
    "replay": N_("replay", "Replay"),
    "replay_of": N_("replay_of", "Replay of record"),
    "profile": N_("profile", "Profile"),
    "unnamed_profile": N_("unnamed_profile", "profile without a name"),
    "no_problems": N_("no_problems", "No broken rules"),
    "language": N_("language", "Language"),
    "apply": N_("apply", "Apply"),
    "problems_title": N_("problems_title", "Problems found"),
    "numbering": N_("numbering", "Deals, moves and seats on this page count from 1; the record, the API and the pointers (/deals/0/moves/5) count from 0."),
    "deal_n": N_("deal_n", "Deal {n}"),
    "move_n": N_("move_n", "move {n}"),
    "show_move": N_("show_move", "Show this move"),
    "stepper_title": N_("stepper_title", "The table, move by move"),
    "step_first": N_("step_first", "« Start"),
    "step_first_title": N_("step_first_title", "Back to the deal"),
    "step_prev": N_("step_prev", "‹ Previous move"),
    "step_next": N_("step_next", "Next move ›"),
    "step_last": N_("step_last", "End »"),
    "step_last_title": N_("step_last_title", "The last move"),
    "step_broken": N_("step_broken", "Go to the broken rule"),
    "step_group": N_("step_group", "Step through the moves"),
    "keys_help": N_("keys_help", "Keyboard: ← and → step through the moves."),
    "as_dealt": N_("as_dealt", "as dealt"),
    "press_next": N_("press_next", "Press “Next move” to replay the deal."),
    "table_empty": N_("table_empty", "The table is empty."),
    "table_empty_leads": N_("table_empty_leads", "The table is empty: {name} leads."),
    "on_table": N_("on_table", "On the table:"),
    "on_table_by": N_("on_table_by", "by {name}"),
    "noscript": N_("noscript", "Stepping needs JavaScript; every move is listed in full below."),
    "status_complete": N_("status_complete", "complete"),
    "status_incomplete": N_("status_incomplete", "unfinished"),
    "status_invalid": N_("status_invalid", "broken rule"),
    "status_not_checked": N_("status_not_checked", "not checked"),
    "status_scored": N_("status_scored", "scored from the result"),
    "leads_with_card": N_("leads_with_card", "{name} leads, holding {card}, which the first play must contain."),
    "leads_free": N_("leads_free", "{name} leads freely, as the winner of the previous deal."),
    "went_out_first": N_("went_out_first", "{name} went out first."),
    "not_replayed_deal": N_("not_replayed_deal", "This deal was not replayed (see the problems above)."),
    "unchecked_hands": N_("unchecked_hands", "Not checked: {message}. Who leads and every move follow from the hands as dealt, so nothing of this deal could be checked."),
    "unchecked_over": N_("unchecked_over", "Not checked: the match was already over after deal {n}."),
    "unchecked_no_winner": N_("unchecked_no_winner", "Not checked: this profile lets the winner of the previous deal lead, and deal {n} has no winner, so nobody knows who led this one."),
    "ranks_decide": N_("ranks_decide", "The ranks decide: {higher} ranks above {lower}. The suits count only between cards of equal rank."),
    "preset_hk-standard": N_("preset_hk-standard", "Big Two (Hong Kong)"),
    "preset_big-two-web": N_("preset_big-two-web", "Big Two (online game)"),
    "preset_casual": N_("preset_casual", "Big Two (family rules)"),
    "preset_pusoy-dos": N_("preset_pusoy-dos", "Pusoy Dos"),
    "preset_taiwanese": N_("preset_taiwanese", "大老二 (Taiwan)"),
    "preset_western": N_("preset_western", "Big Two (Western rule books)"),
    "hands_dealt": N_("hands_dealt", "Hands as dealt"),
    "tricks": N_("tricks", "Tricks"),
    "trick_led": N_("trick_led", "Trick {n} · led by {name}"),
    "not_replayed": N_("not_replayed", "Not replayed"),
    "stops_at_broken": N_("stops_at_broken", "The replay stops at the broken rule: these moves depend on a position that never legally existed."),
    "not_checked_moves": N_("not_checked_moves", "These moves were not checked."),
    "passes": N_("passes", "passes"),
    "plays": N_("plays", "plays"),
    "tries": N_("tries", "tries"),
    "goes_out": N_("goes_out", "goes out"),
    "broken_rule": N_("broken_rule", "broken rule"),
    "broken_rule_title": N_("broken_rule_title", "Broken rule"),
    "leads_trick": N_("leads_trick", "leads a new trick"),
    "trick_over": N_("trick_over", "trick over"),
    "cards_left": N_("cards_left", "Cards left"),
    "left_after": N_("left_after", "Cards left:"),
    "left_went_out": N_("left_went_out", "Cards left ({name} went out):"),
    "left_took_trick": N_("left_took_trick", "Cards left ({name} took the trick):"),
    "at_deal": N_("at_deal", "Deal {deal}:"),
    "at_deal_seat": N_("at_deal_seat", "Deal {deal} ({seat}):"),
    "at_move": N_("at_move", "Deal {deal}, move {move}:"),
    "at_move_seat": N_("at_move_seat", "Deal {deal}, move {move} ({seat}):"),
    "at_seat": N_("at_seat", "{seat}:"),
    "scores_of": N_("scores_of", "Scores of deal {n}"),
    "scores_caption": N_("scores_caption", "Penalties per seat and the tier that applied"),
    "seat": N_("seat", "Seat"),
    "seat_n": N_("seat_n", "Seat {n}"),
    "penalty": N_("penalty", "Penalty"),
    "score": N_("score", "Score"),
    "totals": N_("totals", "Totals"),
    "total": N_("total", "Total"),
    "to_play": N_("to_play", "to play"),
    "sits_out": N_("sits_out", "sits out"),
    "out": N_("out", "out"),
    "unreplayed_at": N_("unreplayed_at", "Not replayed: the deal stopped at its broken rule (move {n})."),
    "unreplayed": N_("unreplayed", "Not replayed: this deal was not checked."),
    "pages_nav": N_("pages_nav", "Pages of deals"),
    "page_deals": N_("page_deals", "Deals {first}–{last} of {n} (page {page} of {pages})"),
    "page_earlier": N_("page_earlier", "‹ Earlier deals"),
    "page_later": N_("page_later", "Later deals ›"),
    "show_deal_page": N_("show_deal_page", "Show deal {n} (page {page})"),
    "step_broken_page": N_("step_broken_page", "Go to the broken rule (page {page})"),
    "position_deal": N_("position_deal", "Deal {n} of {m}"),
    "position_move": N_("position_move", "move {n} of {m}"),
    "position_trick": N_("position_trick", "trick {n}"),
    "went_out": N_("went_out", "went out"),
    "card_title": N_("card_title", "{rank} of {suit}"),
    # v4: a joker held, and a joker in a play drawn with the card it stands for ({card}: that
    # card's title, e.g. "ten of hearts")
    "joker": N_("joker", "joker"),
    "joker_as": N_("joker_as", "joker as the {card}"),
    # v4 moves: a seat whose turn ran out (timeouts: pass), a play with the last-card call,
    # and a play that left one card without it (last_card_call: liable)
    "timed_out": N_("timed_out", "timed out"),
    "calls_last_card": N_("calls_last_card", "calls last card"),
    "missed_call": N_("missed_call", "no last-card call"),
    "from_sheets": N_("from_sheets", "From sheets"),
    "from_sheets_title": N_("from_sheets_title", "deals scored from score sheets"),
    "source": N_("source", "Source"),
    "source_replayed": N_("source_replayed", "move log (replayed)"),
    "source_scored": N_("source_scored", "score sheet (scored)"),
    "source_mixed": N_("source_mixed", "both"),
    "tournament": N_("tournament", "Tournament"),
    "profile_lower": N_("profile_lower", "profile"),
    "standings": N_("standings", "Standings"),
    "counting_note": N_("counting_note", "Only complete and scored deals of valid records count ({deals} from {records}). Equal points share a rank."),
    "download_csv": N_("download_csv", "Download the standings (CSV)"),
    "csv_delimiter": N_("csv_delimiter", "comma"),
    "as_json": N_("as_json", "as JSON"),
    "teams": N_("teams", "Teams"),
    "teams_note": N_("teams_note", "Partners sit opposite (seats 1 and 3, 2 and 4) and share their team's score."),
    "rank": N_("rank", "Rank"),
    "team": N_("team", "Team"),
    "player": N_("player", "Player"),
    "deals_played": N_("deals_played", "Deals played"),
    "deals_won": N_("deals_won", "Deals won"),
    "points": N_("points", "Points"),
    "players": N_("players", "Players"),
    "tie": N_("tie", "tie"),
    "tie_title": N_("tie_title", "tied with another player"),
    "nothing_counts": N_("nothing_counts", "No deal counts yet."),
    "same_cards": N_("same_cards", "Same cards at several tables"),
    "boards": N_("boards", "Boards"),
    "match_points": N_("match_points", "Match points"),
    "records": N_("records", "Records"),
    "filter_records": N_("filter_records", "Filter the records"),
    "show": N_("show", "Show:"),
    "show_all": N_("show_all", "All"),
    "show_invalid": N_("show_invalid", "Invalid only"),
    "show_valid": N_("show_valid", "Valid only"),
    "record": N_("record", "Record"),
    "deals": N_("deals", "Deals"),
    "verdict": N_("verdict", "Verdict"),
    "replay_link": N_("replay_link", "Replay"),
    "valid": N_("valid", "valid"),
    "invalid": N_("invalid", "invalid"),
    "pages": N_("pages", "Pages"),
    "page_n": N_("page_n", "Page {n}"),
    "no_invalid": N_("no_invalid", "No invalid records."),
    "no_valid": N_("no_valid", "No valid records."),
    "no_records": N_("no_records", "No records yet."),
    "unnamed_seats": N_("unnamed_seats", "unnamed seats"),
    "partners": N_("partners", "partners"),
    "against": N_("against", "against"),
    "revolution_rule": N_("revolution_rule", "revolution: a four of a kind reverses the rank order"),
    "revolution_starts": N_("revolution_starts", "revolution: rank order reversed"),
    "revolution_ends": N_("revolution_ends", "revolution again: the normal rank order is back"),
    "place_n": N_("place_n", "place {n}"),
    # One seat in the list of placings: "1. Cai" (the list is the locale's: "1. Cai, 2. Ana").
    "place_entry": N_("place_entry", "{n}. {name}"),
    "places": N_("places", "Places: {places}"),
    "places_so_far": N_("places_so_far", "Out so far: {places}"),
    "liable_breach": N_("liable_breach", "{name} pays for everyone: at move {n} they did not play their highest single while {protected} held one card, and {protected} went on to win."),
    "liable_sheet": N_("liable_sheet", "{name} pays for everyone, as the score sheet marks."),
    "guard_breach": N_("guard_breach", "breach: {protected} held one card"),
    "team_scores": N_("team_scores", "Team scores"),
    "team_totals": N_("team_totals", "Team totals"),
    "ends_now": N_("ends_now", "ends now: {score}"),
    "sheet_needs_profile": N_("sheet_needs_profile", "a score sheet names no profile: choose one under “Profile”"),
    "ends_now_title": N_("ends_now_title", "What this seat would pay if the deal ended now"),
    "sheet_title": N_("sheet_title", "Result from the score sheet"),
    "sheet_caption": N_("sheet_caption", "Scored from how the deal ended: the cards each seat still held. Its moves were not seen."),
    "running_total": N_("running_total", "Match total"),
    "sheet_not_scored": N_("sheet_not_scored", "This row of the score sheet cannot be right (see the problems above)."),
    "home_title": N_("home_title", "Check a game record"),
    "home_lead": N_("home_lead", "Paste a record (JSON, as in the API) or choose a file. You get the game replayed move by move, with the first broken rule highlighted and the scores explained."),
    "record_json": N_("record_json", "Record (JSON) or score sheet (CSV)"),
    "record_help": N_("record_help", "One match: <code>profile</code>, optional <code>players</code>, and <code>deals</code> with hands and every move. Or a score sheet: a header <code>deal,Ana,Ben,…</code> and a row per deal with the cards each player still held (a count, or the cards)."),
    "upload": N_("upload", "…or upload a record file"),
    "profile_choice": N_("profile_choice", "Profile, if the record names none (a score sheet needs one)"),
    "own_profile": N_("own_profile", "The record's own profile"),
    "presets": N_("presets", "Presets"),
    "stored_profiles": N_("stored_profiles", "Stored profiles"),
    "profile_id_entry": N_("profile_id_entry", "… or a stored profile's id"),
    "message_language": N_("message_language", "Language of the messages"),
    "must_finish": N_("must_finish", "Every deal must be finished (someone went out)"),
    "replay_button": N_("replay_button", "Replay the record"),
    "cannot_replay": N_("cannot_replay", "The record cannot be replayed"),
    "fix_these": N_("fix_these", "Fix these and try again. Each line names where in the JSON the problem is (a JSON Pointer)."),
    "cannot_sheet": N_("cannot_sheet", "The score sheet cannot be scored"),
    "fix_these_sheet": N_("fix_these_sheet", "Fix these in the sheet and try again. Each line names the row (the header is row 1) and the column of the problem."),
    "whole_document": N_("whole_document", "(the whole document)"),
    "not_found": N_("not_found", "Not found"),
    "not_found_text": N_("not_found_text", "{what} does not exist here."),
    "paste_record": N_("paste_record", "paste a record or choose a file"),
    "notation_help": N_("notation_help", "Or a game in Big Two notation, as written at the table: <code>profile hk-standard</code>, <code>players Ana Ben Cai Dee</code>, <code>deal 1</code>, a <code>hand</code> line per player and the moves, <code>Ana: 3D, pass, …</code>."),
    "notation_download": N_("notation_download", "Download in Big Two notation (.b2n)"),
    "not_utf8": N_("not_utf8", "the uploaded file is not UTF-8 text: {detail}"),
    "too_large": N_("too_large", "the record is larger than this service accepts"),
    "bad_request": N_("bad_request", "Bad request"),
    "record_title": N_("record_title", "Record {id}"),
    "choose_language": N_("choose_language", "Page in another language:"),
    # A profile in a list, a heading or a menu: its name, then its id ({id}: "p-…", "casual").
    "profile_named": N_("profile_named", "{name} ({id})"),
    # A stored profile that has no name: its id, then that it has none.
    "profile_unnamed": N_("profile_unnamed", "{id} (profile without a name)"),
    # One house rule beside a ruling: {field} its API name, {value} its value, {label} what
    # the field decides (the library's words).
    "house_rule": N_("house_rule", "{field} = {value}"),
    "house_rule_labelled": N_("house_rule_labelled", "{field} = {value} ({label})"),
    # Two or more house rules in a row, added one by one: {rules} those so far, {rule} the
    # next. A semicolon, not the list's comma: a rule's value may itself be a list.
    "house_rules_join": N_("house_rules_join", "{rules}; {rule}"),
    # When a stored record was uploaded, and a replay shared ({when}: date and time, UTC).
    "uploaded_at": N_("uploaded_at", "Uploaded {when}"),
    "shared_at": N_("shared_at", "Shared {when}"),
}

# Suits and ranks in sentences and card titles ("queen of hearts", "Herz Dame", "紅心Q").
SUIT_MESSAGES: dict[str, Message] = {
    "C": N_("card suit", "clubs"), "D": N_("card suit", "diamonds"),
    "H": N_("card suit", "hearts"), "S": N_("card suit", "spades"),
}
RANK_MESSAGES: dict[str, Message] = {
    "T": N_("card rank", "10"), "J": N_("card rank", "jack"), "Q": N_("card rank", "queen"),
    "K": N_("card rank", "king"), "A": N_("card rank", "ace"),
}

# The running-totals chart and shared replays (app/web/chart.py, app/web/shared.py): kept in
# their own table and merged in, so that edits to the wording above never collide with them.
PEOPLE_MESSAGES: dict[str, Message] = {
    "chart_title": N_("chart_title", "Running totals"),
    "chart_x": N_("chart_x", "Deal"),
    "chart_x_tournament": N_("chart_x_tournament", "Deals counted, in upload order"),
    "chart_y": N_("chart_y", "Total"),
    "chart_start": N_("chart_start", "start"),
    "chart_data": N_("chart_data", "The chart's numbers"),
    # The tournament chart's number table: which record and which of its deals each row is.
    "chart_col_record": N_("chart_col_record", "Record"),
    "chart_col_deal": N_("chart_col_deal", "Its deal"),
    "chart_record_starts": N_("chart_record_starts", "A dotted line marks where each record starts, numbered in upload order; the table names each deal's record and its number there."),
    # The chart for screen readers: "Total: Ana +3 and Ben −3 (Deal 2)", {finals} a list.
    "chart_desc": N_("chart_desc", "{y}: {finals} ({x} {last})"),
    "chart_after": N_("chart_after", "After"),
    "share_title": N_("share_title", "Share this replay"),
    "share_help": N_("share_help", "Stores this record on the service and gives you a link to this page. The same record always gets the same link; nothing is stored until you press the button."),
    "share_button": N_("share_button", "Make a link"),
    "shared_link": N_("shared_link", "Link to this replay"),
    "shared_note": N_("shared_note", "Shared replay: anyone with the link sees this record checked as here."),
    "shared_title": N_("shared_title", "Shared replay"),
    "share_full": N_("share_full", "The service already holds as many shared replays as it keeps; this one was not stored."),
    "share_allowance": N_("share_allowance", "Your network has shared as many replays as one client may without a creation key (or as many this hour); this one was not stored. Links already made keep working."),
    "store_unwritable": N_("store_unwritable", "The service cannot store anything right now (its disk is full or read-only); nothing was stored. Everything stored can still be read."),
}

# Messages that count something: gettext plural forms, the number picks the form (German,
# Italian and Filipino have two, Chinese one). ``Words.count(key, n)`` reads them.
PLURAL_MESSAGES: dict[str, Plural] = {
    "players_n": NN_("players_n", "{n} player", "{n} players"),
    "deals_n": NN_("deals_n", "{n} deal", "{n} deals"),
    "problems_n": NN_("problems_n", "{n} problem found", "{n} problems found"),
    "cards_n": NN_("cards_n", "{n} card", "{n} cards"),
    "records_n": NN_("records_n", "{n} record", "{n} records"),
    "valid_n": NN_("valid_n", "{n} valid", "{n} valid"),
    "invalid_n": NN_("invalid_n", "{n} invalid", "{n} invalid"),
    "more_n": NN_("more_n", "(+{n} more)", "(+{n} more)"),
    "more_errors": NN_("more_errors", "… and {n} more (the report lists every one).", "… and {n} more (the report lists every one)."),
    "more_unreplayed": NN_("more_unreplayed", "… and {n} more move that was not replayed.", "… and {n} more moves that were not replayed."),
    "scored_note": NN_("scored_note", "{n} of them from a score sheet, whose moves were not seen.", "{n} of them from score sheets, whose moves were not seen."),
    # n: how many winners ({names} lists them)
    "match_over": NN_("match_over", "The match is over. Winner: {names}.", "The match is over. Winners: {names}."),
    "too_large_n": NN_("too_large_n", "the record is larger than this service accepts ({n} byte)", "the record is larger than this service accepts ({n} bytes)"),
    "share_too_large": NN_("share_too_large", "the record takes {n} byte stored; a shared replay may take at most {most}", "the record takes {n} bytes stored; a shared replay may take at most {most}"),
    # n: how many house rules follow (the sentence names none of them)
    "house_rules": NN_("house_rules", "House rule that decides this:", "House rules that decide this:"),
    "chart_tournament_note": NN_("chart_tournament_note", "The total of the {n} best-ranked player after every counted deal.", "The total of each of the {n} best-ranked players after every counted deal."),
}

# Every message read by key: the tables above and the penalty lines (app/web/penalty_words.py).
WORDS: dict[str, dict[str, str]] = tables({**MESSAGES, **PEOPLE_MESSAGES, **MOVED_MESSAGES})
PLURALS: dict[str, Plural] = {**PLURAL_MESSAGES, **PENALTY_MESSAGES}
SUIT_WORDS: dict[str, dict[str, str]] = tables(SUIT_MESSAGES)
RANK_WORDS: dict[str, dict[str, str]] = tables(RANK_MESSAGES)


class Words:
    """One language's table for a template: ``w.deal_n(n=2)`` or ``w["passes"]``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in WORDS else DEFAULT
        self.table = WORDS[self.lang]
        self.plurals: dict[str, Plural] = PLURALS

    def __getitem__(self, key: str) -> str:
        return self.table[key]

    def __call__(self, key: str, **fields: Any) -> str:
        return format_fields(self.table[key], fields, self.lang)

    def markup(self, key: str, **fields: Any) -> Markup:
        """A whole sentence with HTML in some fields (a card drawn as a span): the sentence
        and the plain fields escaped, the ``Markup`` fields kept."""
        shown = {k: Markup(v) if isinstance(v, Markup) else escape(v) for k, v in fields.items()}
        return Markup(escape(self.table[key]).format(**shown))

    @property
    def gap(self) -> str:
        """What stands between two sentences of a paragraph (none in Chinese)."""
        return sentence_gap(self.lang)

    def plural(self, key: str, n: int) -> str:
        """The form of a plural message (``PLURAL_MESSAGES``) for ``n``, not filled in."""
        return translate_plural(self.lang, self.plurals[key], n)

    def count(self, key: str, n: int, **fields: Any) -> str:
        """A plural message for ``n`` ("1 deal", "2 deals"; "1 Partie", "2 Partien"), filled
        in with ``n`` and ``fields``, numbers written the locale's way."""
        return format_fields(self.plural(key, n), {"n": n, **fields}, self.lang)


def script_words(lang: str, most_cards: int = 13) -> dict[str, Any]:
    """The strings the replay page's script needs, with the card words for titles; the
    script cannot apply a catalog's plural rule, so it gets "n cards" for every count a seat
    can hold on the page (0 to ``most_cards``), and the locale and minus sign it writes
    numbers with."""
    words = Words(lang)
    keys = ("to_play", "sits_out", "out", "on_table", "on_table_by",
            "table_empty", "table_empty_leads", "as_dealt", "passes", "plays", "tries",
            "leads_trick", "trick_over", "goes_out", "broken_rule_title", "unreplayed_at",
            "unreplayed", "position_deal", "position_move", "position_trick", "card_title",
            "ends_now", "ends_now_title", "sheet_title", "sheet_caption", "joker", "joker_as",
            "timed_out", "calls_last_card", "missed_call")
    return {"text": {k: words[k] for k in keys}, "suits": SUIT_WORDS[words.lang],
            "ranks": RANK_WORDS[words.lang], "hands_dealt_press": words["press_next"],
            "cards": [words.count("cards_n", n) for n in range(most_cards + 1)],
            "locale": words.lang, "minus": minus_sign(words.lang)}
