"""The HTTP translation: routes, schemas, request bodies, errors, the spec, the fast path."""
