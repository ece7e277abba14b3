"""The wording of the organiser's pages (the tournament list, withdrawn records, ``meta``,
the audit log, the match-point ranking, the season pages and the printable draw), declared
in English and translated in the ``messages`` catalogs like ``app.web.words``.

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
    "ranked_by_points_per_deal": N_("ranked_by_points_per_deal", "Ranked by points per deal played, so that a table that played more deals than the others takes no places by it; the total is beside it."),
    "ranked_by_points": N_("ranked_by_points", "Ranked by total points, as the organiser chose for this tournament."),
    # A column: a player's points divided by the deals they played.
    "points_per_deal": N_("points_per_deal", "Per deal"),
    # On the season page while nights that changed are still being rated ({records}: a number).
    "season_pending": N_("season_pending", "Some nights changed since these standings were worked out: {records} records are still being rated, a share at each visit. Reload the page in a moment."),
    "nights_ranked_note": N_("nights_ranked_note", "Each night ranks its players as its tournament does (by points per deal played, unless its organiser chose totals); season points follow those places."),
    "ranked_by_match_points": N_("ranked_by_match_points", "A duplicate event: players are ranked by match points (the same cards compared across tables), with their points beside them."),
    "percent": N_("percent", "%"),
}

# The season pages (app/web/seasons.py, app/web/season_chart.py) and the printable draw
# (app/web/draw_pages.py): their own table, merged in, so that the tournament pages' wording
# and theirs never collide in an edit.
SEASON_MESSAGES: dict[str, Message] = {
    "seasons": N_("seasons", "Seasons"),
    "all_seasons": N_("all_seasons", "All seasons"),
    "seasons_lead": N_("seasons_lead", "Every season stored here, newest first: club nights counted together, with a rating for every player."),
    "no_seasons": N_("no_seasons", "No seasons yet."),
    "season": N_("season", "Season"),
    "nights": N_("nights", "Nights"),
    "any_profile": N_("any_profile", "any profile"),
    # The season's points table: EMA base points, or the organiser's list ({points}: a list).
    "points_ema": N_("points_ema", "Season points by place on each night: EMA base points (1000 for first down to 0 for last, evenly spaced; tied places share)."),
    "points_by_place": N_("points_by_place", "Season points by place on each night: {points} (tied places share; places beyond the list score 0)."),
    "rating_note": N_("rating_note", "Ratings: openskill (Plackett–Luce), one update for every table a player sat at. μ is the rating, σ how uncertain it still is; the ordinal μ − 3σ is the cautious figure a league lists, and it rises as a player plays."),
    "season_standings": N_("season_standings", "Season standings"),
    "season_points": N_("season_points", "Season points"),
    "rating_mu": N_("rating_mu", "Rating μ"),
    "rating_sigma": N_("rating_sigma", "Uncertainty σ"),
    "rating_ordinal": N_("rating_ordinal", "Ordinal μ − 3σ"),
    "nights_played": N_("nights_played", "Nights played"),
    "season_nights": N_("season_nights", "Nights"),
    "season_nights_note": N_("season_nights_note", "The tournaments counted, in the order they were attached; each links to its own page."),
    "night_n": N_("night_n", "Night {n}"),
    "attached": N_("attached", "Attached"),
    "no_nights": N_("no_nights", "No tournament is attached yet."),
    "aliases": N_("aliases", "Aliases"),
    "aliases_note": N_("aliases_note", "Names the organiser declared to stand for another player: what they played counts as that player's."),
    "alias_name": N_("alias_name", "Name"),
    "alias_player": N_("alias_player", "Counts as"),
    "no_aliases": N_("no_aliases", "No aliases."),
    "season_audit_note": N_("season_audit_note", "Every tournament attached or detached, every alias declared or undone, and every record withdrawn or replaced in an attached night: when, what, and who (the name given, and which token)."),
    # Before the tournament and record of a withdrawal in a season's audit log.
    "season_audit_record": N_("season_audit_record", "Night {night}:"),
    "season_audit_none": N_("season_audit_none", "No changes yet."),
    "detail": N_("detail", "Details"),
    "action_attach": N_("action_attach", "attached"),
    "action_detach": N_("action_detach", "detached"),
    "action_alias": N_("action_alias", "alias declared"),
    "action_unalias": N_("action_unalias", "alias undone"),
    # An alias in the audit log: the name and the player it stands for (or stood for).
    "alias_detail": N_("alias_detail", "{alias} stands for {player}"),
    "unalias_detail": N_("unalias_detail", "{alias} no longer stands for {player}"),
    "rating_chart_title": N_("rating_chart_title", "Ratings after each night"),
    "rating_chart_x": N_("rating_chart_x", "Night"),
    "rating_chart_y": N_("rating_chart_y", "Ordinal (μ − 3σ)"),
    "rating_chart_lines": N_("rating_chart_lines", "A line starts at the first night its player played; a dot marks each night played, and across a night missed the line stays level, since a rating does not move on a night not played."),
    "rating_chart_one_night": N_("rating_chart_one_night", "The rating chart starts once two nights count."),
    "not_played": N_("not_played", "did not play"),
    "draw_for_season": N_("draw_for_season", "Seating draw for this season's players"),
    # The printable draw.
    "draw_title": N_("draw_title", "Seating draw"),
    "draw_lead": N_("draw_lead", "Seats the players present at tables of the profile's size, round by round: sit-outs rotate, and as few players meet again as the numbers allow. The same seed always gives the same draw."),
    "draw_players": N_("draw_players", "Players present, one per line"),
    "draw_rounds": N_("draw_rounds", "Rounds"),
    "draw_seed": N_("draw_seed", "Seed"),
    "draw_seed_help": N_("draw_seed_help", "Any whole number; another seed gives another draw."),
    "draw_profile": N_("draw_profile", "Profile (its table size)"),
    "draw_previous": N_("draw_previous", "Tables already played (optional): one table per line, the names separated by commas"),
    "draw_button": N_("draw_button", "Draw the tables"),
    "draw_print_note": N_("draw_print_note", "Print this page from the browser: each round comes out on a sheet of its own, without the form."),
    # A profile in the draw's list: "Big Two (Hong Kong) (hk-standard): tables of 4".
    "profile_seats": N_("profile_seats", "{profile}: tables of {n}"),
    "round_n": N_("round_n", "Round {n}"),
    "table_n": N_("table_n", "Table {n}"),
    "sitting_out": N_("sitting_out", "Sitting out: {names}"),
    "nobody_sits_out": N_("nobody_sits_out", "Nobody sits out."),
    "draw_no_repeats": N_("draw_no_repeats", "Nobody sits with someone they have already played with."),
    "draw_cannot": N_("draw_cannot", "The tables cannot be drawn"),
    "draw_fix": N_("draw_fix", "Fix this and draw again:"),
    "draw_err_no_players": N_("draw_err_no_players", "enter the players present, one per line"),
    "draw_err_duplicate": N_("draw_err_duplicate", "“{name}” is entered twice (lines {first} and {line}): enter each player once"),
    "draw_err_name_long": N_("draw_err_name_long", "players, line {line}: a name has at most {most} characters"),
    "draw_err_too_many": N_("draw_err_too_many", "at most {most} players can be drawn at once; {n} were entered"),
    "draw_err_rounds": N_("draw_err_rounds", "rounds: a whole number from 1 to {most}"),
    "draw_err_seed": N_("draw_err_seed", "seed: a whole number from 0 to {most}"),
    "draw_err_previous_many": N_("draw_err_previous_many", "at most {most} tables already played; {n} were entered"),
    "draw_err_previous_name": N_("draw_err_previous_name", "tables already played, line {line}: a name has at most {most} characters, and a table at most {seats} names"),
    "draw_err_previous_names": N_("draw_err_previous_names", "at most {most} names across the tables already played; {n} were entered"),
    # The draw's list of pairs who sit together again, one row per pair.
    "draw_pairs_title": N_("draw_pairs_title", "Pairs who meet again"),
    "draw_pair_players": N_("draw_pair_players", "Players"),
    "draw_pair_repeats": N_("draw_pair_repeats", "Repeated meetings"),
    "draw_pair_rounds": N_("draw_pair_rounds", "Rounds at one table"),
    "draw_pair_before": N_("draw_pair_before", "Tables shared before"),
    "draw_err_profile": N_("draw_err_profile", "no profile has the id “{id}”: choose one from the list"),
}

ORGANISER_PLURALS: dict[str, Plural] = {
    "withdrawn_n": NN_("withdrawn_n", "{n} withdrawn", "{n} withdrawn"),
    "audit_more": NN_("audit_more", "The {n} most recent one is shown; the whole log is in the API.",
                      "The {n} most recent are shown; the whole log is in the API."),
    "nights_n": NN_("nights_n", "{n} night", "{n} nights"),
    "rounds_n": NN_("rounds_n", "{n} round", "{n} rounds"),
    # The season chart's note: how many players have a line (the best by ordinal).
    "rating_chart_note": NN_("rating_chart_note", "The ordinal of the {n} player with the highest ordinal, after each night.",
                             "The ordinal of each of the {n} players with the highest ordinals, after each night."),
    # The draw's summary line: {players} "12 players", {rounds} "3 rounds".
    "draw_summary": NN_("draw_summary", "{players} at tables of {n}, {rounds}, seed {seed}.",
                        "{players} at tables of {n}, {rounds}, seed {seed}."),
    "draw_repeats": NN_("draw_repeats", "{n} repeated meeting: two players who have already played together sit at one table again.",
                        "{n} repeated meetings: pairs of players who have already played together sit at one table again."),
    # Under the draw's "tables already played" when a season filled them in.
    "draw_season_tables": NN_("draw_season_tables", "Filled in from this season's nights: {n} table already played.",
                              "Filled in from this season's nights: {n} tables already played."),
    "draw_season_tables_cut": NN_("draw_season_tables_cut", "This season's nights hold {n} table already played; the form takes the {shown} most recent. The season's own draw (POST /v1/seasons/…/draws, bigtwo season draw) counts it.",
                                  "This season's nights hold {n} tables already played; the form takes the {shown} most recent. The season's own draw (POST /v1/seasons/…/draws, bigtwo season draw) counts them all."),
    "draw_err_too_few": NN_("draw_err_too_few", "{n} player cannot fill a table of {seats}",
                            "{n} players cannot fill a table of {seats}"),
}

ORGANISER_MESSAGES.update(SEASON_MESSAGES)
ORGANISER_WORDS: dict[str, dict[str, str]] = tables(ORGANISER_MESSAGES)


class OrganiserWords(Words):
    """``Words`` with the organiser's keys added (theirs win, were a key in both)."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.table = {**WORDS[self.lang], **ORGANISER_WORDS[self.lang]}
        self.plurals = {**PLURALS, **ORGANISER_PLURALS}
