"""What the browser checks share: a headless Chromium, waits, dialogs and the job page's facts."""
import sys

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def fail(message):
    print('FAIL: ' + message, flush=True)
    sys.exit(1)


def ok(message):
    print('ok: ' + message, flush=True)


def browser():
    options = webdriver.ChromeOptions()
    for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--window-size=1400,1000']:
        options.add_argument(a)
    options.binary_location = '/usr/bin/chromium'
    options.set_capability('unhandledPromptBehavior', 'ignore')
    return webdriver.Chrome(options=options, service=Service('/usr/bin/chromedriver'))


def until(d, condition, what, seconds=180):
    try:
        return WebDriverWait(d, seconds, poll_frequency=0.05).until(lambda _: condition(), message=what)
    except TimeoutException:
        fail('timed out waiting for ' + what)


def no_alert(d, where):
    try:
        text = d.switch_to.alert.text
        fail('an alert opened on ' + where + ': ' + text)
    except NoAlertPresentException:
        pass


def dialog(d, text=None):
    alert = until(d, lambda: _alert(d), 'a dialog', 10)
    if text is not None:
        alert.send_keys(text)
    alert.accept()


def _alert(d):
    try:
        return d.switch_to.alert
    except NoAlertPresentException:
        return None


def fact(d, label):
    return d.execute_script("""
        for (const s of document.querySelectorAll('#job-facts span')) {
          const b = s.querySelector('b'); if (b && b.textContent === arguments[0]) return s.textContent.slice(b.textContent.length).trim();
        }
        return null;""", label)
