"""Did you mean ...? A close known name for a misspelt one (``handsize``: ``hand_size``;
``hk-standard5``: ``hk-standard``), for the messages that refuse an unknown field or name.

A newcomer's typo should cost one look, not a search through the docs: every "unknown"
message names the nearest known spelling, or lists the known ones when none is near."""

from __future__ import annotations

from collections.abc import Iterable

from bigtwo.rules.problems import quote

_CUTOFF = 0.75  # difflib's ratio: 'handsize'/'hand_size' is 0.94, 'deal'/'deals' 0.89


def _plain(word: str) -> str:
    """A spelling without case or separators: HandSize, hand-size and hand_size agree."""
    return "".join(ch for ch in word.lower() if ch not in "_- .")


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """The known name nearest to ``word``, or None when none is close enough."""
    choices = sorted(set(known))
    if not isinstance(word, str) or not word or len(word) > 100:
        return None  # a long key is not a typo; difflib on it would cost for nothing
    plain = _plain(word)
    same = [c for c in choices if _plain(c) == plain]
    if same:
        return same[0]
    by_plain = {_plain(c): c for c in choices}
    import difflib  # only for a word that is not known (start-up)

    close = difflib.get_close_matches(plain, list(by_plain), n=1, cutoff=_CUTOFF)
    return by_plain[close[0]] if close else None


def unknown_field(name: str, known: Iterable[str]) -> str:
    """The detail of an unknown-field problem: ``unknown field (did you mean 'hand_size'?)``,
    or with the fields allowed there when none is close. The profile declaration's checker
    can call it too, with the fields of the level it checks."""
    choices = sorted(set(known))
    near = did_you_mean(name, choices)
    if near is not None:
        return f"unknown field (did you mean {near!r}?)"
    return f"unknown field (the fields here: {', '.join(choices)})"


def unknown_name(kind: str, name: str, known: Iterable[str], listed_as: str | None = None) -> str:
    """``unknown profile 'hk-standard5' (did you mean 'hk-standard'?); presets: ...``: the
    nearest known name, and the known ones under ``listed_as`` when given."""
    choices = list(dict.fromkeys(known))
    near = did_you_mean(name, choices)
    text = f"unknown {kind} {quote(name)}" + (f" (did you mean {near!r}?)" if near is not None else "")
    if listed_as is not None:
        text += f"; {listed_as}: {', '.join(choices)}"
    return text
