"""Reference rules service for the Belote family of card games.

``service.engine`` is the pure rules engine (no Flask, no JSON);
``service.api`` is the HTTP layer that translates requests to engine calls.
"""

__version__ = "0.3.0"
