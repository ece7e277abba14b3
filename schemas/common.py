import re

from marshmallow import Schema, fields

_ASCII_INT = re.compile(r"-?[0-9]{1,19}")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})


class QueryInteger(fields.Integer):
    """An integer query parameter: ASCII digits only. ``int()`` alone would also take
    ``"١٢"`` (Arabic-Indic digits), ``" 12 "`` and ``"1_2"``."""

    def _validated(self, value: object) -> int:
        if isinstance(value, str) and not _ASCII_INT.fullmatch(value):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)  # type: ignore[no-any-return]
