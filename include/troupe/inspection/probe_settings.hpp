// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The inspect.* options of the probe module.
#include <chrono>
#include <cstddef>
#include <string>

namespace troupe::inspection {

/// What cfg.load<inspection::probe>() adds to the configuration.
struct probe_settings {
  /// inspect.track-actors: every actor spawned from now on keeps statistics (inspection::snapshot).
  bool track_actors = true;
  /// inspect.nexus: HOST:PORT of the nexus to report to; empty: none.
  std::string nexus;
  /// inspect.interval: how often the node's statistics go to the nexus.
  std::chrono::nanoseconds interval = std::chrono::seconds{1};
  /// inspect.mirror: off, events, headers or full (see mirror_level); the nexus may change it.
  std::string mirror = "events";
  /// inspect.allow-control: whether the nexus's clients may send to and kill this node's actors.
  bool allow_control = false;
  /// inspect.http: PORT or HOST:PORT (127.0.0.1 when only a port is given) where the node serves its metrics
  /// (/metrics, Prometheus' text format); empty: off.
  std::string http;
  /// inspect.recorder-file: where the flight recorder writes the last events (spawns, exits, failures, dead
  /// letters, connection changes, mirrored headers) on SIGUSR2 or a fatal signal; empty: off.
  std::string recorder_file;
  /// inspect.recorder-window: how far back a flight-recorder dump reaches.
  std::chrono::nanoseconds recorder_window = std::chrono::seconds{30};
  /// inspect.record: NAME,... (actors as name() names them): every message such an actor takes from its mailbox is
  /// recorded, for replay in a test (troupe/test/replay.hpp); empty: off.
  std::string record;
  /// inspect.record-file: where the recording goes; empty: troupe-PID.rec in the working directory (PID: the
  /// process id).
  std::string record_file;
  /// inspect.trace: off, on (every actor) or NAME,... (the actors of these names): each message such an actor
  /// handles becomes a span, and the messages it sends meanwhile carry the trace on (to other nodes too).
  std::string trace = "off";
  /// inspect.trace-file: where spans go as OTLP/JSON, one ExportTraceServiceRequest per line; empty: troupe-PID.otlp.json
  /// in the working directory unless trace-otlp or trace-chrome is set.
  std::string trace_file;
  /// inspect.trace-otlp: an OTLP/HTTP collector's URL (http://HOST[:PORT][/PATH], port 4318 and path /v1/traces by
  /// default) that spans are POSTed to as JSON; empty: none.
  std::string trace_otlp;
  /// inspect.trace-chrome: where spans go as a Chrome trace (chrome://tracing, Perfetto); empty: none.
  std::string trace_chrome;
  /// inspect.trace-buffer: spans each thread keeps for the exporter; more are counted as lost.
  std::size_t trace_buffer = 8192;
};

} // namespace troupe::inspection
