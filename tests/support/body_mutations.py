"""Request bodies for differential tests: the spec's examples, mutated by hypothesis
(members dropped, added, nulled, emptied or replaced by other JSON values, at any depth)."""

from __future__ import annotations

import copy

from hypothesis import strategies as st


def examples(spec: dict, path: str) -> list:
    """The request examples the spec gives for ``POST path``."""
    body = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    found = [body["example"]] if "example" in body else []
    found += [e["value"] for e in body.get("examples", {}).values()]
    return found


#: JSON values a mutation may put anywhere: every JSON type, the edge cases of integers
#: (7.0 is an integer in JSON Schema), card-like strings and every enum-like word nearby.
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=200),
    st.sampled_from([0.0, 1.0, 2.5, -1.0, 10**20, 2**63, 80.0, 1e300]),
    st.sampled_from(
        [
            *("", "7H", "10h", "TH", "th", "J♠", "1H", "JH\n", "ZZ", "H", "C", "all", "none"),
            *("x", "belote", "coinche", "capot", "pass", "bid", "take", "name", "contra"),
        ]
    ),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(["a", "seat", "cards", "trump", "value"]), inner, max_size=3
        ),
    ),
    max_leaves=6,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def mutate(body, draw):
    body = copy.deepcopy(body)
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        paths = list(_paths(body))
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        parent = body
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = draw(st.sampled_from(["replace", "drop", "add", "null", "empty", "copy"]))
        if action == "drop":
            del parent[key]
        elif action == "null":
            parent[key] = None
        elif action == "empty":
            parent[key] = draw(st.sampled_from([[], {}, ""]))
        elif action == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif action == "add" and isinstance(parent, dict):
            name = draw(st.sampled_from(["extra", "options", "bid", "seat", "trump", "cards"]))
            parent[name] = draw(JSON)
        else:
            parent[key] = draw(JSON)
    return body
