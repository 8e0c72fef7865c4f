// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The live tracked actors of one name, added up: what metrics and dashboards
// show per kind of actor. Their number is bounded by the kinds of actor a
// program has, not by its actors, so a million actors make a handful of rows.
#include <cstdint>
#include <string>

#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// The live actors with statistics that share a name (abstract_actor::name(): their class, or "actor" for a
/// function), at one moment.
struct actor_group {
  std::string name;                    ///< the name they share
  std::uint64_t actors = 0;            ///< how many are alive
  std::uint64_t mailbox_depth = 0;     ///< messages waiting for them now, added up
  std::uint64_t max_mailbox_depth = 0; ///< the deepest of their mailboxes now
  std::uint64_t processed = 0;         ///< messages they handled so far (an actor that ends takes its count along)
};

/// The fields of actor_group, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, actor_group& x) {
  return f(field("name", x.name), field("actors", x.actors), field("mailbox_depth", x.mailbox_depth),
           field("max_mailbox_depth", x.max_mailbox_depth), field("processed", x.processed));
}

} // namespace troupe::inspection
