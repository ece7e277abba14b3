"""``bigtwo season ...`` and ``bigtwo draw``: a season's nights, aliases, table and ratings,
and seating draws, against the local store or a server (as ``bigtwo tournament``)."""

from __future__ import annotations

import json
from typing import Any

import click

from bigtwo.cli.backend import Failure, fail
from bigtwo.cli.http_client import HttpBackend
from bigtwo.cli.local_backend import LocalBackend, NoStore, store_path
from bigtwo.cli.shared.inputs import profile_option_value
from bigtwo.cli.shared.language import gettext, lang_option
from bigtwo.cli.shared.output import echo_json
from bigtwo.cli.tournament import db_option, server_option
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store import seasons


class LocalSeasons(LocalBackend):
    def season(self, call: Any, *args: Any) -> dict[str, Any]:
        result: dict[str, Any] = self._call(call, *args)
        return result

    def create_season(self, body: dict[str, Any], key: str | None) -> dict[str, Any]:
        return self.season(seasons.create, body)

    def list_seasons(self, page: int, per_page: int) -> dict[str, Any]:
        return self.season(seasons.list_seasons, page, per_page)

    def attach(self, season: str, token: str, tournament: str, by: str | None) -> dict[str, Any]:
        return self.season(seasons.attach, season, {"tournament": tournament, "by": by},
                           f"Bearer {token}")

    def detach(self, season: str, token: str, tournament: str, by: str | None) -> dict[str, Any]:
        return self.season(seasons.detach, season, tournament, f"Bearer {token}", by)

    def alias(self, season: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
        return self.season(seasons.alias, season, body, f"Bearer {token}")

    def season_standings(self, season: str) -> dict[str, Any]:
        # The operator's own command rates every night at once: no per-request budget.
        return self.season(seasons.standings, season, None)

    def season_csv(self, season: str, delimiter: str) -> str:
        return seasons.standings_csv(self.season_standings(season), DELIMITERS[delimiter])

    def draw(self, body: dict[str, Any]) -> dict[str, Any]:
        return self.season(lambda store: seasons.make_draw(store.profiles.resolver(), body).as_json())

    def season_draw(self, season: str, body: dict[str, Any]) -> dict[str, Any]:
        from bigtwo.store.season_draws import season_draw

        return self.season(season_draw, season, body)


class HttpSeasons(HttpBackend):
    def create_season(self, body: dict[str, Any], key: str | None) -> dict[str, Any]:
        return self._json("POST", "/v1/seasons", body, key, keys=("id", "token"))

    def list_seasons(self, page: int, per_page: int) -> dict[str, Any]:
        return self._json("GET", f"/v1/seasons?page={page}&per_page={per_page}",
                          keys=("seasons",))

    def attach(self, season: str, token: str, tournament: str, by: str | None) -> dict[str, Any]:
        body = {"tournament": tournament, **({"by": by} if by is not None else {})}
        return self._json("POST", f"/v1/seasons/{_seg(season)}/tournaments", body, token,
                          keys=("attached",))

    def detach(self, season: str, token: str, tournament: str, by: str | None) -> dict[str, Any]:
        query = "" if by is None else "?" + _urlencode({"by": by})
        return self._json("DELETE", f"/v1/seasons/{_seg(season)}/tournaments/{_seg(tournament)}"
                          + query, None, token, keys=("attached",))

    def alias(self, season: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
        return self._json("POST", f"/v1/seasons/{_seg(season)}/aliases", body, token,
                          keys=("aliases",))

    def season_standings(self, season: str) -> dict[str, Any]:
        return self._json("GET", f"/v1/seasons/{_seg(season)}/standings", keys=("players",))

    def season_csv(self, season: str, delimiter: str) -> str:
        _, payload = self._request("GET", f"/v1/seasons/{_seg(season)}/standings?format=csv"
                                   f"&delimiter={delimiter}", accept="text/csv")
        return payload.decode("utf-8", "replace")

    def draw(self, body: dict[str, Any]) -> dict[str, Any]:
        return self._json("POST", "/v1/draws", body, keys=("rounds", "repeats"))

    def season_draw(self, season: str, body: dict[str, Any]) -> dict[str, Any]:
        return self._json("POST", f"/v1/seasons/{_seg(season)}/draws", body,
                          keys=("rounds", "repeats"))


def _seg(value: str) -> str:
    import urllib.parse

    return urllib.parse.quote(value, safe="")


def _urlencode(params: dict[str, str]) -> str:
    import urllib.parse

    return urllib.parse.urlencode(params)


Backend = LocalSeasons | HttpSeasons


def backend(server: str | None, db: str | None, *, create: bool = False) -> Backend:
    return HttpSeasons(server) if server else LocalSeasons(store_path(db), create=create)


def run(server: str | None, db: str | None, call: Any, *, create: bool = False) -> Any:
    """``call(backend)``; a refused request is printed as the API's problem (exit 2)."""
    try:
        return call(backend(server, db, create=create))
    except Failure as exc:
        fail(exc)


season_lang_option = lang_option(
    "Language of the command's lines for people (never of its JSON or CSV)", expose=False)
season_token = click.option("--token", required=True, envvar="BIGTWO_SEASON_TOKEN",
                            help="The season's token (default: the BIGTWO_SEASON_TOKEN "
                                 "variable).")
by_option = click.option("--by", default=None, help="Who, for the audit log.")


@click.group()
def season() -> None:
    """Run a season of club nights: create it, attach tournaments (nights) in order, declare
    aliases, print the season's table and its players' ratings (docs/SEASONS.md)."""


@season.command("create")
@season_lang_option
@click.option("--name", required=True)
@click.option("--profile", default=None, metavar="ID",
              help="Only tournaments playing this profile can be attached (default: any).")
@click.option("--points", default=None, metavar="N,N,...",
              help="Season points for 1st, 2nd, ... (default: EMA base points, 1000 to 0).")
@click.option("--key", envvar="BIGTWO_CREATION_KEY", default=None, metavar="KEY",
              help="A creation key for a --server in creation-key mode.")
@server_option
@db_option
def create_command(name: str, profile: str | None, points: str | None, key: str | None,
                   server: str | None, db: str | None) -> None:
    """Create a season and print its id and token (the token is shown only now)."""
    body: dict[str, Any] = {"name": name}
    if profile is not None:
        body["profile"] = profile
    if points is not None:
        try:
            body["points_by_place"] = [int(p) for p in points.split(",")]
        except ValueError:
            raise click.BadParameter(points, param_hint="'--points'") from None
    echo_json(run(server, db, lambda api: api.create_season(body, key), create=True))
    click.echo(gettext("Keep the season's token: it is shown once and is needed to attach "
                       "tournaments and declare aliases."), err=True)


@season.command("list")
@season_lang_option
@click.option("--page", type=click.IntRange(1), default=1)
@click.option("--per-page", type=click.IntRange(1, 100), default=50)
@server_option
@db_option
def list_command(page: int, per_page: int, server: str | None, db: str | None) -> None:
    """List the seasons (JSON), newest first."""
    echo_json(run(server, db, lambda api: api.list_seasons(page, per_page)))


@season.command("add")
@season_lang_option
@click.argument("season_id")
@click.argument("tournament_id")
@season_token
@by_option
@server_option
@db_option
def add_command(season_id: str, tournament_id: str, token: str, by: str | None,
                server: str | None, db: str | None) -> None:
    """Attach a tournament as the season's next night."""
    echo_json(run(server, db, lambda api: api.attach(season_id, token, tournament_id, by)))


@season.command("remove")
@season_lang_option
@click.argument("season_id")
@click.argument("tournament_id")
@season_token
@by_option
@server_option
@db_option
def remove_command(season_id: str, tournament_id: str, token: str, by: str | None,
                   server: str | None, db: str | None) -> None:
    """Detach a tournament: the season no longer counts it."""
    echo_json(run(server, db, lambda api: api.detach(season_id, token, tournament_id, by)))


@season.command("alias")
@season_lang_option
@click.argument("season_id")
@click.argument("alias")
@click.argument("player", required=False)
@click.option("--undo", is_flag=True, help="Undo the alias (give no PLAYER).")
@season_token
@by_option
@server_option
@db_option
def alias_command(season_id: str, alias: str, player: str | None, undo: bool, token: str,
                  by: str | None, server: str | None, db: str | None) -> None:
    """Declare that ALIAS is the player PLAYER ("Benjamin" is "Ben"), or --undo it."""
    if (player is None) != undo:
        raise click.UsageError(gettext("give PLAYER, or --undo without it"))
    body = {"alias": alias, "player": player, **({"by": by} if by is not None else {})}
    echo_json(run(server, db, lambda api: api.alias(season_id, token, body)))


@season.command("standings")
@season_lang_option
@click.argument("season_id")
@click.option("--csv", "as_csv", is_flag=True, help="The table as CSV.")
@click.option("--delimiter", type=click.Choice(list(DELIMITERS)), default=None,
              help="With --csv, the cell separator.")
@server_option
@db_option
def standings_command(season_id: str, as_csv: bool, delimiter: str | None,
                      server: str | None, db: str | None) -> None:
    """Print the season's table: points, rating, nights and deals per player (JSON or CSV)."""
    if as_csv or delimiter is not None:
        click.echo(run(server, db, lambda api: api.season_csv(
            season_id, delimiter or DEFAULT_DELIMITER)), nl=False)
        return
    body = run(server, db, lambda api: api.season_standings(season_id))
    echo_json({k: v for k, v in body.items() if k != "ratings"})


@season.command("ratings")
@season_lang_option
@click.argument("season_id")
@server_option
@db_option
def ratings_command(season_id: str, server: str | None, db: str | None) -> None:
    """Print every player's rating (mu, sigma, ordinal) and its history per night (JSON)."""
    echo_json(run(server, db, lambda api: api.season_standings(season_id))["ratings"])


@season.command("draw")
@season_lang_option
@click.argument("season_id")
@click.argument("players", nargs=-1)
@click.option("--rounds", type=click.IntRange(1), required=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--profile", default=None, metavar="ID",
              help="Only for a season of any profile: the night's profile (its table size).")
@server_option
@db_option
def season_draw_command(season_id: str, players: tuple[str, ...], rounds: int, seed: int,
                        profile: str | None, server: str | None, db: str | None) -> None:
    """Draw the next night's tables for the PLAYERS present (default: every player of the
    season) with every table of the season's nights taken into account; the JSON names each
    pair that meets again. Changes nothing, so it needs no token."""
    body: dict[str, Any] = {"rounds": rounds, "seed": seed}
    if players:
        body["players"] = list(players)
    if profile is not None:
        body["profile"] = profile
    echo_json(run(server, db, lambda api: api.season_draw(season_id, body)))


@click.command("draw")
@season_lang_option
@click.argument("players", nargs=-1, required=True)
@click.option("--profile", required=True, metavar="ID|FILE",
              help="The profile: its number of players is the table size.")
@click.option("--rounds", type=int, required=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--previous", type=click.File("rb"), default=None,
              help='A JSON file of tables already played ([["Ana", "Ben", ...], ...]), or '
                   '{"tables": [...], "sat_out": [...]}.')
@server_option
@db_option
def draw_command(players: tuple[str, ...], profile: str, rounds: int, seed: int,
                 previous: Any, server: str | None, db: str | None) -> None:
    """Draw the tables of ROUNDS rounds for the PLAYERS present (JSON): sit-outs rotate and
    repeated meetings are as few as found; the same seed gives the same draw."""
    body: dict[str, Any] = {"profile": profile_option_value(profile), "players": list(players),
                            "rounds": rounds, "seed": seed}
    if previous is not None:
        given = json.loads(previous.read())
        if isinstance(given, dict):
            body["previous"], body["sat_out"] = given.get("tables", []), given.get("sat_out", [])
        else:
            body["previous"] = given
    if server:
        echo_json(run(server, db, lambda api: api.draw(body)))
        return
    try:
        resolver = LocalSeasons(store_path(db)).store.profiles.resolver()
    except NoStore:
        resolver = ProfileResolver()  # no store yet: presets and files need none
    try:
        echo_json(_Offline().season(lambda _: seasons.make_draw(resolver, body).as_json()))
    except Failure as exc:
        fail(exc)


class _Offline(LocalSeasons):
    """A draw needs no store: the refusals as a store's (``LocalBackend._call``)."""

    def __init__(self) -> None:
        self.store = None  # type: ignore[assignment]
