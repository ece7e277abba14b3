"""The live tables' answers as lines for people (``bigtwo table``): a created table, a view,
one line per event. Every line is a message of the library's catalogs; the service's own
strings (names, labels, ids) are shown through ``shown``, one safe line each.

The answers are read leniently: a field the service leaves out is left out here too, so an
older or newer service still prints what it sent (``--json`` shows everything)."""

from __future__ import annotations

import urllib.parse
from typing import Any

from bigtwo.cli.backend import shown
from bigtwo.cli.shared.language import gettext, ngettext, pgettext
from bigtwo.cli.table_http import Event

# A view lists at most this many legal plays in its text (`--json` lists them all).
LEGAL_PLAYS_SHOWN = 12


def name_of(players: Any, seat: Any) -> str:
    """The name of ``seat`` among the view's ``players`` (names, or objects with a name)."""
    if isinstance(seat, int) and isinstance(players, list) and 0 <= seat < len(players):
        player = players[seat]
        if isinstance(player, dict):
            player = player.get("name", seat)
        return shown(str(player))
    # TRANSLATORS: a seat whose player's name is not known, e.g. "seat 2".
    return gettext("seat {seat}", seat=shown(str(seat)))


def cards(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(shown(str(card)) for card in value)
    return shown(str(value))


def created_lines(created: dict[str, Any], server: str, players: list[str],
                  bots: list[int]) -> list[str]:
    """What ``table create`` prints: the table, where to see it, its first commitment, every
    token (the only time they are shown) and the seats the service plays (they have none)."""
    table_id = shown(str(created["id"]))
    base = server.rstrip("/")
    lines = [gettext("Table {id}", id=table_id)]
    if created.get("url"):
        lines.append(gettext("  address: {url}", url=shown(urllib.parse.urljoin(
            base + "/", str(created["url"])))))
    lines.append(gettext("  spectators' page: {url}", url=f"{base}/tables/{table_id}"))
    lines.append(gettext("  commitment of the first deal: {commitment}",
                         commitment=shown(str(created["commitment"]))))
    if created.get("organiser_token"):
        lines.append(gettext("  organiser's token: {token}",
                             token=shown(str(created["organiser_token"]))))
    tokens = {seat.get("seat"): seat for seat in created["seats"]
              if isinstance(seat, dict) and seat.get("token")} \
        if isinstance(created["seats"], list) else {}
    for index, name in enumerate(players):
        seat = tokens.get(index)
        if seat is not None:
            lines.append(gettext("  seat {seat} ({name}): token {token}", seat=index,
                                 name=shown(str(seat.get("name", name))),
                                 token=shown(str(seat["token"]))))
        elif index in bots:
            lines.append(gettext("  seat {seat} ({name}): played by the service (a bot)",
                                 seat=index, name=shown(name)))
    return lines


def status_word(status: Any) -> str:
    words = {
        # TRANSLATORS: a live table's status ("table status"): waiting for the seats' entropy.
        "waiting": pgettext("table status", "waiting"),
        "playing": pgettext("table status", "playing"),
        "over": pgettext("table status", "over"),
        "abandoned": pgettext("table status", "abandoned"),
    }
    return words.get(str(status), shown(str(status)))


def move_text(move: dict[str, Any], players: Any) -> str:
    """One move as the notation writes it: ``Ana: 3C 3S``, ``Ben: pass``."""
    name = name_of(players, move.get("seat"))
    if move.get("timeout"):
        # TRANSLATORS: a move ("move"): the seat's clock ran out, a pass was recorded.
        what = pgettext("move", "timeout")
    elif move.get("pass"):
        what = pgettext("move", "pass")
    else:
        what = cards(move.get("play", move.get("cards", [])))
        if move.get("call"):
            # TRANSLATORS: a play with the last-card call, e.g. "3C (last card called)".
            what = pgettext("move", "{cards} (last card called)", cards=what)
    return f"{name}: {what}"


def _totals(players: Any, totals: Any) -> str:
    if not isinstance(totals, list):
        return shown(str(totals))
    return " · ".join(f"{name_of(players, seat)} {value:+d}" if isinstance(value, int)
                      else f"{name_of(players, seat)} {shown(str(value))}"
                      for seat, value in enumerate(totals))


def view_lines(view: dict[str, Any]) -> list[str]:
    """A table as its viewer sees it: the state, every seat's cards left and total, the
    combination to beat, this deal's moves and, for a seat, its hand and its choices."""
    players = view.get("players")
    deal = view.get("deal")
    lines = [gettext("Table {id} ({profile}): {status}, deal {deal}, version {version}",
                     id=shown(str(view.get("id"))), profile=shown(str(view.get("profile_id"))),
                     status=status_word(view.get("status")),
                     deal=deal + 1 if isinstance(deal, int) else shown(str(deal)),
                     version=shown(str(view.get("version"))))]
    left = view.get("cards_left")
    totals = view.get("totals")
    bots = view.get("bots")
    for seat in range(len(players) if isinstance(players, list) else 0):
        cards_left = left[seat] if isinstance(left, list) and seat < len(left) else None
        total = totals[seat] if isinstance(totals, list) and seat < len(totals) else 0
        marker = "▶" if view.get("turn") == seat else " "
        held = ngettext("{n} card", "{n} cards", cards_left) \
            if isinstance(cards_left, int) else "?"
        name = name_of(players, seat)
        if isinstance(bots, list) and seat in bots:
            # TRANSLATORS: a seat the service plays itself, in a table's list of seats.
            name = gettext("{name} (bot)", name=name)
        lines.append(gettext("{marker} seat {seat} {name}: {held}, total {total}",
                             marker=marker, seat=seat, name=name, held=held, total=total))
    table = view.get("table")
    if isinstance(table, dict):
        combination = table.get("combination")
        label = combination.get("label") if isinstance(combination, dict) else None
        lines.append(gettext("To beat: {name}'s {cards} ({label})",
                             name=name_of(players, table.get("seat")),
                             cards=cards(table.get("cards")), label=shown(str(label or "?"))))
    elif view.get("status") == "playing":
        lines.append(gettext("Nothing to beat: the next play leads."))
    moves = view.get("moves")
    if isinstance(moves, list) and moves:
        lines.append(gettext("Moves of this deal: {moves}", moves=", ".join(
            move_text(m, players) for m in moves if isinstance(m, dict))))
    if view.get("deadline"):
        lines.append(gettext("Deadline of this turn: {deadline}",
                             deadline=shown(str(view["deadline"]))))
    if view.get("commitment"):
        lines.append(gettext("Commitment of this deal: {commitment}",
                             commitment=shown(str(view["commitment"]))))
    posted = view.get("entropy")
    if view.get("status") == "waiting" and isinstance(posted, list):
        lines.append(_posted(players, posted))
    winners = view.get("winners")
    if view.get("status") == "over" and isinstance(winners, list):
        lines.append(_match_over(players, winners, totals))
    if "seat" in view:
        lines.extend(_seat_lines(view, players))
    return lines


def _posted(players: Any, seats: Any) -> str:
    return gettext("entropy posted by: {names}", names=", ".join(
        name_of(players, s) for s in seats) if isinstance(seats, list) else shown(str(seats)))


def _match_over(players: Any, winners: Any, totals: Any) -> str:
    return gettext("match over: {names} won; totals {totals}", names=", ".join(
        name_of(players, w) for w in winners) if isinstance(winners, list) else "?",
        totals=_totals(players, totals))


def _seat_lines(view: dict[str, Any], players: Any) -> list[str]:
    seat = view.get("seat")
    if view.get("hand"):
        lines = [gettext("You are seat {seat} ({name}); your hand: {cards}",
                         seat=shown(str(seat)), name=name_of(players, seat),
                         cards=cards(view["hand"]))]
    else:
        lines = [gettext("You are seat {seat} ({name}).", seat=shown(str(seat)),
                         name=name_of(players, seat))]
    posted = view.get("entropy")
    if view.get("status") == "waiting" and isinstance(posted, list) and seat not in posted:
        lines.append(gettext("The next deal waits for your entropy: bigtwo table entropy {id} "
                             "VALUE", id=shown(str(view.get("id")))))
    if view.get("turn") != seat or view.get("status") != "playing":
        return lines
    plays = view.get("legal_plays")
    plays = plays if isinstance(plays, list) else []
    if not plays:
        lines.append(gettext("Your turn: no play of yours beats the table."))
        return [*lines, gettext("You may pass.") if view.get("may_pass")
                else gettext("You may not pass.")]
    listed = " | ".join(cards(p) for p in plays[:LEGAL_PLAYS_SHOWN])
    more = len(plays) - LEGAL_PLAYS_SHOWN
    if more > 0:
        listed += " | " + ngettext("and {n} more", "and {n} more", more)
    lines.append(ngettext("Your turn: {n} legal play: {plays}",
                          "Your turn: {n} legal plays: {plays}", len(plays), plays=listed))
    lines.append(gettext("You may pass.") if view.get("may_pass")
                 else gettext("You may not pass."))
    return lines


def event_line(event: Event, players: Any) -> str:
    """One line for an event of the stream, prefixed by its number."""
    data = event.data
    deal = data.get("deal")
    shown_deal = deal + 1 if isinstance(deal, int) else shown(str(deal))
    if event.type == "dealt":
        if "hand" in data:
            text = gettext("deal {deal} dealt; your hand: {cards}", deal=shown_deal,
                           cards=cards(data["hand"]))
        else:
            text = gettext("deal {deal} dealt; commitment {commitment}", deal=shown_deal,
                           commitment=shown(str(data.get("commitment"))))
    elif event.type == "entropy":
        text = _posted(players, data.get("posted", data.get("seats", [])))
    elif event.type == "move":
        text = move_text(data.get("move", data) if isinstance(data.get("move"), dict) else data,
                         players)
    elif event.type == "trick":
        text = gettext("trick over; {name} leads", name=name_of(
            players, data.get("leader", data.get("seat"))))
    elif event.type == "deal_over":
        proof = data.get("proof")
        seed = proof.get("seed") if isinstance(proof, dict) else None
        text = gettext("deal {deal} over: {name} went out; totals {totals}; seed {seed}",
                       deal=shown_deal, name=name_of(players, data.get("winner")),
                       totals=_totals(players, data.get("totals")),
                       seed=shown(str(seed)))
    elif event.type == "match_over":
        text = _match_over(players, data.get("winners"), data.get("totals"))
    elif event.type == "abandoned":
        text = gettext("the table was abandoned")
    else:
        text = shown(event.type)
    return f"#{event.id} {text}"


def listed_line(row: dict[str, Any]) -> str:
    """One table of ``table list``: id, profile, status and deal, players, creation time."""
    players = row.get("players")
    deal = row.get("deal")
    # TRANSLATORS: a column of `bigtwo table list`: the index of the table's running deal.
    dealt = pgettext("tables column", "deal {deal}",
                     deal=deal + 1 if isinstance(deal, int) else shown(str(deal)))
    names = pgettext("between the names of the players", ", ").join(
        shown(str(p)) for p in players) if isinstance(players, list) else "?"
    return "  ".join([shown(str(row.get("id"))), shown(str(row.get("profile_id"))),
                      status_word(row.get("status")), dealt, names,
                      shown(str(row.get("created")))])
