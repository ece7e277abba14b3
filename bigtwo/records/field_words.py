"""Profile fields in words, in English, German and Italian: the referee's "house rules that
decide this" line.

The core says which fields explain an error and what they hold (``timeline.house_rules``:
field paths and declared values, as data); this module words them for one language. English
values read as the declaration spells them (``locked_out``, ``D < C < H < S``), so a referee
can copy them into a profile; German and Italian word them as ``messages`` does (cards as
"Karo 3" and "3♦"). Every registry field has a label in every language
(tests/core/test_registry.py holds it so).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo.records.messages import KIND_NAMES, LANGUAGES, card_text
from bigtwo.records.timeline import house_rules
from bigtwo.rules import fields, kinds
from bigtwo.rules.profiles import Profile

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "players": "seats at the table",
        "hand_size": "cards per hand",
        "direction": "turn order",
        "suit_order": "suits, low to high",
        "triples": "triples allowed",
        "five_card_hands": "five-card hands allowed",
        "straights": "straights, low to high",
        "straight_flushes": "straight flushes, low to high",
        "flush_compare": "how flushes compare",
        "straight_flush_compare": "how straight flushes compare",
        "straight_key": "the card that keys a straight",
        "five_card_order": "five-card categories, low to high",
        "cross_category": "a higher category beats a lower one",
        "bombs": "bombs",
        "bomb_hands": "hands that bomb",
        "passing": "after a pass",
        "opening.first_deal": "who leads the first deal",
        "opening.later_deals": "who leads the later deals",
        "must_play_first_trick": "no pass in the first trick while able to beat",
        "no_single_two_finish_on_lead": "no going out by leading a single 2",
        "leftover": "cards not dealt",
        "revolution": "revolution",
        "four_card_hands": "four-card hands, low to high",
        "opening.lead_alone": "the lowest card leads alone",
        "revolution_repeats": "a later four of a kind",
        "dragon": "dragons (one card of each rank)",
        "teams": "teams",
        "scoring.tiers": "penalty per card left",
        "scoring.two_held_factor": "factor for a held 2",
        "scoring.two_held_cards": "cards that count as a held 2",
        "scoring.card_penalties": "extra points for held cards",
        "scoring.settlement": "how a deal is settled",
        "scoring.two_held_mode": "how often the factor for a held 2 applies",
        "scoring.card_values": "points per card left, by rank",
        "scoring.held_hand_factor": "factor for a hand held",
        "last_card_guard": "when the next player holds one card",
        "finish": "when a deal ends",
        "scoring.place_points": "points per place",
        "match.max_deals": "deals in a match",
        "match.target": "points that end the match",
        "match.loss_limit": "loss that ends the match",
    },
    "de": {
        "players": "Spieler am Tisch",
        "hand_size": "Karten pro Hand",
        "direction": "Spielrichtung",
        "suit_order": "Farben, von niedrig nach hoch",
        "triples": "Drillinge erlaubt",
        "five_card_hands": "Fünf-Karten-Kombinationen erlaubt",
        "straights": "Straßen, von niedrig nach hoch",
        "straight_flushes": "Straight Flushes, von niedrig nach hoch",
        "flush_compare": "Vergleich zweier Flushes",
        "straight_flush_compare": "Vergleich zweier Straight Flushes",
        "straight_key": "die Karte, nach der eine Straße zählt",
        "five_card_order": "Fünf-Karten-Kategorien, von niedrig nach hoch",
        "cross_category": "höhere Kategorie schlägt niedrigere",
        "bombs": "Bomben",
        "bomb_hands": "Kombinationen, die Bomben sind",
        "passing": "nach dem Passen",
        "opening.first_deal": "wer das erste Spiel eröffnet",
        "opening.later_deals": "wer die weiteren Spiele eröffnet",
        "must_play_first_trick": "im ersten Stich kein Passen, wer schlagen kann",
        "no_single_two_finish_on_lead": "kein Ausgehen mit einer ausgespielten einzelnen 2",
        "leftover": "nicht ausgeteilte Karten",
        "revolution": "Revolution",
        "four_card_hands": "Viererkombinationen, von niedrig nach hoch",
        "opening.lead_alone": "die niedrigste Karte wird allein ausgespielt",
        "revolution_repeats": "ein weiterer Vierling",
        "dragon": "Drachen (eine Karte jedes Rangs)",
        "teams": "Teams",
        "scoring.tiers": "Minuspunkte pro Restkarte",
        "scoring.two_held_factor": "Faktor für eine behaltene 2",
        "scoring.two_held_cards": "Karten, die als behaltene 2 zählen",
        "scoring.card_penalties": "Extrapunkte für behaltene Karten",
        "scoring.settlement": "Abrechnung eines Spiels",
        "scoring.two_held_mode": "wie oft der Faktor für eine behaltene 2 gilt",
        "scoring.card_values": "Punkte pro Restkarte, nach Rang",
        "scoring.held_hand_factor": "Faktor für eine behaltene Kombination",
        "last_card_guard": "wenn der nächste Spieler nur noch eine Karte hat",
        "finish": "wann eine Partie endet",
        "scoring.place_points": "Punkte je Platzierung",
        "match.max_deals": "Spiele pro Partie",
        "match.target": "Punkte, die die Partie beenden",
        "match.loss_limit": "Verlust, der die Partie beendet",
    },
    "it": {
        "players": "giocatori al tavolo",
        "hand_size": "carte per mano",
        "direction": "senso di gioco",
        "suit_order": "semi, dal più basso al più alto",
        "triples": "tris ammessi",
        "five_card_hands": "combinazioni di cinque carte ammesse",
        "straights": "scale, dalla più bassa alla più alta",
        "straight_flushes": "scale reali, dalla più bassa alla più alta",
        "flush_compare": "confronto tra due colori",
        "straight_flush_compare": "confronto tra due scale reali",
        "straight_key": "la carta che conta in una scala",
        "five_card_order": "categorie di cinque carte, dalla più bassa alla più alta",
        "cross_category": "una categoria più alta batte una più bassa",
        "bombs": "bombe",
        "bomb_hands": "combinazioni che sono bombe",
        "passing": "dopo aver passato",
        "opening.first_deal": "chi apre la prima mano",
        "opening.later_deals": "chi apre le mani successive",
        "must_play_first_trick": "nella prima presa non passa chi può battere",
        "no_single_two_finish_on_lead": "non si chiude aprendo con un 2 singolo",
        "leftover": "carte non distribuite",
        "revolution": "rivoluzione",
        "four_card_hands": "combinazioni di quattro carte, dalla più bassa",
        "opening.lead_alone": "la carta più bassa si apre da sola",
        "revolution_repeats": "un poker successivo",
        "dragon": "draghi (una carta per valore)",
        "teams": "squadre",
        "scoring.tiers": "penalità per carta rimasta",
        "scoring.two_held_factor": "fattore per un 2 rimasto in mano",
        "scoring.two_held_cards": "carte che contano come 2 rimasto in mano",
        "scoring.card_penalties": "punti extra per carte rimaste in mano",
        "scoring.settlement": "come si conteggia una mano",
        "scoring.two_held_mode": "quante volte vale il fattore per un 2 rimasto in mano",
        "scoring.card_values": "punti per carta rimasta, secondo il valore",
        "scoring.held_hand_factor": "fattore per una combinazione rimasta in mano",
        "last_card_guard": "quando al giocatore seguente resta una carta",
        "finish": "quando finisce una mano",
        "scoring.place_points": "punti per piazzamento",
        "match.max_deals": "mani per partita",
        "match.target": "punti che chiudono la partita",
        "match.loss_limit": "perdita che chiude la partita",
    },
}

# The words of closed choices (English reads the choice as declared).
CHOICES: dict[str, dict[str, str]] = {
    "de": {
        "clockwise": "im Uhrzeigersinn", "counterclockwise": "gegen den Uhrzeigersinn",
        "rank_first": "erst Rang, dann Farbe", "suit_first": "erst Farbe, dann Rang",
        "none": "keine", "anything": "schlagen alles", "ranks": "Ränge umgedreht",
        "rejoin": "wieder dabei", "locked_out": "raus bis zum nächsten Ausspielen",
        "lowest_card": "niedrigste Karte", "previous_winner": "Gewinner des letzten Spiels",
        "undealt": "bleiben verdeckt liegen", "to_opener": "an den Eröffner",
        "winner_takes_all": "Gewinner bekommt alles", "penalty_only": "nur Minuspunkte",
        "winner_only": "nur der Gewinner zählt", "pairwise": "paarweise abgerechnet",
        "once": "einmal", "per_two": "für jede 2",
        "top_card": "nur die höchste Karte", "as_straights": "wie Straßen",
        "highest_rank": "die Karte mit dem höchsten Rang", "top_of_run": "die oberste Karte der Folge",
        "ranks_and_suits": "Ränge und Farben umgedreht",
        "on_twos": "nur auf eine 2", "stays": "lässt die Reihenfolge umgedreht",
        "toggles": "dreht die Reihenfolge jedes Mal um",
        "highest_single": "höchste Einzelkarte Pflicht", "liable": "wer sie nicht spielt, zahlt für alle",
        "first_out": "wenn der Erste ausgeht", "placings": "wenn alle Plätze feststehen",
        **KIND_NAMES["de"],
    },
    "it": {
        "clockwise": "in senso orario", "counterclockwise": "in senso antiorario",
        "rank_first": "prima il valore, poi il seme", "suit_first": "prima il seme, poi il valore",
        "none": "nessuna", "anything": "battono tutto", "ranks": "valori invertiti",
        "rejoin": "si rientra", "locked_out": "fuori fino alla prossima apertura",
        "lowest_card": "carta più bassa", "previous_winner": "vincitore della mano precedente",
        "undealt": "restano coperte", "to_opener": "a chi apre",
        "winner_takes_all": "il vincitore prende tutto", "penalty_only": "solo penalità",
        "winner_only": "conta solo il vincitore", "pairwise": "a coppie",
        "once": "una volta", "per_two": "per ogni 2",
        "top_card": "solo la carta più alta", "as_straights": "come le scale",
        "highest_rank": "la carta di valore più alto", "top_of_run": "la carta in cima alla sequenza",
        "ranks_and_suits": "valori e semi invertiti",
        "on_twos": "solo su un 2", "stays": "lascia l'ordine invertito",
        "toggles": "inverte l'ordine ogni volta",
        "highest_single": "obbligo della singola più alta", "liable": "chi non la gioca paga per tutti",
        "first_out": "quando il primo chiude", "placings": "quando tutti i piazzamenti sono decisi",
        **KIND_NAMES["it"],
    },
}

_WORDS: dict[str, dict[str, str]] = {
    "en": {"yes": "yes", "no": "no", "none": "none", "from": "x{m} from {n}",
           "all": "+{p} for all of {cards}", "any": "+{p} for any of {cards}",
           "seats": "seats {seats}", "against": " against "},
    "de": {"yes": "ja", "no": "nein", "none": "keine", "from": "x{m} ab {n}",
           "all": "+{p} für alle von {cards}", "any": "+{p} für eine von {cards}",
           "seats": "Plätze {seats}", "against": " gegen "},
    "it": {"yes": "sì", "no": "no", "none": "nessuno", "from": "x{m} da {n}",
           "all": "+{p} per tutte tra {cards}", "any": "+{p} per una tra {cards}",
           "seats": "posti {seats}", "against": " contro "},
}
_SUITS = {"de": {"C": "Kreuz", "D": "Karo", "H": "Herz", "S": "Pik"},
          "it": {"C": "fiori", "D": "quadri", "H": "cuori", "S": "picche"}}


def label(dotted: str, lang: str) -> str:
    return LABELS[lang][dotted]


def value_text(dotted: str, value: Any, lang: str) -> str:
    """A field's declared value as a referee reads it: lists joined, tiers as 'x2 from 8'."""
    return _text(fields.BY_DOTTED[dotted].kind, value, lang)


def _text(kind: kinds.Kind, value: Any, lang: str) -> str:
    words = _WORDS[lang]
    if value is None:
        return words["none"]
    if isinstance(kind, kinds.Bool):
        return words["yes"] if value else words["no"]
    if isinstance(kind, kinds.Choice):
        return CHOICES.get(lang, {}).get(value, str(value))
    if isinstance(kind, kinds.Card):
        return str(value) if lang == "en" else card_text(value, lang)
    if isinstance(kind, kinds.Teams):
        return words["against"].join(words["seats"].format(seats=" + ".join(map(str, team)))
                                     for team in value)
    if isinstance(kind, kinds.ListOf):
        if not value:
            return words["none"]
        item = kind.item
        if isinstance(item, kinds.Obj) and all("multiplier" in v for v in value):
            return ", ".join(words["from"].format(m=v["multiplier"], n=v["from"]) for v in value)
        if isinstance(item, kinds.Obj) and all("points" in v for v in value):
            return "; ".join(
                words["all" if v["all"] else "any"].format(
                    p=v["points"], cards=_cards(v["cards"], lang))
                for v in value)
        if isinstance(item, kinds.Text):  # suit letters
            return " < ".join(_SUITS[lang].get(s, s) if lang in _SUITS else s for s in value)
        return ", ".join(_text(item, v, lang) for v in value)
    if isinstance(kind, kinds.Obj):
        return "; ".join(f"{key} {_text(k, value[key], lang)}" for key, k in kind.keys)
    if isinstance(value, Mapping):  # e.g. points by rank
        return ", ".join(f"{key} = {v}" for key, v in value.items())
    return str(value)


def _cards(names: list[str], lang: str) -> str:
    return " ".join(names) if lang == "en" else ", ".join(card_text(c, lang) for c in names)


def house_rules_view(profile: Profile, code: str, params: Mapping[str, Any],
                     lang: str) -> list[dict[str, str]]:
    """The fields that explain an error, worded for ``lang``: field path, label and value."""
    return [{"field": dotted, "label": label(dotted, lang), "value": value_text(dotted, value, lang)}
            for dotted, value in house_rules(profile, code, params)]


assert set(LABELS) == set(LANGUAGES)
