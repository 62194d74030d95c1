#!/usr/bin/env python3
"""A small web server for the recipe fetching tests (Tests/BasketFetchTests, BasketCLITests).

Listens on 127.0.0.1 at a free port, prints the port on the first line of stdout, and serves:
  /recipe.html            a saved page with a schema.org Recipe in JSON-LD
  /plain.txt              a recipe as plain text
  /about.html             a page without a recipe
  /redirect/N             N redirects, then /recipe.html
  /to?url=ADDRESS         one redirect to ADDRESS
  /big                    6,000,000 bytes, sent without a length
  /declared-big           a Content-Length of 6,000,000
  /gzip-bomb              a small gzip body that inflates to 6,000,000 bytes
  /slow?seconds=N         answers after N seconds
  /missing                404
"""
import gzip
import http.server
import os
import signal
import sys
import threading
import time
import urllib.parse

PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test kitchen</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Recipe", "name": "Fetched flapjacks",
 "recipeYield": "12 bars", "totalTime": "PT35M",
 "recipeIngredient": ["250 g rolled oats", "125 g butter", "3 tbsp golden syrup"],
 "recipeInstructions": [{"@type": "HowToStep", "text": "Melt the butter with the syrup."},
                        {"@type": "HowToStep", "text": "Stir in the oats and bake."}]}
</script></head><body><h1>Fetched flapjacks</h1></body></html>
"""

TEXT = b"""Toast
Ingredients
2 slices bread
1 tbsp butter
Method
Toast the bread and butter it.
"""


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send(302, b"", headers=[("Location", location)])

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        path = url.path
        if path == "/recipe.html":
            self.send(200, PAGE)
        elif path == "/about.html":
            self.send(200, b"<html><body><h1>About us</h1><p>We like food.</p></body></html>")
        elif path == "/plain.txt":
            self.send(200, TEXT, "text/plain; charset=utf-8")
        elif path.startswith("/redirect/"):
            left = int(path.rsplit("/", 1)[1])
            self.redirect("/recipe.html" if left <= 1 else "/redirect/%d" % (left - 1))
        elif path == "/to":
            self.redirect(query["url"][0])
        elif path == "/big":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"<p>filler</p>" * 1000
            for _ in range(6_000_000 // len(chunk) + 1):
                try:
                    self.wfile.write(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    return
            self.close_connection = True
        elif path == "/declared-big":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "6000000")
            self.end_headers()
            self.close_connection = True
        elif path == "/gzip-bomb":
            body = gzip.compress(b" " * 6_000_000)
            self.send(200, body, headers=[("Content-Encoding", "gzip")])
        elif path == "/slow":
            time.sleep(float(query.get("seconds", ["3"])[0]))
            self.send(200, PAGE)
        else:
            self.send(404, b"<h1>Not found</h1>")


def exit_when_stdin_closes():
    """The test that started the server holds its stdin: when the test ends (or dies), stop."""
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main():
    # NB: a child of a Swift test process inherits its blocked signals; take them back.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
