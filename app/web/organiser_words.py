"""The wording of the organiser's pages (the tournament list, withdrawn records, ``meta``,
the audit log, the match-point ranking), declared in English and translated in the
``messages`` catalogs like ``app.web.words``.

Kept beside ``app.web.words`` rather than in it so that the organiser's pages can grow
without touching the referee's table; ``OrganiserWords`` reads both (its own keys first)."""

from __future__ import annotations

from app.web.catalog import N_, NN_, Message, Plural, tables
from app.web.words import PLURALS, WORDS, Words

ORGANISER_MESSAGES: dict[str, Message] = {
    "tournaments": N_("tournaments", "Tournaments"),
    "all_tournaments": N_("all_tournaments", "All tournaments"),
    "tournaments_lead": N_("tournaments_lead", "Every tournament stored here, newest first."),
    "no_tournaments": N_("no_tournaments", "No tournaments yet."),
    "created": N_("created", "Created"),
    # In a tournament's summary line ({when}: date and time, UTC).
    "created_at": N_("created_at", "created {when}"),
    "name": N_("name", "Name"),
    "withdrawn": N_("withdrawn", "withdrawn"),
    "withdrawn_note": N_("withdrawn_note", "Withdrawn by an organiser: kept and shown, never counted."),
    "replaced_by": N_("replaced_by", "replaced by"),
    "replaces": N_("replaces", "replaces"),
    "show_withdrawn": N_("show_withdrawn", "Withdrawn only"),
    "no_withdrawn": N_("no_withdrawn", "No withdrawn records."),
    "meta_table": N_("meta_table", "Table"),
    "meta_round": N_("meta_round", "Round"),
    "filter_meta": N_("filter_meta", "Table and round (from the record's meta)"),
    "filter": N_("filter", "Filter"),
    "clear_filter": N_("clear_filter", "Clear"),
    "no_match": N_("no_match", "No records match this filter."),
    "audit": N_("audit", "Changes by organisers"),
    "audit_note": N_("audit_note", "Every withdrawal and replacement: when, what, why, and who (the name given, and which token)."),
    "audit_none": N_("audit_none", "No record has been withdrawn or replaced."),
    "when": N_("when", "When"),
    "action": N_("action", "Change"),
    "action_withdraw": N_("action_withdraw", "withdrawn"),
    "action_replace": N_("action_replace", "replaced"),
    "reason": N_("reason", "Reason"),
    "by": N_("by", "By"),
    "token": N_("token", "Token"),
    "ranked_by_match_points": N_("ranked_by_match_points", "A duplicate event: players are ranked by match points (the same cards compared across tables), with their points beside them."),
    "percent": N_("percent", "%"),
}

ORGANISER_PLURALS: dict[str, Plural] = {
    "withdrawn_n": NN_("withdrawn_n", "{n} withdrawn", "{n} withdrawn"),
    "audit_more": NN_("audit_more", "The {n} most recent one is shown; the whole log is in the API.",
                      "The {n} most recent are shown; the whole log is in the API."),
}

ORGANISER_WORDS: dict[str, dict[str, str]] = tables(ORGANISER_MESSAGES)


class OrganiserWords(Words):
    """``Words`` with the organiser's keys added (theirs win, were a key in both)."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.table = {**WORDS[self.lang], **ORGANISER_WORDS[self.lang]}
        self.plurals = {**PLURALS, **ORGANISER_PLURALS}
