"""Contract test support: Schemathesis configuration and custom checks."""
