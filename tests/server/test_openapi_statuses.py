"""Every HTTP route documents, in the OpenAPI document, exactly the statuses it can answer
besides success, each with the refusal's body (`RefusalOut`).

The statuses a route can answer are derived from its code, not listed by hand: the
handler and its dependencies are read (their syntax trees), following every call of a
function of `tavola.server` (through names, the types of variables and the return types
of the functions called), and each `raise` found is mapped as the application's exception
handlers map it: `Problem(status, ...)`, `Problem.of(status, ...)` and
`AccountRefused(status, ...)` answer their status (both of a conditional one), any other
`TavolaError` 400 — unless a `try` around the call catches it. The request validator adds
422 where FastAPI validates anything (any parameter or a body); where the route takes a
body, the body limit adds 413 and FastAPI 400 (a body it cannot read: not UTF-8, or nested
too deep).
"""

from __future__ import annotations

import ast
import asyncio
import functools
import inspect
import textwrap
import typing
from collections.abc import Callable, Iterator
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import get_flat_params
from fastapi.routing import APIRoute
from starlette.testclient import TestClient

from tavola.core import TavolaError
from tavola.server.accounts import AccountRefused
from tavola.server.app import create_app
from tavola.server.routes_common import Problem

WITH_STATUS = (Problem, AccountRefused)
"""The refusals that carry their HTTP status as their first argument."""


def _is_ours(value: object) -> bool:
    return str(getattr(value, "__module__", "")).startswith(("tavola.server", __name__))


def _function(value: object) -> Callable[..., Any] | None:
    """Return the Python function behind `value` (a function, method or static method)."""
    value = getattr(value, "__func__", value)
    value = getattr(value, "__wrapped__", value)
    return value if inspect.isfunction(value) and _is_ours(value) else None


def _returned(fn: Callable[..., Any]) -> Any:
    """Return the class `fn` is declared to return (None if it is not one)."""
    try:
        hint = typing.get_type_hints(fn).get("return")
    except Exception:  # an annotation that cannot be resolved names no class
        return None
    return hint if inspect.isclass(hint) else None


def _statuses(node: ast.expr) -> set[int]:
    """Return the statuses a status argument can be (a number, or either of a condition)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _statuses(node.body) | _statuses(node.orelse)
    raise AssertionError(f"a status that is no number: {ast.unparse(node)}")


class Reader:
    """The statuses one function can answer, following the calls it makes."""

    def __init__(self) -> None:
        self.seen: dict[tuple[Any, frozenset[type]], set[int]] = {}

    def statuses(self, fn: Callable[..., Any], caught: frozenset[type]) -> set[int]:
        key = (fn, caught)
        if key in self.seen:
            return self.seen[key]
        self.seen[key] = set()  # a recursion adds nothing new
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        definition = tree.body[0]
        assert isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef))
        names = dict(fn.__globals__)
        names.update(inspect.getclosurevars(fn).nonlocals)
        try:
            hints = typing.get_type_hints(fn)
        except Exception:  # an annotation that cannot be resolved names no class
            hints = {}
        types = {k: v for k, v in hints.items() if inspect.isclass(v)}
        found: set[int] = set()
        for statement in definition.body:
            found |= self._walk(statement, names, types, caught)
        self.seen[key] = found
        return found

    # -- resolving names --------------------------------------------------------------
    def _value(self, node: ast.expr, names: dict[str, Any], types: dict[str, Any]) -> Any:
        """Return what an expression names: a module, class or function (or a class for a
        variable of that class, or a call's declared result); None if unknown."""
        if isinstance(node, ast.Await):
            return self._value(node.value, names, types)
        if isinstance(node, ast.Name):
            return types.get(node.id, names.get(node.id))
        if isinstance(node, ast.Attribute):
            base = self._value(node.value, names, types)
            return None if base is None else getattr(base, node.attr, None)
        if isinstance(node, ast.Call):
            callee = _function(self._value(node.func, names, types))
            return None if callee is None else _returned(callee)
        return None

    def _assign(self, node: ast.Assign | ast.AnnAssign, names: dict[str, Any],
                types: dict[str, Any]) -> None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if node.value is None or len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return
        value = node.value.value if isinstance(node.value, ast.Await) else node.value
        if isinstance(value, ast.Call):
            kind = self._value(value, names, types)
            if inspect.isclass(kind):
                types[targets[0].id] = kind

    # -- walking ----------------------------------------------------------------------
    def _walk(self, node: ast.AST, names: dict[str, Any], types: dict[str, Any],
              caught: frozenset[type]) -> set[int]:
        found: set[int] = set()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return found  # a function defined here runs only if called
        if isinstance(node, ast.Try):
            catching = set(caught)
            for handler in node.handlers:
                kinds = handler.type
                for kind in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]):
                    value = Exception if kind is None else self._value(kind, names, types)
                    if inspect.isclass(value):
                        catching.add(value)
            for statement in node.body:
                found |= self._walk(statement, names, types, frozenset(catching))
            for part in (*node.handlers, *node.orelse, *node.finalbody):
                found |= self._walk(part, names, types, caught)
            return found
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            self._assign(node, names, types)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            found |= self._raised(node.exc, names, types, caught)
        if isinstance(node, ast.Call):
            found |= self._called(node, names, types, caught)
        for child in ast.iter_child_nodes(node):
            found |= self._walk(child, names, types, caught)
        return found

    def _raised(self, call: ast.Call, names: dict[str, Any], types: dict[str, Any],
                caught: frozenset[type]) -> set[int]:
        """Return the statuses of `raise call`."""
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr == "of":
            kind = self._value(func.value, names, types)
        else:
            kind = self._value(func, names, types)
            if not inspect.isclass(kind):
                callee = _function(kind)
                kind = None if callee is None else _returned(callee)
        if not inspect.isclass(kind) or not issubclass(kind, TavolaError):
            return set()
        if any(issubclass(kind, c) for c in caught):
            return set()
        if issubclass(kind, WITH_STATUS):
            return _statuses(call.args[0])
        return {400}

    def _called(self, call: ast.Call, names: dict[str, Any], types: dict[str, Any],
                caught: frozenset[type]) -> set[int]:
        """Return the statuses a call of a function of the server can answer (a call
        through `asyncio.to_thread` is a call of its first argument)."""
        target = self._value(call.func, names, types)
        if target is asyncio.to_thread and call.args:
            target = self._value(call.args[0], names, types)
        callee = _function(target)
        if callee is None:
            return set()
        kind = _returned(callee)
        statuses = set(self.statuses(callee, caught))
        if kind is not None and issubclass(kind, BaseException):
            statuses -= {400}  # building a refusal raises none; raising it is `_raised`
        return statuses


def _dependencies(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for dependency in dependant.dependencies:
        if dependency.call is not None:
            yield dependency.call
        yield from _dependencies(dependency)


def _flat(routes: list[Any]) -> Iterator[APIRoute]:
    """Return the routes of an application, those of the routers it includes among them
    (FastAPI keeps an included router whole, as `original_router`; none here has a
    prefix of its own)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif hasattr(route, "original_router"):
            yield from _flat(route.original_router.routes)


@functools.cache
def _routes() -> list[APIRoute]:
    app = create_app("sqlite:///:memory:")
    return [r for r in _flat(app.routes) if r.include_in_schema]


def derived(route: APIRoute) -> set[int]:
    """Return the statuses other than success that `route`'s code can answer."""
    reader = Reader()
    found: set[int] = set()
    for fn in (route.endpoint, *_dependencies(route.dependant)):
        plain = _function(fn)
        assert plain is not None, fn
        found |= reader.statuses(plain, frozenset())
    if get_flat_params(route.dependant) or route.body_field is not None:
        found.add(422)
    if route.body_field is not None:
        found |= {400, 413}
    return found


def documented(route: APIRoute, document: dict[str, Any]) -> dict[int, Any]:
    """Return the statuses other than success the document gives for `route`."""
    (method,) = route.methods
    answers = document["paths"][route.path_format][method.lower()]["responses"]
    return {int(s): a for s, a in answers.items() if int(s) >= 400}


def test_every_route_documents_exactly_the_statuses_its_code_can_answer() -> None:
    routes = _routes()
    document = create_app("sqlite:///:memory:").openapi()
    assert len(routes) >= 25
    wrong = {}
    for route in routes:
        need, have = derived(route), set(documented(route, document))
        if need != have:
            (method,) = route.methods
            wrong[f"{method} {route.path_format}"] = {"undocumented": sorted(need - have),
                                                      "never answered": sorted(have - need)}
    assert wrong == {}


def test_every_documented_refusal_has_the_refusal_body() -> None:
    document = create_app("sqlite:///:memory:").openapi()
    for route in _routes():
        for status, answer in documented(route, document).items():
            schema = answer["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/RefusalOut"}, (route.path, status)


class _Table:
    def check(self) -> None:
        raise Problem(409, "record_not_over")


async def _table() -> _Table:
    if not _Table.__name__:
        raise Problem(404, "unknown_table", table="")
    return _Table()


def _refuse() -> None:
    raise Problem(403, "host_only")


def test_the_reader_finds_a_refusal_behind_calls_and_ignores_a_caught_one() -> None:
    """The derivation itself: a status raised two calls down is found, through a
    variable's type; one raised inside a `try` that catches it is not."""
    reader = Reader()

    async def handler() -> None:
        table = await _table()
        table.check()
        try:
            _refuse()
        except TavolaError:
            table.check()

    assert reader.statuses(handler, frozenset()) == {409, 404}


def test_a_body_that_cannot_be_read_is_a_documented_400_on_every_route_with_a_body(
        client: TestClient) -> None:
    """Found by schemathesis: FastAPI answers 400 to a body that is not UTF-8, which the
    sign-in, the seat attachment and the account deletion did not document."""
    document = client.get("/openapi.json").json()
    with_body = [r for r in _routes() if r.body_field is not None]
    assert len(with_body) >= 9
    for route in with_body:
        (method,) = route.methods
        path = route.path_format.format(table_id="nosuch", seat=0, name="nobody", line=0)
        answer = client.request(method, path, content=b"\xff\xfe{",
                                headers={"content-type": "application/json",
                                         "origin": str(client.base_url)})
        assert answer.status_code == 400, (route.path_format, answer.text)
        assert answer.json()["code"] == "http_error"
        assert "400" in document["paths"][route.path_format][method.lower()]["responses"]
