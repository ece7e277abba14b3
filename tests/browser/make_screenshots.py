"""Save the screenshots of docs/PAGES.md and docs/SEASONS.md: ``.venv/bin/python -m tests.browser.make_screenshots``.

Starts the app on a throwaway database, fills it with the spec's example records, and saves
docs/screenshots/{home,replay-error,scores,tournament}.png (and phone-sized variants), the
referee's view at the broken rule in each newer language (replay-error-<lang>.png), and a
club season's page and a printed draw (season.png, season-zh-Hant-HK.png, draw.png). ``--seasons`` saves those two
only; ``--tables`` only a live table's pages (table-play.png, table-watch.png, table-proof.png)."""

from __future__ import annotations

import copy
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.browser.support import ROOT, chromium, create_tournament, example_record, serve

OUT = ROOT / "docs" / "screenshots"


# The languages added after en, de and it: one screenshot each (a native speaker reviews them).
NEW_LANGUAGES = ("zh-Hant-HK", "zh-Hant-TW", "zh-Hans", "fil")


def replay_then(page: Any, base: str, record: dict[str, Any], button: str,
                lang: str | None = None) -> None:
    """Paste ``record`` on the home page, replay it, and press one of the step buttons."""
    page.goto(base + "/" + (f"?lang={lang}" if lang else ""))
    page.fill("#record", json.dumps(record))
    page.click("#record-form button[type=submit]")
    page.wait_for_load_state()  # the step buttons work once the deferred script has run
    page.click(button)


def season_screenshots(browser: Any, base: str, client: Any) -> None:
    """The club season of tests/seasons/club.py: its page, and a draw of three rounds for its
    players and eight guests (three tables and a sit-out each round)."""
    from tests.seasons.club import club_season

    season, _, _ = club_season(client)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    shot = context.new_page()
    shot.goto(f"{base}/seasons/{season}?lang=en")
    shot.screenshot(path=str(OUT / "season.png"), full_page=True)
    # The season's words in a language whose numbers and names read differently.
    shot.goto(f"{base}/seasons/{season}?lang=zh-Hant-HK")
    shot.screenshot(path=str(OUT / "season-zh-Hant-HK.png"), full_page=True)
    context.close()
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    shot = context.new_page()
    shot.goto(f"{base}/draw?season={season}&lang=en")
    guests = ["Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max"]
    shot.fill("#players", shot.input_value("#players") + "\n" + "\n".join(guests))
    shot.fill("#rounds", "3")
    shot.click("#draw-form button[type=submit]")
    shot.wait_for_load_state()
    shot.screenshot(path=str(OUT / "draw.png"), full_page=True)
    context.close()


def table_screenshots(browser: Any, base: str, client: Any) -> list[str]:
    """A live table (issue 39): a person's play page against three bots, with two cards
    chosen and the referee's refusal in German; the spectator's page mid-deal; and the
    play page at the deal's end with the hands and the proof."""
    made = client.post("/v1/tables", json={"profile": "hk-standard", "deals": 1, "bots": [1, 2, 3],
                                           "players": ["Ana", "Ben", "Cai", "Dee"]}).get_json()
    table_id, token = made["id"], made["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    shot = context.new_page()
    shot.goto(f"{base}/tables/{table_id}/play?lang=de#token={token}")
    shot.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
    for _ in range(2):  # two plays, so that the table and the move list hold something
        hint = shot.locator("#play-hint-list button.hint")
        version = shot.locator("#table-status").get_attribute("data-version")
        (hint.first if hint.count() else shot.locator("#pass-button")).click()
        if hint.count():
            shot.locator("#play-button").click()
        shot.wait_for_function("v => document.getElementById('table-status').dataset.version !== v",
                               arg=version)
    picks = shot.locator("#play-hand .pick")
    picks.first.click()
    picks.last.click()
    shot.locator("#play-button").click()
    shot.wait_for_function("() => document.getElementById('play-message').textContent.length > 0")
    shot.screenshot(path=str(OUT / "table-play.png"), full_page=True)
    watch = context.new_page()
    watch.goto(f"{base}/tables/{table_id}?lang=en")
    watch.wait_for_function("() => document.getElementById('live-state').textContent.indexOf('Live') === 0")
    watch.screenshot(path=str(OUT / "table-watch.png"), full_page=True)
    shot.locator("#clear-button").click()
    for _ in range(60):
        if shot.locator("#table-status").get_attribute("data-status") == "over":
            break
        version = shot.locator("#table-status").get_attribute("data-version")
        hint = shot.locator("#play-hint-list button.hint")
        if hint.count():
            hint.first.click()
            shot.locator("#play-button").click()
        else:
            shot.locator("#pass-button").click()
        shot.wait_for_function("v => document.getElementById('table-status').dataset.version !== v",
                               arg=version)
    shot.wait_for_function("() => document.getElementById('proof-seed').textContent.length === 64")
    shot.screenshot(path=str(OUT / "table-proof.png"), full_page=True)
    context.close()
    return ["table-play.png", "table-watch.png", "table-proof.png"]


def tables_only() -> int:
    from app import create_app

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"BIGTWO_DB": str(Path(tmp) / "shots.db")})
        with serve(app) as base, chromium() as browser:
            names = table_screenshots(browser, base, app.test_client())
    for name in names:
        print((OUT / name).relative_to(ROOT))
    return 0


def seasons_only() -> int:
    from app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"BIGTWO_DB": str(Path(tmp) / "shots.db")})
        with serve(app) as base, chromium() as browser:
            season_screenshots(browser, base, app.test_client())
    for name in ("season.png", "season-zh-Hant-HK.png", "draw.png"):
        print((OUT / name).relative_to(ROOT))
    return 0


def standings_only() -> int:
    """``--standings``: the pages that show standings (the tournament's in English and
    Filipino, the season's), without the referee's screenshots."""
    from app import create_app

    hk = example_record("hk-two-deals")
    if hk is None:
        print("the example records are missing", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"BIGTWO_DB": str(Path(tmp) / "shots.db")})
        client = app.test_client()
        tid, _ = create_tournament(client, "Club night", "hk-standard", _tables(hk))
        with serve(app) as base, chromium() as browser:
            for lang, name in (("en", "tournament.png"), ("fil", "tournament-fil.png")):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                shot = context.new_page()
                shot.goto(f"{base}/tournaments/{tid}?lang={lang}")
                shot.screenshot(path=str(OUT / name), full_page=True)
                context.close()
            season_screenshots(browser, base, client)
    for name in ("tournament.png", "tournament-fil.png", "season.png", "season-zh-Hant-HK.png"):
        print((OUT / name).relative_to(ROOT))
    return 0


def _tables(hk: dict[str, Any]) -> list[dict[str, Any]]:
    """The tournament of the screenshots: the example match, the same with a wrong turn in its
    first deal, and another table that played the first deal only."""
    broken = copy.deepcopy(hk)
    broken["deals"][0]["moves"][9]["seat"] = 0
    renamed = copy.deepcopy(hk)
    renamed["players"] = ["Eve", "Fay", "Gus", "Hal"]
    renamed["deals"] = renamed["deals"][:1]
    return [hk, broken, renamed]


def main() -> int:
    from app import create_app

    wrong = example_record("pusoy-wrong-turn")
    hk = example_record("hk-two-deals")
    if wrong is None or hk is None:
        print("the example records are missing", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"BIGTWO_DB": str(Path(tmp) / "shots.db")})
        client = app.test_client()
        broken = copy.deepcopy(hk)
        broken["deals"][0]["moves"][9]["seat"] = 0  # a wrong turn in the first deal
        renamed = copy.deepcopy(hk)  # another table: the first deal only
        renamed["players"] = ["Eve", "Fay", "Gus", "Hal"]
        renamed["deals"] = renamed["deals"][:1]
        tid, _ = create_tournament(client, "Club night", "hk-standard", [hk, broken, renamed])
        with serve(app) as base, chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + "/")
            page.fill("#record", json.dumps(wrong, indent=1))
            page.eval_on_selector("#record", "el => { el.blur(); el.scrollTop = 0; }")
            page.screenshot(path=str(OUT / "home.png"), full_page=True)

            replay_then(page, base, wrong, "#step-broken")
            page.screenshot(path=str(OUT / "replay-error.png"))

            replay_then(page, base, hk, "#step-last")
            page.locator("#totals").scroll_into_view_if_needed()
            page.screenshot(path=str(OUT / "scores.png"))

            page.goto(f"{base}/tournaments/{tid}")
            page.screenshot(path=str(OUT / "tournament.png"), full_page=True)

            for lang in NEW_LANGUAGES:  # each in its own context: the choice is remembered
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                shot = context.new_page()
                replay_then(shot, base, wrong, "#step-broken", lang)
                shot.screenshot(path=str(OUT / f"replay-error-{lang}.png"))
                shot.goto(f"{base}/tournaments/{tid}?lang={lang}")
                if lang == "fil":
                    shot.screenshot(path=str(OUT / "tournament-fil.png"), full_page=True)
                context.close()

            phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
            replay_then(phone, base, wrong, "#step-broken")
            phone.locator("#stepper").scroll_into_view_if_needed()
            phone.screenshot(path=str(OUT / "replay-phone.png"))
            season_screenshots(browser, base, client)
            table_screenshots(browser, base, client)
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(seasons_only() if sys.argv[1:] == ["--seasons"] else
                     tables_only() if sys.argv[1:] == ["--tables"] else
                     standings_only() if sys.argv[1:] == ["--standings"] else main())
