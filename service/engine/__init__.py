"""The pure rules engine: cards, rulesets, play, declarations, scoring, bidding.

Nothing in this package knows about Flask, HTTP or JSON.
"""
