"""One repository per aggregate of the store, as sqlite-utils keeps one class per object.

Each module holds one class over the tables of its aggregate, built on ``base.Repository`` (the
shared connection and its transactions); ``bigtwo.store.db.Store`` opens the database once and
makes one of each: ``store.profiles``, ``store.tournaments`` (with their records and audit),
``store.replays``, ``store.keys``, ``store.standings`` and ``store.seasons``. A new aggregate is a new module here,
its tables a new step in ``bigtwo.store.migrations``, and one attribute in ``Store``.
"""
