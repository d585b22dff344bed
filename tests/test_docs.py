"""The README and docs/: every local link resolves, the README stays short, and the
rules in docs/rules/ are the shared specification's current text.

Links are checked as GitHub shows them: a relative path from the file that holds it,
and for a `#anchor` into a markdown file, a heading whose GitHub slug is the anchor.
"""

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"
README_MAX_LINES = 250

#: docs/rules/ copy → its source in the project's shared specification beside the repo.
RULE_COPIES = {
    "moonriver.md": "RULES.md",
    "notation.md": "NOTATION.md",
    "kingdomino.md": "KINGDOMINO.md",
    "moonlight.md": "MOONLIGHT.md",
}

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.MULTILINE)
HTML_LINK = re.compile(r"<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*[\"']([^\"']+)[\"']",
                       re.IGNORECASE)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$", re.MULTILINE)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def without_code(text: str) -> str:
    """The text with fenced blocks and code spans blanked (links in code are not links)."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return CODE_SPAN.sub("", text)


def local_links(text: str) -> list[str]:
    prose = without_code(text)
    found = INLINE_LINK.findall(prose) + REFERENCE.findall(prose) + HTML_LINK.findall(prose)
    return [link for link in found if not EXTERNAL.match(link)]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation removed,
    each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a markdown file, with GitHub's -1, -2 … for repeats."""
    seen: dict[str, int] = {}
    result = set()
    for _, title in HEADING.findall(without_headings_in_code(path.read_text(encoding="utf-8"))):
        base = slug(title)
        n = seen.get(base, 0)
        seen[base] = n + 1
        result.add(base if n == 0 else f"{base}-{n}")
    return result


def without_headings_in_code(text: str) -> str:
    return FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def broken_links(path: Path) -> list[str]:
    broken = []
    for link in local_links(path.read_text(encoding="utf-8")):
        target, _, anchor = link.partition("#")
        target_path = (path.parent / unquote(target)).resolve() if target else path
        if not target_path.exists():
            broken.append(f"{link}: no such file")
        elif (anchor and target_path.suffix == ".md"
              and unquote(anchor).lower() not in anchors(target_path)):
            broken.append(f"{link}: no heading with that anchor")
    return broken


def test_slugs_follow_github() -> None:
    assert slug("The `moonriver` command line") == "the-moonriver-command-line"
    assert slug("Game data — provisional parcel list") == "game-data--provisional-parcel-list"
    assert slug("One turn, one post") == "one-turn-one-post"
    assert slug("R-2P-3 and K_DYN") == "r-2p-3-and-k_dyn"


def test_links_are_found_outside_code_only() -> None:
    text = ("[a](a.md) ![pic](p.png) <img src=\"docs/x.png\" width=\"4\"> [web](https://x.org)\n"
            "`[not](code.md)`\n```\n[nor](block.md)\n```\n[r]: ref.md\n")
    assert local_links(text) == ["a.md", "p.png", "ref.md", "docs/x.png"]


def test_the_docs_exist() -> None:
    assert (DOCS / "rules" / "README.md").exists()
    assert len(markdown_files()) > 5


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_local_link_resolves(path: Path) -> None:
    assert broken_links(path) == []


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES


def test_the_rules_copies_are_all_there() -> None:
    for copy in RULE_COPIES:
        assert (DOCS / "rules" / copy).is_file(), copy


@pytest.mark.parametrize("copy", sorted(RULE_COPIES))
def test_the_rules_copy_equals_the_shared_specification(copy: str) -> None:
    source = SHARED / RULE_COPIES[copy]
    if not source.exists():
        pytest.skip(f"no shared specification beside the repository ({source})")
    assert (DOCS / "rules" / copy).read_bytes() == source.read_bytes(), (
        f"docs/rules/{copy} differs from {source}: refresh it (docs/rules/README.md)")
