"""Every M- rule id of MOONLIGHT.md is named by at least one Moonlight test.

The specification is kept in the repository as docs/rules/moonlight.md (a copy of the
project's shared MOONLIGHT.md, see docs/rules/README.md).

A test names a rule by its id in the function name (M_PLACE_3) or in its docstring
(M-PLACE-3), like the Kingdomino tests do for K- ids.
"""

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SPEC = ROOT / "docs" / "rules" / "moonlight.md"
RULE_ID = re.compile(r"\bM-[A-Z]+(?:-[0-9]+)?\b")


def named_in_tests() -> str:
    text = []
    for path in HERE.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text.append(node.name.replace("_", "-"))
                text.append(ast.get_docstring(node) or "")
    return "\n".join(text)


def test_every_moonlight_rule_id_has_a_test() -> None:
    ids = sorted(set(RULE_ID.findall(SPEC.read_text(encoding="utf-8"))))
    assert len(ids) >= 20  # M-COMP-1 … M-NEXT-2: the spec was read, not an empty match
    tested = named_in_tests()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9A-Z])", tested)]
    assert missing == []
