"""Drives reel serve's pages in real headless Chromium (Debian's chromium + chromium-driver, selenium from PyPI).

Usage: webview_check.py BASE TOKEN JOB_A JOB_B SHOTS_DIR READY_FILE
JOB_A renders once READY_FILE exists (the test starts two workers then); JOB_B needs a tag no worker has, so it
stays queued for the cancel / retry / priority clicks. Prints one line per check; exits 1 at the first failure.
"""
import json
import os
import sys
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webview_common import browser, dialog, fact, fail, no_alert, ok, until  # noqa: E402

BASE, TOKEN, JOB_A, JOB_B, SHOTS, READY = sys.argv[1:7]
XSS = '<img src=x onerror=alert(1)>'


def states(d):
    # Read in one script: the page replaces the strip's nodes on every update, so element handles go stale.
    return d.execute_script("return [...document.querySelectorAll('#strip .cell')].map((c) => c.dataset.state)")


def fetch_status(d, path, headers):
    script = ("const done = arguments[arguments.length - 1];"
              "fetch(arguments[0], {method: 'POST', headers: arguments[1], body: '{}'}).then(r => done(r.status));")
    return d.execute_async_script(script, path, headers)


def watch_render(d):
    d.get(f'{BASE}/jobs/{JOB_A}')
    until(d, lambda: len(states(d)) > 0, 'the strip of job A')
    until(d, lambda: d.find_element(By.ID, 'job-name').text != '', 'the job name')
    name = d.find_element(By.ID, 'job-name')
    if name.text != XSS or name.find_elements(By.TAG_NAME, 'img') or d.find_elements(By.CSS_SELECTOR, 'img[src="x"]'):
        fail(f'the job name is not shown as text: {name.get_attribute("innerHTML")!r}')
    no_alert(d, 'the job page')
    ok('the XSS name shows as text, no alert')
    if set(states(d)) != {'available'}:
        fail(f'before any worker runs every cell is queued; saw {states(d)}')
    ok(f'{len(states(d))} cells, all queued')
    d.execute_script("""
        window.__seen = {};
        const record = () => document.querySelectorAll('#strip .cell').forEach((c) => {
          (window.__seen[c.dataset.index] = window.__seen[c.dataset.index] || []).push(c.dataset.state); });
        record();
        new MutationObserver(record).observe(document.getElementById('strip'), { childList: true, subtree: true, attributes: true });
    """)
    open(READY, 'w').write('go')
    until(d, lambda: 'running' in states(d), 'a running cell')
    d.save_screenshot(os.path.join(SHOTS, 'job-running.png'))
    until(d, lambda: set(states(d)) == {'done'}, 'every cell done')
    seen = d.execute_script('return window.__seen')
    for index, sequence in seen.items():
        if sequence[0] != 'available' or sequence[-1] != 'done':
            fail(f'cell {index} went {sequence}')
    running = [i for i, s in seen.items() if 'running' in s]
    if not running:
        fail('no cell was seen running')
    ok(f'cells went queued → running → done ({len(running)} of {len(seen)} seen running)')


def images(d):
    d.get(f'{BASE}/jobs/{JOB_A}')
    until(d, lambda: len(states(d)) > 0, 'the strip of job A')
    cells = len(states(d))
    until(d, lambda: d.execute_script(
        "return [...document.querySelectorAll('#filmstrip img')].filter((i) => i.complete && i.naturalWidth > 0).length")
        == cells, 'a thumbnail for every segment', 60)
    ok(f'{cells} thumbnails loaded')
    until(d, lambda: d.execute_script("const p = document.getElementById('poster'); return !p.hidden && p.naturalWidth > 0;"),
          'the poster frame', 60)
    d.execute_script("document.querySelectorAll('#strip .cell')[1].click()")
    until(d, lambda: d.find_element(By.ID, 'segment-detail').is_displayed(), 'the segment panel', 10)
    d.save_screenshot(os.path.join(SHOTS, 'job-done.png'))


def lists(d):
    d.get(f'{BASE}/')
    until(d, lambda: len(d.find_elements(By.CSS_SELECTOR, '#jobs tbody tr')) >= 2, 'the jobs table')
    link = d.execute_script("return document.querySelector(`#jobs tr[data-job='${arguments[0]}'] a`).textContent", JOB_A)
    if link != XSS:
        fail(f'the jobs page shows {link!r}')
    warning = d.execute_script("return document.querySelector(`#jobs tr[data-job='${arguments[0]}']`).textContent", JOB_B)
    if 'no live worker has' not in warning:
        fail(f'job B needs a tag no worker has, and the row does not say so: {warning!r}')
    no_alert(d, 'the jobs page')
    ok('jobs page: the XSS name as text; the tag warning on job B')
    d.save_screenshot(os.path.join(SHOTS, 'jobs.png'))
    d.get(f'{BASE}/workers')
    until(d, lambda: len(d.find_elements(By.CSS_SELECTOR, '#workers tbody tr')) >= 2, 'two workers')
    ok('workers page lists ' + ', '.join(d.execute_script(
        "return [...document.querySelectorAll('#workers tbody tr')].map((r) => r.dataset.worker + ' ' + r.dataset.state)")))
    d.save_screenshot(os.path.join(SHOTS, 'workers.png'))


def steer(d):
    d.get(f'{BASE}/jobs/{JOB_B}')
    until(d, lambda: fact(d, 'State') == 'queued', 'job B queued')
    if d.find_element(By.ID, 'cancel').is_enabled():
        fail('cancel is enabled before signing in')
    status = fetch_status(d, f'/api/v1/jobs/{JOB_B}/cancel', {})
    if status not in (401, 403):
        fail(f'a write without the token answered {status}')
    ok(f'a write without the token is refused ({status})')
    d.find_element(By.ID, 'signin').click()
    dialog(d, TOKEN)
    until(d, lambda: d.find_elements(By.ID, 'signout'), 'signed in', 10)
    status = fetch_status(d, f'/api/v1/jobs/{JOB_B}/cancel', {'Content-Type': 'application/json'})
    if status != 403:
        fail(f'a signed-in write without the CSRF header answered {status}')
    ok('signed in; a write without the CSRF header is refused (403)')
    until(d, lambda: d.find_element(By.ID, 'cancel').is_enabled(), 'cancel enabled', 10)
    d.find_element(By.ID, 'cancel').click()
    dialog(d)
    until(d, lambda: fact(d, 'State') == 'canceled', 'job B canceled', 30)
    until(d, lambda: d.find_element(By.ID, 'retry').is_enabled(), 'retry enabled', 10)
    d.find_element(By.ID, 'retry').click()
    dialog(d)
    until(d, lambda: fact(d, 'State') == 'queued', 'job B queued again', 30)
    d.find_element(By.ID, 'priority').click()
    dialog(d, '7')
    dialog(d)
    until(d, lambda: fact(d, 'Priority') == '7', 'priority 7', 30)
    ok('cancel, retry and priority through the page, each after a confirmation')


def main():
    d = browser()
    d.set_script_timeout(20)
    try:
        watch_render(d)
        lists(d)
        steer(d)
        images(d)
    finally:
        d.quit()
    print(json.dumps({'ok': True}), flush=True)


main()
