"""The OpenAPI document covers every route, is valid, types every body, and generates a
Python client that works against a live server; /docs works with no network."""

from __future__ import annotations

import importlib
import inspect
import json
import re
import subprocess
import sys
import time
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from flask_smorest import Blueprint as SmorestBlueprint
from werkzeug.routing import Rule

from tests.conftest import example_record
from tests.live_server import serve

# Routes that are not part of the JSON API: the document itself, its viewer and its assets.
# HTML pages (plain Flask blueprints) are not JSON operations either.
NOT_API = ("/openapi.json", "/docs", "/static/")


def _openapi_path(rule: Rule) -> str:
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)


def _api_rules(app: Any) -> list[Rule]:
    plain = {name for name, bp in app.blueprints.items() if not isinstance(bp, SmorestBlueprint)}
    return [r for r in app.url_map.iter_rules()
            if not r.rule.startswith(NOT_API) and r.endpoint.split(".")[0] not in plain]


def test_every_api_route_and_method_is_documented(app: Any, client: Any) -> None:
    paths = client.get("/openapi.json").json["paths"]
    rules = _api_rules(app)
    assert {"/v1/validate", "/v1/next", "/v1/profiles/{profile_id}"} <= {_openapi_path(r) for r in rules}
    for rule in rules:
        documented = paths.get(_openapi_path(rule))
        assert documented is not None, f"{rule.rule} is not in /openapi.json"
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}:
            assert method.lower() in documented, f"{method} {rule.rule} is not documented"


def test_every_v1_route_is_served_by_a_documented_blueprint(app: Any) -> None:
    documented = {name for name, bp in app.blueprints.items() if isinstance(bp, SmorestBlueprint)}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/v1/"):
            assert rule.endpoint.split(".")[0] in documented, rule.rule


def test_errors_are_documented_as_problem_json(client: Any) -> None:
    spec = client.get("/openapi.json").json
    default = spec["components"]["responses"]["DEFAULT_ERROR"]["content"]
    assert list(default) == ["application/problem+json"]
    operation = spec["paths"]["/v1/validate"]["post"]
    assert {"400", "413", "415", "422", "default"} <= set(operation["responses"])
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/Record"}


def test_docs_page_loads_nothing_from_elsewhere(client: Any) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert '"validatorUrl": null' in html
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    for source in sources:
        asset = client.get(source)
        assert asset.status_code == 200 and len(asset.data) > 1000, source


def test_missing_asset_is_a_problem_404(client: Any) -> None:
    response = client.get("/docs/assets/nope.js")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


# --- the document is valid, and every body in it is typed ------------------------------------

def test_the_document_is_valid_openapi(client: Any) -> None:
    from openapi_spec_validator import validate

    validate(client.get("/openapi.json").json)


def _nullables_without_type(node: Any, where: str) -> list[str]:
    if isinstance(node, list):
        return [w for i, item in enumerate(node) for w in _nullables_without_type(item, f"{where}/{i}")]
    if not isinstance(node, dict):
        return []
    found = [where] if node.get("nullable") is True and "type" not in node else []
    return found + [w for key, value in node.items()
                    for w in _nullables_without_type(value, f"{where}/{key}")]


def test_every_nullable_stands_beside_a_type(client: Any) -> None:
    """OAS 3.0.3: ``nullable`` means nothing without a ``type`` in the same schema object, so
    a strict validator refuses the null it was meant to allow (tests/api/test_openapi_answers.py
    validates real answers)."""
    spec = client.get("/openapi.json").json
    assert _nullables_without_type(spec, "#") == []
    code = spec["components"]["schemas"]["EvaluateResponse"]["properties"]["code"]
    assert code["anyOf"] == [{"$ref": "#/components/schemas/RuleCode"},
                             {"type": "string", "nullable": True, "enum": [None]}]


def _refs(node: Any) -> list[str]:
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    if not isinstance(node, dict):
        return []
    own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
    return own + [ref for key, value in node.items() if key != "$ref" for ref in _refs(value)]


def test_every_reference_names_a_whole_component(client: Any) -> None:
    """A reference into a component (``.../Record/properties/profile``) is valid OpenAPI, but
    openapi-python-client drops the body it stands in: the generated client then cannot read
    that answer (docs/API.md, Generated clients)."""
    spec = client.get("/openapi.json").json
    whole = re.compile(r"#/components/(schemas|responses|parameters|securitySchemes)/[^/]+")
    refs = _refs(spec)
    assert "#/components/schemas/TableRecord" in refs
    assert [ref for ref in refs if not whole.fullmatch(ref)] == []
    for ref in refs:
        kind, name = ref.split("/")[2:]
        assert name in spec["components"][kind], ref


# Objects whose members are free by design (RECORDS.md): a record's meta, a message's params.
FREE_FORM = {"Record.meta", "RuleError.params", "ProblemError.params"}


def _untyped(schema: dict[str, Any], where: str) -> list[str]:
    """Places in a schema that say nothing of their shape: an object without properties, an
    array without items, an empty schema, a union member that is a bare object. The member
    that holds only null (``enum: [null]``) says its shape."""
    found = []
    composed = any(k in schema for k in ("$ref", "allOf", "oneOf", "anyOf", "enum"))
    if not schema or (schema.get("type") == "object" and not schema.get("properties")
                      and not composed) or (schema.get("type") == "array" and "items" not in schema):
        found.append(where)
    for name, member in schema.get("properties", {}).items():
        if f"{where}.{name}" not in FREE_FORM:
            found += _untyped(member, f"{where}.{name}")
    if isinstance(schema.get("items"), dict):
        found += _untyped(schema["items"], where + "[]")
    for key in ("allOf", "oneOf", "anyOf"):
        for i, member in enumerate(schema.get(key, [])):
            found += _untyped(member, f"{where}.{key}[{i}]")
    return found


def test_every_request_and_response_body_is_typed(client: Any) -> None:
    spec = client.get("/openapi.json").json
    untyped = []
    for name, schema in spec["components"]["schemas"].items():
        untyped += _untyped(schema, name)
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            bodies = [("request", operation["requestBody"])] if "requestBody" in operation else []
            bodies += [(status, answer) for status, answer in operation["responses"].items()
                       if "$ref" not in answer]
            for label, body in bodies:
                assert "$ref" in body or body.get("description"), f"{method} {path} {label}"
                for media, content in body.get("content", {}).items():
                    if media.endswith("json"):
                        untyped += _untyped(content.get("schema", {}),
                                            f"{method} {path} {label} {media}")
    assert untyped == []
    # A single record and a batch are both typed upload bodies.
    upload = spec["paths"]["/v1/tournaments/{tournament_id}/records"]["post"]["requestBody"]
    assert upload["content"]["application/json"]["schema"]["oneOf"] == [
        {"$ref": "#/components/schemas/Record"},
        {"$ref": "#/components/schemas/RecordBatchUpload"}]
    batch = spec["components"]["schemas"]["RecordBatchUpload"]["properties"]["records"]
    assert batch["items"] == {"$ref": "#/components/schemas/Record"}
    created = spec["paths"]["/v1/tournaments"]["post"]["responses"]["201"]
    assert created["description"] and "links" in created
    assert created["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/TournamentCreated"}


# --- a Python client generated from the document works against a live server ---------------

GENERATOR_CONFIG = {
    "project_name_override": "bigtwo-client",
    "package_name_override": "bigtwo_client",
    # No formatter run after generating: the client works unformatted, and generating needs
    # nothing but the document (no network, no ruff on PATH).
    "post_hooks": [],
}
# The generator writes no code for text/csv bodies (score sheets): a client sends those as
# plain text. Any other warning means a part of the document did not become client code.
# Text bodies (a CSV score sheet, Big Two notation) are strings the generator leaves to a
# plain request: it says so once per content type and operation.
KNOWN_WARNINGS = {"Unsupported content type text/csv", "Unsupported content type text/x-bigtwo"}
# DELETE on a tournament's record withdraws it (Bearer token, optional reason), whatever its
# path parameters are called.
WITHDRAW_PATH = re.compile(r"/v1/tournaments/\{[^/{}]+\}/records/\{[^/{}]+\}")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, Any]]]:
    """The client package generated by openapi-python-client, imported, and the document."""
    from app import create_app

    work = tmp_path_factory.mktemp("client")
    app = create_app({"TESTING": True, "BIGTWO_DB": str(work / "spec.db")})
    spec = app.test_client().get("/openapi.json").json
    (work / "openapi.json").write_text(json.dumps(spec), encoding="utf-8")
    (work / "config.json").write_text(json.dumps(GENERATOR_CONFIG), encoding="utf-8")
    generator = Path(sys.executable).with_name("openapi-python-client")
    done = subprocess.run(
        [str(generator), "generate", "--path", str(work / "openapi.json"),
         "--output-path", str(work / "out"), "--config", str(work / "config.json")],
        capture_output=True, text=True, timeout=300, cwd=work)
    output = done.stdout + done.stderr
    assert done.returncode == 0 and (work / "out" / "bigtwo_client").is_dir(), output
    assert "Error(s)" not in output, output
    # Each warning is "WARNING parsing <operation>", its reason on the next line, then detail.
    reasons = [[line for line in chunk.splitlines() if line.strip()][1]
               for chunk in output.split("WARNING parsing ")[1:]]
    assert set(reasons) <= KNOWN_WARNINGS, output
    # Unions the generator could not name (a nullable reference written as anyOf with a bare
    # object) become empty placeholder models, ``<Model>_<field>_type_1``: there are none.
    models = work / "out" / "bigtwo_client" / "models"
    assert [p.name for p in models.glob("*.py") if re.search(r"_type_\d", p.name)] == []
    sys.path.insert(0, str(work / "out"))
    try:
        yield importlib.import_module("bigtwo_client"), spec
    finally:
        sys.path.remove(str(work / "out"))
        for name in [m for m in sys.modules if m == "bigtwo_client" or m.startswith("bigtwo_client.")]:
            del sys.modules[name]


def _operation(package: Any, method: str, path: str) -> Any:
    """The generated module of an operation, found by what it sends (its method and URL),
    not by the names the generator derives from tags and paths."""
    root = Path(package.__file__).parent / "api"
    for source in sorted(root.glob("*/*.py")):
        text = source.read_text(encoding="utf-8")
        if f'"method": "{method}"' in text and f'"url": "{path}"' in text:
            relative = source.relative_to(root.parent).with_suffix("")
            return importlib.import_module(".".join((package.__name__, *relative.parts)))
    raise AssertionError(f"no generated operation for {method.upper()} {path}")


def test_a_generated_client_validates_uploads_ranks_and_withdraws(
        generated: tuple[Any, dict[str, Any]], app: Any) -> None:
    package, spec = generated
    models = importlib.import_module("bigtwo_client.models")
    example = example_record("hk-two-deals")
    record = models.Record.from_dict(example)
    # The typed model holds a whole real record: nothing is lost on the way back to JSON.
    assert record.to_dict() == example
    assert isinstance(record.deals[0].moves[0], models.Move)

    with serve(app) as base:
        anyone = package.Client(base_url=base, raise_on_unexpected_status=True)

        checked = _operation(package, "post", "/v1/validate").sync_detailed(client=anyone, body=record)
        assert checked.status_code == 200 and isinstance(checked.parsed, models.Report)
        assert checked.parsed.valid is True and len(checked.parsed.deals) == 2
        wrong = _operation(package, "post", "/v1/validate").sync_detailed(
            client=anyone, body=models.Record.from_dict(example_record("pusoy-wrong-turn")))
        assert wrong.parsed.valid is False
        assert models.RuleCode.WRONG_TURN in [error.code for error in wrong.parsed.errors]

        made = _operation(package, "post", "/v1/tournaments").sync_detailed(
            client=anyone, body=models.TournamentCreate(name="Club night", profile="hk-standard"))
        assert made.status_code == 201 and isinstance(made.parsed, models.TournamentCreated)
        tid, token = made.parsed.id, made.parsed.token
        organiser = package.AuthenticatedClient(base_url=base, token=token,
                                                raise_on_unexpected_status=True)
        upload = _operation(package, "post", "/v1/tournaments/{tournament_id}/records")

        one = upload.sync_detailed(tid, client=organiser, body=record)
        assert one.status_code == 201 and isinstance(one.parsed, models.UploadItem)
        assert one.parsed.created is True and one.parsed.valid is True

        renamed = [attrs.evolve(record, players=[f"{name} {table}" for name in example["players"]])
                   for table in ("B", "C")]
        batch = upload.sync_detailed(tid, client=organiser,
                                     body=models.RecordBatchUpload(records=renamed))
        assert batch.status_code == 201 and isinstance(batch.parsed, models.UploadBatch)
        assert (batch.parsed.created, batch.parsed.valid) == (2, 2)
        batch_ids = [item.id for item in batch.parsed.results]

        standings = _operation(package, "get", "/v1/tournaments/{tournament_id}/standings")
        table = standings.sync_detailed(tid, client=anyone)
        assert isinstance(table.parsed, models.Standings)
        assert table.parsed.records == 3 and len(table.parsed.players) == 12
        assert all(isinstance(row, models.PlayerRow) for row in table.parsed.players)

        withdrawals = [path for path, operations in spec["paths"].items()
                       if WITHDRAW_PATH.fullmatch(path) and "delete" in operations]
        if not withdrawals:
            pytest.skip("DELETE /v1/tournaments/{tournament_id}/records/{record_id} (withdraw "
                        "a record) is not in the document yet")
        withdraw = _operation(package, "delete", withdrawals[0])
        reason = {"reason": "scored at the wrong table"}
        if "body" in inspect.signature(withdraw.sync_detailed).parameters:
            body_type = inspect.signature(withdraw.sync_detailed).parameters["body"].annotation
            reason = {"body": _model(body_type).from_dict(reason)}
        gone = withdraw.sync_detailed(tid, batch_ids[0], client=organiser, **reason)
        assert gone.status_code == 200, gone.content
        entry = gone.parsed.to_dict()
        assert _says_withdrawn(entry), entry
        after = standings.sync_detailed(tid, client=anyone).parsed
        assert after.records == 2 and len(after.players) == 8
        assert not any(row.player.endswith(" B") for row in after.players)


def _says_withdrawn(entry: Any) -> bool:
    """The answer marks the record withdrawn (at its top, or in a nested entry)."""
    if isinstance(entry, dict):
        if entry.get("withdrawn") or entry.get("withdrawn_at") or entry.get("status") == "withdrawn":
            return True
        return any(_says_withdrawn(value) for value in entry.values())
    return isinstance(entry, list) and any(_says_withdrawn(value) for value in entry)


def _model(annotation: Any) -> Any:
    """The model class in a generated signature's annotation (``Model`` or ``Model | Unset``)."""
    return next(member for member in (typing.get_args(annotation) or (annotation,))
                if hasattr(member, "from_dict"))


def test_a_generated_client_keeps_the_services_check_by_sending_the_raw_dict(
        generated: tuple[Any, dict[str, Any]], app: Any) -> None:
    """docs/API.md, generated clients: a typed model drops a field it does not know (the
    document says ``additionalProperties: false``), so a misspelt ``player`` never reaches
    the service; the documented way sends the dict itself through the client's own HTTP
    client and gets the service's did-you-mean 422."""
    package, spec = generated
    models = importlib.import_module("bigtwo_client.models")
    assert spec["components"]["schemas"]["Record"]["additionalProperties"] is False
    misspelt = example_record("hk-two-deals")
    misspelt["player"] = misspelt.pop("players")
    assert "player" not in models.Record.from_dict(misspelt).to_dict()  # dropped on the way
    with serve(app) as base:
        service = package.Client(base_url=base)
        typed = _operation(package, "post", "/v1/validate").sync_detailed(
            client=service, body=models.Record.from_dict(misspelt))
        assert typed.status_code == 200 and typed.parsed.valid is True  # the trap
        answer = service.get_httpx_client().post("/v1/validate", json=misspelt)
    assert answer.status_code == 422
    assert answer.json()["errors"] == [{"pointer": "/player",
                                        "detail": "unknown field (did you mean 'players'?)"}]


def test_the_document_says_the_package_version_and_the_engines_beside_it(client: Any) -> None:
    from click.testing import CliRunner

    from bigtwo import ENGINE_VERSION
    from bigtwo.cli.main import main

    said = CliRunner().invoke(main, ["--version"]).output  # "bigtwo, version 3.0.0 (core: ...)"
    info = client.get("/openapi.json").json["info"]
    assert f"version {info['version']} " in said
    assert info["x-engine-version"] == ENGINE_VERSION
    report = client.post("/v1/validate", json=example_record("hk-two-deals")).json
    assert report["engine"] == ENGINE_VERSION


# --- a generated client plays a whole match at a live table ----------------------------------

def _tampered_seed(seed: str) -> str:
    """The revealed seed with its first byte changed: the proof no longer holds."""
    return f"{(int(seed[:2], 16) ^ 0x01):02x}" + seed[2:]


def test_a_generated_client_plays_a_whole_match_and_its_record_validates(
        generated: tuple[Any, dict[str, Any]], app: Any) -> None:
    """TABLES.md, 'OpenAPI': a client generated from the document alone creates a table of
    four people, plays every seat with its own token through the typed models, reads the
    record, and the service validates it with the table's totals; a seed changed by one
    byte is PROOF_MISMATCH."""
    package, _ = generated
    models = importlib.import_module("bigtwo_client.models")
    players = ["Ana", "Ben", "Cai", "Dee"]
    with serve(app) as base:
        anyone = package.Client(base_url=base, raise_on_unexpected_status=True)
        made = _operation(package, "post", "/v1/tables").sync_detailed(
            client=anyone, body=models.TableCreate(profile="hk-standard", players=players,
                                                   deals=2))
        assert made.status_code == 201 and isinstance(made.parsed, models.TableCreated)
        table_id = made.parsed.id
        assert [seat.seat for seat in made.parsed.seats] == [0, 1, 2, 3]
        seats = {seat.seat: package.AuthenticatedClient(
            base_url=base, token=seat.token, raise_on_unexpected_status=True)
            for seat in made.parsed.seats}
        look = _operation(package, "get", "/v1/tables/{table_id}")
        move = _operation(package, "post", "/v1/tables/{table_id}/moves")

        view = look.sync_detailed(table_id, client=anyone).parsed
        assert isinstance(view, models.TableView) and view.commitment == made.parsed.commitment
        played = passed = 0
        for _ in range(1000):  # two deals of 13 cards a seat end far sooner
            if view.status == models.TableViewStatus.OVER:
                break
            assert view.status == models.TableViewStatus.PLAYING and view.turn is not None
            mine = look.sync_detailed(table_id, client=seats[view.turn]).parsed
            assert isinstance(mine, models.TableView) and mine.seat == view.turn
            assert isinstance(mine.hand, list) and isinstance(mine.legal_plays, list)
            if mine.legal_plays:
                body = models.TableMove(play=mine.legal_plays[0])
                played += 1
            else:
                assert mine.may_pass is True
                body = models.TableMove(pass_=True)
                passed += 1
            answer = move.sync_detailed(table_id, client=seats[view.turn], body=body)
            while answer.status_code == 429:
                # Faster than people play: a seat past its moves per second waits as a
                # client is told to (Retry-After), then sends the same move again.
                time.sleep(float(answer.headers["Retry-After"]))
                answer = move.sync_detailed(table_id, client=seats[view.turn], body=body)
            assert answer.status_code == 200, answer.content
            view = answer.parsed
            assert isinstance(view, models.TableView)
        assert view.status == models.TableViewStatus.OVER, "the match did not end"
        assert played > 0 and view.deal == 1

        record = _operation(package, "get", "/v1/tables/{table_id}/record").sync_detailed(
            table_id, client=anyone).parsed
        assert isinstance(record, models.TableRecord)
        assert record.profile == "hk-standard" and record.players == players
        assert record.meta.live_table == table_id and len(record.deals) == 2
        assert all(isinstance(deal.proof, models.Proof) for deal in record.deals)
        as_record = models.Record.from_dict(record.to_dict())

        validate = _operation(package, "post", "/v1/validate")
        report = validate.sync_detailed(client=anyone, body=as_record).parsed
        assert isinstance(report, models.Report)
        assert report.valid is True, [error.to_dict() for error in report.errors]
        assert report.totals == view.totals and len(report.deals) == 2

        tampered = models.Record.from_dict(record.to_dict())
        tampered.deals[1].proof.seed = _tampered_seed(tampered.deals[1].proof.seed)
        refused = validate.sync_detailed(client=anyone, body=tampered).parsed
        assert refused.valid is False
        assert [(error.code, error.deal) for error in refused.errors] == [
            (models.RuleCode.PROOF_MISMATCH, 1)]
