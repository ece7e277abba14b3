"""bigtwo: the pure rules core of the Big Two referee service (no web, no storage, no I/O)."""

ENGINE_VERSION = "1.0.0"
