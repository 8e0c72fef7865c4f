// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/probe.hpp"

#include <cstdio>

#include "troupe/actor_system.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/log.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/send.hpp"

#include "endpoint.hpp"
#include "probe_agent.hpp"

namespace troupe::inspection {

namespace {

// Events that wait for the nexus; beyond this many, new ones are counted and dropped.
constexpr std::size_t event_capacity = 1024;

// A bad option is reported once, loudly, and the node runs on without the link:
// inspection must never be the reason a node does not start.
void report_bad_option(const std::string& what) {
  std::fprintf(stderr, "troupe: %s; the probe does not report to a nexus\n", what.c_str());
  TROUPE_LOG_ERROR("inspection", what);
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
}

std::unique_ptr<actor_system_module> probe::make(actor_system& sys, const settings& s) {
  return std::make_unique<probe>(sys, s);
}

probe::probe(actor_system& sys, const settings& s) : sys_(sys), settings_(s) {
  // On at once, so that the program's first actors already have statistics.
  sys_.tracker().enable(settings_.track_actors);
}

void probe::start() {
  if (settings_.nexus.empty())
    return;
  agent_settings as;
  if (!split_endpoint(settings_.nexus, as.nexus_host, as.nexus_port)) {
    report_bad_option("inspect.nexus=" + settings_.nexus + " is not HOST:PORT");
    return;
  }
  auto level = parse_mirror_level(settings_.mirror);
  if (!level) {
    report_bad_option("inspect.mirror=" + settings_.mirror + " is not off, events, headers or full");
    return;
  }
  if (settings_.interval <= std::chrono::nanoseconds::zero()) {
    report_bad_option("inspect.interval must be positive");
    return;
  }
  if (sys_.find_module(actor_system_module::middleman) == nullptr) {
    report_bad_option("inspect.nexus needs the middleman: load net::middleman before inspection::probe");
    return;
  }
  announce_types();
  as.interval = settings_.interval;
  as.allow_control = settings_.allow_control;
  shared_ = std::make_shared<probe_shared>(sys_.node(), event_capacity, *level);
  agent_ = spawn_probe_agent(sys_, std::move(as), shared_);
  shared_->sink.set_reader(agent_);
  shared_->traffic.set_own(agent_.id());
  sys_.set_actor_events(&shared_->sink);
  sys_.middleman().set_message_tap(&shared_->traffic);
}

void probe::stop() {
  sys_.tracker().enable(false);
  if (!agent_)
    return;
  sys_.set_actor_events(nullptr);
  sys_.middleman().set_message_tap(nullptr);
  anon_send_exit(agent_, exit_reason::user_shutdown);
  agent_ = actor{};
}

} // namespace troupe::inspection
