"""GET /healthz and GET /readyz."""

from __future__ import annotations

from marshmallow import fields

from .common import ResponseSchema


class HealthSchema(ResponseSchema):
    status = fields.String(required=True, metadata={"description": "Always `ok`.", "example": "ok"})


class ReadySchema(ResponseSchema):
    status = fields.String(
        required=True, metadata={"description": "Always `ready`.", "example": "ready"}
    )
    checks = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Each check and its outcome.", "example": {"engine": "ok"}},
    )
