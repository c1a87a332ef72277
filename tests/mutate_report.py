"""Score per file from the last `mutmut run` (make mutate), and the mutants that survived.

Run from the repository root after mutmut: it reads mutmut's own records in mutants/.
Killed counts mutants a test failed on (or that timed out: an endless loop is caught too).
Set aside, and not counted at all, are mutants that only change the text of a refusal's
message: the mutant function and the original are the same once the first argument of
every exception they ``raise`` is blanked out. Tests assert a refusal's ``reason``, not
its wording, so that wording stays free to improve.
"""

from __future__ import annotations

import ast
import json
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

MUTANTS = Path("mutants")
KILLED = {1, 3, 24, -24, 152, 255, 36}  # failed, pytest internal error, CPU timeouts
NOT_RUN = {None}


@cache
def functions(source: Path) -> dict[str, ast.AST]:
    """Every function (top level or method) of mutmut's copy of a file, by name."""
    tree = ast.parse(source.read_text())
    return {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


class _BlankMessages(ast.NodeTransformer):
    def visit_Raise(self, node: ast.Raise) -> ast.Raise:
        if isinstance(node.exc, ast.Call) and node.exc.args:
            node.exc.args[0] = ast.Constant("")
        return node


def _shape(function: ast.AST) -> str:
    function = _BlankMessages().visit(ast.parse(ast.unparse(function)))
    function.body[0].name = "_"
    return ast.dump(function)


def message_only(source: Path, key: str) -> bool:
    """True if mutant ``key`` differs from its original only in a raised message's text."""
    name = key.rpartition(".")[2]
    by_name = functions(source)
    original = by_name.get(name.rpartition("__mutmut_")[0] + "__mutmut_orig")
    mutant = by_name.get(name)
    return original is not None and mutant is not None and _shape(original) == _shape(mutant)


def main(argv: list[str]) -> int:
    files = sorted(MUTANTS.glob("**/*.py.meta"))
    if not files:
        print("No mutmut results in mutants/: run `make mutate` first.")
        return 1
    rows, survivors = [], defaultdict(list)
    for meta in files:
        source = meta.with_suffix("")  # mutants/games/x/rules/y.py
        results = json.loads(meta.read_text())["exit_code_by_key"]
        checked = {k: v for k, v in results.items() if v not in NOT_RUN}
        if not checked:
            continue
        counted = {k: v for k, v in checked.items() if not message_only(source, k)}
        killed = sum(v in KILLED for v in counted.values())
        name = str(source.relative_to(MUTANTS))
        survivors[name] = sorted(k for k, v in counted.items() if v not in KILLED)
        rows.append((name, killed, len(counted), len(checked) - len(counted)))
    print(f"{'file':42} {'killed':>7} {'of':>5} {'score':>7}  (message-only, set aside)")
    for name, killed, total, messages in rows:
        score = 100 * killed / total if total else 100.0
        print(f"{name:42} {killed:7} {total:5} {score:6.1f}%  ({messages})")
    for name, keys in survivors.items():
        if keys:
            print(f"\n{name}: {len(keys)} not killed (see one with: .venv/bin/mutmut show NAME)")
            for key in keys:
                print("   ", key)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
