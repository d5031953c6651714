"""GET /health."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.access import meldbook
from api.schemas import HealthSchema
from api.version import __version__

blp = Blueprint("health", __name__, description="Service health")


@blp.route("/health")
class Health(MethodView):
    """Whether the service and its store answer."""

    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Report that the service is up, which store it uses, and Meldbook's version."""
        app = meldbook()
        app.recorder.max_notification_id()
        store = app.env.get("PERSISTENCE_MODULE", "").rsplit(".", 1)[-1]
        return {"status": "ok", "store": store, "version": __version__}
