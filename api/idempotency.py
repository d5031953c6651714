"""The Idempotency-Key header of a write: read, checked, and turned with the request into a retryable request."""

from __future__ import annotations

from flask import request

from api.parsing import strict_loads
from service.answered import KEY_HEADER, IdempotencyKeyError, check_key
from service.idempotency import Retry, fingerprint


def retry_of_request() -> Retry | None:
    """The request's Idempotency-Key with its fingerprint (method, path and canonical JSON body); None without one.

    Call it after the body has loaded: the body is read again from the cached request data.
    """
    sent = request.headers.getlist(KEY_HEADER)
    if not sent:
        return None
    if len(sent) > 1:
        raise IdempotencyKeyError(f"send one {KEY_HEADER} header, not {len(sent)}", field=KEY_HEADER)
    key = check_key(sent[0])
    return Retry(key, fingerprint(request.method, request.path, strict_loads(request.get_data(cache=True))))
