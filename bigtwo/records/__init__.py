"""A game record: its document read into plain values (``parse``), its identity, its players'
names, and the one checking path (``pipeline.check_record``) that the CLI, the API and the store
call."""
