"""HTTP layer: translates JSON requests to rules-engine calls and back."""
