"""GET /healthz."""

from __future__ import annotations

from marshmallow import fields

from .common import ResponseSchema


class HealthSchema(ResponseSchema):
    status = fields.String(required=True, metadata={"description": "Always `ok`.", "example": "ok"})
