"""View models for the referee's pages: plain dicts and strings that templates and the page's
script read. Nothing here decides a rule; it only arranges what the core computed."""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from app.web.catalog import PAGE_LANGUAGES, join
from app.web.penalty_words import penalty_key
from app.web.words import RANK_WORDS, SUIT_WORDS, Words, script_words
from bigtwo import limits
from bigtwo.formats.text_report import one_based
from bigtwo.records.pipeline import Checked
from bigtwo.reports.field_text import house_rules_view
from bigtwo.reports.messages import DEFAULT_LANGUAGE, LANGUAGES, combo_label, render
from bigtwo.reports.timeline import (
    BROKEN,
    DealTimeline,
    MoveStep,
    Snapshot,
    Timeline,
    build_timeline,
)
from bigtwo.rules import cards
from bigtwo.rules.choices import Revolution
from bigtwo.rules.game import Record
from bigtwo.rules.play import starts_revolution
from bigtwo.rules.profiles import Profile
from bigtwo.rules.scoring import liable_breach

RED_SUITS = frozenset("DH")
JOKER_FACE = "\U0001F0CF"  # 🃏

def library_language(lang: str) -> str:
    """The language the library words a page language's rulings in: the same one where it
    has a catalog for it, else English (the pages never fail for a language they speak)."""
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _house_rules(profile: Profile, code: str, params: dict[str, Any],
                 lang: str) -> list[dict[str, Any]]:
    """The house rules beside a ruling (field, label, value), worded by the library's one
    formatter (bigtwo.reports.field_text) in the language it words the page's rulings in."""
    return list(house_rules_view(profile, code, params, library_language(lang)))


def card_view(name: str, lang: str = "en") -> dict[str, Any]:
    """How one card is drawn: '10♥' in red, with a spoken title in the page's language; a
    joker (v4) as 🃏, and in a play with the card it stands for: '🃏10♥'."""
    words = Words(lang)
    if name.startswith(cards.JOKER_NAME):
        stand = name.partition("=")[2]
        if not stand:
            return {"name": name, "text": JOKER_FACE, "title": words["joker"], "red": False,
                    "joker": True}
        named = card_view(stand, lang)
        return {**named, "name": name, "text": JOKER_FACE + named["text"],
                "title": words("joker_as", card=named["title"]), "joker": True}
    rank, suit = name[0], name[1]
    return {
        "name": name,
        "text": ("10" if rank == "T" else rank) + cards.SUIT_SYMBOLS[suit],
        "title": words("card_title", rank=RANK_WORDS[words.lang].get(rank, rank),
                       suit=SUIT_WORDS[words.lang][suit]),
        "red": suit in RED_SUITS,
        "joker": False,
    }


def cards_view(names: tuple[str, ...] | list[str] | None, lang: str = "en") -> list[dict[str, Any]]:
    return [card_view(n, lang) for n in names or ()]


def messages_by_language(error: dict[str, Any]) -> dict[str, str]:
    """The error's message in every page language, counting from 1 like the rest of the page
    (the library words it in each; the page shows its own and the script switches)."""
    shown = one_based(error)
    return {lang: render(shown, lang) for lang in PAGE_LANGUAGES}


def page_names(players: list[str] | tuple[str, ...] | None, count: int, lang: str) -> list[str]:
    """The players' names, else "Seat 1" … "Seat n" in the page's language."""
    if players is not None and len(players) == count:
        return list(players)
    return [Words(lang)("seat_n", n=seat + 1) for seat in range(count)]


def profile_title(profile_id: str, name: str | None, lang: str = "en") -> str:
    """What a page calls a profile: a preset by the name players know it by, in the page's
    language; another profile by its name, or for one without (stored, or given in the
    record) a plain phrase rather than its id twice ("p-… (p-…)")."""
    words = Words(lang)
    preset = f"preset_{profile_id}"
    if preset in words.table:
        return words[preset]
    if name and name != profile_id:
        return name
    return words["unnamed_profile"]


def ranks_decide(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """What decided a comparison of two plays of one kind when their ranks differ (9♥
    against J♥: the ranks, not the suit order), said in words; None where something else
    decided (equal ranks, a flush, different kinds)."""
    if code != "DOES_NOT_BEAT" or params.get("played_kind") != params.get("table_kind"):
        return None
    if params.get("played_kind") == "flush":
        return None
    played, table = params.get("played_top"), params.get("table_top")
    if not isinstance(played, str) or not isinstance(table, str) or played[0] == table[0]:
        return None
    words = Words(lang)
    return words("ranks_decide", higher=_rank_word(table, words.lang),
                 lower=_rank_word(played, words.lang))


def _rank_word(card: str, lang: str) -> str:
    word = RANK_WORDS[lang].get(card[0], card[0])
    return word.capitalize() if lang == "de" else word  # German nouns: "Bube", "Dame"


def unchecked_reason(deal: int, errors: list[dict[str, Any]], lang: str = "en") -> str:
    """Why a deal was not checked, from the errors the replay gave it (counted from 1 like the
    page): its hands, the match already over, or no known leader after a deal without winner."""
    words = Words(lang)
    mine = [e for e in errors if e["deal"] == deal and e["move"] is None]
    over = next((e for e in mine if e["code"] == "MATCH_OVER"), None)
    if over is not None:
        return words("unchecked_over", n=over["params"]["last_deal"] + 1)
    if mine:
        return words("unchecked_hands", message=messages_by_language(mine[0])[words.lang])
    return words("unchecked_no_winner", n=deal)


def _error_dict(e: Any) -> dict[str, Any]:
    return {"code": e.code, "deal": e.deal, "move": e.move, "seat": e.seat, "pointer": e.pointer,
            "params": e.params}


def penalty_text(parts: dict[str, int] | None, penalty: int | None, lang: str = "en",
                 names: list[str] | None = None) -> str:
    """'11 cards x3 = 33', with the held-2 and held-hand factors and the card penalties when
    they apply, and where a liable seat took the penalty over (``last_card_guard: liable``):
    one whole message for each combination (``app.web.penalty_words``), numbers the locale's."""
    words = Words(lang)
    if parts is None:
        return words["went_out"]
    fields: dict[str, int] = {"m": parts["multiplier"], "base": parts["base"]}
    if "values" in parts:  # scoring.card_values: the cards' worth, not their count
        fields["v"] = parts["values"]
    value = parts["base"]
    steps: list[str] = []
    if parts.get("two_factor", 1) != 1:
        value *= parts["two_factor"]
        steps.append("two")
        fields.update(two=parts["two_factor"], after_two=value)
    if parts.get("hand_factor", 1) != 1:
        value *= parts["hand_factor"]
        steps.append("hand")
        fields.update(hand=parts["hand_factor"], after_hand=value)
    if parts.get("card_penalties"):
        value += parts["card_penalties"]
        steps.append("extra")
        fields.update(extra=parts["card_penalties"], after_extra=value)
    text = words.count(penalty_key("values" in parts, tuple(steps)), parts["cards"], **fields)
    if "takes_all" in parts:
        value = parts["takes_all"]
        text = words("penalty_takes_all", penalty=text, pays=value)
    elif "paid_by" in parts:
        value = 0
        seat = parts["paid_by"]
        name = names[seat] if names is not None and 0 <= seat < len(names) else words("seat_n", n=seat + 1)
        text = words("penalty_paid_by", penalty=text, name=name)
    if penalty is not None and penalty != value:  # never expected; show the report's number
        text = words("penalty_report", penalty=text, report=penalty)
    return text


def _places(places: tuple[int, ...] | list[int] | None, names: list[str]) -> list[dict[str, Any]]:
    """finish: placings: the seats in finishing order, each with its place (1 first out)."""
    return [{"place": i + 1, "seat": s, "name": names[s] if 0 <= s < len(names) else str(s)}
            for i, s in enumerate(places or ())]


def _places_text(places: list[dict[str, Any]], lang: str) -> str:
    """The placings as the locale lists them: "1. Cai, 2. Ana, and 3. Dee", "第 1 名 Cai、…"."""
    words = Words(lang)
    return join((words("place_entry", n=p["place"], name=p["name"]) for p in places), lang)


def _liable(d: DealTimeline, rd: dict[str, Any], names: list[str], lang: str) -> str | None:
    """The breach that made a seat liable: the last one against the seat that won."""
    liable, winner = rd.get("liable"), rd.get("winner")
    if liable is None:
        return None
    words = Words(lang)
    breach = liable_breach(d.breaches, winner)
    if breach is None or breach[1] != liable:  # a score sheet's mark: no moves to point at
        return words("liable_sheet", name=names[liable])
    return words("liable_breach", name=names[liable], n=breach[0] + 1, protected=names[breach[2]])


def _snapshot(s: Snapshot) -> dict[str, Any]:
    return s.as_dict()


def _label(step: MoveStep, lang: str) -> str | None:
    if step.kind is None or step.cards is None or step.top is None:
        return None
    return combo_label(step.kind, list(step.cards), step.top, library_language(lang))


def _move(step: MoveStep, names: list[str], deal: int, lang: str, profile: Profile,
          reversed_before: bool = False,
          breached: dict[int, int] | None = None,
          calls: frozenset[int] = frozenset(),
          missed: frozenset[int] = frozenset()) -> dict[str, Any]:
    protected = (breached or {}).get(step.index)
    flips = (step.status == "ok" and step.kind is not None
             and starts_revolution(profile, step.kind, reversed_before))
    return {
        # last_card_guard: liable: this play broke the guard and stood (the seat it protected)
        "breach": None if protected is None else Words(lang)(
            "guard_breach", protected=names[protected] if 0 <= protected < len(names) else protected),
        "index": step.index,
        "number": step.index + 1,
        "pointer": f"/deals/{deal}/moves/{step.index}",
        "seat": step.seat,
        "name": names[step.seat] if 0 <= step.seat < len(names) else Words(lang)("seat_n", n=step.seat + 1),
        "cards": cards_view(step.cards, lang),
        "codes": list(step.cards) if step.cards is not None else None,
        "label": _label(step, lang),
        "pass": step.cards is None,
        # v4: the seat's turn ran out (timeouts: pass); the play carried the last-card call, or
        # left one card without it (last_card_call: liable)
        "timeout": step.is_timeout,
        "call": step.index in calls,
        "missed_call": step.index in missed,
        "trick": step.trick,
        "leads": step.leads,
        "ends_trick": step.ends_trick,
        "goes_out": step.goes_out,
        "status": step.status,
        "after": _snapshot(step.after),
        # revolution: ranks: this play (a four of a kind) reversed the rank order
        "revolution_starts": flips and not reversed_before,
        # revolution_repeats: toggles: this four of a kind turned the order back
        "revolution_ends": flips and reversed_before,
    }


def _deal(d: DealTimeline, names: list[str], report_deal: dict[str, Any] | None,
          profile: Profile, lang: str, calls: frozenset[int] = frozenset()) -> dict[str, Any]:
    moves = []
    reversed_before = False
    breached = {move: protected for move, _, protected in d.breaches}
    missed = frozenset(m["move"] for m in (report_deal or {}).get("missed_calls") or ())
    for m in d.moves:
        moves.append(_move(m, names, d.index, lang, profile, reversed_before, breached,
                           calls, missed))
        if m.status == "ok":  # revolution_repeats: toggles may turn the order back
            reversed_before = m.after.revolution
    broken = None
    if d.error is not None and d.broken_move is not None:
        err = _error_dict(d.error)
        broken = {
            "move": d.broken_move,
            "number": d.broken_move + 1,
            "code": d.error.code,
            "seat": d.error.seat,
            "pointer": d.error.pointer,
            "messages": messages_by_language(err),
            "house_rules": _house_rules(profile, d.error.code, d.error.params, lang),
            "decided_by": ranks_decide(d.error.code, d.error.params, lang),
        }
    tricks = []
    for t in d.tricks:
        # Moves after a broken rule were never replayed: a few are listed, the rest counted.
        shown = t.moves if t.replayed else t.moves[: limits.REPLAY_UNREPLAYED_SHOWN]
        tricks.append({
            "number": t.index + 1,
            "leader": t.leader,
            "leader_name": names[t.leader] if t.leader is not None else None,
            "won_by": t.won_by,
            "won_by_name": names[t.won_by] if t.won_by is not None else None,
            "moves": [moves[i] for i in shown],
            "not_shown": len(t.moves) - len(shown),
            "counts_after": list(t.counts_after),
            "replayed": t.replayed,
        })
    if any(t["not_shown"] for t in tricks):
        listed = {m["index"] for t in tricks for m in t["moves"]}
        moves = [m for m in moves if m["index"] in listed]
    scoring = []
    rd = report_deal or {}
    if rd.get("scores") is not None:
        parts = rd.get("scoring") or [None] * len(names)
        penalties = rd.get("penalties")
        places = rd.get("places")
        for seat, name in enumerate(names):
            scoring.append({
                "seat": seat,
                "name": name,
                "cards_left": (rd.get("cards_left") or [0] * len(names))[seat],
                "penalty": penalties[seat] if penalties is not None else None,
                "text": _score_text(seat, parts, penalties, places, lang, names),
                "score": rd["scores"][seat],
                "winner": seat == rd.get("winner"),
            })
    return {
        "index": d.index,
        "number": d.index + 1,
        "status": d.status,
        "leader": d.leader,
        "leader_name": names[d.leader] if d.leader is not None else None,
        "opening_card": card_view(d.opening_card, lang) if d.opening_card else None,
        "winner": rd.get("winner"),
        "winner_name": names[rd["winner"]] if rd.get("winner") is not None else None,
        "dealt": _snapshot(d.dealt),
        "hands": [cards_view(h, lang) for h in d.dealt.hands],
        "moves": moves,
        "move_count": len(d.moves),
        "tricks": tricks,
        "broken": broken,
        "scoring": scoring,
        "team_scores": _teams(profile, names, rd.get("team_scores")),
        "cards_left": rd.get("cards_left"),
        "sheet": _sheet(d, names, rd, lang) if d.result is not None else None,
        "places": _places(d.places, names) if d.places is not None else None,
        "places_text": _places_text(_places(d.places, names), lang) if d.places else None,
        "places_final": d.places is not None and len(d.places) == len(names),
        "liable": _liable(d, rd, names, lang),
    }


def _score_text(seat: int, parts: list[dict[str, int] | None], penalties: list[int] | None,
                places: list[int] | None, lang: str, names: list[str]) -> str:
    """How a seat's score came about: its place under placings, else its penalty."""
    if places is not None and seat in places:
        return Words(lang)("place_n", n=places.index(seat) + 1)
    return penalty_text(parts[seat], penalties[seat] if penalties is not None else None, lang, names)


def _sheet(d: DealTimeline, names: list[str], rd: dict[str, Any], lang: str) -> dict[str, Any]:
    """A result-only deal (a score sheet's row) as one compact table: per seat the cards left
    (the cards themselves when the sheet lists them), the penalty worked out, the score."""
    assert d.result is not None
    parts = rd.get("scoring") or [None] * len(names)
    penalties, places = rd.get("penalties"), rd.get("places")
    rows = []
    for seat, name in enumerate(names):
        scored = rd.get("scores") is not None
        rows.append({
            "seat": seat,
            "name": name,
            "count": d.result.counts[seat] if seat < len(d.result.counts) else None,
            "cards": cards_view(d.result.hands[seat], lang) if seat < len(d.result.hands) else [],
            "text": _score_text(seat, parts, penalties, places, lang, names) if scored else None,
            "score": rd["scores"][seat] if scored else None,
            "winner": seat == rd.get("winner"),
        })
    # Without hands the timeline's "dealt" position is the result itself: nothing was dealt.
    return {"rows": rows, "scored": rd.get("scores") is not None,
            "hands_given": d.dealt is not d.result}


def _teams(profile: Profile, names: list[str],
           values: list[int] | None = None) -> list[dict[str, Any]]:
    """The partners of a team profile (seats 0 and 2 against 1 and 3), with a value each.
    A team's name is its partners joined by " & " in every language: the name the standings,
    their CSV and the API give the team (``bigtwo.league.standings``), not a list in words."""
    if profile.teams is None:
        return []
    return [{"team": i, "seats": list(team), "names": " & ".join(names[s] for s in team),
             "value": values[i] if values is not None else None}
            for i, team in enumerate(profile.teams)]


def deal_pages(record: Record) -> list[range]:
    """The deals of each page of the replay: consecutive deals up to
    ``limits.REPLAY_PAGE_MOVES`` rows (moves, and hands a row per 13 cards), and at least one
    deal per page."""
    pages: list[range] = []
    start, used = 0, 0
    for i, deal in enumerate(record.deals):
        # A deal shows its hands (counted a row per 13 cards) and its moves: at most its legal
        # ones (a few hundred) and a few it never replayed.
        cards_dealt = sum(len(h) for h in deal.hands)
        cost = 1 + cards_dealt // 13 + min(len(deal.moves), limits.REPLAY_PAGE_MOVES)
        if deal.result is not None:  # a score sheet's row: a table of a row per seat
            cost += len(deal.result.counts)
        if i > start and used + cost > limits.REPLAY_PAGE_MOVES:
            pages.append(range(start, i))
            start, used = i, 0
        used += cost
    pages.append(range(start, len(record.deals)))
    return pages


def _running_totals(report: dict[str, Any], shown: range) -> dict[int, list[int]]:
    """The match totals after each scored deal of the page (a referee checks a sheet's
    running column against them)."""
    totals = [0] * len(report["totals"])
    out: dict[int, list[int]] = {}
    for d in report["deals"][: shown.stop]:
        if d.get("scores") is not None:
            totals = [t + s for t, s in zip(totals, d["scores"], strict=True)]
            if d["index"] >= shown.start:
                out[d["index"]] = list(totals)
    return out


def replay_view(checked: Checked, lang: str = "en", page: int = 1) -> dict[str, Any]:
    """What one page of the replay shows, from a record the pipeline could replay: the
    deals of that page (see ``deal_pages``), and the record's errors and totals."""
    assert checked.record is not None and checked.result is not None and checked.report is not None
    record, result, report = checked.record, checked.result, checked.report
    pages = deal_pages(record)
    page = min(max(page, 1), len(pages))
    shown = pages[page - 1]
    starts = [p.start for p in pages]
    timeline: Timeline = build_timeline(record, result, only=shown)
    names = page_names(record.players, timeline.players, lang)
    profile = record.profile
    report_deals = {d["index"]: d for d in report["deals"]}
    deals = [_deal(d, names, report_deals.get(d.index), profile, lang,
                   record.deals[d.index].calls if d.index < len(record.deals) else frozenset())
             for d in timeline.deals]
    running = _running_totals(report, shown)
    all_errors = [_error_dict(e) for e in result.errors]
    for d in deals:
        d["running"] = running.get(d["index"])
        # A deal that was not checked says why, instead of who led it (nobody worked that out).
        d["unchecked"] = unchecked_reason(d["index"], all_errors, lang) \
            if d["status"] == "not_checked" else None
    errors = []
    for e in result.errors[: limits.REPLAY_ERRORS_SHOWN]:
        err = _error_dict(e)
        errors.append({
            **err,
            "messages": messages_by_language(err),
            "deal_number": e.deal + 1 if e.deal is not None else None,
            "move_number": e.move + 1 if e.move is not None else None,
            "seat_name": names[e.seat] if e.seat is not None and 0 <= e.seat < len(names) else None,
            "seat_number": e.seat + 1 if e.seat is not None else None,
            "house_rules": _house_rules(profile, e.code, e.params, lang),
            "decided_by": ranks_decide(e.code, e.params, lang),
            "page": bisect_right(starts, e.deal) if e.deal is not None else None,
        })
    first = next(((e.deal, e.move) for e in result.errors
                  if e.deal is not None and e.move is not None), None)
    # The totals are the whole record's; the per-deal columns beside them are this page's (a
    # score sheet can hold thousands of deals).
    any_scores = any(d.get("scores") for d in report["deals"])
    columns = [{"number": d["index"] + 1, "scores": d.get("scores")}
               for d in report["deals"][shown.start:shown.stop]]
    return {
        "names": list(names),
        "players": timeline.players,
        "profile": {"id": profile.id, "name": profile.name, "hash": profile.hash,
                    "title": profile_title(profile.id, profile.name, lang)},
        "valid": report["valid"],
        "errors": errors,
        "errors_total": len(result.errors),
        "first_error": errors[0] if errors else None,
        "first_broken": {"deal": first[0], "move": first[1],
                         "page": bisect_right(starts, first[0])} if first else None,
        "deals": deals,
        "deal_count": len(record.deals),
        "page": {"number": page, "count": len(pages), "first": shown.start + 1,
                 "last": shown.stop},
        "totals": report["totals"] if any_scores else None,
        "score_columns": columns,
        "match": report.get("match"),
        "teams": _teams(profile, names, report.get("team_totals") if any_scores else None),
        "revolution": profile.revolution is not Revolution.NONE,
    }


def script_data(view: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The part of the view the step control needs, as JSON for the page's script."""
    return {
        "names": view["names"],
        "words": script_words(lang, max((n for d in view["deals"] for n in d["dealt"]["counts"]),
                                        default=0)),
        "deals": [
            {
                "index": d["index"],
                "number": d["number"],
                "move_count": d["move_count"],
                "dealt": d["dealt"],
                # Hands after each move are left out (the script takes the played cards off the
                # dealt hands): it keeps the page small for long matches.
                "moves": [
                    {**{k: m[k] for k in ("index", "number", "pointer", "seat", "name", "codes", "label",
                                          "pass", "trick", "leads", "ends_trick", "goes_out",
                                          "status", "timeout", "call", "missed_call")},
                     "after": {k: v for k, v in m["after"].items() if k != "hands"}}
                    for m in d["moves"]
                ],
                "sheet": d["sheet"] is not None,
                "broken": d["broken"]["move"] if d["broken"] else None,
                "messages": d["broken"]["messages"] if d["broken"] else None,
            }
            for d in view["deals"]
        ],
        "deal_count": view["deal_count"],
        # The step control can only go where this page's deals are.
        "first_broken": view["first_broken"] if view["first_broken"] is not None
        and view["first_broken"]["page"] == view["page"]["number"] else None,
        "broken_status": BROKEN,
    }
