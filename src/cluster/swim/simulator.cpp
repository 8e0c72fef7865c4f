// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "simulator.hpp"

#include <limits>

namespace troupe::cluster::swim {

namespace {

constexpr time_point never = time_point{std::numeric_limits<std::int64_t>::max()};

} // namespace

simulator::simulator(std::size_t members, const config& cfg, const link_model& links, std::uint64_t seed, duration step)
  : links_(links), step_(step), rng_(seed), cfg_(cfg), seed_(seed), start_at_(members, time_point{}), initial_(members),
    learned_(members), crash_at_(members, never), leave_at_(members, never), pauses_(members, {never, never}) {
  nodes_.reserve(members);
  for (member_index m = 0; m < members; ++m)
    nodes_.emplace_back(m, members, cfg, seed);
}

member_index simulator::join(time_point at) {
  auto m = static_cast<member_index>(nodes_.size());
  nodes_.emplace_back(m, nodes_.size() + 1, cfg_, seed_);
  nodes_.back().announce(1);
  start_at_.push_back(at);
  learned_.emplace_back(nodes_.size() - initial_, at);
  crash_at_.push_back(never);
  leave_at_.push_back(never);
  pauses_.push_back({never, never});
  return m;
}

time_point simulator::learned_at(member_index observer, member_index m) const {
  if (m < initial_)
    return time_point{};
  const auto& known = learned_[observer];
  return m - initial_ < known.size() ? known[m - initial_] : never;
}

void simulator::learn_members(member_index m, time_point t) {
  auto& node = nodes_[m];
  while (node.size() < nodes_.size() && start_at_[node.size()] <= t) {
    node.add_member();
    learned_[m].push_back(t);
  }
}

void simulator::crash(member_index m, time_point at) {
  crash_at_[m] = at;
}

void simulator::leave(member_index m, time_point at) {
  leave_at_[m] = at;
  crash_at_[m] = at + step_;
}

void simulator::pause(member_index m, time_point from, time_point until) {
  pauses_[m] = {from, until};
}

void simulator::cut(member_index first, member_index last, time_point from, time_point until, bool one_way) {
  cuts_.push_back({first, last, from, until, one_way});
}

bool simulator::severed(member_index from, member_index to, time_point t) const noexcept {
  for (const auto& c : cuts_) {
    if (t < c.from || t >= c.until)
      continue;
    bool from_inside = from >= c.first && from < c.last;
    bool to_inside = to >= c.first && to < c.last;
    if (from_inside && !to_inside)
      return true;
    if (!c.one_way && to_inside && !from_inside)
      return true;
  }
  return false;
}

bool simulator::paused(member_index m, time_point t) const noexcept {
  return t >= pauses_[m].first && t < pauses_[m].second;
}

void simulator::send_all(std::vector<packet>& out, time_point t) {
  std::uniform_int_distribution<std::int64_t> latency{links_.min_latency.count(), links_.max_latency.count()};
  std::bernoulli_distribution lost{links_.loss};
  for (auto& p : out) {
    ++packets_;
    if ((links_.loss > 0 && lost(rng_)) || severed(p.from, p.to, t))
      continue;
    wire_.push({t + duration{latency(rng_)}, order_++, std::move(p)});
  }
  out.clear();
}

void simulator::collect(member_index m, time_point t) {
  for (auto& e : nodes_[m].take_events())
    events_.push_back({t, m, e});
}

void simulator::run_until(time_point t) {
  while (now_ < t) {
    auto next = now_ + step_;
    // Deliver what arrives in this step, in order of arrival.
    while (!wire_.empty() && wire_.top().at <= next) {
      // top() is const only so that the heap stays ordered; it is popped at once.
      auto item = std::move(const_cast<in_flight&>(wire_.top()));
      wire_.pop();
      auto to = item.p.to;
      if (item.at >= crash_at_[to] || item.at < start_at_[to])
        continue;
      if (paused(to, item.at)) {
        // A frozen process reads what waited in its socket when it resumes.
        item.at = pauses_[to].second;
        item.order = order_++;
        wire_.push(std::move(item));
        continue;
      }
      // A packet from a member it does not know, or with news of one: it asks the provider, as the module does.
      auto known = nodes_[to].size();
      bool strangers = item.p.from >= known;
      for (const auto& u : item.p.gossip)
        strangers = strangers || u.who >= known || u.source >= known;
      if (strangers)
        learn_members(to, item.at);
      nodes_[to].receive(item.p, item.at, out_);
      send_all(out_, item.at);
      collect(to, item.at);
    }
    now_ = next;
    for (member_index m = 0; m < nodes_.size(); ++m) {
      if (now_ >= crash_at_[m] || paused(m, now_) || now_ < start_at_[m])
        continue;
      if (now_ >= leave_at_[m]) {
        nodes_[m].leave(now_, out_);
        leave_at_[m] = never;
        send_all(out_, now_);
        continue;
      }
      nodes_[m].tick(now_, out_);
      send_all(out_, now_);
      collect(m, now_);
    }
  }
}

} // namespace troupe::cluster::swim
