"""What a score sheet's problems say, in English, German and Italian.

A sheet's reader is a scorer, not a programmer: the messages name the sheet's own rows,
columns and player names, and say what to write, never which JSON field is wrong
(``Ben cannot have 14 cards left``, not ``Seat 1 cannot have 14 cards left``;
``write the cards Ben still held``, not ``give result.left``)."""

from __future__ import annotations

from typing import Any

from bigtwo.records.messages import DEFAULT_LANGUAGE, LANGUAGES, cards_text

SHEET_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "row": "row {row}",
        "row_column": "row {row}, column {column}",
        "no_profile": "a score sheet needs a profile: name a preset or a stored profile",
        "no_header": "the first row must be the header: deal,<name>,<name>,... (found {found})",
        "player_count": "the header names {n} {players}; this profile ({profile}) is for {m}",
        "player_1": "player",
        "code_column": " (is {name} the deal code column? Its header is {column})",
        "player_n": "players",
        "no_name": "player column {i} has no name",
        "long_name": "player column {i}'s name is longer than {n} characters",
        "name_twice": "this player name appears twice in the header",
        "empty": "the sheet is empty: it needs the header deal,<name>,<name>,... and a row per deal",
        "no_deals": "the sheet has a header but no deals",
        "unreadable": "not readable as CSV: {error}",
        "too_many_rows": "a sheet holds at most {n} deals",
        "stopped": "and possibly more: a sheet's problems are listed up to {n}",
        "more": "and {n} more problems like these",
        "more_1": "and 1 more problem like these",
        "width": "{n} cells; the header has {m}",
        "totals_last": "the totals row ({row}) must be the last row of the sheet",
        "not_total": "{text} is not a total (a whole number like -5 or +12)",
        "wrong_total": "the sheet's total is {said:+d}; the deals above give {real:+d}",
        "deck": "{n} cards is more than a deck holds",
        "not_a_cell": "{text} is neither a count nor a card (cards like 2S, TH, 10h, K♠, space-separated)",
        "negative": "{n} is not a number of cards: write how many cards {name} still held (0 to {most})",
        "too_many_left": "{name} cannot have {n} cards left: a player is dealt {most}",
        "dealt_fewer": "{name} cannot have {n} cards left: {name} was dealt {dealt}",
        "mixed": ("the row mixes counts and card lists for its losers (count in {counted}; cards in "
                  "{listed}): write every loser's cards, or every loser's count"),
        "needs_cards": ("this profile scores the cards themselves ({why}), not only how many: write "
                        "the cards each player still held, like 2S 5C, not a count"),
        "why_two": "a 2 still held multiplies the penalty",
        "why_cards": "some cards cost extra points",
        "and": "and",
        "no_winner": ("nobody went out: the winner's cell is 0 or empty, and every cell of this row "
                      "holds cards"),
        "winners": "only one player goes out in a deal, but {names} have no cards left",
        "twice": "{card} is written twice in this row",
        "not_dealt": "{name} was not dealt {cards} (deal code {code})",
        "code_players": "the deal code {code} deals {actual} hands; this sheet has {expected} players",
        "code_hand": "the deal code {code} deals {name} {actual} cards; this profile deals {expected}",
        "liable_winner": ("{name} went out and cannot take all: put the * after the cell of the "
                          "player who pays for everyone"),
        "liable_twice": "only one player takes all in a deal, but {names} are marked with *",
        "no_liable": ("this profile has no \"takes all\" rule (last card guard: liable): remove the "
                      "* after {name}'s cell"),
        "not_a_place": "{text} is not a place: write each player's place in this deal, 1 to {n}",
        "places_twice": "each place is taken by one player, but {names} all have place {place}",
        "bad_code": "{detail}",
    },
    "de": {
        "row": "Zeile {row}",
        "row_column": "Zeile {row}, Spalte {column}",
        "no_profile": "ein Spielzettel braucht ein Profil: nenne eine Vorlage oder ein gespeichertes Profil",
        "no_header": ("die erste Zeile muss die Kopfzeile sein: deal,<Name>,<Name>,... "
                      "(gefunden: {found})"),
        "player_count": "die Kopfzeile nennt {n} {players}; dieses Profil ({profile}) ist für {m}",
        "player_1": "Spieler",
        "code_column": " (ist {name} die Spalte der Partie-Codes? Ihre Überschrift ist {column})",
        "player_n": "Spieler",
        "no_name": "Spielerspalte {i} hat keinen Namen",
        "long_name": "der Name in Spielerspalte {i} ist länger als {n} Zeichen",
        "name_twice": "dieser Spielername steht zweimal in der Kopfzeile",
        "empty": ("der Zettel ist leer: er braucht die Kopfzeile deal,<Name>,<Name>,... und eine "
                  "Zeile je Partie"),
        "no_deals": "der Zettel hat eine Kopfzeile, aber keine Partien",
        "unreadable": "nicht als CSV lesbar: {error}",
        "too_many_rows": "ein Zettel fasst höchstens {n} Partien",
        "stopped": "und womöglich mehr: die Probleme eines Zettels werden bis zu {n} aufgeführt",
        "more": "und {n} weitere Probleme dieser Art",
        "more_1": "und 1 weiteres Problem dieser Art",
        "width": "{n} Zellen; die Kopfzeile hat {m}",
        "totals_last": "die Summenzeile ({row}) muss die letzte Zeile des Zettels sein",
        "not_total": "{text} ist keine Summe (eine ganze Zahl wie -5 oder +12)",
        "wrong_total": "auf dem Zettel steht {said:+d}; die Partien darüber ergeben {real:+d}",
        "deck": "{n} Karten sind mehr, als ein Spiel hat",
        "not_a_cell": ("{text} ist weder eine Anzahl noch eine Karte (Karten wie 2S, TH, 10h, K♠, "
                       "durch Leerzeichen getrennt)"),
        "negative": ("{n} ist keine Kartenzahl: schreib, wie viele Karten {name} noch hatte "
                     "(0 bis {most})"),
        "too_many_left": "{name} kann nicht {n} Karten übrig haben: jeder bekommt {most}",
        "dealt_fewer": "{name} kann nicht {n} Karten übrig haben: {name} hat {dealt} bekommen",
        "mixed": ("die Zeile mischt Anzahlen und Karten bei den Verlierern (Anzahl bei {counted}; "
                  "Karten bei {listed}): schreib bei jedem Verlierer die Karten oder bei jedem die "
                  "Anzahl"),
        "needs_cards": ("dieses Profil wertet die Karten selbst ({why}), nicht nur ihre Anzahl: "
                        "schreib die Karten, die jeder noch hatte, etwa 2S 5C, keine Anzahl"),
        "why_two": "eine 2 auf der Hand vervielfacht die Strafe",
        "why_cards": "manche Karten kosten Extrapunkte",
        "and": "und",
        "no_winner": ("niemand ist ausgegangen: beim Sieger steht 0 oder nichts, und in jeder Zelle "
                      "dieser Zeile stehen Karten"),
        "winners": "nur einer geht in einer Partie aus, aber {names} haben keine Karten mehr",
        "twice": "{card} steht zweimal in dieser Zeile",
        "not_dealt": "{name} hat {cards} nicht bekommen (Partie-Code {code})",
        "code_players": ("der Partie-Code {code} gibt {actual} Hände; dieser Zettel hat {expected} "
                         "Spieler"),
        "code_hand": ("der Partie-Code {code} gibt {name} {actual} Karten; dieses Profil gibt "
                      "{expected}"),
        "liable_winner": ("{name} ist ausgegangen und kann nicht für alle zahlen: setz den * hinter "
                          "die Zelle des Spielers, der für alle zahlt"),
        "liable_twice": "nur einer zahlt in einer Partie für alle, aber {names} sind mit * markiert",
        "no_liable": ("dieses Profil kennt kein „zahlt für alle“ (Schutz der letzten Karte: "
                      "liable): entferne den * hinter der Zelle von {name}"),
        "not_a_place": ("{text} ist keine Platzierung: schreib, als Wievielter jeder Spieler "
                        "ausging, 1 bis {n}"),
        "places_twice": "jede Platzierung hat nur ein Spieler, aber {names} haben alle {place}",
        "bad_code": "kein gültiger Partie-Code ({detail})",
    },
    "it": {
        "row": "riga {row}",
        "row_column": "riga {row}, colonna {column}",
        "no_profile": "un foglio segnapunti richiede un profilo: indica un preset o un profilo salvato",
        "no_header": ("la prima riga deve essere l'intestazione: deal,<nome>,<nome>,... "
                      "(trovato: {found})"),
        "player_count": "l'intestazione nomina {n} {players}; questo profilo ({profile}) è per {m}",
        "player_1": "giocatore",
        "code_column": " ({name} è la colonna dei codici della mano? La sua intestazione è {column})",
        "player_n": "giocatori",
        "no_name": "la colonna giocatore {i} non ha un nome",
        "long_name": "il nome nella colonna giocatore {i} supera i {n} caratteri",
        "name_twice": "questo nome compare due volte nell'intestazione",
        "empty": ("il foglio è vuoto: servono l'intestazione deal,<nome>,<nome>,... e una riga per "
                  "mano"),
        "no_deals": "il foglio ha l'intestazione ma nessuna mano",
        "unreadable": "non leggibile come CSV: {error}",
        "too_many_rows": "un foglio contiene al massimo {n} mani",
        "stopped": "e forse altri: si elencano al massimo {n} problemi per foglio",
        "more": "e altri {n} problemi simili",
        "more_1": "e 1 altro problema simile",
        "width": "{n} celle; l'intestazione ne ha {m}",
        "totals_last": "la riga dei totali ({row}) deve essere l'ultima del foglio",
        "not_total": "{text} non è un totale (un numero intero come -5 o +12)",
        "wrong_total": "il foglio dice {said:+d}; le mani sopra danno {real:+d}",
        "deck": "{n} carte sono più di quante ne abbia un mazzo",
        "not_a_cell": ("{text} non è né un numero né una carta (carte come 2S, TH, 10h, K♠, separate "
                       "da spazi)"),
        "negative": ("{n} non è un numero di carte: scrivi quante carte aveva ancora {name} "
                     "(da 0 a {most})"),
        "too_many_left": "{name} non può avere {n} carte rimaste: ognuno ne riceve {most}",
        "dealt_fewer": "{name} non può avere {n} carte rimaste: {name} ne ha ricevute {dealt}",
        "mixed": ("la riga mescola numeri ed elenchi di carte per i perdenti (numero per {counted}; "
                  "carte per {listed}): scrivi per ogni perdente le carte, o per ognuno il numero"),
        "needs_cards": ("questo profilo conta le carte stesse ({why}), non solo quante sono: scrivi "
                        "le carte rimaste a ogni giocatore, come 2S 5C, non un numero"),
        "why_two": "un 2 rimasto in mano moltiplica la penalità",
        "why_cards": "alcune carte costano punti in più",
        "and": "e",
        "no_winner": ("nessuno ha chiuso: per il vincitore si scrive 0 o niente, e ogni cella di "
                      "questa riga ha carte"),
        "winners": "in una mano chiude un solo giocatore, ma {names} non hanno più carte",
        "twice": "{card} è scritta due volte in questa riga",
        "not_dealt": "{name} non ha ricevuto {cards} (codice della mano {code})",
        "code_players": ("il codice della mano {code} dà {actual} mani; questo foglio ha {expected} "
                         "giocatori"),
        "code_hand": ("il codice della mano {code} dà a {name} {actual} carte; questo profilo ne dà "
                      "{expected}"),
        "liable_winner": ("{name} ha chiuso e non può pagare per tutti: metti il * dopo la cella "
                          "del giocatore che paga per tutti"),
        "liable_twice": "in una mano paga per tutti un solo giocatore, ma {names} hanno il *",
        "no_liable": ("questo profilo non ha la regola «paga per tutti» (guardia dell'ultima carta: "
                      "liable): togli il * dopo la cella di {name}"),
        "not_a_place": ("{text} non è un piazzamento: scrivi il posto in cui ogni giocatore ha "
                        "chiuso, da 1 a {n}"),
        "places_twice": "ogni piazzamento spetta a un solo giocatore, ma {names} hanno tutti {place}",
        "bad_code": "codice della mano non valido ({detail})",
    },
}

_QUOTES = {"en": ("'", "'"), "de": ("„", "“"), "it": ("«", "»")}


class SheetWords:
    """The sheet's messages in one language (an unknown language is the default one)."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self._words = SHEET_WORDS[self.lang]

    def __call__(self, key: str, **params: Any) -> str:
        return self._words[key].format(**params)

    def quoted(self, text: str) -> str:
        """A cell as the scorer typed it, quoted the way the language quotes."""
        if self.lang == "en":
            return repr(text)
        left, right = _QUOTES[self.lang]
        return f"{left}{text}{right}"

    def names(self, names: list[str]) -> str:
        """'Ana, Ben and Cai'."""
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self._words['and']} {names[-1]}"

    def cards(self, names: list[str]) -> str:
        return cards_text(names, self.lang)


assert all(set(words) == set(SHEET_WORDS["en"]) for words in SHEET_WORDS.values())
