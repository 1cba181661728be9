"""The measuring scripts (make bench, make arena); a package so that tests can import
``bench.slow_clients`` whatever else is on the path."""
