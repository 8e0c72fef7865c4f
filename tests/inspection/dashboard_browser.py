#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Checks a running troupe dashboard in headless Chromium through WebDriver.

    dashboard_browser.py URL --nodes N --actor NAME [--screenshots DIR]

Starts /usr/bin/chromedriver on a free loopback port, opens URL and checks
that the landing page lists N nodes, that the actor NAME shows in the busiest
actors or in some node's actor table and that its page opens, that the live
badge reads "live", that a node's message-rate chart gains points, that the
graph draws N nodes, and that the events view opens. Prints one line per check;
exits 0 when all pass, 1 on the first failure, 77 when Chromium or
chromedriver is missing. Only the Python standard library is used.
"""

import argparse
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

CHROMEDRIVER = os.environ.get('CHROMEDRIVER', '/usr/bin/chromedriver')
CHROMIUM = os.environ.get('CHROMIUM', '/usr/bin/chromium')
WAIT_S = 20        # the bound of every wait for a condition
POLL_S = 0.1


class CheckFailed(Exception):
    pass


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


class WebDriver:
    """The few W3C WebDriver commands the checks need."""

    def __init__(self, port):
        self.base = f'http://127.0.0.1:{port}'
        self.session = None

    def call(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={'Content-Type': 'application/json'})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read() or b'{}').get('value')
        except urllib.error.HTTPError as err:
            detail = err.read().decode(errors='replace')[:500]
            raise CheckFailed(f'WebDriver {method} {path}: {err.code} {detail}') from None

    def ready(self):
        try:
            return bool(self.call('GET', '/status', timeout=2).get('ready'))
        except (OSError, CheckFailed, ValueError):
            return False

    def start(self, user_data_dir):
        args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                '--disable-background-networking', '--disable-component-update', '--disable-sync',
                '--disable-dev-shm-usage', '--window-size=1400,900', f'--user-data-dir={user_data_dir}']
        capabilities = {'browserName': 'chrome',
                        'goog:chromeOptions': {'binary': CHROMIUM, 'args': args}}
        value = self.call('POST', '/session', {'capabilities': {'alwaysMatch': capabilities}}, timeout=60)
        self.session = value['sessionId']

    def stop(self):
        if self.session:
            session, self.session = self.session, None
            try:
                self.call('DELETE', f'/session/{session}', timeout=15)
            except (OSError, CheckFailed):
                pass

    def open(self, url):
        self.call('POST', f'/session/{self.session}/url', {'url': url}, timeout=60)

    def run(self, script, *args):
        return self.call('POST', f'/session/{self.session}/execute/sync',
                         {'script': script, 'args': list(args)})

    def screenshot(self):
        return base64.b64decode(self.call('GET', f'/session/{self.session}/screenshot'))


class Checks:
    def __init__(self, driver, url, screenshots):
        self.driver = driver
        self.url = url.split('#')[0]
        self.screenshots = screenshots

    def wait(self, what, script, *args):
        """Runs script every 100 ms until it returns something truthy (at most WAIT_S)."""
        deadline = time.monotonic() + WAIT_S
        while True:
            value = self.driver.run(script, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CheckFailed(f'{what} (waited {WAIT_S} s)')
            time.sleep(POLL_S)

    def go(self, route):
        self.driver.run('location.hash = arguments[0];', route)

    def shot(self, name):
        if self.screenshots:
            # Let the last layout and paint settle before taking the picture.
            time.sleep(0.3)
            with open(os.path.join(self.screenshots, name), 'wb') as out:
                out.write(self.driver.screenshot())
            print(f'ok: saved {name}')

    def run(self, node_count, actor):
        self.driver.open(self.url)
        nodes = self.wait(f'#nodes-table never showed {node_count} nodes', '''
            const rows = [...document.querySelectorAll('#nodes-table tr[data-node]')];
            return rows.length === arguments[0] ? rows.map(r => r.dataset.node) : null;''', node_count)
        print(f'ok: the landing page lists {node_count} nodes')
        self.shot('landing.png')

        found = self.driver.run('''
            const row = [...document.querySelectorAll('#busiest tr[data-actor-id]')]
                .find(r => r.dataset.name === arguments[0]);
            return row ? [row.dataset.node, row.dataset.actorId] : null;''', actor)
        if found:
            print(f'ok: {actor} shows among the busiest actors')
        for node in ([] if found else nodes):
            self.go('#/actors/' + urllib.parse.quote(node, safe=''))
            self.wait(f'the actors table of {node} never loaded', '''
                const table = document.querySelector('#actors-table');
                return table && table.dataset.loaded === '1';''')
            found = self.driver.run('''
                const row = [...document.querySelectorAll('#actors-table tr[data-actor-id]')]
                    .find(r => r.dataset.name === arguments[0]);
                return row ? [arguments[1], row.dataset.actorId] : null;''', actor, node)
            if found:
                print(f'ok: {actor} shows in the actors table of {node}')
                break
        if not found:
            raise CheckFailed(f'no node lists an actor named {actor}')
        node, actor_id = found

        self.go('#/actors/' + urllib.parse.quote(node, safe=''))
        self.wait(f'the actors table of {node} never listed actor {actor_id}', '''
            return !!document.querySelector(`#actors-table tr[data-actor-id="${arguments[0]}"]`);''', actor_id)
        print(f'ok: the actors table of {node} lists {actor} as {actor_id}')
        self.shot('actors.png')

        self.go(f'#/actor/{urllib.parse.quote(node, safe="")}/{actor_id}')
        self.wait(f'the page of actor {actor_id} never showed its name {actor}', '''
            const name = document.querySelector('#actor-name');
            return name && name.textContent === arguments[0];''', actor)
        self.wait('the mailbox list never showed', 'return !!document.querySelector("#mailbox li");')
        print(f'ok: the page of {actor} opens')
        self.shot('actor.png')

        self.wait('#live never read "live"', '''
            const live = document.querySelector('#live');
            return live && live.textContent.trim() === 'live';''')
        print('ok: the live badge reads live')

        self.go('#/node/' + urllib.parse.quote(nodes[0], safe=''))
        # data-points is the number of points the chart draws; wrapped in a
        # list so that 0 counts as an answer.
        points = '''
            const chart = document.querySelector('svg.chart[data-chart="rate"]');
            return chart ? [Number(chart.getAttribute('data-points'))] : null;'''
        first = self.wait('the rate chart never showed', points)[0]
        self.wait(f'the rate chart never gained a point beyond {first}',
                  f'const now = (() => {{ {points} }})(); return now !== null && now[0] > arguments[0];', first)
        print(f'ok: the rate chart of {nodes[0]} updates (more than {first} points)')
        self.shot('node.png')

        self.go('#/nodes')
        self.wait(f'the node graph never drew {node_count} nodes', '''
            return document.querySelectorAll('#node-graph circle[data-node]').length === arguments[0];''', node_count)
        print(f'ok: the graph draws {node_count} nodes')
        self.shot('graph.png')

        self.go('#/events')
        count = self.wait('the events view never showed its list', '''
            const list = document.querySelector('#events-list');
            return list && [list.querySelectorAll('li[data-kind]').length];''')[0]
        print(f'ok: the events view opens ({count} events)')
        self.shot('events.png')

    def page_text(self):
        try:
            return self.driver.run('return document.body ? document.body.innerText : "";')[:2000]
        except (OSError, CheckFailed) as err:
            return f'(the page text could not be read: {err})'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('url')
    parser.add_argument('--nodes', type=int, required=True)
    parser.add_argument('--actor', required=True)
    parser.add_argument('--screenshots')
    options = parser.parse_args()

    for tool in (CHROMEDRIVER, CHROMIUM):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            print(f'skipped: {tool} is not installed')
            return 77
    if options.screenshots:
        os.makedirs(options.screenshots, exist_ok=True)

    # A test runner's SIGTERM should still end the browser and the driver.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    work = tempfile.mkdtemp(prefix='troupe-dashboard-')
    port = free_port()
    driver_log = open(os.path.join(work, 'chromedriver.log'), 'wb')
    process = subprocess.Popen([CHROMEDRIVER, f'--port={port}'], stdout=driver_log, stderr=subprocess.STDOUT)
    driver = WebDriver(port)
    checks = Checks(driver, options.url, options.screenshots)
    try:
        deadline = time.monotonic() + WAIT_S
        while not driver.ready():
            if process.poll() is not None or time.monotonic() > deadline:
                raise CheckFailed(f'chromedriver did not start on port {port}')
            time.sleep(POLL_S)
        driver.start(os.path.join(work, 'profile'))
        checks.run(options.nodes, options.actor)
        print('ok: every dashboard check passed')
        return 0
    except CheckFailed as failure:
        print(f'FAIL: {failure}')
        if driver.session:
            print('--- page text ---')
            print(checks.page_text())
        return 1
    finally:
        driver.stop()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        driver_log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
