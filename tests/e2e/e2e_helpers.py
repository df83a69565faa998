"""Helpers shared by the browser tests: axe-core checks and tap-target sizes."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe(page, label: str = "") -> list[dict]:
    """Run axe-core on the page; return the serious and critical violations (and print every violation)."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
    }""")
    for v in result:
        print(f"axe {label or page.url}: {v['impact']} {v['id']}: {v['help']} -> {json.dumps(v['nodes'])[:400]}")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def assert_accessible(page, label: str = "", known: tuple[str, ...] = ()) -> None:
    """No serious or critical axe violation; ``known`` names rules reported to the page's owner, printed, not failed."""
    bad = [v for v in axe(page, label) if v["id"] not in known]
    assert not bad, f"axe found serious or critical problems on {label or page.url}: " + json.dumps(bad, indent=1)


def small_targets(page, selector: str, minimum: float = 44) -> list[str]:
    """The visible elements matching ``selector`` smaller than ``minimum``×``minimum`` CSS px."""
    return page.evaluate(
        """([selector, minimum]) => {
        const out = [];
        document.querySelectorAll(selector).forEach(el => {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') return;
            if (r.width < minimum - 0.5 || r.height < minimum - 0.5)
                out.push(`${el.tagName.toLowerCase()}${el.className ? '.' + el.className.split(' ').join('.') : ''}`
                         + ` "${(el.textContent || el.value || '').trim().slice(0, 20)}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
        });
        return out;
    }""",
        [selector, minimum],
    )


IN_SIGHT = """(el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) return false;
    const y = r.top + r.height / 2;
    return [r.left + 4, r.left + r.width / 2, r.right - 4].every((x) => el.contains(document.elementFromPoint(x, y)));
}"""
"""Whether the element is on screen and on top where it is (its centre, and a point near each end of it, hit the
element itself: not covered by a sticky bar or the keypad)."""


def in_sight(locator) -> bool:
    """:data:`IN_SIGHT` for the element now."""
    return locator.evaluate(IN_SIGHT)


def comes_in_sight(locator, timeout: float = 5.0) -> bool:
    """:data:`IN_SIGHT` once the page has brought the element there, checked in the page at each frame: the page
    scrolls smoothly, and on a loaded machine the scroll takes longer than any fixed wait; ``False`` when it is still
    not in sight after ``timeout`` seconds."""
    try:
        locator.page.wait_for_function(
            f"(el) => ({IN_SIGHT})(el)", arg=locator.element_handle(), timeout=timeout * 1000
        )
    except PlaywrightTimeoutError:
        return False
    return True
