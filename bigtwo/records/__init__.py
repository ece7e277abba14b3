"""Records in and out: parsing, score sheets, identity, JSON, reports and messages, and the
one checking path (``pipeline.check_record``) that the CLI, the API and the store call."""
