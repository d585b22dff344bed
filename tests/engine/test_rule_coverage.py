"""Every rule id of the specification is named by at least one test (RULES.md, §1–10).

The specification is kept in the repository as docs/rules/moonriver.md (a copy of the
project's shared RULES.md, see docs/rules/README.md); a test names a rule by its id in
the function name (R_SETUP_4) or in its docstring (R-SETUP-4).
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules" / "moonriver.md"


def named_in_tests() -> str:
    text = []
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text.append(node.name.replace("_", "-"))
                text.append(ast.get_docstring(node) or "")
    return "\n".join(text)


def test_every_rule_id_has_a_test() -> None:
    ids = sorted(set(re.findall(r"R-[A-Z0-9]+-[A-Z0-9]+", RULES.read_text(encoding="utf-8"))))
    assert len(ids) >= 40  # R-COMP-1 … R-2P-3: the spec was read, not an empty match
    tested = named_in_tests()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9])", tested)]
    assert missing == []
