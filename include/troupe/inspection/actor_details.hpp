// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One actor in detail, as the shell's `info` shows it: its statistics and the
// actors bound to it by links and monitors.
#include <string>
#include <vector>

#include "troupe/inspection/actor_snapshot.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// An actor's statistics with its links and monitors.
struct actor_details {
  actor_snapshot statistics;         ///< as inspection::snapshot reads it
  std::vector<std::string> links;    ///< the actors linked to it, as to_string(actor_addr) prints them
  std::vector<std::string> monitors; ///< the actors that monitor it, likewise
};

/// The fields of actor_details, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, actor_details& x) {
  return f(field("statistics", x.statistics), field("links", x.links), field("monitors", x.monitors));
}

} // namespace troupe::inspection
