"""/openapi.yaml (the checked-in contract) and the docs page, whose assets are served from this machine."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory
from swagger_ui_bundle import swagger_ui_path

CONTRACT = Path(__file__).resolve().parent.parent / "openapi.yaml"
ASSETS_URL = "/docs/assets/"

blp = Blueprint("docs", __name__)


@blp.get("/openapi.yaml")
def contract() -> Response:
    """The OpenAPI contract as checked in."""
    return Response(CONTRACT.read_text(encoding="utf8"), mimetype="application/yaml")


@blp.get(f"{ASSETS_URL}<path:name>")
def asset(name: str) -> Response:
    """A Swagger UI asset, from the installed swagger-ui-bundle package rather than a CDN."""
    return send_from_directory(str(swagger_ui_path), name, max_age=3600)
