// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/probe.hpp"

#include <unistd.h>

#include <cerrno>

#include <cstdio>
#include <exception>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "troupe/actor_system.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/log.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/send.hpp"

#include "dashboard/dashboard_routes.hpp"
#include "dashboard/node_source.hpp"
#include "endpoint.hpp"
#include "host_name.hpp"
#include "http/http_server.hpp"
#include "node_collector.hpp"
#include "probe_agent.hpp"
#include "prometheus_text.hpp"
#include "recorder/flight_recorder.hpp"
#include "recorder/message_log.hpp"
#include "tracer/trace_exporter.hpp"
#include "tracer/tracer.hpp"

namespace troupe::inspection {

namespace {

// Events that wait for the nexus; beyond this many, new ones are counted and dropped.
constexpr std::size_t event_capacity = 1024;

// A bad option is reported once, loudly, and the node runs on without the link:
// inspection must never be the reason a node does not start.
void report_bad_option(const std::string& what, const char* effect) {
  std::fprintf(stderr, "troupe: %s; the probe does not %s\n", what.c_str(), effect);
  TROUPE_LOG_ERROR("inspection", what);
}

// "a, b,c": the names of a list option, without blanks around them.
std::set<std::string> name_list(std::string_view rest) {
  std::set<std::string> names;
  while (!rest.empty()) {
    auto comma = rest.find(',');
    auto name = rest.substr(0, comma);
    while (!name.empty() && name.front() == ' ')
      name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ')
      name.remove_suffix(1);
    if (!name.empty())
      names.emplace(name);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return names;
}

// inspect.http: PORT alone means 127.0.0.1:PORT.
bool parse_http_endpoint(const std::string& text, std::string& host, std::uint16_t& port) {
  if (text.find(':') == std::string::npos)
    return split_endpoint("127.0.0.1:" + text, host, port);
  return split_endpoint(text, host, port);
}

} // namespace

void probe::add_options(actor_system_config& cfg, settings& s) {
  cfg.add_option("inspect.track-actors", s.track_actors,
                 "every actor spawned keeps statistics: messages, mailbox depth, processing time (inspection)");
  cfg.add_option("inspect.nexus", s.nexus, "HOST:PORT of a nexus (troupe-nexus) to report to; empty: none");
  cfg.add_option("inspect.interval", s.interval, "how often the node's statistics go to the nexus");
  cfg.add_option("inspect.mirror", s.mirror,
                 "what goes to the nexus besides statistics: off, events, headers or full (the nexus may change it)");
  cfg.add_option("inspect.allow-control", s.allow_control,
                 "let the nexus's clients (troupe-shell) send messages to this node's actors and kill them");
  cfg.add_option("inspect.http", s.http,
                 "PORT or HOST:PORT (host 127.0.0.1 by default) to serve the node's metrics at /metrics; empty: off");
  cfg.add_option("inspect.recorder-file", s.recorder_file,
                 "PATH where the flight recorder writes the last events on SIGUSR2 or a fatal signal; empty: off");
  cfg.add_option("inspect.recorder-window", s.recorder_window, "how far back a flight-recorder dump reaches");
  cfg.add_option("inspect.record", s.record,
                 "NAME,...: record every message the actors of these names take, for replay in a test; empty: off");
  cfg.add_option("inspect.record-file", s.record_file,
                 "PATH of the message recording; empty: troupe-<pid>.rec in the working directory");
  cfg.add_option("inspect.trace", s.trace,
                 "off, on or NAME,...: each message the actors (of these names) handle becomes a span of a trace");
  cfg.add_option("inspect.trace-file", s.trace_file,
                 "PATH for the spans as OTLP/JSON lines; empty: troupe-<pid>.otlp.json unless another output is set");
  cfg.add_option("inspect.trace-otlp", s.trace_otlp,
                 "URL of an OTLP/HTTP collector (http://HOST[:PORT][/PATH]) to POST the spans to; empty: none");
  cfg.add_option("inspect.trace-chrome", s.trace_chrome,
                 "PATH for the spans as a Chrome trace (chrome://tracing, Perfetto); empty: none");
  cfg.add_option("inspect.trace-buffer", s.trace_buffer, "spans each thread holds for the exporter; more are lost");
}

std::unique_ptr<actor_system_module> probe::make(actor_system& sys, const settings& s) {
  return std::make_unique<probe>(sys, s);
}

probe::probe(actor_system& sys, const settings& s) : sys_(sys), settings_(s) {
  // On at once, so that the program's first actors already have statistics.
  if (!sys_.tracker().enable(settings_.track_actors) && settings_.track_actors)
    TROUPE_LOG_WARNING("inspection", "inspect.track-actors: the kernel offers no process-wide memory barrier "
                                     "(membarrier); no actor keeps statistics");
}

probe::~probe() = default;

void probe::start() {
  if (settings_.nexus.empty() && settings_.http.empty() && settings_.recorder_file.empty() && settings_.record.empty()
      && settings_.trace == "off")
    return;
  std::string http_host;
  std::uint16_t http_port = 0;
  bool serve_http = !settings_.http.empty();
  if (serve_http && !parse_http_endpoint(settings_.http, http_host, http_port)) {
    report_bad_option("inspect.http=" + settings_.http + " is not PORT or HOST:PORT", "serve metrics");
    serve_http = false;
  }
  if (!settings_.recorder_file.empty())
    start_recorder();
  if (!settings_.record.empty())
    start_message_log();
  if (settings_.trace != "off")
    start_tracing();
  collector_ = std::make_shared<node_collector>(sys_);
  if (serve_http)
    dashboard_events_ = std::make_shared<event_log>();
  // One sink for the node's events: it feeds the nexus's link, the dashboard
  // and the flight recorder, whichever run.
  auto level = parse_mirror_level(settings_.mirror).value_or(mirror_level::events);
  shared_ = std::make_shared<probe_shared>(sys_.node(), event_capacity, level);
  shared_->sink.set_flight_recording(recording_);
  shared_->sink.set_message_log(messages_.get());
  shared_->sink.set_tracer(tracer_.get());
  shared_->sink.set_log(dashboard_events_);
  if (!settings_.nexus.empty())
    start_reporting();
  sys_.set_actor_events(&shared_->sink);
  if (serve_http)
    start_http(http_host, http_port);
}

void probe::start_reporting() {
  agent_settings as;
  if (!split_endpoint(settings_.nexus, as.nexus_host, as.nexus_port)) {
    report_bad_option("inspect.nexus=" + settings_.nexus + " is not HOST:PORT", "report to a nexus");
    return;
  }
  if (!parse_mirror_level(settings_.mirror)) {
    report_bad_option("inspect.mirror=" + settings_.mirror + " is not off, events, headers or full",
                      "report to a nexus");
    return;
  }
  if (settings_.interval <= std::chrono::nanoseconds::zero()) {
    report_bad_option("inspect.interval must be positive", "report to a nexus");
    return;
  }
  if (sys_.find_module(actor_system_module::middleman) == nullptr) {
    report_bad_option("inspect.nexus needs the middleman: load net::middleman before inspection::probe",
                      "report to a nexus");
    return;
  }
  announce_types();
  as.interval = settings_.interval;
  as.allow_control = settings_.allow_control;
  if (recording_)
    as.recorder_file = settings_.recorder_file;
  agent_ = spawn_probe_agent(sys_, std::move(as), shared_, collector_);
  shared_->sink.set_reader(agent_); // before the sink is installed
  shared_->traffic.set_own(agent_.id());
  sys_.middleman().set_message_tap(&shared_->traffic);
}

void probe::start_http(const std::string& host, std::uint16_t port) {
  auto page = [collector = collector_, shared = shared_](const http_request&) {
    auto stats = collector->collect();
    if (shared)
      stats.events_dropped = shared->events.dropped();
    http_response r;
    r.content_type = prometheus_content_type;
    r.body = prometheus_text({metrics_node{&stats, nullptr}}, false);
    return r;
  };
  http_routes routes;
  routes.get["/metrics"] = page;
  add_dashboard_routes(routes, std::make_shared<node_source>(sys_, collector_, settings_, dashboard_events_));
  try {
    http_ = std::make_shared<http_server>(host, port, std::move(routes));
  } catch (const std::exception& e) {
    report_bad_option("inspect.http: cannot listen on " + host + ":" + std::to_string(port) + ": " + e.what(),
                      "serve metrics");
  }
}

void probe::start_recorder() {
  if (settings_.recorder_window <= std::chrono::nanoseconds::zero()) {
    report_bad_option("inspect.recorder-window must be positive", "record");
    return;
  }
  if (!flight_recorder::start(settings_.recorder_file, settings_.recorder_window)) {
    report_bad_option("inspect.recorder-file=" + settings_.recorder_file
                        + ": another flight recorder runs in this process, or the path is too long",
                      "record");
    return;
  }
  recording_ = true;
}

void probe::start_message_log() {
  auto names = name_list(settings_.record);
  if (names.empty()) {
    report_bad_option("inspect.record=" + settings_.record + " names no actor", "record messages");
    return;
  }
  auto path = settings_.record_file.empty() ? "troupe-" + std::to_string(getpid()) + ".rec" : settings_.record_file;
  auto log = message_log::open(path, std::move(names));
  if (!log) {
    report_bad_option("inspect.record-file: " + log.error().context(), "record messages");
    return;
  }
  messages_ = std::move(*log);
}

void probe::start_tracing() {
  std::set<std::string> names;
  if (settings_.trace != "on") {
    names = name_list(settings_.trace);
    if (names.empty()) {
      report_bad_option("inspect.trace=" + settings_.trace + " is not off, on or NAME,...", "trace");
      return;
    }
  }
  if (settings_.trace_buffer == 0) {
    report_bad_option("inspect.trace-buffer must be positive", "trace");
    return;
  }
  trace_outputs out{settings_.trace_file, settings_.trace_otlp, settings_.trace_chrome};
  if (out.otlp_file.empty() && out.otlp_url.empty() && out.chrome_file.empty())
    out.otlp_file = "troupe-" + std::to_string(getpid()) + ".otlp.json";
  auto t = std::make_shared<tracer>(std::move(names), settings_.trace_buffer);
  span_origin origin{program_invocation_short_name, to_string(sys_.node()), host_name(),
                     static_cast<std::uint32_t>(getpid())};
  auto exporter = trace_exporter::start(t, out, std::move(origin));
  if (!exporter) {
    report_bad_option(exporter.error().context(), "trace");
    return;
  }
  tracer_ = std::move(t);
  trace_exporter_ = std::move(*exporter);
}

void probe::stop() {
  if (recording_) {
    flight_recorder::stop();
    recording_ = false;
  }
  sys_.tracker().enable(false);
  if (messages_)
    messages_->flush(); // the file has what was recorded; the log itself lives as long as the probe
  http_.reset();        // joins its thread: no scrape reads the system after this
  if (shared_)
    sys_.set_actor_events(nullptr);
  if (trace_exporter_) {
    trace_exporter_.reset(); // writes what the tracer holds and closes the files
    if (auto lost = tracer_->lost(); lost > 0)
      std::fprintf(stderr, "troupe: %llu spans were lost (inspect.trace-buffer is %zu per thread)\n",
                   static_cast<unsigned long long>(lost), settings_.trace_buffer);
  }
  if (!agent_)
    return;
  sys_.middleman().set_message_tap(nullptr);
  anon_send_exit(agent_, exit_reason::user_shutdown);
  agent_ = actor{};
}

} // namespace troupe::inspection
