"""Draws static/icons/icon-maskable-512.png (the manifest's maskable icon: full-bleed background, the cards inside the
central 80 % safe zone) from static/icons/icon-maskable.svg with Debian's Chromium: .venv/bin/python scripts/make_maskable_icon.py"""

from pathlib import Path

from playwright.sync_api import sync_playwright

svg = Path("static/icons/icon-maskable.svg").read_text()
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--headless"])
    page = b.new_page(viewport={"width": 512, "height": 512})
    sized = svg.replace("<svg ", '<svg width="512" height="512" ', 1)
    page.set_content('<html><body style="margin:0">' + sized + "</body></html>")
    page.screenshot(path="static/icons/icon-maskable-512.png", omit_background=False)
    b.close()
