// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "traffic_tap.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <thread>

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

// Threads with counts of their own; more threads than this share the blocks
// there are (a node whose every detached actor talks to other nodes keeps a
// bounded list).
constexpr std::size_t max_counted_threads = 64;

std::atomic<std::uint64_t> next_tap_id{1};

// The blocks this thread counts in, by tap: a few taps at a time (one per
// probed system in the process), replaced round robin.
struct tap_cache_entry {
  std::uint64_t tap = 0;
  traffic_tap::thread_counts* counts = nullptr;
};
constexpr std::size_t cached_taps = 4;
thread_local std::array<tap_cache_entry, cached_taps> tap_cache;
thread_local std::size_t tap_cache_next = 0;

} // namespace

traffic_tap::traffic_tap(node_id self, event_sink& sink, const std::atomic<mirror_level>& level)
  : self_(self), sink_(sink), level_(level), id_(next_tap_id.fetch_add(1, std::memory_order_relaxed)) {}

traffic_tap::thread_counts& traffic_tap::mine() {
  for (auto& entry : tap_cache)
    if (entry.tap == id_)
      return *entry.counts;
  return register_thread();
}

traffic_tap::thread_counts& traffic_tap::register_thread() {
  thread_counts* counts;
  {
    std::lock_guard guard{threads_mtx_};
    if (threads_.size() < max_counted_threads) {
      threads_.push_back(std::make_unique<thread_counts>());
      counts = threads_.back().get();
    } else {
      counts = threads_[std::hash<std::thread::id>{}(std::this_thread::get_id()) % threads_.size()].get();
    }
  }
  tap_cache[tap_cache_next++ % cached_taps] = tap_cache_entry{id_, counts};
  return *counts;
}

void traffic_tap::count(actor_id local, bool sent, std::size_t bytes) {
  auto& counts = mine();
  std::lock_guard guard{counts.mtx};
  auto& interval = counts.interval;
  auto i = interval.find(local);
  if (i == interval.end()) {
    if (interval.size() >= max_counted_actors)
      return;
    i = interval.emplace(local, remote_traffic{local, 0, 0, 0}).first;
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
  std::vector<thread_counts*> blocks;
  {
    std::lock_guard guard{threads_mtx_};
    for (auto& b : threads_)
      blocks.push_back(b.get());
  }
  // Each thread's map is swapped out under its own lock, so a sender waits at
  // most for one swap; the merging happens after.
  std::unordered_map<actor_id, remote_traffic> sum;
  for (auto* b : blocks) {
    std::unordered_map<actor_id, remote_traffic> interval;
    {
      std::lock_guard guard{b->mtx};
      interval.swap(b->interval);
    }
    for (auto& [id, t] : interval) {
      auto& total = sum.try_emplace(id, remote_traffic{id, 0, 0, 0}).first->second;
      total.sent += t.sent;
      total.received += t.received;
      total.bytes += t.bytes;
    }
  }
  std::vector<remote_traffic> out;
  out.reserve(sum.size());
  for (auto& [id, t] : sum)
    out.push_back(t);
  std::sort(out.begin(), out.end(), [](const remote_traffic& x, const remote_traffic& y) {
    return x.sent + x.received > y.sent + y.received
           || (x.sent + x.received == y.sent + y.received && x.actor < y.actor);
  });
  if (out.size() > limit)
    out.resize(limit);
  return out;
}

} // namespace troupe::inspection
