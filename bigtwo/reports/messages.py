"""Plain-language messages for rule errors, in every language of ``bigtwo.reports.i18n``.

Rendering happens at the edge (report building): the replay only produces codes and params.
The words live in the ``bigtwo`` gettext catalogs (bigtwo/reports/locale); this module picks
which message a ruling needs and what to fill in. Each grammatical variant is its own whole
message (a msgctxt tells them apart where the English reads the same), so a translator can
get German cases and Italian elisions right without the code knowing either: German follows
the wording of seed 001 ("Der erste Zug muss Karo 3 enthalten", "Paar 9 schlägt Paar K
nicht", "Spiel 5 Karten - du hast 4 gewählt").

Placeholders are ``{name}`` (str.format). Where a language may say more or less than the
English (German names a pair by its rank where English lists the cards), the message's
translator comment lists the extra placeholders it may use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bigtwo.reports.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    NP_,
    Marked,
    Translator,
    format_list,
    pick_language,
    translator,
)
from bigtwo.rules import cards
from bigtwo.rules.cards import RUN_BY_RANKS
from bigtwo.rules.codes import REASONS, REFUSAL_CONTEXT, RuleCode

__all__ = ["CODES", "DEFAULT_LANGUAGE", "LANGUAGES", "card_text", "cards_text", "combo_label",
           "kind_name", "optional_placeholders", "pick_language", "render", "suit_name",
           "unbeatable_text"]

# Ranks whose name starts with a vowel sound ("an 8", "an A"; Italian "all'8", "all'A"): a
# message that puts a word before a rank has a variant for them.
VOWEL_RANKS = frozenset("8A")

# TRANSLATORS: ranks as written on cards; German writes B (Bube) and D (Dame) for J and Q.
_RANKS: dict[str, Marked] = {
    "T": NP_("rank", "10"), "J": NP_("rank", "J"), "Q": NP_("rank", "Q"),
    "K": NP_("rank", "K"), "A": NP_("rank", "A"),
}
# TRANSLATORS: one card in a sentence. {rank} is 3 to 10, J, Q, K, A or 2 (already
# translated). Keep the suit symbol unless players of your language name the suit in words.
_CARDS: dict[str, Marked] = {
    "C": NP_("card in a sentence", "{rank}♣"), "D": NP_("card in a sentence", "{rank}♦"),
    "H": NP_("card in a sentence", "{rank}♥"), "S": NP_("card in a sentence", "{rank}♠"),
}
# TRANSLATORS: a joker held (in a hand, or left at the end of a deal), named in a sentence.
_JOKER: Marked = NP_("card in a sentence; a joker held", "🃏")
# TRANSLATORS: a joker played as the card it stands for; {card} is that card, already
# translated (2♠, Pik 2): English draws the joker before it (🃏2♠), German "Joker als Pik 2".
_STAND_IN: Marked = NP_("card in a sentence; a joker standing for {card}", "🃏{card}")
# TRANSLATORS: a suit named in a sentence ("flush ♥ K-9-7-5-3"): the symbol, or the
# suit's name where players use it (German Kreuz, Karo, Herz, Pik).
_SUITS: dict[str, Marked] = {
    "C": NP_("suit in a sentence", "♣"), "D": NP_("suit in a sentence", "♦"),
    "H": NP_("suit in a sentence", "♥"), "S": NP_("suit in a sentence", "♠"),
}
_KINDS: dict[str, Marked] = {
    "single": NP_("kind", "single"), "pair": NP_("kind", "pair"), "triple": NP_("kind", "triple"),
    "straight": NP_("kind", "straight"), "flush": NP_("kind", "flush"),
    "full_house": NP_("kind", "full house"), "four_of_a_kind": NP_("kind", "four of a kind"),
    "straight_flush": NP_("kind", "straight flush"),
    "two_pair": NP_("kind", "two pair"), "dragon": NP_("kind", "dragon"),
    # TRANSLATORS: five cards of one rank (several decks or jokers); German Fünfling, Italian
    # pokerissimo.
    "five_of_a_kind": NP_("kind", "five of a kind"),
}


# What a phrase naming a combination may say, whatever its English message uses (``_words``).
PHRASE_PLACEHOLDERS = frozenset({"cards", "card", "rank", "top", "suit", "ranks", "run", "pairs"})
_PHRASE_CONTEXTS = ("label", "same kind", "against another kind")


def optional_placeholders(context: str | None, msgid: str) -> frozenset[str]:
    """Placeholders a translation may use beyond its English message's own: a phrase naming a
    combination may name it by other parts (German "Paar 9" where English lists the cards),
    and "... does not beat ..." may start with {left} where English starts with {Left}."""
    if context is not None and context.startswith(_PHRASE_CONTEXTS):
        return PHRASE_PLACEHOLDERS
    if msgid.startswith("{Left} does not beat {right}"):
        return frozenset({"left"})
    return frozenset()


def _effective(card: str) -> str:
    """The card a name counts as: a joker's stand-in (``JK=4D`` -> ``4D``), any other itself."""
    return card[3:] if card.startswith("JK=") else card


def _rank(card: str, t: Translator) -> str:
    rank = _effective(card)[0]
    return t.marked(_RANKS[rank]) if rank in _RANKS else rank


def card_text(card: str, lang: str) -> str:
    """One card as a sentence names it: ``3♦``, German ``Karo 3``; a joker by the card it
    stands for (``🃏2♠``, German ``Joker als Pik 2``), a joker held as one (``🃏``)."""
    t = translator(lang)
    if card.startswith("JK"):
        if card.startswith("JK="):
            return t.marked(_STAND_IN, card=card_text(card[3:], lang))
        return t.marked(_JOKER)
    return t.marked(_CARDS[card[1]], rank=_rank(card, t))


# TRANSLATORS: why a trick ended at once (unbeatable_ends_trick): {card} is the play's
# highest card, already translated ("2♠ cannot be beaten: seat 0 leads the next trick").
_UNBEATABLE: Marked = NP_("trick ended", "{card} cannot be beaten")


def unbeatable_text(card: str, lang: str) -> str:
    """Why a trick ended at once: "2♠ cannot be beaten" (WRONG_TURN, reason ``unbeatable``,
    its ``card`` param; a joker is named by its stand-in)."""
    return translator(lang).marked(_UNBEATABLE, card=card_text(card, lang))


def cards_text(names: list[str], lang: str) -> str:
    t = translator(lang)
    # TRANSLATORS: between the cards of a list ("9♦ 9♣"); German writes ", ".
    return t.pgettext("between the cards of a list", " ").join(card_text(c, lang) for c in names)


def suit_name(suit: str, lang: str) -> str:
    """A suit (C, D, H, S) as a sentence names it."""
    return translator(lang).marked(_SUITS[suit])


def kind_name(kind: str, lang: str) -> str:
    """The name of a kind of combination (single, pair, ..., straight flush)."""
    return translator(lang).marked(_KINDS[kind])


def _words(mine: list[str], top: str, t: Translator, order: str = cards.RANKS) -> dict[str, str]:
    """Everything a message may say about one combination: its cards, its top card, the rank
    and suit of that card, its run (for straights) and its ranks from the highest down."""
    lang = t.lang
    # Ranks and suits are the stand-ins' (a joker is judged as the card it names); the cards
    # themselves are named as played, jokers drawn.
    effective = [_effective(c) for c in mine]
    ranked = sorted(effective, key=lambda c: order.index(c[0]), reverse=True)
    run = RUN_BY_RANKS.get(frozenset(c[0] for c in effective))
    return {
        "cards": cards_text(mine, lang), "card": card_text(top, lang), "rank": _rank(top, t),
        "top": _rank(top, t), "suit": t.marked(_SUITS[_effective(top)[1]]),
        "ranks": "-".join(_rank(c, t) for c in ranked),
        "run": "-".join(_rank(r + "S", t) for r in run) if run else "",
        "pairs": _two_pair_ranks(effective, t),
    }


def _two_pair_ranks(names: list[str], t: Translator) -> str:
    """The ranks of a two pair, the higher first as the cards are ordered: 'K-9'."""
    ranks: list[str] = []
    for c in reversed(names):
        if c[0] not in ranks:
            ranks.append(c[0])
    return "-".join(_rank(r + "S", t) for r in ranks)


# TRANSLATORS: a combination's short name as a game client labels it ("Pair K", "Straight to
# 7"). Placeholders any label may use: {card} (the top card), {cards}, {rank} and {top} (the
# top card's rank), {suit} (the top card's suit), {pairs} (a two pair's ranks, the higher
# first: K-9).
_LABELS: dict[str, Marked] = {
    "single": NP_("label", "Single {card}"), "pair": NP_("label", "Pair {rank}"),
    "triple": NP_("label", "Triple {rank}"), "straight": NP_("label", "Straight to {top}"),
    "flush": NP_("label", "Flush {card}"), "full_house": NP_("label", "Full house {rank}"),
    "four_of_a_kind": NP_("label", "Four of a kind {rank}"),
    "straight_flush": NP_("label", "Straight flush to {top}"),
    "two_pair": NP_("label", "Two pair {pairs}"),
    # TRANSLATORS: a dragon is one card of every rank, 3 to 2 (RECORDS v3).
    "dragon": NP_("label", "Dragon 3-2"),
    # TRANSLATORS: five cards of one rank: German "Fünfling A", Italian "Pokerissimo A".
    "five_of_a_kind": NP_("label", "Five of a kind {rank}"),
}
_LABELS_VOWEL: dict[str, Marked] = {
    "straight": NP_("label; {top} starts with a vowel sound (8, A)", "Straight to {top}"),
    "straight_flush": NP_("label; {top} starts with a vowel sound (8, A)",
                          "Straight flush to {top}"),
}


def combo_label(kind: str, cards_: list[str], top: str, lang: str) -> str:
    """Short name of a combination as a game client shows it: 'Pair K', 'Straight to 7'."""
    t = translator(lang)
    vowel = _effective(top)[0] in VOWEL_RANKS
    table = _LABELS_VOWEL if kind in _LABELS_VOWEL and vowel else _LABELS
    return t.marked(table[kind], **_words(cards_, top, t))


# TRANSLATORS: one side of "... does not beat ...", when the two combinations are of different
# kinds. Placeholders any of these may use: {cards}, {card} (the top card), {rank} and {top}
# (its rank), {suit} (its suit), {pairs} (a two pair's ranks, the higher first: K-9). A dragon
# is named by its label (Dragon 3-2) on either side.
_OTHER_KIND: dict[str, Marked] = {
    "single": NP_("against another kind", "single {cards}"),
    "pair": NP_("against another kind", "pair {cards}"),
    "triple": NP_("against another kind", "triple {cards}"),
    "straight": NP_("against another kind", "straight {cards}"),
    "flush": NP_("against another kind", "flush {cards}"),
    "full_house": NP_("against another kind", "full house {cards}"),
    "four_of_a_kind": NP_("against another kind", "four of a kind {cards}"),
    "straight_flush": NP_("against another kind", "straight flush {cards}"),
    "two_pair": NP_("against another kind", "two pair {cards}"),
    "five_of_a_kind": NP_("against another kind", "five of a kind {cards}"),
}

# TRANSLATORS: one side of "... does not beat ...", between two combinations of the same kind,
# naming what decided: the rank where ranks differ, the cards (their suits) where they tie.
# Placeholders any of these may use: {cards}, {card} (the top card), {rank} and {top} (its
# rank), {suit} (its suit), {run} (a straight's ranks, 3-4-5-6-7), {ranks} (a flush's ranks
# from the highest down), {pairs} (a two pair's ranks, the higher first: K-9).
_SAME_KIND: dict[str, Marked] = {
    "single": NP_("same kind", "single {card}"),
    "pair_rank": NP_("same kind; the pairs' ranks differ", "pair {cards}"),
    "pair": NP_("same kind; the pairs have the same rank", "pair {cards}"),
    "triple": NP_("same kind", "triple {rank}"),
    "full_house": NP_("same kind", "full house {rank}"),
    "four_of_a_kind": NP_("same kind", "four of a kind {rank}"),
    "five_of_a_kind": NP_("same kind", "five of a kind {rank}"),
    "straight_run": NP_("same kind; two runs with the same top card", "straight {run}"),
    "straight_flush_run": NP_("same kind; two runs with the same top card", "straight flush {run}"),
    "straight_flush_suit": NP_("same kind; the suits decided", "straight flush {suit} {run}"),
    "straight_rank": NP_("same kind; the top ranks differ", "straight to {top}"),
    "straight_flush_rank": NP_("same kind; the top ranks differ", "straight flush to {top}"),
    "straight_card": NP_("same kind; the top ranks tie, the top card decided",
                         "straight to {card}"),
    "straight_flush_card": NP_("same kind; the top ranks tie, the top card decided",
                               "straight flush to {card}"),
    "flush_top": NP_("same kind; the highest card alone decides", "flush {card}"),
    "flush_ranks_suit": NP_("same kind; ranks first, and they tie", "flush {ranks} {suit}"),
    "flush_ranks": NP_("same kind; ranks first, and they differ", "flush {ranks}"),
    "flush_suit_ranks": NP_("same kind; suits first, and they tie", "flush {suit} {ranks}"),
    "flush_suit": NP_("same kind; suits first, and they differ", "flush {suit}"),
    # A two pair is keyed by its highest card: its rank where the ranks differ, else the card.
    "two_pair": NP_("same kind; the highest cards' ranks differ", "two pair {pairs}"),
    "two_pair_card": NP_("same kind; the highest cards' ranks tie, the card decided",
                         "two pair {pairs} ({card})"),
}
_SAME_KIND_VOWEL: dict[str, Marked] = {
    "straight_rank": NP_("same kind; the top ranks differ; {top} starts with a vowel sound (8, A)",
                         "straight to {top}"),
    "straight_flush_rank": NP_(
        "same kind; the top ranks differ; {top} starts with a vowel sound (8, A)",
        "straight flush to {top}"),
    "straight_card": NP_("same kind; the top ranks tie, the top card decided; {card} starts "
                         "with a vowel sound (8, A)", "straight to {card}"),
    "straight_flush_card": NP_("same kind; the top ranks tie, the top card decided; {card} "
                               "starts with a vowel sound (8, A)", "straight flush to {card}"),
}


def _same_kind_key(kind: str, mine: list[str], top: str, other: list[str], other_top: str,
                   p: dict[str, Any]) -> str:
    """Which phrase names one side of a same-kind comparison (RECORDS: messages say what
    decided). A joker counts as the card it names."""
    mine, other = [_effective(c) for c in mine], [_effective(c) for c in other]
    top, other_top = _effective(top), _effective(other_top)
    same_ranks = sorted(c[0] for c in mine) == sorted(c[0] for c in other)
    if kind == "two_pair":
        return "two_pair_card" if top[0] == other_top[0] else "two_pair"
    if kind == "pair":
        return "pair" if same_ranks else "pair_rank"
    if kind == "straight_flush" and p.get("straight_flush_compare") == "suit_first" \
            and top[1] != other_top[1]:
        return "straight_flush_suit"  # suits decide straight flushes of different suits
    if kind in ("straight", "straight_flush"):
        if not same_ranks and top[0] == other_top[0]:
            # Two runs with the same top card (23456 and A2345 both end in the 2): the
            # profile's list order decided, so name the runs.
            return f"{kind}_run"
        return f"{kind}_card" if same_ranks else f"{kind}_rank"
    if kind == "flush":
        if p.get("flush_compare") == "top_card":
            return "flush_top"
        if p.get("flush_compare") == "rank_first":
            return "flush_ranks_suit" if same_ranks else "flush_ranks"
        return "flush_suit_ranks" if top[1] == other_top[1] else "flush_suit"
    return kind  # single, triple, full house, four of a kind


def _side(params: dict[str, Any], played: bool, translator: Translator) -> str:
    mine, top = (params["played"], params["played_top"]) if played else (params["table"], params["table_top"])
    other, other_top = (params["table"], params["table_top"]) if played else (params["played"], params["played_top"])
    kind = params["played_kind"] if played else params["table_kind"]
    if kind == "dragon":
        return translator.marked(_LABELS["dragon"])
    order = cards.RANKS[::-1] if params.get("revolution") else cards.RANKS
    words = _words(mine, top, translator, order)
    if params["played_kind"] != params["table_kind"]:
        return translator.marked(_OTHER_KIND[kind], **words)
    key = _same_kind_key(kind, mine, top, other, other_top, params)
    if key in _SAME_KIND_VOWEL and _effective(top)[0] in VOWEL_RANKS:
        return translator.marked(_SAME_KIND_VOWEL[key], **words)
    return translator.marked(_SAME_KIND[key], **words)


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _does_not_beat(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    left, right = _side(params, True, translator), _side(params, False, translator)
    # TRANSLATORS: {Left} is {left} with a capital first letter, for a sentence that starts
    # with it.
    sides = {"left": left, "Left": _capitalized(left), "right": right}
    if params.get("suits_reversed"):
        return translator.gettext("{Left} does not beat {right} (revolution: ranks and suits are reversed, "
                         "2 is lowest)", **sides)
    if params.get("revolution"):
        return translator.gettext("{Left} does not beat {right} (revolution: the order is reversed, "
                         "2 is lowest)", **sides)
    return translator.gettext("{Left} does not beat {right}", **sides)


# A reason with a sentence of its own (bigtwo.rules.codes.REASONS) is worded by it, whatever
# the code's message would say: a house rule's refusal needs no renderer here.
_SAYS: dict[tuple[str, str], str] = {
    (code, r.name): r.says for code, reasons in REASONS.items() for r in reasons if r.says}


def _by_reason(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    return translator.pgettext(REFUSAL_CONTEXT, _SAYS[(error["code"], params["reason"])])


def _not_a_combination(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    if params.get("reason") == "four_cards":
        return translator.gettext("Four cards are no combination: a four of a kind needs a fifth card")
    return translator.gettext("These cards form no combination")


def _card_count(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    expected, actual = len(params["table"]), len(params["played"])
    return translator.ngettext("Play {expected} card, not {actual}", "Play {expected} cards, not {actual}",
                      expected, expected=expected, actual=actual)


# TRANSLATORS: one whole sentence per kind, so that articles and adjective endings agree
# with the kind's gender (German ein höherer Flush, eine höhere Straße; Italian una scala
# più alta, un full più alto).
_CATEGORY: dict[str, Marked] = {
    "single": NP_("category", "Only a higher single beats a single here"),
    "pair": NP_("category", "Only a higher pair beats a pair here"),
    "triple": NP_("category", "Only a higher triple beats a triple here"),
    "straight": NP_("category", "Only a higher straight beats a straight here"),
    "flush": NP_("category", "Only a higher flush beats a flush here"),
    "full_house": NP_("category", "Only a higher full house beats a full house here"),
    "four_of_a_kind": NP_("category", "Only a higher four of a kind beats a four of a kind here"),
    "straight_flush": NP_("category", "Only a higher straight flush beats a straight flush here"),
    "five_of_a_kind": NP_("category", "Only a higher five of a kind beats a five of a kind here"),
}


def _declared(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    actual, declared = params["actual"], params["declared"]
    if params["field"] == "winner":
        if actual is None:
            return translator.gettext("Declared winner is seat {declared}; the rules give no winner",
                             declared=declared)
        return translator.gettext("Declared winner is seat {declared}; the rules give seat {actual}",
                         declared=declared, actual=actual)
    if params["field"] == "scores":
        if actual is None:
            return translator.gettext("Declared scores do not match the replay (it gives no scores)")
        return translator.gettext("Declared scores do not match the replay (it gives {actual})",
                         actual=actual)
    return translator.gettext("Declared score for seat {seat} is {declared}; the rules give {actual}",
                     seat=error["seat"], declared=declared, actual=actual)


def _result_winner(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    seats = list(params["seats"])
    if not seats:
        return translator.gettext("Exactly one seat must have no cards left; every seat still holds cards")
    # TRANSLATORS: {seats} is a list of seat numbers, "1 and 3".
    return translator.ngettext("Exactly one seat must have no cards left; seat {seats} have none",
                      "Exactly one seat must have no cards left; seats {seats} have none",
                      len(seats), seats=format_list([str(s) for s in seats], translator.lang))


def _player_count(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    if error["deal"] is not None:
        return translator.gettext("This profile is for {expected} players; the record has {actual} hands",
                         expected=params["expected"], actual=params["actual"])
    return translator.gettext("This profile is for {expected} players; the record has {actual} player "
                     "names", expected=params["expected"], actual=params["actual"])


def _opening_card(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    card = card_text(params["card"], translator.lang)
    if params.get("timeout"):
        return translator.gettext("The first play must contain {card}; the opening turn cannot time "
                                  "out", card=card)
    if params.get("alone"):
        return translator.gettext("The first play must be {card} alone", card=card)
    return translator.gettext("The first play must contain {card}", card=card)


def _result_liable(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    seat = params["liable"]
    if seat != params["winner"] and 0 <= seat < params["players"]:
        # A loser is refused only where the call alone can make a seat liable (v4, reading 12).
        return translator.gettext("Only the winner can have failed to call last card; seat {seat} did "
                                  "not go out", seat=seat)
    if seat == params["winner"]:
        return translator.gettext("Seat {seat} won the deal and cannot pay for everyone; mark a loser as the "
                         "one who takes all", seat=seat)
    return translator.gettext("Seat {seat} cannot pay for everyone: there is no such seat at this table",
                     seat=seat)


def _result_places(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    # The seats as written in the result, in its order (a list of numbers, not a sentence).
    if not params["places"]:
        return translator.gettext("The places must name every seat exactly once, first out first; the "
                         "result gives none")
    return translator.gettext("The places must name every seat exactly once, first out first; the result "
                     "gives {given}", given=", ".join(map(str, params["places"])))


def _duplicate_card(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    # Under one deck an error carries the card alone; with copies (v4) also how often it
    # appears and how often the decks hold it.
    count = params.get("count")
    if count is None:
        return translator.gettext("{card} appears twice", card=card_text(params["card"], translator.lang))
    if params["card"] == "JK":
        return translator.gettext("{count} jokers appear; the decks hold {held}",
                                  count=count, held=params["held"])
    return translator.gettext("{card} appears {count} times; the decks hold it {held} times",
                              card=card_text(params["card"], translator.lang), count=count,
                              held=params["held"])


def _card_not_held(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    # With copies or jokers (v4) a card may be held, only fewer times than the play names it.
    seat, held = error["seat"], params.get("held")
    if held is None:
        return translator.gettext("Seat {seat} does not hold {cards}", seat=seat,
                                  cards=cards_text(params["cards"], translator.lang))
    card, count = params["cards"][0], params["count"]
    if card == "JK":
        if held == 0:
            return translator.gettext("Seat {seat} holds no joker", seat=seat)
        return translator.gettext("Seat {seat} holds only {held} of the play's {count} jokers",
                                  seat=seat, held=held, count=count)
    text = card_text(card, translator.lang)
    if held == 1:
        return translator.gettext("Seat {seat} holds {card} once; the play names it {count} times",
                                  seat=seat, card=text, count=count)
    return translator.gettext("Seat {seat} holds {card} {held} times; the play names it {count} times",
                              seat=seat, card=text, held=held, count=count)


def _wrong_turn(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    if params.get("reason") == "unbeatable":
        return translator.gettext("{card} cannot be beaten: seat {expected} leads the next trick, not "
                                  "seat {seat}", card=card_text(params["card"], translator.lang),
                                  expected=params["expected"], seat=error["seat"])
    return translator.gettext("It is seat {expected}'s turn, not seat {seat}'s",
                              expected=params["expected"], seat=error["seat"])


def _proof_mismatch(params: dict[str, Any], error: dict[str, Any], translator: Translator) -> str:
    reason = params.get("reason")
    if reason == "commitment":
        return translator.gettext("The deal's proof does not hold: the revealed seed does not "
                                  "give the commitment")
    if reason == "deal_code":
        return translator.gettext("The deal's proof does not hold: the revealed seed and "
                                  "entropy make another deal code")
    # The error's own seat, as HAND_SIZE's: the text ruling counts it from 1.
    return translator.gettext("The deal's proof does not hold: seat {seat}'s hand is not what "
                              "the revealed seed deals", seat=error["seat"])


Renderer = Callable[[dict[str, Any], dict[str, Any], Translator], str]

_RENDERERS: dict[RuleCode, Renderer] = {
    RuleCode.PROOF_MISMATCH: _proof_mismatch,
    RuleCode.PLAYER_COUNT: _player_count,
    RuleCode.HAND_SIZE: lambda params, error, translator: translator.gettext(
        "Seat {seat} was dealt {actual} cards; this profile deals {expected}",
        seat=error["seat"], actual=params["actual"], expected=params["expected"]),
    RuleCode.DUPLICATE_CARD: _duplicate_card,
    RuleCode.WRONG_TURN: _wrong_turn,
    RuleCode.LOCKED_OUT: lambda params, error, translator: translator.gettext(
        "Seat {seat} passed and sits out until the next lead", seat=error["seat"]),
    RuleCode.CARD_NOT_HELD: _card_not_held,
    RuleCode.JOKER_STAND_IN: lambda params, error, translator: translator.gettext(
        "A joker must name the card it stands for: write JK=4♦"),
    RuleCode.CARD_COUNT: _card_count,
    RuleCode.NOT_A_COMBINATION: _not_a_combination,
    RuleCode.COMBINATION_NOT_ALLOWED: _by_reason,
    RuleCode.CATEGORY: lambda params, error, translator: translator.marked(_CATEGORY[params["table_kind"]]),
    RuleCode.DOES_NOT_BEAT: _does_not_beat,
    RuleCode.MUST_PLAY_HIGHEST: lambda params, error, translator: translator.gettext(
        "Seat {seat} has one card left: play your highest single, {card}",
        seat=params["protected"], card=card_text(params["highest"], translator.lang)),
    RuleCode.OPENING_CARD: _opening_card,
    RuleCode.LEADER_MUST_PLAY: lambda params, error, translator: translator.gettext("The leader may not pass"),
    RuleCode.MUST_PLAY: lambda params, error, translator: translator.gettext(
        "You must play in the first trick while you can beat it"),
    RuleCode.FORBIDDEN_FINISH: lambda params, error, translator: translator.gettext("You may not go out by leading a single 2"),
    RuleCode.MOVE_AFTER_END: lambda params, error, translator: translator.gettext(
        "The deal ended at move {ended_at}", ended_at=params["ended_at"]),
    RuleCode.INCOMPLETE: lambda params, error, translator: translator.gettext(
        "Deal {deal} ends before anyone went out", deal=error["deal"]),
    RuleCode.MATCH_OVER: lambda params, error, translator: translator.gettext(
        "The match ended after deal {last_deal}", last_deal=params["last_deal"]),
    RuleCode.DECLARED_MISMATCH: _declared,
    RuleCode.RESULT_WINNER: _result_winner,
    RuleCode.RESULT_CARD_COUNT: lambda params, error, translator: translator.gettext(
        "Seat {seat} cannot have {count} cards left; it was dealt {dealt}",
        seat=error["seat"], count=params["count"], dealt=params["dealt"]),
    RuleCode.RESULT_LIABLE: _result_liable,
    RuleCode.RESULT_PLACES: _result_places,
}


# The codes as plain strings, for the HTTP schemas' enums (schemas/).
CODES: tuple[str, ...] = tuple(code.value for code in _RENDERERS)


def render(error: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """The message for one error dict (code, deal, move, seat, params)."""
    params = error["params"]
    if (error["code"], params.get("reason")) in _SAYS:
        return _by_reason(params, error, translator(lang))
    return _RENDERERS[error["code"]](params, error, translator(lang))
