"""The settings dialog's About line: the version and build id of build.json (a bug report's
first need), in the page's language."""

import json


def test_the_settings_say_the_version_and_build_of_the_running_site(new_page, open_app, dist_dir):
    manifest = json.loads((dist_dir / "build.json").read_text())
    page = new_page(locale="de-DE")
    open_app(page)
    page.click("[data-testid=open-settings]")
    about = page.locator("[data-testid=about]")
    assert about.text_content() == f"Über: Kartentisch {manifest['version']}, Build {manifest['build_id']}"
