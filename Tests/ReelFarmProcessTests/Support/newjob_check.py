"""Submits through reel serve's New job page in real headless Chromium (Debian's chromium + chromium-driver, selenium).

Usage: newjob_check.py BASE TOKEN GOOD_FILE BAD_FILE SHOTS_DIR READY_FILE
Signs in with TOKEN, sends BAD_FILE (its problems must show at their paths, markup as text), then GOOD_FILE (a
composition or an OTIO timeline); follows the queued job's link, writes READY_FILE (the test starts a worker then)
and watches the job page until the job is done. Prints one line per check; exits 1 at the first failure.
"""
import json
import os
import sys

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webview_common import browser, dialog, fact, fail, no_alert, ok, until  # noqa: E402

BASE, TOKEN, GOOD, BAD, SHOTS, READY = sys.argv[1:7]
MARKUP = '<b>none</b>'


def problems(d):
    return d.execute_script(
        "return [...document.querySelectorAll('#nj-problems li')].map((li) => [li.dataset.path, li.textContent])")


def submit(d, path, output, priority=None):
    d.find_element(By.ID, 'nj-file').send_keys(path)
    out = d.find_element(By.ID, 'nj-output')
    out.clear()
    out.send_keys(output)
    if priority is not None:
        p = d.find_element(By.ID, 'nj-priority')
        p.clear()
        p.send_keys(str(priority))
    d.find_element(By.ID, 'nj-submit').click()


def main():
    d = browser()
    d.set_script_timeout(20)
    try:
        d.get(f'{BASE}/jobs/new')
        until(d, lambda: d.find_elements(By.ID, 'signin'), 'the sign-in button', 20)
        if d.find_element(By.ID, 'nj-submit').is_enabled():
            fail('the submit button is enabled before signing in')
        ok('signed out: the New job page offers a sign-in and its button is disabled')
        d.find_element(By.ID, 'signin').click()
        dialog(d, TOKEN)
        until(d, lambda: d.find_elements(By.ID, 'signout'), 'signed in (the page reloads)', 20)
        until(d, lambda: d.find_element(By.ID, 'nj-submit').is_enabled(), 'the submit button enabled', 10)
        ok('signed in: the submit button is enabled')

        submit(d, BAD, 'bad.mp4')
        until(d, lambda: len(problems(d)) > 0, 'the problems of the bad composition', 60)
        found = problems(d)
        paths = [p for p, _ in found]
        if 'composition.assets.a' not in paths:
            fail(f'the missing asset is not named at its path: {found}')
        if not any(MARKUP in text for _, text in found):
            fail(f'the markup in the asset name is not shown as text: {found}')
        if d.find_elements(By.CSS_SELECTOR, '#nj-problems b'):
            fail('the markup in a problem became an element')
        if not d.find_element(By.ID, 'nj-queued').get_attribute('hidden'):
            fail('a refused submission shows a queued job')
        no_alert(d, 'the New job page')
        ok('422: ' + '; '.join(f'{p}: {t[:90]}' for p, t in found))
        d.save_screenshot(os.path.join(SHOTS, 'newjob-problems.png'))

        submit(d, GOOD, 'from-the-page.mp4', priority=3)
        until(d, lambda: d.find_elements(By.ID, 'nj-job'), 'the queued job', 90)
        if d.find_element(By.ID, 'nj-invalid').is_displayed():
            fail('the problems of the earlier submission are still shown')
        link = d.find_element(By.ID, 'nj-job')
        ok('queued: ' + d.find_element(By.ID, 'nj-queued').text.replace('\n', ' '))
        d.save_screenshot(os.path.join(SHOTS, 'newjob-queued.png'))
        link.click()
        until(d, lambda: fact(d, 'State') is not None, 'the job page', 20)
        if fact(d, 'Priority') != '3':
            fail(f'the priority chosen on the page is not the job\'s: {fact(d, "Priority")!r}')
        open(READY, 'w').write('go')
        until(d, lambda: fact(d, 'State') == 'done', 'the job to finish', 240)
        ok('followed the job to done on its page')
        d.save_screenshot(os.path.join(SHOTS, 'newjob-done.png'))
    finally:
        d.quit()
    print(json.dumps({'ok': True}), flush=True)


main()
