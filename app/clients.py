"""Which client sent a request, for the allowances of what a client without a key may store.

A client is its network: an IPv4 address, or the /64 an IPv6 address is in (one subscriber
is usually given a whole /64, so counting single IPv6 addresses would count nothing). The
address is the connection's peer (``REMOTE_ADDR``) unless the operator says how many reverse
proxies stand in front (``BIGTWO_PROXY_HOPS``): then it is the address the outermost of them
saw, read from ``X-Forwarded-For`` by werkzeug's ProxyFix. Without that setting the header is
never read, so a client cannot name itself as another.

The network goes to the store, which keeps only a keyed hash of it (``bigtwo.store.replays``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

PROXY_HOPS = "BIGTWO_PROXY_HOPS"
IPV6_PREFIX = 64


def proxy_hops(raw: str | int | None) -> int:
    """``BIGTWO_PROXY_HOPS``: how many proxies append to X-Forwarded-For (0: none, the
    default); anything else stops start-up with the setting named."""
    if raw is None or raw == "":
        return 0
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= 16:
        return raw
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and int(raw) <= 16:
        return int(raw)
    raise ValueError(f"{PROXY_HOPS} must be a whole number from 0 to 16 (the proxies in "
                     f"front of the service), not {raw!r}")


def network(address: str) -> str:
    """The network a peer address counts as: ``203.0.113.7``, ``2001:db8:1:2::/64``; an
    address that is none (a Unix socket's) is ``unknown``, one allowance for all of them."""
    try:
        ip = ipaddress.ip_address(address.strip().split("%", 1)[0])
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


def client_network(environ: Mapping[str, Any]) -> str:
    return network(str(environ.get("REMOTE_ADDR") or ""))


def install(app: Any) -> None:
    """Read the peer from X-Forwarded-For only when the operator said proxies are in front;
    call last, so that this wraps every other middleware."""
    from werkzeug.middleware.proxy_fix import ProxyFix

    hops = proxy_hops(app.config.get(PROXY_HOPS))
    app.config[PROXY_HOPS] = hops
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=0, x_host=0, x_port=0,
                                x_prefix=0)
