"""``bigtwo tournament <command> --lang``: every subcommand's lines for people in the language
asked for, over the environment's, as ``validate --lang`` (docs/TRANSLATING.md, "The CLI's
lines"); its machine output (--json, CSV, the JSON documents) the same bytes in every
language. The expected lines are the catalogs' (bigtwo/reports/locale/*/bigtwo.po)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.cli.tournament import tournament
from tests.tournaments.helpers import broken, simulated

# The environment asks for Hong Kong Chinese: --lang must win over it.
ENVIRONMENT = {"LC_ALL": "zh_HK.UTF-8", "BIGTWO_SERVER": None, "BIGTWO_TOKEN": None}


class Session:
    def __init__(self, tmp_path: Path) -> None:
        tmp_path.mkdir(parents=True, exist_ok=True)
        self.db = tmp_path / "club.db"
        self.runner = CliRunner(env={**ENVIRONMENT, "BIGTWO_DB": str(self.db)})
        self.night = tmp_path / "night.jsonl"
        good, other = simulated(2, seed=61)
        self.night.write_text("".join(json.dumps(r) + "\n" for r in (good, broken(other), good)),
                              encoding="utf-8")

    def __call__(self, *args: str) -> Any:
        return self.runner.invoke(main, ["tournament", *args], catch_exceptions=False)


def _session(tmp_path: Path, lang: str) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """create, import, records, list, where and a refusal, all with ``--lang``: each
    command's stdout and stderr, and the two record ids (upload order)."""
    run = Session(tmp_path)
    out: dict[str, str] = {}
    err: dict[str, str] = {}
    created = run("create", "--lang", lang, "--name", "Club", "--profile", "casual")
    made = json.loads(created.stdout)
    err["create"] = created.stderr.replace(str(run.db), "DB").replace(made["id"], "TID")
    for name, args in (("import", ["import", made["id"], str(run.night), "--token", made["token"]]),
                       ("records", ["records", made["id"]]), ("list", ["list"]),
                       ("where", ["where"]), ("missing", ["standings", "t-000000000000"])):
        result = run(*args, "--lang", lang)
        out[name] = result.stdout.replace(made["id"], "TID")
        err[name] = result.stderr
    ids = [r["id"] for r in json.loads(run("records", made["id"], "--json").stdout)["records"]]
    return out, err, ids


# Rows: the catalogs' words for the same session (de, it, zh-Hant-TW, fil .po files).
EXPECTED: dict[str, dict[str, str]] = {
    "en": {
        "create": "Stored in DB.\nKeep the token: it is shown once and is needed to upload records.\n",
        "import": "line 2: invalid {invalid}: WRONG_TURN at /deals/0/moves/1: It is seat 2's turn, "
                  "not seat 0's\nline 3: duplicate {valid}: the same game as line 1\n"
                  "3 records: 1 valid, 1 invalid, 1 duplicate, 0 rejected, 0 unreadable\n",
        "records_err": "2 of 2 records\n",
        "list_err": "1 of 1 tournament (page 1 of 1)\n",
        "where_err": "from BIGTWO_DB; exists\n",
    },
    "de": {
        "create": "Gespeichert in DB.\nBewahre das Token gut auf: es wird nur dieses eine Mal "
                  "gezeigt und wird zum Hochladen von Aufzeichnungen gebraucht.\n",
        "import": "Zeile 2: ungültig {invalid}: WRONG_TURN bei /deals/0/moves/1: Platz 2 ist dran, "
                  "nicht Platz 0\nZeile 3: doppelt {valid}: dasselbe Spiel wie Zeile 1\n"
                  "3 Aufzeichnungen: 1 gültig, 1 ungültig, 1 doppelt, 0 abgewiesen, 0 unlesbar\n",
        "records_err": "2 von 2 Aufzeichnungen\n",
        "list_err": "1 von 1 Turnier (Seite 1 von 1)\n",
        "where_err": "aus BIGTWO_DB; vorhanden\n",
    },
    "it": {
        "create": "Salvato in DB.\nConserva il token: viene mostrato una sola volta e serve per "
                  "caricare le registrazioni.\n",
        "import": "riga 2: non valida {invalid}: WRONG_TURN in /deals/0/moves/1: Tocca al posto 2, "
                  "non al posto 0\nriga 3: doppione {valid}: la stessa partita della riga 1\n"
                  "3 registrazioni (valide: 1, non valide: 1, doppie: 1, rifiutate: 0, "
                  "illeggibili: 0)\n",
        "records_err": "2 di 2 registrazioni\n",
        "list_err": "1 di 1 torneo (pagina 1 di 1)\n",
        "where_err": None,
    },
    "fil": {
        "create": "Naitago sa DB.\nItago ang token: ngayon lang ito ipapakita at kailangan ito sa "
                  "pag-upload ng mga record.\n",
        "import": "linya 2: hindi wasto {invalid}: WRONG_TURN sa /deals/0/moves/1: Turno ng upuan 2, "
                  "hindi ng upuan 0\nlinya 3: doble {valid}: kaparehong laro ng linya 1\n"
                  "3 record: 1 wasto, 1 hindi wasto, 1 doble, 0 tinanggihan, 0 hindi mabasa\n",
        "records_err": "2 sa 2 record\n",
        "list_err": "1 sa 1 torneo (pahina 1 ng 1)\n",
        "where_err": None,
    },
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_every_tournament_command_speaks_its_lang(tmp_path: Path, lang: str) -> None:
    out, err, ids = _session(tmp_path, lang)
    expected = EXPECTED[lang]
    invalid, valid = ids[1], ids[0]
    assert err["create"] == expected["create"]
    assert out["import"] == expected["import"].format(invalid=invalid, valid=valid)
    assert err["records"] == expected["records_err"]
    assert err["list"] == expected["list_err"]
    if expected["where_err"] is not None:
        assert err["where"] == expected["where_err"]
    # the record table's words, in the same language
    words = {"en": ("valid", "invalid", ", "), "de": ("gültig", "ungültig", ", "),
             "it": ("valida", "non valida", ", "), "fil": ("wasto", "hindi wasto", ", ")}[lang]
    names = words[2].join(["Ana", "Ben", "Cai", "Dee"])
    assert out["records"] == f"{valid}  {words[0]}  {names}\n{invalid}  {words[1]}  {names}\n"
    # a refusal's frame is the language's (the server's problem details are quoted as given)
    frame = {"en": "error: ", "de": "Fehler: ", "it": "errore: ", "fil": "mali: "}[lang]
    assert err["missing"].startswith(frame) and err["missing"].count("\n") == 1


def test_without_lang_the_environment_still_decides(tmp_path: Path) -> None:
    run = Session(tmp_path)
    created = run("create", "--name", "Club", "--profile", "casual")
    assert created.stderr.splitlines()[-1] == "請保存好這個權杖：它只會顯示這一次，上載紀錄時要用到。"


def test_machine_output_is_the_same_bytes_in_every_language(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """--json documents, CSV standings and the JSON of records, audit and recheck do not
    change with --lang (ids aside: a record's id is new in each tournament)."""
    monkeypatch.setattr("bigtwo.store.clock.now", lambda: "2026-03-07T09:05:04.123+00:00")
    seen: list[list[str]] = []
    for lang in ("en", "de", "zh-Hant-HK", "fil"):
        run = Session(tmp_path / lang)
        made = json.loads(run("create", "--lang", lang, "--name", "Club",
                              "--profile", "casual").stdout)
        tid = made["id"]
        docs = [run("import", tid, str(run.night), "--token", made["token"], "--json",
                    "--lang", lang).stdout,
                run("standings", tid, "--csv", "--lang", lang).stdout,
                run("standings", tid, "--lang", lang).stdout,
                run("records", tid, "--json", "--lang", lang).stdout,
                run("audit", tid, "--lang", lang).stdout,
                run("recheck", tid, "--lang", lang).stdout]
        listed = json.loads(run("list", "--json", "--lang", lang).stdout)
        docs.append(json.dumps(listed["tournaments"]))
        ids = [r["id"] for r in json.loads(docs[3])["records"]]

        def plain(doc: str, ids: list[str] = ids, tid: str = tid) -> str:
            for n, rid in enumerate(ids):
                doc = doc.replace(rid, f"R{n}")
            return doc.replace(tid, "TID")

        seen.append([plain(d) for d in docs])
    for other in seen[1:]:
        assert other == seen[0]
    assert json.loads(seen[0][0])["duplicate"] == 1


def test_every_subcommand_takes_lang() -> None:
    ctx = click.Context(main)
    assert main.get_command(ctx, "tournament") is tournament
    # recheck is loaded when it runs (bigtwo.cli.lazy): get_command loads it.
    commands = {name: tournament.get_command(ctx, name) for name in tournament.list_commands(ctx)}
    missing = [name for name, command in commands.items() if command is None
               or "--lang" not in {o for p in command.params for o in getattr(p, "opts", [])}]
    assert missing == []
    assert set(commands) >= {"create", "import", "standings", "where", "list", "withdraw",
                             "replace", "records", "audit", "recheck"}


def test_an_unknown_lang_is_refused_by_click(tmp_path: Path) -> None:
    result = Session(tmp_path)("list", "--lang", "xx")
    assert result.exit_code == 2 and "'xx' is not one of" in result.stderr
