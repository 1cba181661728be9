"""GET /v1/rulesets and /v1/rulesets/{name}."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import abort

from ....engine.rulesets import PARAMETERS, PRESETS, Ruleset
from ....engine.text import N_, Text
from ..blueprint import Blueprint
from ..schemas.rulesets import ParameterListSchema, RulesetListSchema, RulesetSchema

blp = Blueprint("rulesets", __name__, url_prefix="/v1", description="Named rule sets")


def ruleset_answer(ruleset: Ruleset) -> dict:
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "source": ruleset.source,
        "players": ruleset.players,
        "options": ruleset.parameters(),
    }


@blp.route("/rulesets")
class Rulesets(MethodView):
    @blp.response(200, RulesetListSchema())
    @blp.doc(operationId="listRulesets")
    def get(self):
        """List the rule set presets.

        Every preset with every parameter value; any may be overridden by `options`.
        """
        return {"rulesets": [ruleset_answer(r) for r in PRESETS.values()]}


@blp.route("/rulesets/<name>")
class RulesetByName(MethodView):
    @blp.response(200, RulesetSchema())
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.doc(operationId="getRuleset")
    def get(self, name: str):
        """One rule set preset.

        One preset; 404 problem for an unknown name.
        """
        ruleset = PRESETS.get(name)
        if ruleset is None:
            abort(
                404,
                message=Text(
                    N_("No ruleset named '{name}'; rulesets are: {rulesets}"),
                    name=name,
                    rulesets=", ".join(PRESETS),
                ),
            )
        return ruleset_answer(ruleset)


@blp.route("/parameters")
class Parameters(MethodView):
    @blp.response(200, ParameterListSchema())
    @blp.doc(operationId="listParameters")
    def get(self):
        """What every ruleset parameter means.

        Each parameter that `options` may override, with its accepted values.
        """
        # Every key is present (values [] and minimum/maximum null where they do not
        # apply): a dict missing "values" would be read as the dict's .values method.
        return {"parameters": [{"name": n} | p.describe() for n, p in PARAMETERS.items()]}


BLUEPRINTS = (blp,)
