"""Generate clients of openapi.yaml with the pinned generators, and list their spec warnings.

    python clients/generate.py [LANGUAGE ...]     # java kotlin go csharp python (default: all)

Each client goes to build/clients/<language>-<key>/ (not committed), where the key hashes the
spec, the generator's version and its options: an unchanged spec is generated once. The
generator's console output is kept beside the code (generator.log) and `spec_warnings` lists
every warning in it that is not about the generator itself. tests/clients/test_generated_clients.py
compiles, runs and inspects what this writes (docs/clients.md).

Generators (pinned in requirements-test.lock): openapi-generator-cli (the official jar, shipped
on PyPI; needs Java 11+) for java, kotlin, go and csharp; openapi-python-client for python.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# CLIENT_SPEC=path tries the checks on another spec (a draft) before `make openapi`.
SPEC = Path(os.environ.get("CLIENT_SPEC", ROOT / "openapi.yaml"))
BUILD = ROOT / "build" / "clients"
BIN = Path(sys.executable).parent

# openapi-generator: the generator name, its library and options, as a client team would use
# them. Java's are chosen so that the code needs only the JDK, Jackson and jakarta.annotation:
# no jackson-databind-nullable (openApiNullable=false), no swagger annotations
# (annotationLibrary=none); everything else is the generator's default.
OPENAPI_GENERATOR = {
    "java": {
        "generatorName": "java",
        "library": "native",
        "additionalProperties": {
            "openApiNullable": False,
            "annotationLibrary": "none",
            "useJakartaEe": True,
            "hideGenerationTimestamp": True,
            "invokerPackage": "belote.client",
            "apiPackage": "belote.client.api",
            "modelPackage": "belote.client.model",
            "enumUnknownDefaultCase": True,
            # Optional lists start as null, not empty: an empty `trump_modes` would go out
            # in every `options` and be refused (a trump mode list needs one mode).
            "containerDefaultToNull": True,
        },
    },
    "kotlin": {
        "generatorName": "kotlin",
        "library": "jvm-okhttp4",
        "additionalProperties": {
            "packageName": "belote.client",
            "enumUnknownDefaultCase": True,
            # Enum entries in upper case: the BidAction value `name` as a camelCase entry
            # `name` clashes with Kotlin's Enum.name and the client does not compile.
            "enumPropertyNaming": "UPPERCASE",
        },
    },
    "go": {
        "generatorName": "go",
        "additionalProperties": {
            "packageName": "belote",
            "hideGenerationTimestamp": True,
            # Go enum constants share the package scope: without the type name as prefix, two
            # enums with a common value (`coinche` is a BiddingRule, a FailedRule and a
            # CoincheLevel) declare COINCHE twice and the client does not compile.
            "enumClassPrefix": True,
            "enumUnknownDefaultCase": True,
            # JSON Schema: no `additionalProperties` means any member may appear (answers
            # grow within /v1). Without this the Go models refuse unknown members
            # (DisallowUnknownFields); the other generators ignore them by default.
            "disallowAdditionalPropertiesIfNotPresent": False,
        },
    },
    "csharp": {
        "generatorName": "csharp",
        "library": "httpclient",
        "additionalProperties": {
            "packageName": "Belote.Client",
            "enumUnknownDefaultCase": True,
            # Mono's mcs has no nullable reference types (`string?`); the models are the same.
            "nullableReferenceTypes": False,
            # No Polly (retries): not in Debian, and a check must see every failure.
            "supportsRetry": False,
            "targetFramework": "net48",
        },
    },
    "php": {
        "generatorName": "php",
        "additionalProperties": {
            "invokerPackage": "Belote\\Client",
            "enumUnknownDefaultCase": True,
        },
    },
    "ruby": {
        "generatorName": "ruby",
        "library": "typhoeus",
        "additionalProperties": {
            "gemName": "belote_client",
            "moduleName": "BeloteClient",
            "enumUnknownDefaultCase": True,
        },
    },
    "rust": {
        "generatorName": "rust",
        "library": "reqwest",
        "additionalProperties": {
            "packageName": "belote_client",
            "enumUnknownDefaultCase": True,
        },
    },
}
PYTHON_CONFIG = {
    "project_name_override": "belote-rules-client",
    "package_name_override": "belote_rules_client",
    "post_hooks": [],  # no ruff run over the generated code: the check type-checks it instead
    # GET /openapi.yaml answers application/yaml (RFC 9512), a type this generator does not
    # know; read it as text, its `text/*` handling (the generator's documented override).
    "content_type_overrides": {"application/yaml": "text/plain"},
}
LANGUAGES = (*OPENAPI_GENERATOR, "python", "typescript")

# Console lines that are about a generator, not about the spec. Every other warning fails
# the check. Each entry says why it is not the spec's doing (docs/clients.md).
GENERATOR_NOTICES = {
    # openapi-generator prints this for every 3.1 document, whatever it holds.
    "OpenAPI 3.1 support is still in beta": "printed for any OpenAPI 3.1 spec",
    # openapi-generator 7.x bug: a 3.1 schema with the boolean `additionalProperties: false`
    # reaches ModelUtils.getSimpleRef(null). Bisected to a one-schema spec; the keyword is
    # right (the service refuses unknown fields) and the generated code is unaffected.
    "Failed to get the schema name: null": "additionalProperties: false under 3.1",
    # The Java generator writes only scalar examples into its README; an object example
    # (every request body has one) is skipped from the docs, the code is unaffected.
    "Ignoring complex example on request body": "Java docs render scalar examples only",
    # Rust: names the generator renames for Rust's rules: a media type's internal model name
    # (ApplicationJson), the ranks "7" ... "10" as enum variants (Variant7), `type` (r#type).
    "cannot be used as a model name. Renamed to": "Rust: an internal name renamed",
    "cannot be used as a enum variant name. Renamed to": "Rust: a numeric enum value renamed",
    "cannot be used as a field/variable name. Renamed to": "Rust: a keyword renamed",
}
QUICK_JVM = "-XX:TieredStopAtLevel=1"
WARNING = re.compile(r"\b(WARN|WARNING|ERROR)\b")


@dataclass(frozen=True)
class Generated:
    language: str
    path: Path  # the generated project
    log: str  # the generator's console output

    def spec_warnings(self) -> list[str]:
        return spec_warnings(self.language, self.log)


TYPESCRIPT = ROOT / "clients" / "typescript"


def generator_version(language: str) -> str:
    if language == "typescript":  # openapi-typescript, pinned by the check's package-lock
        return (
            "package-lock:"
            + hashlib.sha256((TYPESCRIPT / "package-lock.json").read_bytes()).hexdigest()[:12]
        )
    name = "openapi-python-client" if language == "python" else "openapi-generator-cli"
    return f"{name}=={metadata.version(name)}"


def _key(language: str, spec: bytes) -> str:
    options = OPENAPI_GENERATOR.get(language, PYTHON_CONFIG if language == "python" else {})
    digest = hashlib.sha256(spec)
    digest.update(generator_version(language).encode())
    digest.update(json.dumps(options, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def generate(language: str, spec: Path = SPEC) -> Generated:
    """The client for `language`, generated from `spec` unless this spec's is already built."""
    target = BUILD / f"{language}-{_key(language, spec.read_bytes())}"
    BUILD.mkdir(parents=True, exist_ok=True)
    with (BUILD / f".{language}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # pytest-xdist workers may ask at the same time
        if not (target / "generator.log").exists():
            for old in BUILD.glob(f"{language}-*"):
                shutil.rmtree(old, ignore_errors=True)
            work = Path(tempfile.mkdtemp(prefix=f".{language}-", dir=BUILD))
            log = _run_generator(language, spec, work / "client")
            (work / "generator.log").write_text(log)
            work.rename(target)
    return Generated(language, target / "client", (target / "generator.log").read_text())


def _run_generator(language: str, spec: Path, out: Path) -> str:
    if language == "typescript":  # generated by `npm run build` in clients/typescript
        out.mkdir(parents=True)
        return ""
    if language == "python":
        config = out.parent / "config.json"
        config.write_text(json.dumps(PYTHON_CONFIG))
        command = [str(BIN / "openapi-python-client"), "generate", "--path", str(spec)]
        package = out / PYTHON_CONFIG["package_name_override"]  # importable from `out`
        command += ["--config", str(config), "--output-path", str(package), "--meta", "none"]
    else:
        options = OPENAPI_GENERATOR[language]
        command = [str(BIN / "openapi-generator-cli"), "generate", "-i", str(spec)]
        command += ["-g", options["generatorName"], "-o", str(out)]
        if "library" in options:
            command += ["--library", options["library"]]
        for name, value in options["additionalProperties"].items():
            command += ["-p", f"{name}={str(value).lower() if value in (True, False) else value}"]
    # C1 only: the generator runs once per spec, a short run that C2's JIT work never repays
    # (half the CPU time on this spec).
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    env.setdefault("JAVA_OPTS", QUICK_JVM)
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    log = result.stdout + result.stderr
    if result.returncode != 0 or not out.is_dir():
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{log[-5000:]}")
    return log


def spec_warnings(language: str, log: str) -> list[str]:
    """The generator's warnings about the spec: every warning but GENERATOR_NOTICES."""
    if language == "python":
        # openapi-python-client prints 'Generating <dir>' and nothing else when it has no
        # warning; any further text is a warning block about a schema or an operation.
        text = "\n".join(line for line in log.splitlines() if not line.startswith("Generating "))
        return [text.strip()] if text.strip() else []
    return [
        line
        for line in log.splitlines()
        if WARNING.search(line) and not any(notice in line for notice in GENERATOR_NOTICES)
    ]


def jackson_classpath() -> Path:
    """Jackson (core, databind, annotations, jsr310), unpacked from the pinned generator's jar.

    The Java `native` client needs these four and Maven Central is out of reach; the
    generator's jar bundles one consistent set of them, pinned with the generator.
    """
    import openapi_generator_cli  # only the Java check needs it

    jar = Path(openapi_generator_cli.__file__).parent / "openapi-generator.jar"
    target = BUILD / f"jackson-{generator_version('java').split('==')[1]}"
    parts = ("core", "databind", "annotation", "datatype/jsr310")
    prefixes = tuple(f"com/fasterxml/jackson/{part}/" for part in parts)
    BUILD.mkdir(parents=True, exist_ok=True)
    with (BUILD / ".jackson.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (target / ".done").exists():
            shutil.rmtree(target, ignore_errors=True)
            with zipfile.ZipFile(jar) as archive:
                names = [n for n in archive.namelist() if n.startswith(prefixes)]
                archive.extractall(target, names)
            (target / ".done").touch()
    return target


def main(languages: list[str]) -> int:
    failed = False
    for language in languages or LANGUAGES:
        generated = generate(language)
        warnings = generated.spec_warnings()
        failed |= bool(warnings)
        print(f"{language}: {generated.path} ({generator_version(language)})")
        for warning in warnings:
            print(f"  spec warning: {warning}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
