"""Every rule id of the specification is named by at least one test (RULES.md, §1–10).

The specification lives in the project's shared folder beside this repository; a test
names a rule by its id in the function name (R_SETUP_4) or in its docstring (R-SETUP-4).
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "RULES.md"


def named_in_tests() -> str:
    text = []
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text.append(node.name.replace("_", "-"))
                text.append(ast.get_docstring(node) or "")
    return "\n".join(text)


@pytest.mark.skipif(not RULES.exists(), reason="the shared specification is not beside the repo")
def test_every_rule_id_has_a_test() -> None:
    ids = sorted(set(re.findall(r"R-[A-Z0-9]+-[A-Z0-9]+", RULES.read_text(encoding="utf-8"))))
    tested = named_in_tests()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9])", tested)]
    assert missing == []
