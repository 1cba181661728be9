"""POST /v1/batch."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import JsonInteger, ProblemSchema, RequestSchema, ResponseSchema, enum_field

#: Items one batch carries at most.
BATCH_MAX = 100


class BatchItemSchema(RequestSchema):
    operation = enum_field("BatchOperation", required=True)
    body = fields.Dict(
        required=True,
        metadata={"description": "The operation's request body, as its own endpoint takes it."},
    )


class BatchRequestSchema(RequestSchema):
    items = fields.List(
        fields.Nested(BatchItemSchema()),
        required=True,
        validate=validate.Length(min=1, max=BATCH_MAX),
        metadata={"description": f"1 to {BATCH_MAX} independent requests, answered in order."},
    )


class BatchResultSchema(ResponseSchema):
    status = JsonInteger(
        required=True,
        metadata={"description": "The HTTP status the operation's own endpoint would answer."},
    )
    body = fields.Dict(
        metadata={
            "description": "A success: the operation's answer, exactly; left out on a refusal "
            "(no nullable map)."
        },
    )
    problem = fields.Nested(
        ProblemSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "A refusal: the problem details its endpoint would send."},
    )


class BatchSchema(ResponseSchema):
    items = fields.List(
        fields.Nested(BatchResultSchema()),
        required=True,
        metadata={"description": "One result per item, in the order of the request."},
    )
