"""Clients generated from the committed openapi.yaml work against a live gunicorn.

clients/generate.py runs the pinned generators (openapi-generator-cli for Java, Kotlin, Go
and C#; openapi-python-client for Python) into build/clients/ (cached by spec hash). Every
test first asserts the generator printed no warning about the spec (GENERATOR_NOTICES lists
the few about the generators themselves). Then:

- Java (`java`, library `native`): javac compiles the client and clients/java/Check.java; the
  program calls every operation of the live server, checks the answers and parses one 422
  per operation family into the generated `Problem`.
- Python: mypy --strict type-checks the generated package with clients/python/check.py,
  which then does the same round trip.
- Go: `go vet` with Debian's Go 1.19, its one unreachable module replaced by a signature
  stub (clients/go/validator); not run.
- Kotlin, C#: their build dependencies (Gradle and Maven jars; NuGet and .NET) are not
  installable here, so the generated code is inspected for the failure shapes seen before
  (docs/clients.md); Go's is inspected too.

TypeScript has its own test (test_typescript_client.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clients.generate import QUICK_JVM, generate, jackson_classpath

from .conftest import ROOT

pytestmark = pytest.mark.http

# From Debian, installed by `make client-deps` (a dependency of make test): jakarta.annotation
# (Generated, Nullable, Nonnull) for the Java client, Go 1.19 for the Go client.
JAKARTA_ANNOTATION = Path("/usr/share/java/jakarta-annotation-api.jar")
GO = Path("/usr/lib/go-1.19/bin/go")
JAVAC, JAVA = shutil.which("javac"), shutil.which("java")


def _run(command: list[str], *, timeout: int = 300, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(command[:3])} ... failed:\n{output[-20000:]}"
    return output


def _no_spec_warnings(language: str):
    generated = generate(language)
    warnings = generated.spec_warnings()
    assert warnings == [], f"{language} generator warnings about the spec:\n" + "\n".join(warnings)
    return generated


def _round_trip_passed(report: str, language: str) -> None:
    assert re.search(rf"^{language}: [1-9]\d* passed, 0 failed$", report, re.M), report
    assert "FAIL" not in report, report


# --- Java: compiled and run --------------------------------------------------------------


def test_java_client_compiles_and_round_trips_every_operation(server, tmp_path):
    assert JAVAC and JAVA, "JDK 17 (javac, java) is needed for the Java client check"
    assert JAKARTA_ANNOTATION.exists(), "run `make client-deps` (Debian's jakarta annotations)"
    generated = _no_spec_warnings("java")
    classpath = os.pathsep.join([str(jackson_classpath()), str(JAKARTA_ANNOTATION)])
    sources = sorted(str(p) for p in (generated.path / "src" / "main").rglob("*.java"))
    classes = tmp_path / "classes"
    check = ROOT / "clients" / "java" / "Check.java"
    javac = [JAVAC, f"-J{QUICK_JVM}", "-nowarn", "-encoding", "UTF-8", "-d", str(classes)]
    _run([*javac, "-cp", classpath, *sources, str(check)])
    report = _run(
        [JAVA, QUICK_JVM, "-cp", f"{classes}{os.pathsep}{classpath}", "Check", server.base_url]
    )
    _round_trip_passed(report, "java")


# --- Python: type-checked and run --------------------------------------------------------


def test_python_client_type_checks_and_round_trips_every_operation(server, tmp_path):
    generated = _no_spec_warnings("python")
    check = str(ROOT / "clients" / "python" / "check.py")
    env = dict(os.environ, MYPYPATH=str(generated.path), PYTHONPATH=str(generated.path))
    package = str(generated.path / "belote_rules_client")
    cache = str(ROOT / "build" / "clients" / ".mypy_cache")
    typed = _run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", cache, check, package],
                 env=env)  # fmt: skip
    assert "Success: no issues found" in typed, typed
    report = _run([sys.executable, check, server.base_url], env=env)
    _round_trip_passed(report, "python")


# --- Go: type-checked and vetted ----------------------------------------------------------


def test_go_client_type_checks(tmp_path):
    """`go vet` (type-check and vet) with Debian's Go 1.19, the newest Debian has.

    Not run: its one dependency, gopkg.in/validator.v2, is replaced by clients/go/validator
    (its signature only), and go.mod's `go 1.23` is lowered to 1.19 for this toolchain.
    """
    assert GO.exists(), "run `make client-deps` (Debian's golang-1.19-go)"
    generated = _no_spec_warnings("go")
    module = tmp_path / "client"
    shutil.copytree(generated.path, module)
    cache = ROOT / "build" / "clients" / ".gocache"
    env = dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off", GOTOOLCHAIN="local",
               GOPATH=str(tmp_path / "gopath"), GOCACHE=str(cache), GO111MODULE="on")  # fmt: skip
    stub = ROOT / "clients" / "go" / "validator"
    edit = [str(GO), "mod", "edit", "-go=1.19", f"-replace=gopkg.in/validator.v2={stub}"]
    subprocess.run(edit, cwd=module, env=env, check=True, timeout=60)
    (module / "go.sum").unlink(missing_ok=True)
    result = subprocess.run([str(GO), "vet", "."], cwd=module, env=env, capture_output=True,
                            text=True, timeout=300, check=False)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


# --- Kotlin, Go, C#: generated and inspected ---------------------------------------------

# Per language: where the models are, the numeric types, a model field's declaration
# (group 1: its type) for a property name, and enum definitions (name, body, value type).
KOTLIN_NUMBERS = {"java.math.BigDecimal", "kotlin.Int", "kotlin.Long", "kotlin.Double"}
GO_NUMBERS = {"float32", "float64", "int32", "int64", "int"}
CSHARP_NUMBERS = {"decimal", "int", "long", "double", "float"}
PRIMITIVE_NAMES = {"int", "int32", "int64", "integer", "string", "number", "float32", "float64",
                   "bool", "boolean", "decimal", "object", "any", "long"}  # fmt: skip


def _camel(name: str, upper: bool) -> str:
    head, *rest = name.split("_")
    return (head.capitalize() if upper else head) + "".join(p.capitalize() for p in rest)


def _resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _allows_capot(spec: dict, schema: dict, seen: frozenset = frozenset()) -> bool:
    ref = schema.get("$ref", "")
    if ref and ref in seen:
        return False
    schema, seen = _resolve(spec, schema), seen | {ref}
    if "capot" in schema.get("enum", ()):
        return True
    parts = [*schema.get("oneOf", ()), *schema.get("anyOf", ()), *schema.get("allOf", ())]
    return any(_allows_capot(spec, part, seen) for part in parts)


def capot_fields(spec: dict) -> list[tuple[str, str]]:
    """Every (model, property) whose value may be the string `capot`: the bid values."""
    fields = []
    for name, schema in spec["components"]["schemas"].items():
        for prop, sub in schema.get("properties", {}).items():
            if _allows_capot(spec, sub.get("items", sub)):
                fields.append((name, prop))
    return fields


def _field_type(language: str, path: Path, model: str, prop: str) -> str | None:
    if language == "go":
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", model).lower()
        text = (path / f"model_{snake}.go").read_text()
        match = re.search(rf'^\s+\w+\s+(\S+)\s+`json:"{prop}[,"]', text, re.M)
    elif language == "kotlin":
        text = next(path.rglob(f"models/{model}.kt")).read_text()
        match = re.search(rf'@Json\(name = "{prop}"\)\s*val `?\w+`?: ([\w.<>]+)', text)
    else:
        text = next(path.rglob(f"Model/{model}.cs")).read_text()
        match = re.search(rf"public ([\w.<>?]+) {_camel(prop, True)}\s*\{{", text)
    return match.group(1) if match else None


def _innermost(type_name: str) -> str:
    return re.sub(r"^(?:\*|\[\]|\w+<)*|[?>]+$", "", type_name).rstrip("?")


def _enums(language: str, path: Path) -> list[tuple[str, str, str, list[str]]]:
    """(file, enum name, value type, values) of every enum in the generated models."""
    found = []
    for source in path.rglob("*.kt" if language == "kotlin" else "*.cs"):
        text = source.read_text()
        if language == "kotlin":
            pattern = r"enum class (\w+)\(val value: ([\w.]+)\)\s*\{(.*?)\n\s*\}"
            for name, kind, body in re.findall(pattern, text, re.S):
                values = re.findall(r'@Json\(name = "(.*?)"\)', body)
                found.append((source.name, name, kind, values))
        else:
            for name, body in re.findall(r"public enum (\w+)\s*\{(.*?)\n\s*\}", text, re.S):
                values = re.findall(r"/// Enum \w+ for value: (.*)", body)
                kind = "number" if all(re.fullmatch(r"-?\d+", v) for v in values) else "string"
                found.append((source.name, name, kind, values))
    return found


@pytest.mark.parametrize("language", ["kotlin", "go", "csharp"])
def test_generated_client_has_none_of_the_known_failure_shapes(language):
    path = _no_spec_warnings(language).path
    problems: list[str] = []
    # 1. Numeric enums holding strings (Kotlin: `enum class Value(val value: BigDecimal)` with
    # "capot"; C#: `value.Equals((capot).ToString())`; Go: a float32 enum type with "capot").
    code = "\n".join(p.read_text() for p in path.rglob("*") if p.suffix in {".kt", ".go", ".cs"})
    for file, name, kind, values in _enums(language, path) if language != "go" else ():
        numeric = kind in KOTLIN_NUMBERS | {"number"}
        if numeric and not all(re.fullmatch(r"-?\d+", v) for v in values):
            problems.append(f"{file}: numeric enum {name} holds strings: {values}")
    for identifier in re.findall(r"\(\(([A-Za-z_]\w*)\)\.ToString\(", code):
        problems.append(f"C# converts the undefined identifier {identifier} to a string")
    for enum_type in re.findall(r"^type (\w+) (?:float32|float64|int32|int64)$", code, re.M):
        if re.search(rf'^\s*\w+ {enum_type} = "', code, re.M):
            problems.append(f"Go numeric enum {enum_type} holds strings")
    # 3. No model named after a primitive or reserved word (Go's model_int32, model_string).
    for source in path.rglob("*"):
        stem = re.sub(r"^model_", "", source.stem).lower()
        if source.suffix in {".kt", ".go", ".cs"} and stem in PRIMITIVE_NAMES:
            problems.append(f"model named after a primitive: {source.relative_to(path)}")
    # 4. No enum defined twice: the same name and values in several models (ten `TrumpEnum`s)
    # is one concept that wants one named component (Trump, RulesetName, ...).
    defined: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for file, name, _, values in _enums(language, path) if language != "go" else ():
        defined.setdefault((name.removesuffix("Enum"), tuple(sorted(values))), []).append(file)
    for (name, values), files in defined.items():
        if len(files) > 1:
            problems.append(f"enum {name} {list(values)} defined {len(files)} times: {files}")
    assert problems == [], f"{language}:\n" + "\n".join(problems)
