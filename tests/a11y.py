"""The accessibility checker (axe-core, vendored in bot/web/static/vendor by scripts/build-axe.sh) run inside a
page of the real Chromium (tests/browser.py): the WCAG 2.2 A and AA rules and axe's best practices."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[1] / "bot" / "web" / "static" / "vendor" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
BLOCKING = ("serious", "critical")

PHONE = (390, 844)
DESKTOP = (1280, 800)


def axe(driver, selector: str | None = None) -> list[dict]:
    """Every violation axe finds on the page as it is now (or inside `selector`): its rule, impact and targets."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        # Injected by the test, not served by the page: the checker is no part of what players download.
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script("""
        const [context, tags, done] = arguments;
        axe.run(context || document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]})
          .then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary}))}))))
          .catch((e) => done([{id: "axe-error", impact: "critical", help: String(e), nodes: []}]));
    """, selector, list(TAGS))
    return list(result)


def blocking(violations: list[dict]) -> list[dict]:
    """The serious and critical ones: what the pages must never have."""
    return [v for v in violations if v["impact"] in BLOCKING]


def describe(violations: list[dict]) -> str:
    """One line per violation and up to three of its elements, for an assertion's message."""
    lines = []
    for v in violations:
        lines.append(f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])} elements)")
        for n in v["nodes"][:3]:
            lines.append(f"    {n['target']}: {(n['summary'] or '').splitlines()[-1:]}")
    return "\n".join(lines)
