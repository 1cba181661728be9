"""One module per resource; each exposes ``BLUEPRINTS``."""
