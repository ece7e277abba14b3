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


# Hong Kong, Taiwan, mainland China and the Philippines (docs/GLOSSARY.md).
LABELS['zh-Hant-HK'] = {'players': '玩家人數',
 'hand_size': '每人牌數',
 'leftover': '剩餘的牌',
 'direction': '出牌方向',
 'passing': '過牌',
 'suit_order': '花色大小',
 'triples': '三條',
 'five_card_hands': '五張牌牌型',
 'straights': '蛇',
 'straight_flushes': '同花順',
 'flush_compare': '花的比較',
 'five_card_order': '五張牌型大小',
 'cross_category': '跨牌型壓牌',
 'bombs': '炸彈',
 'bomb_hands': '炸彈牌型',
 'revolution': '革命',
 'must_play_first_trick': '第一圈必須出牌',
 'no_single_two_finish_on_lead': '不准以單張2開牌出完',
 'opening.first_deal': '第一局誰開牌',
 'opening.later_deals': '之後各局誰開牌',
 'match.max_deals': '最多局數',
 'match.target': '目標分數',
 'match.loss_limit': '輸分上限',
 'teams': '隊伍',
 'scoring.tiers': '罰分倍數',
 'scoring.two_held_factor': '剩2的倍數',
 'scoring.two_held_cards': '剩2的計法',
 'scoring.card_penalties': '個別牌罰分',
 'scoring.settlement': '結算方式',
 'straight_flush_compare': '同花順的比較',
 'straight_key': '決定蛇大小的牌',
 'scoring.two_held_mode': '剩2倍數計幾次',
 'scoring.card_values': '每張剩牌按點數計分',
 'scoring.held_hand_factor': '手上剩牌型的倍數'}
CHOICES['zh-Hant-HK'] = {'none': '無',
 'clockwise': '順時針',
 'counterclockwise': '逆時針',
 'rejoin': '過牌後可再出',
 'locked_out': '過牌後要等下一次開牌',
 'rank_first': '先比點數',
 'suit_first': '先比花色',
 'top_card': '最大的一張',
 'as_straights': '同蛇一樣比',
 'highest_rank': '最大點數',
 'top_of_run': '順序最尾一張',
 'anything': '任何牌',
 'lowest_card': '最細的牌',
 'previous_winner': '上局贏家',
 'undealt': '不發',
 'to_opener': '給開牌的人',
 'ranks': '點數',
 'ranks_and_suits': '點數和花色',
 'winner_takes_all': '贏家通吃',
 'penalty_only': '只計罰分',
 'winner_only': '只計贏家',
 'pairwise': '兩兩結算',
 'once': '一次',
 'per_two': '每張2',
 'straight': '蛇',
 'flush': '花',
 'full_house': '俘虜',
 'four_of_a_kind': '鐵支',
 'straight_flush': '同花順',
 'single': '單張',
 'pair': '對子',
 'triple': '三條'}
_WORDS['zh-Hant-HK'] = {'yes': '是',
 'no': '否',
 'none': '無',
 'from': '{n}張起x{m}',
 'all': '{cards}全部都有+{p}',
 'any': '{cards}任何一張+{p}',
 'seats': '{seats}號位',
 'against': ' 對 '}
_SUITS['zh-Hant-HK'] = {'C': '梅花', 'D': '方塊', 'H': '紅心', 'S': '黑桃'}
LABELS['zh-Hant-TW'] = {'players': '玩家人數',
 'hand_size': '每人牌數',
 'leftover': '剩餘的牌',
 'direction': '出牌方向',
 'passing': 'Pass',
 'suit_order': '花色大小',
 'triples': '三條',
 'five_card_hands': '五張牌牌型',
 'straights': '順子',
 'straight_flushes': '同花順',
 'flush_compare': '同花的比較',
 'five_card_order': '五張牌型大小',
 'cross_category': '跨牌型壓牌',
 'bombs': '炸彈',
 'bomb_hands': '炸彈牌型',
 'revolution': '革命',
 'must_play_first_trick': '第一輪必須出牌',
 'no_single_two_finish_on_lead': '不准以單張2開牌出完',
 'opening.first_deal': '第一局誰開牌',
 'opening.later_deals': '之後各局誰開牌',
 'match.max_deals': '最多局數',
 'match.target': '目標分數',
 'match.loss_limit': '輸分上限',
 'teams': '隊伍',
 'scoring.tiers': '罰分倍數',
 'scoring.two_held_factor': '剩2的倍數',
 'scoring.two_held_cards': '剩2的計法',
 'scoring.card_penalties': '個別牌罰分',
 'scoring.settlement': '結算方式',
 'straight_flush_compare': '同花順的比較',
 'straight_key': '決定順子大小的牌',
 'scoring.two_held_mode': '剩2倍數計幾次',
 'scoring.card_values': '每張剩牌依點數計分',
 'scoring.held_hand_factor': '手上剩牌型的倍數'}
CHOICES['zh-Hant-TW'] = {'none': '無',
 'clockwise': '順時針',
 'counterclockwise': '逆時針',
 'rejoin': 'Pass後可再出',
 'locked_out': 'Pass後要等下一次開牌',
 'rank_first': '先比點數',
 'suit_first': '先比花色',
 'top_card': '最大的一張',
 'as_straights': '和順子一樣比',
 'highest_rank': '最大點數',
 'top_of_run': '順序最後一張',
 'anything': '任何牌',
 'lowest_card': '最小的牌',
 'previous_winner': '上局贏家',
 'undealt': '不發',
 'to_opener': '給開牌的人',
 'ranks': '點數',
 'ranks_and_suits': '點數和花色',
 'winner_takes_all': '贏家通吃',
 'penalty_only': '只計罰分',
 'winner_only': '只計贏家',
 'pairwise': '兩兩結算',
 'once': '一次',
 'per_two': '每張2',
 'straight': '順子',
 'flush': '同花',
 'full_house': '葫蘆',
 'four_of_a_kind': '鐵支',
 'straight_flush': '同花順',
 'single': '單張',
 'pair': '對子',
 'triple': '三條'}
_WORDS['zh-Hant-TW'] = {'yes': '是',
 'no': '否',
 'none': '無',
 'from': '{n}張起x{m}',
 'all': '{cards}全部都有+{p}',
 'any': '{cards}任何一張+{p}',
 'seats': '{seats}號位',
 'against': ' 對 '}
_SUITS['zh-Hant-TW'] = {'C': '梅花', 'D': '方塊', 'H': '紅心', 'S': '黑桃'}
LABELS['zh-Hans'] = {'players': '玩家人数',
 'hand_size': '每人牌数',
 'leftover': '剩余的牌',
 'direction': '出牌方向',
 'passing': '过牌',
 'suit_order': '花色大小',
 'triples': '三条',
 'five_card_hands': '五张牌牌型',
 'straights': '顺子',
 'straight_flushes': '同花顺',
 'flush_compare': '同花的比较',
 'five_card_order': '五张牌型大小',
 'cross_category': '跨牌型压牌',
 'bombs': '炸弹',
 'bomb_hands': '炸弹牌型',
 'revolution': '革命',
 'must_play_first_trick': '第一轮必须出牌',
 'no_single_two_finish_on_lead': '不准以单张2开牌出完',
 'opening.first_deal': '第一局谁开牌',
 'opening.later_deals': '之后各局谁开牌',
 'match.max_deals': '最多局数',
 'match.target': '目标分数',
 'match.loss_limit': '输分上限',
 'teams': '队伍',
 'scoring.tiers': '罚分倍数',
 'scoring.two_held_factor': '剩2的倍数',
 'scoring.two_held_cards': '剩2的计法',
 'scoring.card_penalties': '个别牌罚分',
 'scoring.settlement': '结算方式',
 'straight_flush_compare': '同花顺的比较',
 'straight_key': '决定顺子大小的牌',
 'scoring.two_held_mode': '剩2倍数计几次',
 'scoring.card_values': '每张剩牌按点数计分',
 'scoring.held_hand_factor': '手上剩牌型的倍数'}
CHOICES['zh-Hans'] = {'none': '无',
 'clockwise': '顺时针',
 'counterclockwise': '逆时针',
 'rejoin': '过牌后可再出',
 'locked_out': '过牌后要等下一次开牌',
 'rank_first': '先比点数',
 'suit_first': '先比花色',
 'top_card': '最大的一张',
 'as_straights': '和顺子一样比',
 'highest_rank': '最大点数',
 'top_of_run': '顺序最后一张',
 'anything': '任何牌',
 'lowest_card': '最小的牌',
 'previous_winner': '上局赢家',
 'undealt': '不发',
 'to_opener': '给开牌的人',
 'ranks': '点数',
 'ranks_and_suits': '点数和花色',
 'winner_takes_all': '赢家通吃',
 'penalty_only': '只计罚分',
 'winner_only': '只计赢家',
 'pairwise': '两两结算',
 'once': '一次',
 'per_two': '每张2',
 'straight': '顺子',
 'flush': '同花',
 'full_house': '葫芦',
 'four_of_a_kind': '铁支',
 'straight_flush': '同花顺',
 'single': '单张',
 'pair': '对子',
 'triple': '三条'}
_WORDS['zh-Hans'] = {'yes': '是',
 'no': '否',
 'none': '无',
 'from': '{n}张起x{m}',
 'all': '{cards}全部都有+{p}',
 'any': '{cards}任何一张+{p}',
 'seats': '{seats}号位',
 'against': ' 对 '}
_SUITS['zh-Hans'] = {'C': '梅花', 'D': '方块', 'H': '红心', 'S': '黑桃'}
LABELS['fil'] = {'players': 'manlalaro',
 'hand_size': 'baraha bawat kamay',
 'leftover': 'sobrang baraha',
 'direction': 'direksyon',
 'passing': 'pag-pass',
 'suit_order': 'ayos ng suit',
 'triples': 'triple',
 'five_card_hands': 'limang-barahang kombinasyon',
 'straights': 'straight',
 'straight_flushes': 'straight flush',
 'flush_compare': 'paghahambing ng flush',
 'five_card_order': 'ayos ng limang-barahang kombinasyon',
 'cross_category': 'pagitan ng kategorya',
 'bombs': 'bomba',
 'bomb_hands': 'kombinasyong bomba',
 'revolution': 'rebolusyon',
 'must_play_first_trick': 'dapat tumira sa unang ikot',
 'no_single_two_finish_on_lead': 'bawal maubos sa pagbukas ng isang 2',
 'opening.first_deal': 'nagbubukas sa unang deal',
 'opening.later_deals': 'nagbubukas sa mga susunod na deal',
 'match.max_deals': 'pinakamaraming deal',
 'match.target': 'target na puntos',
 'match.loss_limit': 'hangganan ng talo',
 'teams': 'koponan',
 'scoring.tiers': 'antas ng multa',
 'scoring.two_held_factor': 'multiplier sa natitirang 2',
 'scoring.two_held_cards': 'pagbilang ng natitirang 2',
 'scoring.card_penalties': 'multa sa baraha',
 'scoring.settlement': 'paraan ng bayaran',
 'straight_flush_compare': 'paghahambing ng straight flush',
 'straight_key': 'barahang nagpapasya sa straight',
 'scoring.two_held_mode': 'ilang beses ang multiplier sa 2',
 'scoring.card_values': 'puntos bawat natitirang baraha ayon sa ranggo',
 'scoring.held_hand_factor': 'multiplier sa hawak na kombinasyon'}
CHOICES['fil'] = {'none': 'wala',
 'clockwise': 'pakanan',
 'counterclockwise': 'pakaliwa',
 'rejoin': 'puwedeng bumalik',
 'locked_out': 'labas hanggang sa susunod na bukas',
 'rank_first': 'ranggo muna',
 'suit_first': 'suit muna',
 'top_card': 'pinakamataas na baraha',
 'as_straights': 'gaya ng straight',
 'highest_rank': 'pinakamataas na ranggo',
 'top_of_run': 'dulo ng sunod-sunod',
 'anything': 'kahit ano',
 'lowest_card': 'pinakamababang baraha',
 'previous_winner': 'nanalo sa nakaraang deal',
 'undealt': 'hindi ibinibigay',
 'to_opener': 'sa nagbubukas',
 'ranks': 'ranggo',
 'ranks_and_suits': 'ranggo at suit',
 'winner_takes_all': 'kuha lahat ng nanalo',
 'penalty_only': 'multa lang',
 'winner_only': 'nanalo lang',
 'pairwise': 'magkapares',
 'once': 'isang beses',
 'per_two': 'bawat 2',
 'straight': 'straight',
 'flush': 'flush',
 'full_house': 'full house',
 'four_of_a_kind': 'four of a kind',
 'straight_flush': 'straight flush',
 'single': 'single',
 'pair': 'pair',
 'triple': 'triple'}
_WORDS['fil'] = {'yes': 'oo',
 'no': 'hindi',
 'none': 'wala',
 'from': 'x{m} mula {n}',
 'all': '+{p} kung lahat ng {cards}',
 'any': '+{p} sa bawat isa sa {cards}',
 'seats': 'upuan {seats}',
 'against': ' laban sa '}
_SUITS['fil'] = {'C': 'trébol', 'D': 'diyamante', 'H': 'puso', 'S': 'ispada'}

# Rules v3's fields and choices in the same four languages (docs/GLOSSARY.md).
LABELS['zh-Hant-HK'].update({
    'four_card_hands': '四張牌牌型，由細到大', 'dragon': '一條龍（每個點數一張）',
    'opening.lead_alone': '最細的牌要單出', 'last_card_guard': '下家只剩一張牌時',
    'finish': '一局幾時完', 'revolution_repeats': '再出鐵支', 'scoring.place_points': '每個名次的分數'})
LABELS['zh-Hant-TW'].update({
    'four_card_hands': '四張牌牌型，由小到大', 'dragon': '一條龍（每個點數一張）',
    'opening.lead_alone': '最小的牌要單出', 'last_card_guard': '下家只剩一張牌時',
    'finish': '一局何時結束', 'revolution_repeats': '再出鐵支', 'scoring.place_points': '每個名次的分數'})
LABELS['zh-Hans'].update({
    'four_card_hands': '四张牌牌型，由小到大', 'dragon': '一条龙（每个点数一张）',
    'opening.lead_alone': '最小的牌要单出', 'last_card_guard': '下家只剩一张牌时',
    'finish': '一局何时结束', 'revolution_repeats': '再出铁支', 'scoring.place_points': '每个名次的分数'})
LABELS['fil'].update({
    'four_card_hands': 'apat-na-barahang kombinasyon, mula mababa hanggang mataas',
    'dragon': 'dragon (isang baraha ng bawat rank)',
    'opening.lead_alone': 'mag-isang ibinubukas ang pinakamababang baraha',
    'last_card_guard': 'kapag isang baraha na lang ang hawak ng susunod na manlalaro',
    'finish': 'kailan natatapos ang deal', 'revolution_repeats': 'isa pang four of a kind',
    'scoring.place_points': 'puntos bawat puwesto'})
CHOICES['zh-Hant-HK'].update({
    'on_twos': '只可以壓2', 'stays': '次序維持倒轉', 'toggles': '每次都倒轉次序',
    'highest_single': '要頂大', 'liable': '唔頂大就包賠全部',
    'first_out': '第一個出完牌就完', 'placings': '排好所有名次先完'})
CHOICES['zh-Hant-TW'].update({
    'on_twos': '只能壓2', 'stays': '次序維持倒轉', 'toggles': '每次都倒轉次序',
    'highest_single': '必須出最大的單張', 'liable': '不出最大就包賠全部',
    'first_out': '第一個出完牌就結束', 'placings': '排定所有名次才結束'})
CHOICES['zh-Hans'].update({
    'on_twos': '只能压2', 'stays': '次序保持倒转', 'toggles': '每次都倒转次序',
    'highest_single': '必须出最大的单张', 'liable': '不出最大就包赔全部',
    'first_out': '第一个出完牌就结束', 'placings': '排定所有名次才结束'})
CHOICES['fil'].update({
    'on_twos': 'sa 2 lang', 'stays': 'nananatiling baligtad ang pagkakasunod',
    'toggles': 'binabaligtad ang pagkakasunod tuwing mangyayari',
    'highest_single': 'dapat ang pinakamataas na single', 'liable': 'ang hindi tumira nito ang magbabayad para sa lahat',
    'first_out': 'kapag may unang naubusan', 'placings': 'kapag tiyak na ang lahat ng puwesto'})

def _lang(lang: str) -> str:
    return lang if lang in LABELS else "en"


def label(dotted: str, lang: str) -> str:
    return LABELS[_lang(lang)][dotted]


def value_text(dotted: str, value: Any, lang: str) -> str:
    """A field's declared value as a referee reads it: lists joined, tiers as 'x2 from 8'."""
    return _text(fields.BY_DOTTED[dotted].kind, value, _lang(lang))


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
