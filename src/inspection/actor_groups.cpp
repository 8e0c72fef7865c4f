// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "actor_groups.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/detail/actor_statistics.hpp"

namespace troupe::inspection {

std::vector<actor_group> group_actors(detail::actor_tracker& tracker) {
  // Names are mostly the same few string literals: group by pointer in the
  // walk (no string built per actor), then merge equal texts.
  std::unordered_map<const char*, actor_group> by_pointer;
  tracker.for_each([&](detail::actor_statistics& s) {
    auto* self = s.ctrl()->get();
    auto& g = by_pointer[self->name()];
    auto depth = detail::actor_tracker::waiting(s);
    ++g.actors;
    g.mailbox_depth += depth;
    g.max_mailbox_depth = std::max(g.max_mailbox_depth, depth);
    g.processed += s.processed.get();
  });
  std::unordered_map<std::string_view, actor_group> by_name;
  for (auto& [ptr, g] : by_pointer) {
    auto& merged = by_name[std::string_view{ptr != nullptr ? ptr : ""}];
    merged.actors += g.actors;
    merged.mailbox_depth += g.mailbox_depth;
    merged.max_mailbox_depth = std::max(merged.max_mailbox_depth, g.max_mailbox_depth);
    merged.processed += g.processed;
  }
  std::vector<actor_group> out;
  out.reserve(by_name.size());
  for (auto& [name, g] : by_name) {
    out.push_back(g);
    out.back().name = std::string{name};
  }
  std::sort(out.begin(), out.end(), [](const actor_group& x, const actor_group& y) {
    if (x.max_mailbox_depth != y.max_mailbox_depth)
      return x.max_mailbox_depth > y.max_mailbox_depth;
    if (x.actors != y.actors)
      return x.actors > y.actors;
    return x.name < y.name;
  });
  if (out.size() > max_actor_groups) {
    actor_group rest;
    rest.name = other_actors_group;
    for (auto i = out.begin() + (max_actor_groups - 1); i != out.end(); ++i) {
      rest.actors += i->actors;
      rest.mailbox_depth += i->mailbox_depth;
      rest.max_mailbox_depth = std::max(rest.max_mailbox_depth, i->max_mailbox_depth);
      rest.processed += i->processed;
    }
    out.resize(max_actor_groups - 1);
    out.push_back(std::move(rest));
  }
  return out;
}

} // namespace troupe::inspection
