"""The identity of a game record: its canonical form, and the hash over it (API.md, v2).

Two uploads are the same game when they differ only in how they are written:
- card spellings (``"th"``, ``"10♥"`` and ``"TH"`` are one card), and the order of the cards
  within a hand, a play or a result's cards left (a set of cards has no order in the rules);
- a deal code's spelling (case, Crockford look-alikes), in a deal or in its proof, and the
  case of a proof's hexadecimal seed and commitment;
- how the profile is named: by id, spelled inline, or left to the tournament's default. In a
  tournament every record plays the tournament's profile (uploads under another are
  refused), so the canonical form names that profile, whatever the record wrote;
- key order and spacing (the hash is over sorted, compact JSON).
Everything else (players, moves, declared results, meta) is compared as written.

Pure: the input is a record that parsed (``bigtwo.records.parse.parse_record`` found no problem).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from bigtwo.rules import cards, deals


def _card(text: Any) -> Any:
    card = cards.NOTATION.get(text) if isinstance(text, str) else None
    if card is None and isinstance(text, str):
        card = cards.parse_card(text)
        if card is None:
            # v4: a joker (JK, jk, 🃏) or a stand-in (JK=10h) is one card however spelt.
            card = cards.parse_joker(text)
    return text if card is None else card


def _cards(value: Any) -> Any:
    """A list of cards in canonical spelling, low to high by card id."""
    if not isinstance(value, list):
        return value
    try:
        # The common case, every card in a spelling of the table, at C speed: a 10,000-row
        # card-list sheet holds over 300,000 cards, each looked at here once.
        ids = sorted(map(cards.NOTATION.__getitem__, value))
    except (KeyError, TypeError):
        found = [_card(c) for c in value]
        if not all(isinstance(c, int) for c in found):
            return value
        return cards.names(sorted(found))
    return list(map(cards.CANONICAL.__getitem__, ids))


def _code(value: Any) -> Any:
    return deals.canonical_code(value) or value


def _move(move: Any) -> Any:
    if not isinstance(move, Mapping):
        return move
    out = dict(move)
    if "play" in out:
        out["play"] = _cards(out["play"])
    return out


def _deal(deal: Any) -> Any:
    if not isinstance(deal, Mapping):
        return deal
    out = dict(deal)
    if isinstance(out.get("hands"), list):
        out["hands"] = [_cards(h) for h in out["hands"]]
    if "deal_code" in out:
        out["deal_code"] = _code(out["deal_code"])
    if isinstance(out.get("moves"), list):
        out["moves"] = [_move(m) for m in out["moves"]]
    result = out.get("result")
    if isinstance(result, Mapping) and isinstance(result.get("left"), list):
        out["result"] = {**result, "left": [_cards(h) for h in result["left"]]}
    if isinstance(out.get("proof"), Mapping):
        out["proof"] = _proof(out["proof"])
    return out


def _proof(proof: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(proof)
    for key in ("commitment", "seed"):
        if isinstance(out.get(key), str):
            out[key] = out[key].lower()
    if "deal_code" in out:
        out["deal_code"] = _code(out["deal_code"])
    return out


def canonical_record(doc: Mapping[str, Any], profile: str) -> dict[str, Any]:
    """The record as its identity sees it; ``profile`` names the profile it plays (in a
    tournament: the tournament's profile id)."""
    out = {k: v for k, v in doc.items() if k != "profile"}
    out["profile"] = profile
    if isinstance(out.get("deals"), list):
        out["deals"] = [_deal(d) for d in out["deals"]]
    return out


def record_hash(doc: Mapping[str, Any], profile: str) -> str:
    """``sha256:<hex>`` over the canonical form as sorted, compact JSON."""
    text = json.dumps(canonical_record(doc, profile), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    # surrogatepass: a record stored before lone surrogates were refused still gets a hash.
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
