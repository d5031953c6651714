"""flask-smorest's Api, documenting its blueprints' views when the spec is first read rather than when they register.

Registering a blueprint routes its views at once; writing their OpenAPI paths (apispec turning every schema of
every view into JSON Schema) cost about 0.3 s of CPU per app, most of building one, and nothing reads the spec
until someone asks for /openapi.json or the docs page. So the views are documented, in the order they registered,
the first time `spec` is read after a registration: every reader (the served contract, the tools and the tests that
read `api.spec`) sees the whole spec, as built at start-up before. A gunicorn worker starts that much sooner, and a
test that builds an app and never reads its contract pays nothing for it.
"""

from __future__ import annotations

import threading
from typing import Any

from flask_smorest import Api


class DocumentedOnRead(Api):  # type: ignore[misc]
    """An Api whose blueprints' views are documented when `spec` is next read (thread-safe: one reader documents,
    the others wait for it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._undocumented: list[tuple[Any, str, Any]] = []
        self._documenting = threading.RLock()
        self._in_progress = False
        self._spec: Any = None
        super().__init__(*args, **kwargs)

    @property
    def spec(self) -> Any:
        """The APISpec, every blueprint registered so far documented in it."""
        if self._undocumented:
            self._document_pending()
        return self._spec

    @spec.setter
    def spec(self, value: Any) -> None:
        self._spec = value

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """Register the blueprint with the app now (its routes answer at once), its documentation for later: what
        flask-smorest's `register_blueprint` does, the documentation put off."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        with self._documenting:
            self._undocumented.append((blp, name, parameters))

    def _document_pending(self) -> None:
        """Document the blueprints not yet documented, in the order they registered, with their tags. Another
        thread reading meanwhile waits for the whole; a read made by the documenting itself gets the spec as it
        stands."""
        with self._documenting:
            if self._in_progress:
                return
            self._in_progress = True
            try:
                while self._undocumented:
                    blp, name, parameters = self._undocumented[0]
                    blp.register_views_in_doc(self, self._app, self._spec, name=name, parameters=parameters)
                    self._spec.tag({"name": name, "description": blp.description})
                    self._undocumented.pop(0)
            finally:
                self._in_progress = False
