"""The replay page speaks the chosen language throughout, counts from 1 with the 0-based
pointer beside, and names profiles sensibly."""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest

from app.web.present import one_based, profile_title
from app.web.words import RANK_WORDS, SUIT_WORDS, WORDS
from tests.conftest import example_record
from tests.web.test_pages import _text


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["de", "it"])
def test_every_language_has_every_string_with_the_same_fields(lang: str) -> None:
    assert WORDS[lang].keys() == WORDS["en"].keys()
    for key, english in WORDS["en"].items():
        assert _fields(WORDS[lang][key]) == _fields(english), key
    assert SUIT_WORDS[lang].keys() == SUIT_WORDS["en"].keys()
    assert RANK_WORDS[lang].keys() == RANK_WORDS["en"].keys()


# Words the English page shows that must not appear on the German or Italian one.
ENGLISH_ONLY = ["Hands as dealt", "Tricks", "led by", "Next move", "Totals", "Problems found",
                "cards x", "Pair ", "Single ", "passes"]


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", ["Blätter wie ausgeteilt", "Stiche", "Stich 2 · Platz", "Nächster Zug", "Kreuz 3",
            "Gefundene Probleme", "Platz 3 ist dran, nicht Platz 4"]),
    ("it", ["Mani come distribuite", "Prese", "Presa 2 · apre Posto", "Mossa successiva",
            "Singola 3♣", "Problemi trovati", "Tocca al posto 3, non al posto 4"]),
])
def test_replay_page_follows_the_language(client: Any, lang: str, expected: list[str]) -> None:
    record = example_record("pusoy-wrong-turn")
    answer = client.post(f"/replay?lang={lang}", data={"record": json.dumps(record)})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    visible = _text(answer)
    for words in expected:
        assert words in visible, words
    for words in ENGLISH_ONLY:
        assert words not in visible, words
    data = json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>',
                                html, re.S).group(1))
    assert data["words"]["text"] == {k: WORDS[lang][k] for k in data["words"]["text"]}
    labels = [m["label"] for m in data["deals"][0]["moves"] if m["label"]]
    assert labels and not any(label.startswith(("Pair", "Single")) for label in labels)


def test_english_page_counts_from_one_with_pointers_beside(client: Any) -> None:
    record = example_record("hk-two-deals")
    del record["players"]
    answer = client.post("/replay", data={"record": json.dumps(record)})
    html = answer.get_data(as_text=True)
    moves = sum(len(d["moves"]) for d in record["deals"])
    assert html.count('<code class="pointer">/deals/') >= moves  # one beside every move
    assert "<code class=\"pointer\">/deals/1/moves/0</code>" in html
    text = _text(answer)
    assert "Seat 1" in text and "Seat 4" in text and "Seat 0" not in text
    assert "Deal 1" in text and "Deal 2" in text and "Deal 0" not in text


@pytest.mark.parametrize(("error", "shown"), [
    ({"code": "WRONG_TURN", "deal": 0, "move": 5, "seat": 3, "params": {"expected": 2}},
     {"deal": 1, "move": 6, "seat": 4, "params": {"expected": 3}}),
    ({"code": "DECLARED_MISMATCH", "deal": 2, "move": None, "seat": None,
      "params": {"field": "winner", "declared": 2, "actual": 1}},
     {"deal": 3, "move": None, "seat": None, "params": {"field": "winner", "declared": 3, "actual": 2}}),
    ({"code": "DECLARED_MISMATCH", "deal": 0, "move": None, "seat": 1,
      "params": {"field": "score", "declared": -5, "actual": -6}},
     {"deal": 1, "move": None, "seat": 2, "params": {"field": "score", "declared": -5, "actual": -6}}),
    ({"code": "MATCH_OVER", "deal": 1, "move": None, "seat": None, "params": {"last_deal": 0}},
     {"deal": 2, "move": None, "seat": None, "params": {"last_deal": 1}}),
    ({"code": "RESULT_WINNER", "deal": 0, "move": None, "seat": None, "params": {"seats": [1, 3]}},
     {"deal": 1, "move": None, "seat": None, "params": {"seats": [2, 4]}}),
])
def test_positions_count_from_one_on_the_page(error: dict[str, Any], shown: dict[str, Any]) -> None:
    before = json.dumps(error, sort_keys=True)
    out = one_based(error)
    assert {k: out[k] for k in shown} == shown
    assert json.dumps(error, sort_keys=True) == before  # the report's error is left alone


def test_unnamed_stored_profile_is_not_its_id_twice(client: Any) -> None:
    created = client.post("/v1/profiles", json={"extends": "hk-standard", "triples": False})
    assert created.status_code in (200, 201)
    pid = created.get_json()["id"]
    home = client.get("/").get_data(as_text=True)
    assert f"{pid} (profile without a name)" in home and f"({pid})" not in home
    record = dict(example_record("hk-two-deals"), profile=pid)
    page = _text(client.post("/replay", data={"record": json.dumps(record)}))
    assert f"Profile profile without a name ( {pid} )" in page
    assert profile_title("p-1", "Club rules") == "Club rules" and profile_title("p-1", None) != "p-1"


def test_an_inline_profile_is_not_called_stored(client: Any) -> None:
    """A profile given in the record itself was never stored: the page must not say it was."""
    record = dict(example_record("hk-two-deals"), profile={"extends": "hk-standard",
                                                           "triples": False})
    for lang, unnamed in (("en", "profile without a name"), ("de", "Profil ohne Namen"),
                          ("it", "profilo senza nome")):
        page = _text(client.post("/replay", data={"record": json.dumps(record), "lang": lang}))
        assert unnamed in page, lang
        # The old label called it stored ("stored profile without a name"); other page text
        # (the Share button's) may speak of storing.
        assert ("stored profile" not in page and "gespeichertes Profil" not in page
                and "profilo salvato senza" not in page), lang


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["Big Two (Hong Kong)", "Big Two (online game)", "Big Two (family rules)", "Pusoy Dos",
            "大老二 (Taiwan)", "Big Two (Western rule books)"]),
    ("de", ["Big Two (Hongkong)", "Big Two (Online-Spiel)", "Big Two (Familienregeln)", "Pusoy Dos",
            "大老二 (Taiwan)", "Big Two (westliche Regelbücher)"]),
    ("it", ["Big Two (Hong Kong)", "Big Two (gioco online)", "Big Two (regole di famiglia)",
            "Pusoy Dos", "大老二 (Taiwan)", "Big Two (regolamenti occidentali)"]),
])
def test_presets_are_named_as_players_know_them(client: Any, lang: str, names: list[str]) -> None:
    """No project-internal source labels ("seed 004") in a preset's name, in any language;
    the JSON files' names are the English ones (names are not hashed: ids stay)."""
    from bigtwo.rules.profiles import PRESET_IDS, PRESETS

    home = client.get(f"/?lang={lang}").get_data(as_text=True)
    for preset_id, name in zip(PRESET_IDS, names, strict=True):
        assert f"{name} ({preset_id})" in home, (lang, preset_id)
        assert profile_title(preset_id, PRESETS[preset_id].name, lang) == name
        if lang == "en":
            assert PRESETS[preset_id].name == name
    assert "seed" not in home.lower().replace("seeds", "")
    page = _text(client.post("/replay", data={"record": json.dumps(example_record("hk-two-deals")),
                                              "lang": lang}))
    assert f"{names[0]} ( hk-standard )" in page


@pytest.mark.parametrize(("lang", "title", "problem"), [
    ("en", "Check a game record", "The record cannot be replayed"),
    ("de", "Eine Spielaufzeichnung prüfen", "Die Aufzeichnung lässt sich nicht nachspielen"),
    ("it", "Controlla la registrazione di una partita", "La registrazione non si può rigiocare"),
])
def test_form_and_its_problems_follow_the_language(client: Any, lang: str, title: str, problem: str) -> None:
    home = client.get("/", headers={"Accept-Language": f"{lang};q=0.9"})
    assert f'<html lang="{lang}">' in home.get_data(as_text=True) and title in _text(home)
    answer = client.post(f"/replay?lang={lang}", data={"record": "{"})
    assert answer.status_code == 422 and problem in _text(answer)
    missing = client.get(f"/records/r-0000?lang={lang}")
    assert missing.status_code == 404 and WORDS[lang]["not_found"] in _text(missing)


@pytest.mark.parametrize(("lang", "words", "message"), [
    ("en", ["Standings", "Records", "Invalid only"], "It is seat 4's turn, not seat 1's"),
    ("de", ["Rangliste", "Aufzeichnungen", "Nur ungültige"], "Platz 4 ist dran, nicht Platz 1"),
    ("it", ["Classifica", "Registrazioni", "Solo non valide"], "Tocca al posto 4, non al posto 1"),
])
def test_tournament_page_follows_the_language(client: Any, lang: str, words: list[str], message: str) -> None:
    from tests.web.test_pages import _stored

    tid, (good, broken) = _stored(client)
    page = client.get(f"/tournaments/{tid}?lang={lang}")
    assert page.status_code == 200
    text = _text(page)
    for word in [*words, message]:
        assert word in text, word
    html = page.get_data(as_text=True)
    assert f"/records/{broken}?lang={lang}" in html  # the replay keeps the language
    if lang != "en":
        assert "Standings" not in text and "Invalid only" not in text


# --- what the page says about a deal, and what decided a comparison ---------------------------
HK3 = {"extends": "hk-standard", "hand_size": 3}
NINE_ON_JACK = ["3D 4C 5C", "JH 6C 7C", "9H 8C TC", "KD QC AC"]


def _moves(text: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in text.split():
        seat, _, play = m.partition(":")
        out.append({"seat": int(seat), "pass": True} if play == "-"
                   else {"seat": int(seat), "play": play.split("+")})
    return out


def _replay(client: Any, doc: dict[str, Any], lang: str = "en") -> str:
    answer = client.post("/replay", data={"record": json.dumps(doc), "lang": lang})
    assert answer.status_code == 200, _text(answer)[:400]
    return _text(answer)


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Not checked: 3♥ appears twice. Who leads and every move follow from the hands"),
    ("de", "Nicht geprüft: Herz 3 kommt zweimal vor. Wer ausspielt"),
    ("it", "Non controllata: 3♥ compare due volte. Chi apre"),
])
def test_a_first_deal_that_was_not_checked_says_why(client: Any, lang: str, says: str) -> None:
    """Issue 17: it said "leads freely, as the winner of the previous deal" (there was none)."""
    hands = [h.split() for h in ["3D 3H 4C", "3H 5C 6C", "7C 8C 9C", "TC JC QC"]]
    doc = {"profile": HK3, "deals": [{"hands": hands, "moves": _moves("0:3D")}]}
    page = _replay(client, doc, lang)
    assert says in page
    for wrong in ("freely", "previous deal", " frei", "vorigen Partie", "liberamente",
                  "mano precedente"):
        assert wrong not in page, wrong


def test_a_deal_after_one_without_winner_says_why(client: Any) -> None:
    first = {"hands": [h.split() for h in NINE_ON_JACK], "moves": _moves("0:3D")}  # unfinished
    second = {"hands": [h.split() for h in NINE_ON_JACK], "moves": _moves("1:JH")}
    page = _text(client.post("/replay", data={"record": json.dumps(
        {"profile": HK3, "deals": [first, second]})}))
    assert ("Not checked: this profile lets the winner of the previous deal lead, and deal 1 "
            "has no winner") in page


def test_a_deal_after_the_match_says_why(client: Any) -> None:
    profile = {"extends": "hk-standard", "match": {"max_deals": 1}}
    doc = {"profile": profile, "deals": [{"result": {"cards_left": [0, 1, 2, 3]}},
                                         {"result": {"cards_left": [0, 1, 2, 3]}}]}
    assert "Not checked: the match was already over after deal 1." in _replay(client, doc)


@pytest.mark.parametrize(("lang", "decided"), [
    ("en", "The ranks decide: jack ranks above 9."),
    ("de", "Der Wert entscheidet: Bube steht über 9."),
    ("it", "Decide il valore: fante sta sopra 9."),
])
def test_nine_against_jack_is_explained_by_the_ranks(client: Any, lang: str, decided: str) -> None:
    """Issue 17: 9♥ against J♥ was "explained" by the suit order, though the ranks decide."""
    doc = {"profile": HK3, "deals": [{"hands": [h.split() for h in NINE_ON_JACK],
                                      "moves": _moves("0:3D 1:JH 2:9H")}]}
    answer = client.post("/replay", data={"record": json.dumps(doc), "lang": lang})
    page = _text(answer)
    assert decided in page
    assert "suit_order" not in page


def test_equal_ranks_are_still_explained_by_the_suit_order(client: Any) -> None:
    hands = ["3D 4C 5C", "JS 6C 7C", "JH 8C TC", "KD QC AC"]
    doc = {"profile": HK3, "deals": [{"hands": [h.split() for h in hands],
                                      "moves": _moves("0:3D 1:JS 2:JH")}]}
    page = _replay(client, doc)
    assert "suit_order" in page and "The ranks decide" not in page


def test_the_form_says_a_seat_is_out_of_range_in_both_counts(client: Any) -> None:
    doc = {"profile": "hk-standard", "deals": [{"hands": [["3D"], ["4D"], ["5D"], ["6D"]],
                                                "moves": [{"seat": 4, "pass": True}]}],
           "player": ["A"]}
    page = _text(client.post("/replay", data={"record": json.dumps(doc)}))
    assert "seat 4 is out of range: this table has seats 0-3 (shown as 1-4 on the pages)" in page
    assert "unknown field (did you mean 'players'?)" in page
