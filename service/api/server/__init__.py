"""The server: the gunicorn worker, hand-over, admission, the search pool and its jobs,
metrics, logs."""
