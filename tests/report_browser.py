#!/usr/bin/env python3
"""report_browser.py - renders an HTML page (a results folder's report.html)
in headless Chromium at a laptop's width and checks it as a reader sees it:
every <img> loaded (complete, naturalWidth > 0), no console error, no
uncaught exception and no failed resource load, and no horizontal
scrolling of the page (the document no wider than the window; a wide
table may scroll inside its own box, which the page does not see, and
is only counted on stdout); with --links, also every <a href> to a
local file names one that exists (and, for a link into an HTML page
with #ID, an element with that id there). Writes a PNG of the page.

The browser is driven over the Chrome DevTools Protocol on
--remote-debugging-pipe: JSON messages ended by a NUL byte, commands on
the child's fd 3, replies and events on its fd 4 (no websocket, no
package beyond Python's own). Every wait has a deadline: a hung browser
fails the check instead of hanging the test. O(size of the page).

Usage: report_browser.py [--width PX] [--height PX] [--timeout S]
                         [--links] PAGE.html...
Each page in a tab of its own, its picture beside it (PAGE.png). Exit 0
when every page passes, 1 with one line per problem on stderr ("...:
PAGE: problem") when one does not, 2 when the browser cannot be driven
(or not within the timeout, for all the pages together). CHROMIUM names
the browser (default: chromium on PATH)."""
import argparse
import base64
import fcntl
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

# What the page is asked, after its load event and every image decoded
# or failed, with every <details> open: the images that did not load,
# the widths that decide horizontal scrolling, the elements that stick
# out of the window without an ancestor that scrolls them in its own box,
# and how many such boxes scroll (said on stdout, not a problem).
CHECKS = r"""
(async () => {
  /* what a reader can unfold is measured unfolded */
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const imgs = Array.from(document.images);
  await Promise.all(imgs.map(i => i.decode().catch(() => null)));
  const broken = imgs.filter(i => !(i.complete && i.naturalWidth > 0))
                     .map(i => i.getAttribute('src'));
  const root = document.documentElement;
  const view = root.clientWidth;
  const boxed = e => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (a !== document.body && a !== root &&
          (o === 'auto' || o === 'scroll' || o === 'hidden'))
        return true;
    }
    return false;
  };
  const wide = [];
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    /* its box, or the content that spills out of it (a <pre> line) */
    const right = Math.max(r.right, r.left + e.scrollWidth);
    if (r.width > 0 && right > view + 0.5 && !boxed(e)) {
      const id = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                 (e.className && typeof e.className === 'string'
                      ? '.' + e.className.trim().replace(/\s+/g, '.') : '');
      wide.push(id + ' to ' + Math.round(right) + ' px: "' +
                (e.textContent || '').trim().slice(0, 40) + '"');
      if (wide.length >= 5) break;
    }
  }
  /* boxes that scroll sideways by themselves (allowed; said, not failed) */
  const boxes = Array.from(document.body.querySelectorAll('*')).filter(e =>
      ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) &&
      e.scrollWidth > e.clientWidth).length;
  /* every link, resolved against the page (checked with --links) */
  const links = Array.from(document.querySelectorAll('a[href]'))
                     .map(a => a.href);
  return {broken, view, scroll: root.scrollWidth, wide, boxes, links,
          height: Math.ceil(root.scrollHeight)};
})()
"""

# The picture of a longer page stops at this height (the checks still
# cover all of it): more than a reader scrolls through, and a PNG that
# every viewer opens.
MAX_SHOT = 16384


class Browser:
    """One headless Chromium and its DevTools pipe."""

    def __init__(self, exe, width, height, deadline):
        self.deadline = deadline
        self.profile = tempfile.mkdtemp(prefix="report_browser.")
        cmd_r, self.cmd_w = os.pipe()
        self.out_r, out_w = os.pipe()
        # the child's ends at fds 3 and 4, copied above 4 first so that
        # the two dup2s cannot overwrite each other
        high = [fcntl.fcntl(f, fcntl.F_DUPFD_CLOEXEC, 5) for f in (cmd_r, out_w)]

        def pipes():
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        args = [exe, "--headless", "--no-sandbox", "--disable-gpu",
                "--remote-debugging-pipe", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync",
                "--disable-dev-shm-usage",
                "--user-data-dir=" + self.profile,
                f"--window-size={width},{height}", "about:blank"]
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                     stdout=self.log, stderr=self.log,
                                     preexec_fn=pipes, close_fds=False)
        for f in [cmd_r, out_w] + high:
            os.close(f)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read(self):
        """One message from the pipe, or None at the deadline."""
        while b"\0" not in self.buf:
            left = self.deadline - time.monotonic()
            if left <= 0 or not select.select([self.out_r], [], [], left)[0]:
                return None
            chunk = os.read(self.out_r, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed its pipe: " +
                                   self.stderr_tail())
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None):
        """The result of one command; events read meanwhile are kept."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read()
            if m is None:
                raise TimeoutError(f"no answer to {method} in time")
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_for(self, method, session):
        """Waits for the event `method` of session; False at the
        deadline."""
        def match(e):
            return e.get("method") == method and e.get("sessionId") == session
        if any(match(e) for e in self.events):
            return True
        while True:
            m = self._read()
            if m is None:
                return False
            self.events.append(m)
            if match(m):
                return True

    def stderr_tail(self):
        self.log.seek(0)
        return self.log.read()[-600:].decode(errors="replace").strip()

    def close(self):
        try:
            if self.proc.poll() is None:
                os.write(self.cmd_w, json.dumps(
                    {"id": 0, "method": "Browser.close"}).encode() + b"\0")
                self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.cmd_w)
        os.close(self.out_r)
        shutil.rmtree(self.profile, ignore_errors=True)


def problems_of(events):
    """Console errors, uncaught exceptions and failed loads, one line each."""
    out, urls = [], {}
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Network.requestWillBeSent":
            urls[p.get("requestId")] = p.get("request", {}).get("url")
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error",
                                                               "assert"):
            text = " ".join(str(a.get("value", a.get("description", "")))
                            for a in p.get("args", []))
            out.append(f"console {p['type']}: {text}")
        elif m == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            text = d.get("exception", {}).get("description", d.get("text"))
            out.append(f"uncaught exception: {text}")
        elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == \
                "error":
            entry = p["entry"]
            out.append(f"console error ({entry.get('source')}): "
                       f"{entry.get('text')} {entry.get('url', '')}".strip())
        elif m == "Network.loadingFailed" and not p.get("canceled"):
            url = urls.get(p.get("requestId"), "?")
            out.append(f"failed load: {p.get('errorText')} ({p.get('type')} "
                       f"{url})")
    return out


def missing_links(hrefs):
    """The links of hrefs (absolute URLs) to a local file that is not
    there, or to an id that its HTML page does not have, one line each."""
    out = []
    for href in sorted(set(hrefs)):
        u = urllib.parse.urlsplit(href)
        if u.scheme != "file":
            continue
        path = pathlib.Path(urllib.parse.unquote(u.path))
        if not path.exists():
            out.append(f"link to a missing file: {href}")
        elif u.fragment and path.suffix == ".html":
            frag = urllib.parse.unquote(u.fragment)
            if f'id="{frag}"' not in path.read_text(errors="replace"):
                out.append(f"link to a missing id: {href}")
    return out


def check_page(b, page, png, width, height, timeout, links=False):
    """The problems of page in a new tab of b, after writing its picture
    to png; with links, its links to local files checked too."""
    target = b.send("Target.createTarget", {"url": "about:blank"})
    s = b.send("Target.attachToTarget", {"targetId": target["targetId"],
                                         "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        b.send(domain + ".enable", session=s)
    b.send("Emulation.setDeviceMetricsOverride",
           {"width": width, "height": height, "deviceScaleFactor": 1,
            "mobile": False}, session=s)
    url = pathlib.Path(page).resolve().as_uri()
    nav = b.send("Page.navigate", {"url": url}, session=s)
    if nav.get("errorText"):
        return [f"cannot open it: {nav['errorText']}"]
    if not b.wait_for("Page.loadEventFired", s):
        return [f"it did not finish loading in {timeout} s"]
    r = b.send("Runtime.evaluate", {"expression": CHECKS,
                                    "awaitPromise": True,
                                    "returnByValue": True}, session=s)
    if "exceptionDetails" in r:
        raise RuntimeError("the checks failed to run: " +
                           json.dumps(r["exceptionDetails"])[:300])
    v = r["result"]["value"]
    shot = b.send("Page.captureScreenshot",
                  {"format": "png", "captureBeyondViewport": True,
                   "clip": {"x": 0, "y": 0, "width": width,
                            "height": min(v["height"], MAX_SHOT),
                            "scale": 1}}, session=s)
    pathlib.Path(png).write_bytes(base64.b64decode(shot["data"]))
    b.send("Target.closeTarget", {"targetId": target["targetId"]})
    if v["boxes"]:
        print(f"{page}: {v['boxes']} box(es) scroll sideways in their own "
              f"box at {width} px")
    problems = [f"image did not load: {src}" for src in v["broken"]]
    if links:
        problems += missing_links(v["links"])
    problems += problems_of(e for e in b.events if e.get("sessionId") == s)
    if v["scroll"] > v["view"]:
        problems.append(f"the page scrolls sideways at {width} px: "
                        f"{v['scroll']} px wide in a {v['view']} px window")
        problems += ["  sticking out: " + w for w in v["wide"]]
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--width", type=int, default=1366)
    ap.add_argument("--height", type=int, default=768)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--links", action="store_true",
                    help="check that links to local files resolve")
    ap.add_argument("pages", nargs="+", metavar="PAGE.html")
    a = ap.parse_args()
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not exe:
        print("report_browser.py: no chromium on PATH (Debian package "
              "chromium)", file=sys.stderr)
        return 2
    failed = False
    try:
        b = Browser(exe, a.width, a.height, time.monotonic() + a.timeout)
        try:
            for page in a.pages:
                png = str(pathlib.Path(page).with_suffix(".png"))
                for p in check_page(b, page, png, a.width, a.height,
                                    a.timeout, a.links):
                    print(f"report_browser.py: {page}: {p}", file=sys.stderr)
                    failed = True
        finally:
            b.close()
    except (RuntimeError, TimeoutError, OSError) as e:
        print(f"report_browser.py: {e}", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
