"""Chinese sentences set as Chinese sets them (issue 24): no space after a full stop 。 in the
text ruling and on the replay page, and none inside "（5 份紀錄中的 13 局）"."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bigtwo.formats.text_report import render_checked
from bigtwo.records.pipeline import check_record
from bigtwo.reports.i18n import sentences
from tests.conftest import EXAMPLES
from tests.web.test_pages import _text

CHINESE = ["zh-Hant-HK", "zh-Hant-TW", "zh-Hans"]
GAME = json.loads((EXAMPLES / "hk-two-deals.json").read_text(encoding="utf-8"))["record"]


def test_sentences_are_joined_as_the_language_sets_them() -> None:
    assert sentences(["1號位開牌。", "檢查了5手。"], "zh-Hant-HK") == "1號位開牌。檢查了5手。"
    assert sentences(["Ana led.", "5 moves checked."], "en") == "Ana led. 5 moves checked."


@pytest.mark.parametrize("lang", CHINESE)
def test_the_text_ruling_has_no_space_after_a_full_stop(lang: str) -> None:
    text = render_checked(check_record(GAME, lang=lang), lang)
    assert "。" in text and "。 " not in text


@pytest.mark.parametrize("lang", CHINESE)
def test_the_replay_page_has_no_space_after_a_full_stop(client: Any, lang: str) -> None:
    answer = client.post(f"/replay?lang={lang}", data={"record": json.dumps(GAME)})
    assert answer.status_code == 200
    paragraphs = re.findall(r"<p>(.*?)</p>", answer.get_data(as_text=True), flags=re.S)
    leads = [p.strip() for p in paragraphs if "。" in p]
    assert leads and not any(re.search(r"。\s+\S", p) for p in leads), leads


@pytest.mark.parametrize("lang", CHINESE)
def test_the_standings_note_has_no_space_inside(client: Any, lang: str) -> None:
    created = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).json
    client.post(f"/v1/tournaments/{created['id']}/records", json=GAME,
                headers={"Authorization": f"Bearer {created['token']}"})
    text = _text(client.get(f"/tournaments/{created['id']}?lang={lang}"))
    assert re.search(r"（1 份(紀錄|记录)中的 2 局）", text), text[:2000]
