"""Labels the pages once joined in code, now whole messages of the catalogs (issue 18: "whole
sentences per message rather than pieced-together fragments"): a profile's "Name (id)", a
profile without a name, and the house rules beside a ruling, each rule one message and the
rules put in a row by the catalog's pattern (Chinese: full-width brackets and semicolon)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.conftest import example_record


def _filter(app: Any, lang: str, name: str, value: Any) -> str:
    with app.test_request_context(f"/?lang={lang}"):
        return str(app.jinja_env.filters[name](value))


@pytest.mark.parametrize(("lang", "named", "unnamed"), [
    ("en", "Big Two (family rules) (casual)", "p-1a2b (profile without a name)"),
    ("de", "Big Two (Familienregeln) (casual)", "p-1a2b (Profil ohne Namen)"),
    ("it", "Big Two (regole di famiglia) (casual)", "p-1a2b (profilo senza nome)"),
    ("zh-Hant-HK", "鋤大D（家庭規則）（casual）", "p-1a2b（未命名的規則設定）"),
    ("zh-Hant-TW", "大老二（家庭規則）（casual）", "p-1a2b（未命名的規則設定）"),
    ("zh-Hans", "锄大地（家庭规则）（casual）", "p-1a2b（未命名的规则设定）"),
    ("fil", "Big Two (patakarang pampamilya) (casual)", "p-1a2b (profile na walang pangalan)"),
])
def test_a_profile_s_label_is_one_message(app: Any, lang: str, named: str, unnamed: str) -> None:
    assert _filter(app, lang, "profile_label", {"id": "casual", "name": "Casual"}) == named
    assert _filter(app, lang, "profile_label", {"id": "p-1a2b", "name": None}) == unnamed
    assert _filter(app, lang, "profile_label", {"id": "p-1a2b", "name": "p-1a2b"}) == unnamed


RULES = [{"field": "direction", "value": "<ccw>", "label": "turn order"},
         {"field": "passing", "value": "locked_out", "label": None},
         {"field": "bombs", "value": "none", "label": "bombs"}]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", '<span class="rule"><code>direction</code> = <b>&lt;ccw&gt;</b> (<span class="gloss">'
           'turn order</span>)</span>; <span class="rule"><code>passing</code> = <b>locked_out</b>'
           '</span>; <span class="rule"><code>bombs</code> = <b>none</b> (<span class="gloss">bombs'
           '</span>)</span>'),
    ("zh-Hant-HK", '<span class="rule"><code>direction</code> = <b>&lt;ccw&gt;</b>（<span '
                   'class="gloss">turn order</span>）</span>；<span class="rule"><code>passing'
                   '</code> = <b>locked_out</b></span>；<span class="rule"><code>bombs</code> = '
                   '<b>none</b>（<span class="gloss">bombs</span>）</span>'),
])
def test_house_rules_are_whole_messages_in_the_catalog_s_row(app: Any, lang: str,
                                                             expected: str) -> None:
    assert _filter(app, lang, "house_rules_line", RULES) == expected
    assert _filter(app, lang, "house_rules_line", []) == ""


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "direction = counterclockwise (turn order); passing = locked_out (after a pass)"),
    ("de", "direction = gegen den Uhrzeigersinn (Spielrichtung); passing = raus bis zum "
           "nächsten Ausspielen (nach dem Passen)"),
    ("zh-Hant-HK", "direction = 逆時針（出牌方向）；passing = 過牌後要等下一次開牌（過牌）"),
])
def test_the_replay_page_names_its_house_rules_in_the_language(client: Any, lang: str,
                                                               line: str) -> None:
    """Seed 004's Pusoy Dos: counter-clockwise, and a seat that passed stays out."""
    page = client.post(f"/replay?lang={lang}",
                       data={"record": json.dumps(example_record("pusoy-wrong-turn"))})
    house = re.findall(r'<p class="house">.*?</p>', page.get_data(as_text=True), re.S)[0]
    assert line in re.sub(r"<[^>]+>", "", house)
