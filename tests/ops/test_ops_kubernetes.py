"""deploy/kubernetes/ validated offline against the Kubernetes schemas (item 10), strictly
(no unknown fields), for the oldest and newest versions kubernetes-validate ships, plus
what the issue asks of each manifest."""

from __future__ import annotations

from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from service.api.server.config import Settings

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml"))
VERSIONS = ("1.25.0", kubernetes_validate.latest_version())


def resources() -> dict[str, dict]:
    out = {}
    for path in MANIFESTS:
        for document in yaml.safe_load_all(path.read_text()):
            out[document["kind"]] = document
    return out


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("path", MANIFESTS, ids=[p.name for p in MANIFESTS])
def test_manifest_is_valid_for_kubernetes(path, version):
    for document in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(document, version, strict=True)


def test_the_four_resources_are_there_and_point_at_each_other():
    found = resources()
    assert set(found) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}
    labels = found["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert found["Service"]["spec"]["selector"].items() <= labels.items()
    assert found["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    target = found["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == (
        "Deployment",
        found["Deployment"]["metadata"]["name"],
    )
    metric = found["HorizontalPodAutoscaler"]["spec"]["metrics"][0]["resource"]
    assert metric["name"] == "cpu"


def test_the_pod_is_probed_bounded_non_root_read_only_and_stops_gracefully():
    pod = resources()["Deployment"]["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert {"cpu", "memory"} <= set(container["resources"]["requests"])
    assert {"cpu", "memory"} <= set(container["resources"]["limits"])
    security = container["securityContext"]
    assert security["readOnlyRootFilesystem"] and not security["allowPrivilegeEscalation"]
    assert pod["securityContext"]["runAsNonRoot"] and pod["securityContext"]["runAsUser"] > 0
    # The metrics directory and gunicorn's temporary files need a writable /tmp.
    assert any(m["mountPath"] == "/tmp" for m in container["volumeMounts"])
    env = {e["name"]: e.get("value") for e in container["env"]}
    settings = Settings.from_env({k: v for k, v in env.items() if v is not None})
    pause = int(container["lifecycle"]["preStop"]["exec"]["command"][-1])
    assert pod["terminationGracePeriodSeconds"] > pause + settings.graceful_timeout
    assert int(env["WEB_CONCURRENCY"]) == int(container["resources"]["limits"]["cpu"])
