// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/probe.hpp"

#include "troupe/actor_system.hpp"

namespace troupe::inspection {

void probe::add_options(actor_system_config& cfg, settings& s) {
  cfg.add_option("inspect.track-actors", s.track_actors,
                 "every actor spawned keeps statistics: messages, mailbox depth, processing time (inspection)");
}

std::unique_ptr<actor_system_module> probe::make(actor_system& sys, const settings& s) {
  return std::make_unique<probe>(sys, s);
}

probe::probe(actor_system& sys, const settings& s) : sys_(sys), settings_(s) {
  // On at once, so that the program's first actors already have statistics.
  sys_.tracker().enable(settings_.track_actors);
}

void probe::start() {
  // The statistics are kept by the actors themselves.
}

void probe::stop() {
  sys_.tracker().enable(false);
}

} // namespace troupe::inspection
