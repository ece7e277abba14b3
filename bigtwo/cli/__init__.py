"""The ``bigtwo`` command line (click): validate, sheet, simulate, tournament, serve."""
