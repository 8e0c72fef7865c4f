#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Checks troupe's span output with the tools its readers use.

  trace_check.py collector PORT_FILE DIR   an OTLP/HTTP collector on loopback: each POST
                                           to /v1/traces is saved as DIR/N.json; the port
                                           it listens on goes to PORT_FILE
  trace_check.py otlp FILE...              every line of each file an ExportTraceServiceRequest
                                           that opentelemetry-proto's own parser accepts
  trace_check.py chrome FILE               a Chrome trace in the JSON array format
"""
import base64
import http.server
import json
import os
import sys
import time

ID_BYTES = {"traceId": 16, "spanId": 8, "parentSpanId": 8}


def fail(why):
    print("trace check: FAILED: " + why)
    sys.exit(1)


def collector(port_file, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    count = [0]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            ok = self.path == "/v1/traces" and self.headers.get("Content-Type") == "application/json"
            if ok:
                count[0] += 1
                with open(os.path.join(out_dir, "%d.json" % count[0]), "wb") as f:
                    f.write(body)
            self.send_response(200 if ok else 400)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    server.timeout = 1
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(port_file + ".tmp", port_file)
    deadline = time.monotonic() + 120  # ends by itself if the test dies
    while time.monotonic() < deadline and not os.path.exists(port_file + ".stop"):
        server.handle_request()


def otlp_request(text, where):
    """Parses one OTLP/JSON request with opentelemetry-proto; returns it."""
    from google.protobuf import json_format
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

    doc = json.loads(text)
    # OTLP's JSON writes ids as hex; protobuf's JSON mapping has bytes in
    # base64. Check the hex, then hand the parser what it reads.
    for rs in doc.get("resourceSpans", []):
        for ss in rs.get("scopeSpans", []):
            for span in ss.get("spans", []):
                for key, size in ID_BYTES.items():
                    if key in span:
                        raw = bytes.fromhex(span[key])
                        if len(raw) != size or raw == bytes(size):
                            fail("%s: bad %s %r" % (where, key, span[key]))
                        span[key] = base64.b64encode(raw).decode()
    request = trace_service_pb2.ExportTraceServiceRequest()
    try:
        json_format.ParseDict(doc, request)  # unknown fields and wrong types are errors
    except json_format.ParseError as e:
        fail("%s: %s" % (where, e))
    return request


def check_otlp(paths):
    spans = []
    for path in paths:
        with open(path) as f:
            lines = [line for line in f.read().split("\n") if line]
        if not lines:
            fail(path + " is empty")
        for n, line in enumerate(lines, 1):
            request = otlp_request(line, "%s:%d" % (path, n))
            for rs in request.resource_spans:
                attrs = {a.key: a.value for a in rs.resource.attributes}
                if not attrs.get("service.name") or not attrs["service.name"].string_value:
                    fail(path + ": no service.name")
                if attrs["process.pid"].int_value <= 0:
                    fail(path + ": no process.pid")
                for ss in rs.scope_spans:
                    spans.extend(ss.spans)
    now = time.time_ns()
    ids = {s.span_id for s in spans}
    for s in spans:
        if not (now - 86400 * 10**9 < s.start_time_unix_nano <= s.end_time_unix_nano <= now + 10**9):
            fail("span %s: times %d..%d" % (s.name, s.start_time_unix_nano, s.end_time_unix_nano))
        if s.kind not in (2, 5):  # SERVER for a request, CONSUMER for the rest
            fail("span %s: kind %d" % (s.name, s.kind))
        if s.parent_span_id and s.parent_span_id not in ids:
            fail("span %s: parent %s not among the spans" % (s.name, s.parent_span_id.hex()))
    traces = {s.trace_id for s in spans}
    print("otlp: %d spans in %d traces, %d roots, from %d files" %
          (len(spans), len(traces), sum(1 for s in spans if not s.parent_span_id), len(paths)))


def check_chrome(path):
    with open(path) as f:
        events = json.load(f)  # strict JSON once the node ended
    if not isinstance(events, list):
        fail(path + ": not a JSON array")
    complete = 0
    named = set()
    for ev in events:
        if not isinstance(ev, dict) or ev.get("ph") not in ("X", "M"):
            fail("%s: unexpected event %r" % (path, ev))
        if not isinstance(ev.get("pid"), int) or not isinstance(ev.get("tid"), int):
            fail("%s: pid and tid must be integers: %r" % (path, ev))
        if ev["ph"] == "M":
            if ev.get("name") not in ("process_name", "thread_name") or not ev["args"]["name"]:
                fail("%s: bad metadata %r" % (path, ev))
            if ev["name"] == "thread_name":
                named.add(ev["tid"])
            continue
        complete += 1
        for key in ("name", "cat"):
            if not isinstance(ev.get(key), str) or not ev[key]:
                fail("%s: %s missing in %r" % (path, key, ev))
        for key in ("ts", "dur"):
            if not isinstance(ev.get(key), (int, float)) or ev[key] < 0:
                fail("%s: %s missing in %r" % (path, key, ev))
        args = ev.get("args", {})
        if len(args.get("trace_id", "")) != 32 or len(args.get("span_id", "")) != 16:
            fail("%s: ids missing in %r" % (path, ev))
        if ev["tid"] not in named:
            fail("%s: thread %d has no name before its first event" % (path, ev["tid"]))
    print("chrome: %d complete events on %d threads" % (complete, len(named)))


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "collector":
        collector(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 3 and sys.argv[1] == "otlp":
        check_otlp(sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "chrome":
        check_chrome(sys.argv[2])
    else:
        print(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main()
