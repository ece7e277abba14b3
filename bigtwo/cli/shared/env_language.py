"""The language the environment asks for, as gettext reads it: a part of
``bigtwo.cli.shared.language`` that needs no click, so that the click-free ``bigtwo validate FILE``
(``bigtwo.cli.quick``) speaks the same language as the click command."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache

from bigtwo.reports.i18n import DEFAULT_LANGUAGE, canonical

# In gettext's order: LANGUAGE (a colon-separated list) first, then the locale itself.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _is_c(value: str) -> bool:
    return value.split(".", 1)[0].split("@", 1)[0] in ("C", "POSIX")


def _tag(value: str) -> str:
    """``de_DE.UTF-8@euro`` -> ``de_DE``: the part of a locale name that names a language."""
    return value.split(".", 1)[0].split("@", 1)[0]


@cache
def _from_values(language: str, locale: str) -> str:
    if _is_c(locale):
        # GNU gettext's rule: in the C locale LANGUAGE is ignored, so `LC_ALL=C` always
        # gives English (what a bug report or a script wants), whatever a desktop set.
        return DEFAULT_LANGUAGE
    for entry in [*language.split(":"), locale] if language else [locale]:
        if not entry:
            continue
        if _is_c(entry):  # "C" in LANGUAGE ends the list, as in gettext
            return DEFAULT_LANGUAGE
        found = canonical(_tag(entry))
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The supported language the environment asks for, as gettext reads it; English for
    ``C``, ``POSIX``, nothing set, or only languages we have no words for."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in ENVIRONMENT[1:] if env.get(name)), "")
    return _from_values(env.get("LANGUAGE", ""), locale)
