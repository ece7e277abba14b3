"""Plain-language messages for rule errors, in English, German and Italian.

Rendering happens at the edge (report building): the replay only produces codes and params.
German follows the wording of seed 001 ("Der erste Zug muss Karo 3 enthalten",
"Paar 9 schlägt Paar K nicht", "Spiel 5 Karten - du hast 4 gewählt").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.runs import RUN_BY_RANKS

LANGUAGES = ("en", "de", "it")
DEFAULT_LANGUAGE = "en"

KIND_NAMES = {
    "en": {"single": "single", "pair": "pair", "triple": "triple", "straight": "straight",
           "flush": "flush", "full_house": "full house", "four_of_a_kind": "four of a kind",
           "straight_flush": "straight flush", "two_pair": "two pair", "dragon": "dragon"},
    "de": {"single": "Einzelkarte", "pair": "Paar", "triple": "Drilling", "straight": "Straße",
           "flush": "Flush", "full_house": "Full House", "four_of_a_kind": "Vierling",
           "straight_flush": "Straight Flush", "two_pair": "Doppelpaar", "dragon": "Drache"},
    "it": {"single": "singola", "pair": "coppia", "triple": "tris", "straight": "scala",
           "flush": "colore", "full_house": "full", "four_of_a_kind": "poker",
           "straight_flush": "scala reale", "two_pair": "doppia coppia", "dragon": "drago"},
}
_DE_SUITS = {"C": "Kreuz", "D": "Karo", "H": "Herz", "S": "Pik"}
_DE_RANKS = {"T": "10", "J": "B", "Q": "D"}


def pick_language(*candidates: str | None) -> str:
    """The first supported language among explicit choices and Accept-Language headers.

    Each candidate is a plain tag ("de") or a header ("fr, de;q=0.8, en;q=0.5"), whose tags
    are tried by weight, highest first; q=0 means "not this one"."""
    for candidate in candidates:
        if not candidate:
            continue
        weighted = []
        for position, part in enumerate(candidate.split(",")):
            tag, *params = (p.strip() for p in part.split(";"))
            weight = 1.0
            for param in params:
                if param.lower().startswith("q="):
                    try:
                        weight = float(param[2:])
                    except ValueError:
                        weight = 0.0
            weighted.append((-weight, position, tag.lower()[:2]))
        for negative_weight, _, tag in sorted(weighted):
            if negative_weight < 0 and tag in LANGUAGES:
                return tag
    return DEFAULT_LANGUAGE


def card_text(card: str, lang: str) -> str:
    rank, suit = card[0], card[1]
    if lang == "de":
        return f"{_DE_SUITS[suit]} {_DE_RANKS.get(rank, rank)}"
    return ("10" if rank == "T" else rank) + cards.SUIT_SYMBOLS[suit]


def cards_text(names: list[str], lang: str) -> str:
    return (", " if lang == "de" else " ").join(card_text(c, lang) for c in names)


def _rank_text(card: str, lang: str) -> str:
    rank = card[0]
    if lang == "de":
        return _DE_RANKS.get(rank, rank)
    return "10" if rank == "T" else rank


def _to_rank(rank: str, lang: str) -> str:
    """'to 7' / 'bis 7' / 'al 7' (Italian elides before a vowel: 'all'8', 'all'A')."""
    if lang == "it":
        return f"all'{rank}" if rank[:1] in ("8", "A") else f"al {rank}"
    return f"{'to' if lang == 'en' else 'bis'} {rank}"


def combo_label(kind: str, cards_: list[str], top: str, lang: str) -> str:
    """Short name of a combination as a game client shows it: 'Pair K', 'Straight to 7'."""
    name = KIND_NAMES[lang][kind]
    name = name[0].upper() + name[1:]
    if kind == "single":
        return card_text(top, lang) if lang == "de" else f"{name} {card_text(top, lang)}"
    if kind in ("straight", "straight_flush"):
        return f"{name} {_to_rank(_rank_text(top, lang), lang)}"
    if kind == "flush":
        return f"{name} {card_text(top, lang)}" if lang != "de" else f"{name} {_DE_SUITS[top[1]]}"
    if kind == "dragon":
        return f"{name} 3-2"  # RECORDS v3: "Dragon 3-2"
    if kind == "two_pair":
        return f"{name} {_two_pair_ranks(cards_, lang)}"
    return f"{name} {_rank_text(top, lang)}"


def _two_pair_ranks(names: list[str], lang: str) -> str:
    """The two ranks of a two pair, the higher first as the cards are ordered: 'K-9'."""
    ranks: list[str] = []
    for c in reversed(names):
        if c[0] not in ranks:
            ranks.append(c[0])
    return "-".join(_rank_text(r + "S", lang) for r in ranks)


def _suit_text(card: str, lang: str) -> str:
    return _DE_SUITS[card[1]] if lang == "de" else cards.SUIT_SYMBOLS[card[1]]


def _ranks_text(names: list[str], lang: str, order: str) -> str:
    """The ranks of a flush from the highest down, in the rank order in force."""
    ranked = sorted(names, key=lambda c: order.index(c[0]), reverse=True)
    return "-".join(_rank_text(c, lang) for c in ranked)


def _decided(kind: str, mine: list[str], top: str, other: list[str], other_top: str,
             p: dict[str, Any], lang: str) -> str:
    """One side of a same-kind comparison, naming what decided it: the rank where ranks
    differ, the cards (their suits) where ranks tie (RECORDS: messages say what decided)."""
    name = KIND_NAMES[lang][kind]
    order = cards.RANKS[::-1] if p.get("revolution") else cards.RANKS
    same_ranks = sorted(c[0] for c in mine) == sorted(c[0] for c in other)
    if kind == "single":
        return card_text(top, lang) if lang == "de" else f"{name} {card_text(top, lang)}"
    if kind == "two_pair":
        # Keyed by its highest card (reading 5): its rank where ranks differ, else the card.
        text = f"{name} {_two_pair_ranks(mine, lang)}"
        return f"{text} ({card_text(top, lang)})" if top[0] == other_top[0] else text
    if kind == "dragon":
        return combo_label(kind, mine, top, lang)
    if kind == "pair":
        if lang == "de" and not same_ranks:
            return f"{name} {_rank_text(top, lang)}"  # 001: "Paar 9 schlägt Paar K nicht"
        return f"{name} {cards_text(mine, lang)}"
    if kind == "straight_flush" and p.get("straight_flush_compare") == "suit_first" \
            and top[1] != other_top[1]:
        # Suits decide straight flushes of different suits, whatever their ranks.
        run = RUN_BY_RANKS[frozenset(c[0] for c in mine)]
        return f"{name} {_suit_text(top, lang)} {'-'.join(_rank_text(r + 'S', lang) for r in run)}"
    if kind in ("straight", "straight_flush"):
        if not same_ranks and top[0] == other_top[0]:
            # Two runs with the same top card (23456 and A2345 both end in the 2): the
            # profile's list order decided, so name the runs.
            run = RUN_BY_RANKS[frozenset(c[0] for c in mine)]
            return f"{name} {'-'.join(_rank_text(r + 'S', lang) for r in run)}"
        shown = card_text(top, lang) if same_ranks else _rank_text(top, lang)
        return f"{name} {_to_rank(shown, lang)}"
    if kind == "flush" and p.get("flush_compare") == "top_card":
        return f"{name} {card_text(top, lang)}"  # the highest card alone decides
    if kind == "flush":
        suit, ranks = _suit_text(top, lang), _ranks_text(mine, lang, order)
        if p.get("flush_compare") == "rank_first":
            return f"{name} {ranks} {suit}" if same_ranks else f"{name} {ranks}"
        return f"{name} {suit} {ranks}" if top[1] == other_top[1] else f"{name} {suit}"
    return f"{name} {_rank_text(top, lang)}"  # triple, full house, four of a kind: the rank


_REVOLUTION = {"en": " (revolution: the order is reversed, 2 is lowest)",
               "de": " (Revolution: die Reihenfolge ist umgekehrt, die 2 ist am niedrigsten)",
               "it": " (rivoluzione: l'ordine è invertito, il 2 è il più basso)"}
_REVOLUTION_SUITS = {
    "en": " (revolution: ranks and suits are reversed, 2 is lowest)",
    "de": " (Revolution: Ränge und Farben sind umgekehrt, die 2 ist am niedrigsten)",
    "it": " (rivoluzione: valori e semi sono invertiti, il 2 è il più basso)"}


def _across(kind: str, names: list[str], top: str, lang: str) -> str:
    """One side of a comparison across kinds: the kind and its cards (a dragon by its name)."""
    if kind == "dragon":
        return combo_label(kind, names, top, lang)
    return f"{KIND_NAMES[lang][kind]} {cards_text(names, lang)}"


def _does_not_beat(p: dict[str, Any], lang: str) -> str:
    played, table = p["played_kind"], p["table_kind"]
    if played == table:
        left = _decided(played, p["played"], p["played_top"], p["table"], p["table_top"], p, lang)
        right = _decided(table, p["table"], p["table_top"], p["played"], p["played_top"], p, lang)
    elif lang == "de":
        left = combo_label(played, p["played"], p["played_top"], "de")
        right = combo_label(table, p["table"], p["table_top"], "de")
    else:
        left = _across(played, p["played"], p["played_top"], lang)
        right = _across(table, p["table"], p["table_top"], lang)
    left = left[0].upper() + left[1:]
    if lang == "de":
        text = f"{left} schlägt {right} nicht"
    else:
        text = f"{left} {'does not beat' if lang == 'en' else 'non batte'} {right}"
    if p.get("suits_reversed"):
        return text + _REVOLUTION_SUITS[lang]
    return text + (_REVOLUTION[lang] if p.get("revolution") else "")


_NOT_ALLOWED = {
    "en": {"no_triples": "House rule: no triples",
           "no_five_card_hands": "House rule: no five-card hands",
           "no_two_in_straights": "House rule: no 2 in straights",
           "straight_not_listed": "House rule: this straight does not count"},
    "de": {"no_triples": "Hausregel: keine Drillinge",
           "no_five_card_hands": "Hausregel: keine Fünfer-Kombinationen",
           "no_two_in_straights": "Hausregel: keine 2 in Straßen",
           "straight_not_listed": "Hausregel: diese Straße gilt nicht"},
    "it": {"no_triples": "Regola della casa: niente tris",
           "no_five_card_hands": "Regola della casa: niente combinazioni a cinque carte",
           "no_two_in_straights": "Regola della casa: niente 2 nelle scale",
           "straight_not_listed": "Regola della casa: questa scala non vale"},
}
_NO_COMBINATION = {
    "en": ("These cards form no combination",
           "Four cards are no combination: a four of a kind needs a fifth card"),
    "de": ("Diese Karten ergeben keine Kombination",
           "Vier gleiche Karten allein sind keine Kombination, sie brauchen eine fünfte"),
    "it": ("Queste carte non formano una combinazione",
           "Quattro carte non sono una combinazione: il poker richiede una quinta carta"),
}


def _card_count(p: dict[str, Any], lang: str) -> str:
    expected, actual = len(p["table"]), len(p["played"])
    if lang == "de":
        noun = "Karte" if expected == 1 else "Karten"
        return f"Spiel {expected} {noun} - du hast {actual} gewählt"
    if lang == "it":
        return f"Gioca {expected} {'carta' if expected == 1 else 'carte'}, non {actual}"
    return f"Play {expected} {'card' if expected == 1 else 'cards'}, not {actual}"


# Articles and adjective endings by grammatical gender (German m/f/n, Italian m/f).
_DE_GENDER = {"straight": "f", "flush": "m", "full_house": "n", "four_of_a_kind": "m",
              "straight_flush": "m"}
_IT_FEMININE = {"straight", "straight_flush"}


def _category(p: dict[str, Any], lang: str) -> str:
    table_kind = p["table_kind"]
    kind = KIND_NAMES[lang][table_kind]
    if lang == "de":
        gender = _DE_GENDER.get(table_kind, "f")
        nominative = {"m": "ein höherer", "f": "eine höhere", "n": "ein höheres"}[gender]
        accusative = {"m": "einen", "f": "eine", "n": "ein"}[gender]
        return f"Hier schlägt nur {nominative} {kind} {accusative} {kind}"
    if lang == "it":
        if table_kind in _IT_FEMININE:
            return f"Qui una {kind} si batte solo con una {kind} più alta"
        return f"Qui un {kind} si batte solo con un {kind} più alto"
    return f"Only a higher {kind} beats a {kind} here"


def _declared(p: dict[str, Any], e: dict[str, Any], lang: str) -> str:
    actual = p["actual"]
    if p["field"] == "winner":
        rules = {"en": f"seat {actual}" if actual is not None else "no winner",
                 "de": f"Platz {actual}" if actual is not None else "kein Sieger",
                 "it": f"posto {actual}" if actual is not None else "nessun vincitore"}[lang]
        return {"en": f"Declared winner is seat {p['declared']}; the rules give {rules}",
                "de": f"Angegebener Sieger ist Platz {p['declared']}; nach den Regeln: {rules}",
                "it": f"Vincitore dichiarato: posto {p['declared']}; secondo le regole: {rules}"}[lang]
    if p["field"] == "scores":
        return {"en": "Declared scores do not match the replay (it gives "
                      f"{actual if actual is not None else 'no scores'})",
                "de": "Angegebene Punkte passen nicht zur Partie (sie ergibt "
                      f"{actual if actual is not None else 'keine Punkte'})",
                "it": "I punteggi dichiarati non corrispondono (la partita dà "
                      f"{actual if actual is not None else 'nessun punteggio'})"}[lang]
    seat = e["seat"]
    return {"en": f"Declared score for seat {seat} is {p['declared']}; the rules give {actual}",
            "de": f"Angegebene Punkte für Platz {seat}: {p['declared']}; nach den Regeln {actual}",
            "it": f"Punteggio dichiarato per il posto {seat}: {p['declared']}; secondo le regole {actual}"}[lang]


def _seat_list(seats: list[int], lang: str) -> str:
    word = {"en": ("seat", "seats", "and"), "de": ("Platz", "Plätze", "und"),
            "it": ("il posto", "i posti", "e")}[lang]
    if len(seats) == 1:
        return f"{word[0]} {seats[0]}"
    return f"{word[1]} {', '.join(map(str, seats[:-1]))} {word[2]} {seats[-1]}"


def _result_winner(p: dict[str, Any], lang: str) -> str:
    seats = list(p["seats"])
    if lang == "de":
        head = "Genau ein Platz muss ohne Karten sein; "
        return head + ("jeder Platz hat noch Karten" if not seats
                       else f"{_seat_list(seats, lang)} haben keine mehr")
    if lang == "it":
        head = "Esattamente un posto deve restare senza carte; "
        return head + ("ogni posto ha ancora carte" if not seats
                       else f"{_seat_list(seats, lang)} non ne hanno più")
    head = "Exactly one seat must have no cards left; "
    return head + ("every seat still holds cards" if not seats
                   else f"{_seat_list(seats, lang)} have none")


def _result_count(p: dict[str, Any], e: dict[str, Any], lang: str) -> str:
    seat, count, dealt = e["seat"], p["count"], p["dealt"]
    return {"en": f"Seat {seat} cannot have {count} cards left; it was dealt {dealt}",
            "de": f"Platz {seat} kann nicht {count} Karten übrig haben; er hat {dealt} bekommen",
            "it": f"Il posto {seat} non può avere {count} carte rimaste; ne ha ricevute {dealt}",
            }[lang]


def _must_play_highest(p: dict[str, Any], lang: str) -> str:
    seat, card = p["protected"], card_text(p["highest"], lang)
    return {"en": f"Seat {seat} has one card left: play your highest single, {card}",
            "de": f"Platz {seat} hat nur noch eine Karte: spiel deine höchste Einzelkarte, {card}",
            "it": f"Al posto {seat} resta una sola carta: gioca la tua singola più alta, {card}",
            }[lang]


def _result_liable(p: dict[str, Any], lang: str) -> str:
    seat = p["liable"]
    if seat == p["winner"]:
        return {"en": f"Seat {seat} won the deal and cannot pay for everyone; mark a loser as "
                      "the one who takes all",
                "de": f"Platz {seat} hat die Partie gewonnen und kann nicht für alle zahlen; "
                      "markiere einen Verlierer, der alles zahlt",
                "it": f"Il posto {seat} ha vinto la mano e non può pagare per tutti; segna il "
                      "perdente che paga tutto",
                }[lang]
    return {"en": f"Seat {seat} cannot pay for everyone: there is no such seat at this table",
            "de": f"Platz {seat} kann nicht für alle zahlen: diesen Platz gibt es an diesem Tisch nicht",
            "it": f"Il posto {seat} non può pagare per tutti: a questo tavolo non c'è",
            }[lang]


def _result_places(p: dict[str, Any], lang: str) -> str:
    given = ", ".join(map(str, p["places"])) or {"en": "none", "de": "keine", "it": "nessuno"}[lang]
    return {"en": "The places must name every seat exactly once, first out first; "
                  f"the result gives {given}",
            "de": "Die Platzierung muss jeden Platz genau einmal nennen, wer zuerst ausging "
                  f"zuerst; angegeben: {given}",
            "it": "I piazzamenti devono nominare ogni posto esattamente una volta, chi chiude "
                  f"prima per primo; il risultato dà {given}",
            }[lang]


Renderer = Callable[[dict[str, Any], dict[str, Any], str], str]

_T: dict[RuleCode, Renderer] = {
    RuleCode.PLAYER_COUNT: lambda p, e, lang: {
        "en": f"This profile is for {p['expected']} players; the record has {p['actual']} "
              + ("hands" if e["deal"] is not None else "player names"),
        "de": f"Dieses Profil ist für {p['expected']} Spieler; die Aufzeichnung hat {p['actual']} "
              + ("Hände" if e["deal"] is not None else "Spielernamen"),
        "it": f"Questo profilo è per {p['expected']} giocatori; la registrazione ha {p['actual']} "
              + ("mani" if e["deal"] is not None else "nomi"),
    }[lang],
    RuleCode.HAND_SIZE: lambda p, e, lang: {
        "en": f"Seat {e['seat']} was dealt {p['actual']} cards; this profile deals {p['expected']}",
        "de": f"Platz {e['seat']} hat {p['actual']} Karten bekommen; dieses Profil gibt {p['expected']}",
        "it": f"Al posto {e['seat']} sono state date {p['actual']} carte; questo profilo ne dà {p['expected']}",
    }[lang],
    RuleCode.DUPLICATE_CARD: lambda p, e, lang: {
        "en": f"{card_text(p['card'], lang)} appears twice",
        "de": f"{card_text(p['card'], lang)} kommt zweimal vor",
        "it": f"{card_text(p['card'], lang)} compare due volte",
    }[lang],
    RuleCode.WRONG_TURN: lambda p, e, lang: {
        "en": f"It is seat {p['expected']}'s turn, not seat {e['seat']}'s",
        "de": f"Platz {p['expected']} ist dran, nicht Platz {e['seat']}",
        "it": f"Tocca al posto {p['expected']}, non al posto {e['seat']}",
    }[lang],
    RuleCode.LOCKED_OUT: lambda p, e, lang: {
        "en": f"Seat {e['seat']} passed and sits out until the next lead",
        "de": f"Platz {e['seat']} hat gepasst und setzt bis zum nächsten Ausspielen aus",
        "it": f"Il posto {e['seat']} ha passato e resta fuori fino alla prossima apertura",
    }[lang],
    RuleCode.CARD_NOT_HELD: lambda p, e, lang: {
        "en": f"Seat {e['seat']} does not hold {cards_text(p['cards'], lang)}",
        "de": f"Platz {e['seat']} hat {cards_text(p['cards'], lang)} nicht auf der Hand",
        "it": f"Il posto {e['seat']} non ha {cards_text(p['cards'], lang)}",
    }[lang],
    RuleCode.CARD_COUNT: lambda p, e, lang: _card_count(p, lang),
    RuleCode.NOT_A_COMBINATION: lambda p, e, lang: _NO_COMBINATION[lang][p.get("reason") == "four_cards"],
    RuleCode.COMBINATION_NOT_ALLOWED: lambda p, e, lang: _NOT_ALLOWED[lang][p["reason"]],
    RuleCode.CATEGORY: lambda p, e, lang: _category(p, lang),
    RuleCode.DOES_NOT_BEAT: lambda p, e, lang: _does_not_beat(p, lang),
    RuleCode.MUST_PLAY_HIGHEST: lambda p, e, lang: _must_play_highest(p, lang),
    RuleCode.OPENING_CARD: lambda p, e, lang: {
        "en": f"The first play must be {card_text(p['card'], lang)} alone",
        "de": f"Der erste Zug muss {card_text(p['card'], lang)} allein sein",
        "it": f"La prima giocata deve essere {card_text(p['card'], lang)} da solo",
    }[lang] if p.get("alone") else {
        "en": f"The first play must contain {card_text(p['card'], lang)}",
        "de": f"Der erste Zug muss {card_text(p['card'], lang)} enthalten",
        "it": f"La prima giocata deve contenere {card_text(p['card'], lang)}",
    }[lang],
    RuleCode.LEADER_MUST_PLAY: lambda p, e, lang: {
        "en": "The leader may not pass",
        "de": "Wer ausspielt, darf nicht passen",
        "it": "Chi apre non può passare",
    }[lang],
    RuleCode.MUST_PLAY: lambda p, e, lang: {
        "en": "You must play in the first trick while you can beat it",
        "de": "Im ersten Stich musst du legen, solange du stechen kannst",
        "it": "Nella prima presa devi giocare finché puoi battere",
    }[lang],
    RuleCode.FORBIDDEN_FINISH: lambda p, e, lang: {
        "en": "You may not go out by leading a single 2",
        "de": "Mit einer einzelnen 2 als Ausspiel darfst du nicht ausgehen",
        "it": "Non puoi chiudere aprendo con un 2 singolo",
    }[lang],
    RuleCode.MOVE_AFTER_END: lambda p, e, lang: {
        "en": f"The deal ended at move {p['ended_at']}",
        "de": f"Die Partie endete mit Zug {p['ended_at']}",
        "it": f"La mano è finita alla mossa {p['ended_at']}",
    }[lang],
    RuleCode.INCOMPLETE: lambda p, e, lang: {
        "en": f"Deal {e['deal']} ends before anyone went out",
        "de": f"Partie {e['deal']} endet, bevor jemand ausgegangen ist",
        "it": f"La mano {e['deal']} finisce prima che qualcuno abbia chiuso",
    }[lang],
    RuleCode.MATCH_OVER: lambda p, e, lang: {
        "en": f"The match ended after deal {p['last_deal']}",
        "de": f"Das Match endete nach Partie {p['last_deal']}",
        "it": f"La partita è finita dopo la mano {p['last_deal']}",
    }[lang],
    RuleCode.DECLARED_MISMATCH: lambda p, e, lang: _declared(p, e, lang),
    RuleCode.RESULT_WINNER: lambda p, e, lang: _result_winner(p, lang),
    RuleCode.RESULT_CARD_COUNT: lambda p, e, lang: _result_count(p, e, lang),
    RuleCode.RESULT_LIABLE: lambda p, e, lang: _result_liable(p, lang),
    RuleCode.RESULT_PLACES: lambda p, e, lang: _result_places(p, lang),
}


# The codes as plain strings, for the HTTP schemas' enums (schemas/).
CODES: tuple[str, ...] = tuple(code.value for code in _T)


def render(error: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """The message for one error dict (code, deal, move, seat, params)."""
    return _T[error["code"]](error["params"], error, lang if lang in LANGUAGES else DEFAULT_LANGUAGE)
