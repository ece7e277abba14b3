"""Origins and base URLs an operator configures, read strictly at start-up.

An origin (``scheme://host[:port]``, RFC 6454) is what a browser sends in ``Origin``; a base
URL (``BIGTWO_PUBLIC_URL``) is an origin with an optional path under which the service is
reached. Both are written back in the form a browser serialises them (lower case, the
default port dropped, an IPv6 address compressed), so that a setting matches the header a
browser sends for it exactly, and a typo or a pattern stops the service at start instead of
matching something else.
"""

from __future__ import annotations

import ipaddress
import re

DEFAULT_PORTS = {"http": 80, "https": 443}

_SPLIT = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*)://(?P<host>\[[^\]/]*\]|[^:/\[\]]*)"
                    r"(?::(?P<port>[0-9]{1,5}))?(?P<path>/.*)?", re.DOTALL)
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?")
# A path of a base URL: unreserved characters, sub-delimiters and percent escapes, no dot
# segments, no query or fragment.
_PATH_SEGMENT = re.compile(r"(?:[A-Za-z0-9\-_~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+")


class UrlSettingError(ValueError):
    """A URL setting the service cannot start with."""


def _host(text: str) -> str | None:
    """The host as a browser writes it, or None when it is not one."""
    if text.startswith("["):
        if "%" in text:  # a zone id names an interface of one machine, never a browser's origin
            return None
        try:
            return f"[{ipaddress.IPv6Address(text[1:-1]).compressed}]"
        except ValueError:  # an IPv4 address in brackets, garbage
            return None
    host = text.lower()
    if not host.isascii() or not host or len(host) > 253:
        return None  # an international name is written in its ASCII (xn--) form
    labels = host.split(".")
    if not all(_LABEL.fullmatch(label) for label in labels):
        return None
    if labels[-1].isdigit():  # a browser reads a host that ends in a number as IPv4
        try:
            return str(ipaddress.IPv4Address(host))
        except ValueError:
            return None
    return host


def split(text: str) -> tuple[str, str] | None:
    """``(origin, path)`` of an http(s) URL whose origin is valid, else None; ``path`` is
    everything from the first ``/`` after the authority (``""`` when there is none)."""
    found = _SPLIT.fullmatch(text.strip())
    if found is None:
        return None
    scheme = found["scheme"].lower()
    host = _host(found["host"])
    if scheme not in DEFAULT_PORTS or host is None:
        return None
    port = found["port"]
    if port is not None and not 0 < int(port) < 65536:
        return None
    origin = f"{scheme}://{host}"
    if port is not None and int(port) != DEFAULT_PORTS[scheme]:
        origin += f":{int(port)}"
    return origin, found["path"] or ""


def parse_origin(text: str) -> str | None:
    """The origin ``text`` names (a trailing ``/`` is allowed), in a browser's form, or None."""
    parts = split(text)
    if parts is None or parts[1] not in ("", "/"):
        return None
    return parts[0]


def parse_base_url(setting: str, text: str) -> str:
    """A public base URL: ``https://host[:port][/path]``, without a trailing ``/``; anything
    else (a query, a fragment, user info, dot segments, another scheme) is refused."""
    parts = split(text)
    if parts is None:
        raise UrlSettingError(f"{setting}: {text!r} is not an http(s) URL of a host "
                              "(e.g. https://bigtwo.example or https://club.example/bigtwo)")
    origin, path = parts
    segments = path.strip("/").split("/") if path.strip("/") else []
    if any(s in (".", "..") or not _PATH_SEGMENT.fullmatch(s) for s in segments) \
            or "//" in path:
        raise UrlSettingError(f"{setting}: {text!r} has a path the service cannot be reached "
                              "under (no query, fragment, empty or dot segments)")
    return origin + "".join("/" + s for s in segments)
