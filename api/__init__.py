"""Meldbook's REST API: the Flask app factory, one blueprint per resource, schemas and errors."""
