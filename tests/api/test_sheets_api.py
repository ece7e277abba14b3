"""Score sheets over HTTP: POST /v1/validate with Content-Type: text/csv and ?profile=."""

from __future__ import annotations

from typing import Any

import pytest

from schemas.records import ReportSchema
from tests.api.helpers import assert_problem, conforms

SHEET = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,3,0,1,13\n"


def post(client: Any, body: str | bytes, query: str = "?profile=hk-standard",
         mimetype: str = "text/csv") -> Any:
    return client.post(f"/v1/validate{query}", data=body, content_type=mimetype)


def test_a_sheet_is_scored(client: Any) -> None:
    response = post(client, SHEET)
    assert response.status_code == 200, response.get_data(as_text=True)
    conforms(ReportSchema, response.json)
    # 000: 9 cards pay double (18), all 13 four times (52)
    assert [d["penalties"] for d in response.json["deals"]] == [[0, 5, 2, 18], [3, 0, 1, 52]]
    assert [d["status"] for d in response.json["deals"]] == ["scored", "scored"]


def test_a_sheet_with_a_charset_and_a_bom(client: Any) -> None:
    response = post(client, "\ufeff" + SHEET, mimetype="text/csv; charset=utf-8")
    assert response.status_code == 200


def test_a_malformed_sheet_is_422_by_row_and_column(client: Any) -> None:
    doc = assert_problem(post(client, "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,14,2,9\n", "?profile=hk-standard&lang=it"), 422)
    assert doc["errors"] == [{"pointer": "/rows/3/Ben", "detail": (
        "riga 3, colonna Ben: Ben non può avere 14 carte rimaste: ognuno ne riceve 13")}]


@pytest.mark.parametrize(("query", "status", "needle"), [
    ("", 422, "add ?profile="),
    ("?profile=no-such", 422, "/profile"),
])
def test_the_profile_comes_from_the_query(client: Any, query: str, status: int, needle: str) -> None:
    doc = assert_problem(post(client, SHEET, query), status)
    assert needle in str(doc["errors"])


def test_not_utf8_is_400(client: Any) -> None:
    doc = assert_problem(post(client, b"deal,Ana\xff\n"), 400)
    assert "not readable text" in doc["detail"]


def test_openapi_documents_csv(client: Any) -> None:
    spec = client.get("/openapi.json").json
    body = spec["paths"]["/v1/validate"]["post"]["requestBody"]["content"]
    assert set(body) == {"application/json", "text/csv", "text/x-bigtwo"}
    params = {p["name"] for p in spec["paths"]["/v1/validate"]["post"]["parameters"]}
    assert "profile" in params
    upload = spec["paths"]["/v1/tournaments/{tournament_id}/records"]["post"]
    assert "text/csv" in upload["requestBody"]["content"]


@pytest.mark.parametrize("separator", [";", "\t"], ids=["semicolons", "tabs"])
def test_a_sheet_with_semicolons_or_tabs(client: Any, separator: str) -> None:
    """What German and Italian Excel save (semicolons, a BOM), or a paste from a spreadsheet."""
    response = post(client, ("\ufeff" + SHEET.replace(",", separator)).encode("utf-8"),
                    mimetype="text/csv; charset=utf-8")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert [d["penalties"] for d in response.json["deals"]] == [[0, 5, 2, 18], [3, 0, 1, 52]]


def test_every_problem_of_a_sheet_in_one_answer_in_german(client: Any) -> None:
    sheet = "deal;Ana;Ben;Cai;Dee\n1;0;x;2;9\n2;0;0;1;1\n3;0;14;2;9\n"
    doc = assert_problem(post(client, sheet, "?profile=hk-standard&lang=de"), 422)
    assert [e["pointer"] for e in doc["errors"]] == ["/rows/2/Ben", "/rows/3", "/rows/4/Ben"]
    assert all(e["detail"].startswith("Zeile ") for e in doc["errors"])
