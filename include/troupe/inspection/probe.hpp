// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The per-node part of inspection, loaded with cfg.load<inspection::probe>()
// after the middleman: it owns the inspect.* options, switches on the
// statistics of every actor the program spawns, and, given a nexus, reports
// the node's statistics and events to it and serves its requests; given
// inspect.http, it serves the node's metrics to scrapers; given
// inspect.record, it records what chosen actors receive.
#include <cstdint>
#include <memory>
#include <string>

#include "troupe/actor.hpp"

#include "troupe/actor_system_config.hpp"
#include "troupe/actor_system_module.hpp"
#include "troupe/inspection/probe_settings.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

struct probe_shared;
class node_collector;
class http_server;
class event_log;
class message_log;
class tracer;
class trace_exporter;

/// The probe module of one actor system.
class probe final : public actor_system_module {
public:
  using settings = probe_settings; ///< its options
  /// The kind actor_system::find_module finds it by.
  static constexpr kind static_kind = actor_system_module::inspection_probe;

  /// Adds inspect.* to `cfg`, writing into `s`.
  static void add_options(actor_system_config& cfg, settings& s);
  /// Loads the probe: lets TROUPE_MAIN(net::middleman, inspection::probe) load it.
  static void init(actor_system_config& cfg) { cfg.load<probe>(); }
  /// Called by the system once it runs: makes the probe, which turns statistics on when asked to.
  static std::unique_ptr<actor_system_module> make(actor_system& sys, const settings& s);

  /// The probe of `sys`, whose statistics follow `s`.
  probe(actor_system& sys, const settings& s);
  ~probe() override;

  /// inspection_probe.
  kind module_kind() const noexcept override { return static_kind; }
  /// With inspect.nexus set: starts reporting to the nexus (an actor on a thread of its own). Without: nothing,
  /// the statistics are kept by the actors themselves.
  void start() override;
  /// Stops reporting and stops giving new actors statistics; those that have them keep them.
  void stop() override;

  /// The options it was made with.
  const settings& config() const noexcept { return settings_; }

private:
  /// With inspect.nexus: starts the actor that reports to it.
  void start_reporting();
  /// With inspect.recorder-file: starts the flight recorder.
  void start_recorder();
  /// With inspect.record: opens the recording.
  void start_message_log();
  /// With inspect.trace: starts the tracer and its exporter.
  void start_tracing();
  /// With inspect.http: serves the node's metrics and dashboard until stop().
  void start_http(const std::string& host, std::uint16_t port);

  actor_system& sys_;
  settings settings_;
  std::shared_ptr<node_collector> collector_;      // with a nexus or inspect.http: what statistics start from
  std::shared_ptr<probe_shared> shared_;           // with a nexus: the events on their way and the mirror level
  actor agent_;                                    // with a nexus: the actor that reports to it
  std::shared_ptr<event_log> dashboard_events_;    // with inspect.http: the events the dashboard shows
  bool recording_ = false;                         // with inspect.recorder-file: this probe runs the flight recorder
  std::shared_ptr<http_server> http_;              // with inspect.http: the web endpoint
  std::shared_ptr<message_log> messages_;          // with inspect.record: the recording, kept until the probe ends
  std::shared_ptr<tracer> tracer_;                 // with inspect.trace: kept until the probe ends, as messages_
  std::unique_ptr<trace_exporter> trace_exporter_; // with inspect.trace: writes the spans until stop()
};

} // namespace troupe::inspection
