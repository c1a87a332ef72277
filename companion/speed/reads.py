"""Saves drawing a region again when nothing it reads has changed, on any screen of the table.
Its row: docs/performance.md#the-speed-devices-an-inventory (kept drawings).

What a region's template reads of its context is found once from its source, with no code of
the game's own saying what; ``render._drawn`` keeps each table's drawings with what they read,
and a screen whose region reads the same takes one.

What a template reads is a tree of paths into its context. ``view.phase`` reads the key "phase"
of the view and nothing else of it; ``{% for p in view.players %}{{ p.name }}`` reads the name of
every player; ``view.by_seat[r.seat].name`` the name of every entry of ``by_seat`` (which one is
known only when drawn). A path in a condition (``{% if view.outcome %}``, ``a and not b``) is read
for its truth. Any other use of a path (shown, compared, filtered, passed to a function or a
macro, a method called on it) reads all of what it leads to, but for a function of the
environment's that says which keys of its first argument it reads (``pawn.reads``). A name set from a path (``{% set p =
view.by_seat[r.seat] %}``, ``{% with %}``, a loop's variable) reads through that path. A template
the region includes reads with it, its names as the region's; a macro it imports (``{% from ...
import %}``, without the context) reads only what it is passed, which the region reads itself.
An include whose name is not written in the template reads what every template it may name reads
(render names a setup field's own templates); if those are not known, it could read anything:
``reads`` is None, and such a region is drawn every time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from jinja2 import Environment, meta, nodes

# A node of the tree: the keys read under it, each with its own node, or WHOLE: all of it.
WHOLE = None
EVERY = "*"  # every element of a list or every value of a dict, under one node
TRUTH = "?"  # the value's truth, not the value

Tree = dict[str, Any]
Path = tuple[str, ...]


class Unknowable(Exception):
    """The template includes one whose name is not in its source."""


def reads(env: Environment, name: str, named_when_drawn: tuple[str, ...] = ()) -> Tree | None:
    """What the template ``name`` reads of its context, by name (None: that cannot be known).
    ``named_when_drawn``: every template an include whose name is not written in the template may
    name (a setup field's own template, say); with none, such an include makes it unknowable."""
    found: Tree = {}
    try:
        _Walk(env, found, named_when_drawn).template(name, {}, set())
    except Unknowable:
        return None
    return found


def record(tree: Tree, path: Path, what: str | None = WHOLE) -> None:
    """``path`` is read, whole or (``what`` = TRUTH) for its truth."""
    node = tree
    for key in path[:-1]:
        if key in node and node[key] is WHOLE:
            return
        node = node.setdefault(key, {})
    last = path[-1]
    if what is WHOLE:
        node[last] = WHOLE
    elif last not in node or node[last] is not WHOLE:
        node.setdefault(last, {})[TRUTH] = True


class _Walk:
    def __init__(self, env: Environment, found: Tree, named_when_drawn: tuple[str, ...]):
        self.env = env
        self.found = found
        self.named_when_drawn = named_when_drawn

    def template(self, name: str, aliases: dict[str, Path], seen: set[str]) -> None:
        ast = self.env.parse(self.env.loader.get_source(self.env, name)[0])
        context = meta.find_undeclared_variables(ast)
        self.context, self.aliases = context, aliases
        self.seen = seen | {name}
        self.walk(ast)

    def path(self, node: nodes.Node) -> Path | None:
        """The path an expression leads to in the context, if it is one (walking what it reads
        besides, such as a subscript's key); None if it is not."""
        if isinstance(node, nodes.Name) and node.ctx == "load":
            if node.name in self.aliases:
                return self.aliases[node.name]
            return (node.name,) if node.name in self.context else None
        if isinstance(node, nodes.Getattr):
            inner = self.path(node.node)
            return None if inner is None else (*inner, node.attr)
        if isinstance(node, nodes.Getitem):
            inner = self.path(node.node)
            if isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                key = node.arg.value
            else:
                key = EVERY
                self.walk(node.arg)
            return None if inner is None else (*inner, key)
        return None

    def use(self, node: nodes.Node, what: str | None = WHOLE) -> None:
        """An expression used: a path is recorded; anything else is walked for the paths in it."""
        if isinstance(node, (nodes.Name, nodes.Getattr, nodes.Getitem)):
            found = self.path(node)
            if found is not None:
                record(self.found, found, what)
                return
            if isinstance(node, nodes.Name):
                return  # a name of the template's own (a loop's, a macro's argument)
            for child in node.iter_child_nodes():  # a key read of something not in the context
                self.walk(child)
            return
        self.walk(node)

    def test(self, node: nodes.Node) -> None:
        """A condition: a path in it is read for its truth."""
        if isinstance(node, (nodes.And, nodes.Or)):
            self.test(node.left)
            self.test(node.right)
        elif isinstance(node, nodes.Not):
            self.test(node.node)
        else:
            self.use(node, TRUTH)

    def bind(self, target: nodes.Node, value: nodes.Node) -> None:
        """``{% set target = value %}`` and the like: a name set from a path reads through it."""
        found = self.path(value) if isinstance(target, nodes.Name) and isinstance(
            value, (nodes.Name, nodes.Getattr, nodes.Getitem)) else None
        if found is None:
            self.use(value)
            self.unbind(target)
        else:
            self.aliases[target.name] = found

    def unbind(self, target: nodes.Node) -> None:
        for name in target.find_all(nodes.Name):
            self.aliases.pop(name.name, None)

    def walk(self, node: nodes.Node) -> None:
        if isinstance(node, (nodes.If, nodes.CondExpr)):
            self.test(node.test)
            for child in node.iter_child_nodes():
                if child is not node.test:
                    self.walk(child)
        elif isinstance(node, (nodes.Name, nodes.Getattr, nodes.Getitem)):
            self.use(node)
        elif isinstance(node, nodes.Assign):
            self.bind(node.target, node.node)
        elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name) and hasattr(
                self.env.globals.get(node.node.name), "reads"):
            self.call(node, self.env.globals[node.node.name].reads)
        elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Getattr):
            self.use(node.node.node)  # a method called on it (``d.items()``, ``d.get(key)``) reads it all
            for child in node.iter_child_nodes():
                if child is not node.node:
                    self.walk(child)
        elif isinstance(node, nodes.With):
            kept = dict(self.aliases)
            for target, value in zip(node.targets, node.values):
                self.bind(target, value)
            for child in node.body:
                self.walk(child)
            self.aliases = kept
        elif isinstance(node, nodes.For):
            self.loop(node)
        elif isinstance(node, nodes.Include):
            self.include(node)
        else:
            for child in node.iter_child_nodes():
                self.walk(child)

    def call(self, node: nodes.Call, keys: tuple[str, ...]) -> None:
        """A function of the environment's that says which keys of its first argument it reads
        (``reads``, as ``pawn`` does): only those are read of it."""
        first, *rest = node.args or [None]
        found = self.path(first) if first is not None else None
        if found is None:
            if first is not None:
                self.use(first)
        else:
            for key in keys:
                record(self.found, (*found, key))
        for child in (*rest, *node.kwargs):
            self.walk(child)
        for extra in (node.dyn_args, node.dyn_kwargs):
            if extra is not None:
                self.walk(extra)

    def loop(self, node: nodes.For) -> None:
        """``{% for x in path %}``: x reads through every element of the path; the loop itself
        reads how many there are, which what x reads of each element keeps (a list of them)."""
        found = self.path(node.iter) if isinstance(node.target, nodes.Name) else None
        kept = dict(self.aliases)
        if found is None:
            self.use(node.iter)
            self.unbind(node.target)
        else:
            record(self.found, (*found, EVERY), TRUTH)
            self.aliases[node.target.name] = (*found, EVERY)
        for child in (node.test, *node.body, *node.else_):
            if child is not None:
                self.walk(child)
        self.aliases = kept

    def include(self, node: nodes.Include) -> None:
        if isinstance(node.template, nodes.Const) and isinstance(node.template.value, str):
            names: tuple[str, ...] = (node.template.value,)
        elif self.named_when_drawn:
            self.use(node.template)
            names = self.named_when_drawn
        else:
            raise Unknowable
        for name in names:
            if name in self.seen:
                continue
            kept = self.context, self.aliases, self.seen
            # The included template sees the region's names: its loop variables and what it set.
            self.template(name, dict(self.aliases), self.seen)
            self.context, self.aliases, self.seen = kept


MISSING = object()


def taker(tree: Tree) -> Callable[[dict], tuple]:
    """The values of a context's names that a region reads, as they are (kept with its drawing)."""
    names = tuple(tree)

    def take(ctx: dict) -> tuple:
        get = ctx.get
        return tuple(get(name, MISSING) for name in names)

    return take


def comparer(tree: Tree) -> Callable[[tuple, tuple], bool]:
    """Whether two contexts' values (``taker``) read the same, as ``tree`` says: what reads the
    same draws the same markup. It stops at the first difference, and takes a value that is the
    very same object (a part of the views every seat shares) as the same without reading it."""
    parts = tuple(_same(node) for node in tree.values())
    # Small values first (the seat's own entry, the table's facts), the view last.
    order = sorted(range(len(parts)), key=lambda n: (parts[n] is not None, list(tree)[n] == "view"))

    def same(then: tuple, now: tuple) -> bool:
        for n in order:
            a, b, alike = then[n], now[n], parts[n]
            if a is not b and not (a == b if alike is None else alike(a, b)):
                return False
        return True

    return same


def alike(tree: Tree, a: dict, b: dict) -> bool:
    """Whether a region that reads ``tree`` reads the same of contexts ``a`` and ``b``."""
    take = taker(tree)
    return comparer(tree)(take(a), take(b))


def _same(node: Tree | None) -> Callable[[Any, Any], bool] | None:
    """Whether two values read the same where a node reads them (None: all of them, ``==``)."""
    if node is WHOLE:
        return None
    truth = TRUTH in node
    every = _same(node[EVERY]) if EVERY in node else False
    # The keys read whole first: a difference found there spares reading what lies deeper.
    keys = sorted(((key, _same(child)) for key, child in node.items() if key not in (TRUTH, EVERY)),
                  key=lambda pair: pair[1] is not None)

    def same(a: Any, b: Any) -> bool:
        if a is b:
            return True
        if a is None or b is None or a is MISSING or b is MISSING:
            return False
        if truth and bool(a) != bool(b):
            return False
        if keys:
            get_a = a.get if isinstance(a, dict) else functools.partial(_get, a)
            get_b = b.get if isinstance(b, dict) else functools.partial(_get, b)
            for key, alike in keys:
                x, y = get_a(key, MISSING), get_b(key, MISSING)
                if x is not y and not (x == y if alike is None else alike(x, y)):
                    return False
        if every is not False:
            if isinstance(a, dict) and isinstance(b, dict):
                if list(a) != list(b):
                    return False
                pairs = ((a[key], b[key]) for key in a)
            elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
                if len(a) != len(b):
                    return False
                pairs = zip(a, b)
            else:
                return a == b
            for x, y in pairs:
                if x is not y and not (x == y if every is None else every(x, y)):
                    return False
        return True

    return same


def _get(value: Any, key: str, missing: Any = MISSING) -> Any:
    """``value.key`` as the templates read it of anything but a dict (companion.live.jinja): an
    attribute, else an item."""
    try:
        return getattr(value, key)
    except AttributeError:
        try:
            return value[key]
        except Exception:
            return missing
