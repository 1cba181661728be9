"""``python -m service.api.spec > openapi.yaml``: the OpenAPI document of the app, as
generated from the code (:mod:`.http.spec` builds it; this command joins it to the app).
"""

from __future__ import annotations

import sys

from .app import create_app
from .http.spec import spec_yaml


def main() -> None:
    sys.stdout.write(spec_yaml(create_app()))


if __name__ == "__main__":
    main()
