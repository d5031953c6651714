"""/openapi.yaml (the contract, shipped inside the package) and the docs page, whose assets are served locally."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from flask import Blueprint, Response, send_from_directory

# In the repository api/openapi.yaml links to the top-level contract; a built wheel carries the file itself.
CONTRACT = files("api") / "openapi.yaml"
ASSETS_URL = "/docs/assets/"
# Swagger UI 5 (shipped by flask-swagger-ui): Swagger UI 4 refuses to render an OpenAPI 3.1 document.
ASSETS = Path(str(files("flask_swagger_ui") / "dist"))
OWN_ASSETS = Path(__file__).resolve().parent / "static" / "docs"

blp = Blueprint("docs", __name__)


@blp.get("/openapi.yaml")
def contract() -> Response:
    """The OpenAPI contract as checked in (and as packaged)."""
    return Response(CONTRACT.read_bytes(), mimetype="application/yaml")


@blp.get(f"{ASSETS_URL}<path:name>")
def asset(name: str) -> Response:
    """A Swagger UI asset, from the installed flask-swagger-ui package rather than a CDN (or the page's own script)."""
    folder = OWN_ASSETS if (OWN_ASSETS / name).is_file() else ASSETS
    return send_from_directory(str(folder), name, max_age=3600)
