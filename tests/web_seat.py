#!/usr/bin/env python3
"""The browser seat in Debian's chromium (issue 25), headless.

Starts `ratify serve RULESET --seats human,bot`, opens the human seat's
http:// link in chromium, driven over the DevTools protocol on a pipe (no
library beyond Python's own), and plays the whole game by clicking the
page with the mouse until the result shows. Options:
  --reload-at N   reload the page once N actions were taken, and play on
  --check-http    the files served, their security headers, 404 for path tricks
  --watch         a second tab on the watch link sees the public view only
  --keys          play with the keyboard alone (Tab, Enter)
  --drop-at N     drop the page's connection once N actions were taken
  --rules         open the rules help first
  --check-dom     after every step, the DOM holds no card identity the
                  seat was not sent: every card drawn face up is one of
                  the view the server sent (read from the socket's frames),
                  face-down cards carry nothing, and no other card's name
                  appears anywhere on the page
  --shot FILE     a PNG of the page after --shot-after clicks (or at the end),
                  --stop-after-shot to end there
Exits 0 on success, 77 when no chromium is installed, 1 on a failure.
"""
import argparse
import base64
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time


def fail(msg):
    print("FAIL: " + msg, flush=True)
    sys.exit(1)


code_of = {"Tab": 9, "Enter": 13}


class Chromium:
    """Chromium with --remote-debugging-pipe: JSON messages ended by NUL on
    fds 3 (to it) and 4 (from it)."""

    def __init__(self, exe, profile, width, height):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            # Through spare descriptors first, in case the pipes are 3 or 4.
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--user-data-dir=" + profile, "--remote-debugging-pipe",
                 "--window-size=%d,%d" % (width, height), "about:blank"]
        self.proc = subprocess.Popen([exe] + flags, pass_fds=(3, 4, to_r, from_w), preexec_fn=fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.next_id = 0
        self.replies = {}
        self.events = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.session = None

    def _read(self):
        buf = b""
        while True:
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                break
            buf += chunk
            while b"\0" in buf:
                msg, buf = buf.split(b"\0", 1)
                m = json.loads(msg)
                with self.cond:
                    if "id" in m:
                        self.replies[m["id"]] = m
                    else:
                        self.events.append(m)
                    self.cond.notify_all()

    def call(self, method, params=None, timeout=60, session=True):
        if self.proc.poll() is not None:
            fail("chromium exited with %s" % self.proc.returncode)
        self.next_id += 1
        m = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            m["sessionId"] = self.session
        os.write(self.to_w, json.dumps(m).encode() + b"\0")
        end = time.time() + timeout
        with self.cond:
            while self.next_id not in self.replies:
                if not self.cond.wait(max(0.0, end - time.time())):
                    fail("chromium did not answer " + method)
            r = self.replies.pop(self.next_id)
        if "error" in r:
            fail(method + ": " + json.dumps(r["error"]))
        return r.get("result", {})

    def open(self, width, height):
        """A new tab, which later calls go to (self.session says which)."""
        target = self.call("Target.createTarget", {"url": "about:blank"},
                           session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for m in ("Page.enable", "Network.enable", "Runtime.enable", "Log.enable"):
            self.call(m)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": width < 600})
        return self.session

    def js(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            fail("in the page: " + json.dumps(r["exceptionDetails"])[:500])
        return r["result"].get("value")

    def click(self, selector):
        """A real click: the mouse pressed and released over the element."""
        at = self.js("""(() => { const e = document.querySelector(%s);
            if (!e || e.disabled) return null;
            e.scrollIntoView({block: 'center'});
            const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; })()""" % json.dumps(selector))
        if not at:
            return False
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent",
                      {"type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1})
        return True

    def key(self, key, code, text=""):
        for kind in ("keyDown", "keyUp"):
            p = {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": code_of[key]}
            if text and kind == "keyDown":
                p["text"] = text
            self.call("Input.dispatchKeyEvent", p)

    def press(self, selector):
        """The keyboard alone: Tab until the element has the focus, then Enter."""
        for _ in range(400):
            if self.js("!!document.activeElement && document.activeElement.matches(%s)"
                       % json.dumps(selector)):
                self.key("Enter", "Enter", "\r")
                return True
            self.key("Tab", "Tab")
        return False

    def frames(self):
        """The server's messages seen on this tab's WebSockets so far."""
        out = []
        with self.cond:
            for e in self.events:
                if (e.get("method") == "Network.webSocketFrameReceived" and
                        e.get("sessionId") == self.session):
                    try:
                        out.append(json.loads(e["params"]["response"]["payloadData"]))
                    except (KeyError, ValueError):
                        pass
        return out

    def page_errors(self):
        """Uncaught exceptions and refusals (the policy's among them)."""
        out = []
        with self.cond:
            for e in self.events:
                if e.get("method") == "Runtime.exceptionThrown":
                    out.append(json.dumps(e["params"]["exceptionDetails"])[:300])
                if e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error":
                    out.append(e["params"]["entry"].get("text", "")[:300])
        return out

    def close(self):
        if self.proc.poll() is not None:
            return
        try:
            self.call("Browser.close", session=False, timeout=10)
        except (SystemExit, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


STATE = """(() => {
  const b = document.body;
  const pick = [];
  if (!document.getElementById('confirm') || !b || !b.dataset.seq) return null;
  if (document.getElementById('confirm').open) return {dialog: true};
  for (const e of document.querySelectorAll('button[data-action]:not(:disabled)'))
    pick.push('button[data-action="' + e.dataset.action + '"]');
  for (const e of document.querySelectorAll('button.card.playable'))
    pick.push('button.card[data-card="' + e.dataset.card + '"]');
  return {seq: b.dataset.seq, stale: !!window.beforeReload,
          wide: document.documentElement.scrollWidth > window.innerWidth,
          logLines: document.querySelectorAll('#log li').length, over: b.dataset.over === '1',
          pending: b.dataset.pending === '1', pick,
          result: document.getElementById('result').hidden ? ''
                  : document.getElementById('result').textContent,
          connection: document.getElementById('connection').textContent};
})()"""

DOM_CARDS = """(() => ({
  cards: [...document.querySelectorAll('.card')].map(e => ({
      back: e.classList.contains('back'), card: e.dataset.card || null,
      def: e.dataset.def || null, text: e.textContent,
      attrs: [...e.attributes].map(a => a.name)})),
  text: document.documentElement.outerHTML,
  seq: document.body.dataset.seq}))()"""


def check_dom(browser, seat):
    """No card identity in the DOM beyond what the server sent this seat."""
    frames = browser.frames()
    welcome = next((m for m in frames if m.get("type") == "welcome"), None)
    if not welcome:
        return False
    if welcome["seat"] != seat:
        fail("welcomed as seat %s" % welcome["seat"])
    dom = browser.js(DOM_CARDS)
    views = [m for m in frames if m.get("type") == "view" and str(m["seq"]) == dom["seq"]]
    if not views:
        return False  # the page is ahead of the frames seen: check next time
    view = views[-1]["view"]
    sent = {}
    for z in view["zones"]:
        for c in z["cards"]:
            if c is not None:
                sent[str(c["id"])] = welcome["cards"][c["def"]]["id"]
    # Everything this seat was told in words: a card named there is known.
    told = json.dumps([m for m in frames if m.get("type") != "welcome"] +
                      [welcome["ruleset"]], ensure_ascii=False)
    for c in dom["cards"]:
        if c["back"]:
            if c["card"] or c["def"] or c["text"].strip("×0123456789 "):
                fail("a face-down card carries something: %r" % c)
            continue
        if c["card"] not in sent or sent[c["card"]] != c["def"]:
            fail("the page shows card %s as %s; the view sent has %s" %
                 (c["card"], c["def"], sent.get(c["card"])))
    shown = {d for d in sent.values()}
    # A card shown may name others in its text.
    told += json.dumps([d for d in welcome["cards"] if d["id"] in shown], ensure_ascii=False)
    for d in welcome["cards"]:
        name = d["name"]
        # A whole name: "22nd Amendment" does not name the 2nd.
        word = re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)")
        if d["id"] in shown or len(name) < 4 or word.search(told):
            continue
        if word.search(dom["text"]):
            fail("the page holds the name of card %s, which the seat was not shown" % d["id"])
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ratify", required=True)
    ap.add_argument("--ruleset", default="article2")
    ap.add_argument("--seats", default="human,bot")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--reload-at", type=int, default=0)
    ap.add_argument("--check-dom", action="store_true")
    ap.add_argument("--drop-at", type=int, default=0,
                    help="drop the page's connection once N actions were taken")
    ap.add_argument("--rules", action="store_true", help="open the rules help first")
    ap.add_argument("--check-http", metavar="SRC",
                    help="the files served, their policy, and no path tricks; serves a "
                         "copy of the ruleset from SRC/rulesets with a picture and a "
                         "symbolic link out of its folder")
    ap.add_argument("--watch", action="store_true",
                    help="a watcher's tab too: the public view, no actions")
    ap.add_argument("--keys", action="store_true", help="play with Tab and Enter, no mouse")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--shot")
    ap.add_argument("--shot-after", type=int, default=-1)
    ap.add_argument("--stop-after-shot", action="store_true",
                    help="end there, without playing the game out")
    ap.add_argument("--max-clicks", type=int, default=600)
    ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args()
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        print("SKIP: no chromium")
        return 77
    width, height = (int(x) for x in a.size.split("x"))
    tmp = tempfile.mkdtemp(prefix="ratify-web-")
    ruleset = a.ruleset
    if a.check_http:
        ruleset = os.path.join(tmp, a.ruleset)
        shutil.copytree(os.path.join(a.check_http, "rulesets", a.ruleset), ruleset)
        shutil.copy(os.path.join(a.check_http, "assets", "card_back.png"),
                    os.path.join(ruleset, "picture.png"))
        with open(os.path.join(tmp, "secret.png"), "w") as f:
            f.write("not for the browser")
        os.symlink(os.path.join(tmp, "secret.png"), os.path.join(ruleset, "escape.png"))
    server = subprocess.Popen([a.ratify, "serve", ruleset, "--seats", a.seats, "--seed",
                               str(a.seed), "--listen", "127.0.0.1:0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = []
    link = watch = None
    for line in server.stdout:
        out.append(line)
        if line.startswith("http://") and "token=" in line and not link:
            link = line.strip()
        if line.startswith("http://") and line.strip().endswith("?watch"):
            watch = line.strip()
            break
    if not link or not watch:
        fail("no http:// link from ratify serve:\n" + "".join(out))
    threading.Thread(target=lambda: out.extend(server.stdout), daemon=True).start()
    print("link:", link.split("token=")[0] + "token=…", flush=True)
    if a.check_http:
        check_http(int(link.split(":")[2].split("/")[0]))

    browser = Chromium(exe, os.path.join(tmp, "profile"), width, height)
    rng = random.Random(a.seed)
    clicks = checked = 0
    end = time.time() + a.timeout
    try:
        watcher = None
        if a.watch:
            watcher = browser.open(width, height)
            browser.call("Page.navigate", {"url": watch})
        seat = browser.open(width, height)
        browser.call("Page.navigate", {"url": link})
        reloaded, dropped, shot_done = False, False, False
        while True:
            if time.time() > end:
                fail("no result after %d clicks; page says %r" % (clicks, browser.js(STATE)))
            s = browser.js(STATE)
            if s is None:
                time.sleep(0.1)
                continue
            if s.get("dialog"):
                (browser.press if a.keys else browser.click)("#confirm-yes")
                continue
            if s["wide"]:
                fail("the page is wider than the %s screen: it scrolls sideways" % a.size)
            if a.check_dom and check_dom(browser, 1):
                checked += 1
            if s["over"] and s["result"]:
                print("result shown:", " ".join(s["result"].split()), flush=True)
                if watcher:
                    browser.session = watcher
                    check_watcher(browser, end)
                    browser.session = seat
                break
            if a.shot and not shot_done and clicks == a.shot_after and not s["pending"]:
                save_shot(browser, a.shot)
                shot_done = True
                if a.stop_after_shot:
                    browser.close()
                    server.terminate()
                    server.wait(timeout=60)
                    return 0
            if a.rules and not clicks:
                a.rules = False
                browser.click("#rules-button")
                wait_for(lambda: browser.js("document.getElementById('rules-text').textContent"
                                            ".length > 100"), end, "no rules text shown")
                # The player's page of how to play, not the designer's README.
                if not browser.js("document.getElementById('rules-text').textContent"
                                  ".trimStart().startsWith('# How to play')"):
                    fail("the rules help is not the ruleset's HOW_TO_PLAY.md")
                print("rules help shown", flush=True)
                # A chat line, typed and sent with the mouse, comes back as text.
                line = "<b>hello</b> from the browser"
                browser.js("document.getElementById('chat-text').value = %s" % json.dumps(line))
                browser.click("#chat-send")
                wait_for(lambda: browser.js("[...document.querySelectorAll('#log li')]"
                                            ".some(e => e.textContent.includes(%s))"
                                            % json.dumps(line)), end, "the chat line never came back")
                if browser.js("document.querySelector('#log b') !== null"):
                    fail("a chat line was read as HTML")
                print("chat line shown as text", flush=True)
            if a.drop_at and not dropped and int(s["seq"]) >= a.drop_at:
                # A dropped connection: the page must join again by itself.
                dropped = True
                browser.js("game.socket.close()")
                print("connection dropped at seq", s["seq"], flush=True)
                wait_for(lambda: "Connected" not in browser.js(STATE)["connection"], end,
                         "the page did not notice the drop")
                wait_for(lambda: "Connected" in browser.js(STATE)["connection"], end,
                         "the page did not join again after a drop")
                print("joined again:", browser.js(STATE)["connection"], flush=True)
                continue
            if a.reload_at and not reloaded and int(s["seq"]) >= a.reload_at:
                reloaded = True
                print("reloading at seq", s["seq"], flush=True)
                before = s
                browser.js("window.beforeReload = true")
                browser.call("Page.reload")
                wait_for(lambda: (browser.js(STATE) or {"stale": True})["stale"] is False, end,
                         "the page after a reload shows no view")
                after = browser.js(STATE)
                if int(after["seq"]) < int(before["seq"]):
                    fail("after the reload the view went back: %s < %s" %
                         (after["seq"], before["seq"]))
                if after["logLines"] < min(before["logLines"], 200):
                    fail("after the reload the log lost lines: %d < %d" %
                         (after["logLines"], before["logLines"]))
                print("reconnected:", after["connection"], "seq", after["seq"], flush=True)
                continue
            if s["pending"] or not s["pick"]:
                time.sleep(0.05)
                continue
            if clicks >= a.max_clicks:
                fail("the game did not end in %d clicks" % clicks)
            target = rng.choice(s["pick"])
            if a.keys:
                # An action from the list: Tab reaches every one.
                actions = [p for p in s["pick"] if p.startswith("button[data-action")]
                target = rng.choice(actions or s["pick"])
                if not browser.press(target):
                    fail("Tab never reached " + target)
                clicks += 1
            elif browser.click(target):
                clicks += 1
            time.sleep(0.02)
        if a.shot and not shot_done:
            save_shot(browser, a.shot)
        # A reload or a drop may log the closed socket; nothing else may fail.
        errors = [e for e in browser.page_errors() if "WebSocket" not in e]
        if errors:
            fail("the page logged errors:\n" + "\n".join(errors))
    finally:
        browser.close()
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        fail("the server did not stop after the game")
    text = "".join(out)
    if server.returncode != 0 or "game over" not in text:
        fail("ratify serve: exit %s\n%s" % (server.returncode, text))
    print("played %d clicks; server: %s" % (clicks, text.strip().splitlines()[-1]), flush=True)
    if a.check_dom:
        if checked < clicks // 2:
            fail("the DOM was checked against a view only %d times" % checked)
        print("the DOM matched the view sent %d times" % checked, flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


def check_watcher(browser, end):
    """The watch link's page: the result, no action, only public cards."""
    wait_for(lambda: (browser.js(STATE) or {}).get("over"), end, "the watcher saw no result")
    s = browser.js(STATE)
    if s["pick"] or "Watching" not in s["connection"]:
        fail("the watcher's page: %r" % s)
    if not check_dom(browser, 0):
        fail("the watcher's page could not be checked against a view")
    print("watcher: the result, no actions, public cards only", flush=True)


def raw_get(port, target):
    """A GET sent as it is written: no client tidies the path first."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % target).encode())
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def check_http(port):
    """Only the page's files and images under their roots; a strict policy."""
    status, headers, body = raw_get(port, "/?seat=1&token=00")
    if status != 200 or b"seat.js" not in body:
        fail("the page: %s" % status)
    csp = headers.get("content-security-policy", "")
    for part in ("default-src 'none'", "script-src 'self'", "frame-ancestors 'none'"):
        if part not in csp:
            fail("the policy lacks %s: %s" % (part, csp))
    if headers.get("referrer-policy") != "no-referrer":
        fail("no Referrer-Policy: the link's token could leak")
    for ok in ("/seat.js", "/seat.css", "/assets/card_back.png", "/rules", "/ruleset/picture.png"):
        if raw_get(port, ok)[0] != 200:
            fail("GET %s is not served" % ok)
    for bad in ("/../CMakeLists.txt", "/ruleset/../../CMakeLists.txt", "/ruleset/ruleset.lua",
                "/ruleset/%2e%2e/%2e%2e/CMakeLists.txt", "/assets/../README.md",
                "/assets//etc/passwd.png", "/assets/.hidden.png", "/ruleset/../../x.png",
                "//etc/passwd", "/seat.html/../../README.md", "/assets/web/../../README.md",
                "/ruleset/escape.png", "/ruleset/nothing.png"):
        status = raw_get(port, bad)[0]
        if status != 404:
            fail("GET %s answered %s, not 404" % (bad, status))
    print("http: the files, the policy, and 404 for every path trick", flush=True)


def wait_for(cond, end, what):
    while time.time() < end:
        if cond():
            return
        time.sleep(0.1)
    fail(what)


def save_shot(browser, path):
    browser.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    time.sleep(0.2)
    data = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
    with open(path, "wb") as f:
        f.write(base64.b64decode(data))
    print("screenshot:", path, flush=True)


if __name__ == "__main__":
    sys.exit(main())
