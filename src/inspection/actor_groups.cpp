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

namespace {

struct busy_candidate {
  actor_id id;
  const char* name;
  std::uint64_t depth;
  std::uint64_t processed;
};

bool busier(const busy_candidate& x, const busy_candidate& y) noexcept {
  if (x.depth != y.depth)
    return x.depth > y.depth;
  if (x.processed != y.processed)
    return x.processed > y.processed;
  return x.id < y.id;
}

// Keeps the max_busy_actors busiest seen, busiest first: a few compares per actor.
void offer(std::vector<busy_candidate>& top, const busy_candidate& c) {
  if (top.size() == max_busy_actors && !busier(c, top.back()))
    return;
  auto at = std::upper_bound(top.begin(), top.end(), c, busier);
  top.insert(at, c);
  if (top.size() > max_busy_actors)
    top.pop_back();
}

} // namespace

std::vector<actor_group> group_actors(detail::actor_tracker& tracker, std::vector<busy_actor>* busiest,
                                      detail::retired_timing* timings) {
  // Names are mostly the same few string literals: group by pointer in the
  // walk (no string built per actor), then merge equal texts.
  std::unordered_map<const char*, actor_group> by_pointer;
  std::vector<busy_candidate> top;
  top.reserve(max_busy_actors + 1);
  auto each = [&](detail::actor_statistics& s) {
    if (timings != nullptr)
      if (auto* t = s.timing.load(std::memory_order_acquire); t != nullptr)
        timings->add(*t);
    auto* self = s.ctrl()->get();
    auto& g = by_pointer[self->name()];
    auto depth = detail::actor_tracker::waiting(s);
    auto processed = s.processed.get();
    ++g.actors;
    g.mailbox_depth += depth;
    g.max_mailbox_depth = std::max(g.max_mailbox_depth, depth);
    g.processed += processed;
    if (busiest != nullptr)
      offer(top, busy_candidate{s.ctrl()->id(), self->name(), depth, processed});
  };
  if (timings != nullptr)
    tracker.for_each(each, [&](const detail::retired_timing& r) { timings->add(r); });
  else
    tracker.for_each(each);
  if (busiest != nullptr) {
    busiest->clear();
    for (auto& c : top)
      busiest->push_back(busy_actor{c.id, c.name != nullptr ? c.name : "", c.depth, c.processed});
  }
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
