"""GET /variants."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.schemas import VariantListSchema
from domain.variants import VARIANTS

blp = Blueprint("variants", __name__, description="The variants, with their options and defaults")


@blp.route("/variants")
class Variants(MethodView):
    """The registry of variants."""

    @blp.response(200, VariantListSchema)
    def get(self) -> dict[str, Any]:
        """List every variant with its players, options (and defaults), deal modes and action types."""
        return {"variants": [variant.describe() for variant in VARIANTS.values()]}
