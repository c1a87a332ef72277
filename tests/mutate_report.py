"""Score per file from the last `mutmut run` (make mutate), and the mutants that survived.

Run from the repository root after mutmut: it reads mutmut's own records in mutants/.
``--not-killed [PATTERN ...]`` prints only the names of mutants (matching mutmut's name
patterns) not yet killed and not message-only, to rerun after adding tests:
``.venv/bin/mutmut run $(.venv/bin/python tests/mutate_report.py --not-killed 'games.lie.*')``.
Killed counts mutants a test failed on (or that timed out: an endless loop is caught too).
Set aside, and not counted at all, are mutants that only change the text of a refusal's
message: the mutant function and the original are the same once the first argument of
every exception they ``raise`` is blanked out (and every name of a problem a damaged-save
check appends to its ``problems`` list, which only its message reads). Tests assert a refusal's ``reason``, not
its wording, so that wording stays free to improve. Also set aside are the survivors the
docs/mutation.md names as equivalent (no test could tell them from the
original), each with why; a name there that no longer survives is simply not needed.
"""

from __future__ import annotations

import ast
import fnmatch
import json
import re
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

MUTANTS = Path("mutants")
NOTES = Path("docs/mutation.md")
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

    def visit_Call(self, node: ast.Call) -> ast.Call:
        """A damaged-save check's ``problems.append("...")``: those names are only joined into its message."""
        self.generic_visit(node)
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr == "append" and isinstance(func.value, ast.Name)
                and func.value.id == "problems" and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            node.args[0] = ast.Constant("")
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


def judged_equivalent() -> set[str]:
    """Mutant names listed in docs/mutation.md, where each survivor judged equivalent is named."""
    return set(re.findall(r"`(games\.\S+?__mutmut_\d+)`", NOTES.read_text()))


def main(argv: list[str]) -> int:
    files = sorted(MUTANTS.glob("**/*.py.meta"))
    if not files:
        print("No mutmut results in mutants/: run `make mutate` first.")
        return 1
    rows, survivors = [], defaultdict(list)
    equivalent = judged_equivalent()
    if argv[:1] == ["--not-killed"]:
        patterns = argv[1:] or ["*"]
        for meta in files:
            for key, code in json.loads(meta.read_text())["exit_code_by_key"].items():
                if (code not in KILLED and key not in equivalent and any(fnmatch.fnmatch(key, p) for p in patterns)
                        and not message_only(meta.with_suffix(""), key)):
                    print(key)
        return 0
    for meta in files:
        source = meta.with_suffix("")  # mutants/games/x/rules/y.py
        results = json.loads(meta.read_text())["exit_code_by_key"]
        checked = {k: v for k, v in results.items() if v not in NOT_RUN}
        if not checked:
            continue
        wording = {k for k in checked if message_only(source, k)}
        same = {k for k, v in checked.items() if k in equivalent and v not in KILLED} - wording
        counted = {k: v for k, v in checked.items() if k not in wording | same}
        killed = sum(v in KILLED for v in counted.values())
        name = str(source.relative_to(MUTANTS))
        survivors[name] = sorted(k for k, v in counted.items() if v not in KILLED)
        rows.append((name, killed, len(counted), len(wording), len(same)))
    print(f"{'file':42} {'killed':>6} {'of':>5} {'score':>7}  set aside: message-only, equivalent")
    for name, killed, total, wording, same in rows:
        score = 100 * killed / total if total else 100.0
        print(f"{name:42} {killed:6} {total:5} {score:6.1f}%  {wording:4} {same:4}")
    for name, keys in survivors.items():
        if keys:
            print(f"\n{name}: {len(keys)} not killed (see one with: .venv/bin/mutmut show NAME)")
            for key in keys:
                print("   ", key)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
