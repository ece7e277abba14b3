"""bigtwo: the pure rules core of the Big Two referee service (no web, no storage, no I/O)."""

ENGINE_VERSION = "2.0.0"
