"""Reports and messages: the validation report, the players' languages and catalogs (``i18n``,
``locale/``), every message in words, and a replay shown move by move (``timeline``)."""
