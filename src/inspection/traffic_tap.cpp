// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "traffic_tap.hpp"

#include <algorithm>
#include <string>

#include "troupe/serialization/type_registry.hpp"

namespace troupe::inspection {

namespace {

// An interval with traffic from more local actors than this counts the first
// ones only, so that a node with a million remote partners keeps a bounded map.
constexpr std::size_t max_counted_actors = 4096;

std::string type_names(const message& msg) {
  std::string out = "(";
  for (std::size_t i = 0; i < msg.size(); ++i) {
    auto* e = type_registry::global().find(msg.type_at(i));
    out += (i == 0 ? "" : ", ") + (e != nullptr ? e->name() : std::string{"?"});
  }
  return out + ")";
}

std::string end_text(const node_id& node, actor_id id) {
  return to_string(node) + "/" + std::to_string(id);
}

} // namespace

void traffic_tap::count(actor_id local, bool sent, std::size_t bytes) {
  std::lock_guard guard{mtx_};
  auto i = interval_.find(local);
  if (i == interval_.end()) {
    if (interval_.size() >= max_counted_actors)
      return;
    i = interval_.emplace(local, remote_traffic{local, 0, 0, 0}).first;
  }
  (sent ? i->second.sent : i->second.received) += 1;
  i->second.bytes += bytes;
}

void traffic_tap::carried(const net::tapped_message& m) noexcept {
  try {
    auto local = m.outgoing ? m.sender : m.receiver;
    if (local != 0 && local == own_.load(std::memory_order_acquire))
      return;
    if (local != 0 && (m.outgoing ? m.sender_node : m.receiver_node) == self_)
      count(local, m.outgoing, m.bytes);
    auto level = level_.load(std::memory_order_relaxed);
    if (level < mirror_level::headers)
      return;
    auto text = std::string{m.outgoing ? "sent " : "received "} + end_text(m.sender_node, m.sender) + " -> "
                + end_text(m.receiver_node, m.receiver) + " " + type_names(*m.content) + " " + std::to_string(m.bytes)
                + " bytes";
    if (level == mirror_level::full)
      text += ": " + to_string(*m.content);
    sink_.record(event_kind::message, std::move(text));
  } catch (...) {
    // Out of memory while reporting: the message still goes; only the report is lost.
  }
}

void traffic_tap::undeliverable(const node_id& node, actor_id receiver, const error& reason) noexcept {
  if (level_.load(std::memory_order_relaxed) == mirror_level::off)
    return;
  try {
    sink_.record(event_kind::delivery_failed, "to " + end_text(node, receiver) + ": " + to_string(reason));
  } catch (...) {}
}

std::vector<remote_traffic> traffic_tap::take(std::size_t limit) {
  std::vector<remote_traffic> out;
  {
    std::lock_guard guard{mtx_};
    out.reserve(interval_.size());
    for (auto& [id, t] : interval_)
      out.push_back(t);
    interval_.clear();
  }
  std::sort(out.begin(), out.end(), [](const remote_traffic& x, const remote_traffic& y) {
    return x.sent + x.received > y.sent + y.received
           || (x.sent + x.received == y.sent + y.received && x.actor < y.actor);
  });
  if (out.size() > limit)
    out.resize(limit);
  return out;
}

} // namespace troupe::inspection
