// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "statistics_reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "troupe/abstract_actor.hpp"

namespace troupe::inspection {

namespace {

using detail::cycle_histogram;

// The smallest bucket bound below which at least `fraction` of the samples lie.
std::chrono::nanoseconds percentile(const std::array<std::uint64_t, cycle_histogram::num_buckets>& counts,
                                    std::uint64_t total, double fraction, const cycle_converter& to_ns) {
  if (total == 0)
    return std::chrono::nanoseconds{0};
  auto wanted = static_cast<std::uint64_t>(std::ceil(fraction * static_cast<double>(total)));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    seen += counts[i];
    if (seen >= wanted)
      return to_ns(cycle_histogram::upper_bound(i));
  }
  return to_ns(cycle_histogram::upper_bound(counts.size() - 1));
}

duration_summary summarize(const cycle_histogram& h, std::uint64_t sum_cycles, const cycle_converter& to_ns) {
  std::array<std::uint64_t, cycle_histogram::num_buckets> counts{};
  duration_summary out;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    counts[i] = h.count(i);
    out.samples += counts[i];
    if (counts[i] != 0)
      out.buckets.push_back(duration_bucket{to_ns(cycle_histogram::upper_bound(i)), counts[i]});
  }
  out.sum = to_ns(sum_cycles);
  out.p50 = percentile(counts, out.samples, 0.50, to_ns);
  out.p99 = percentile(counts, out.samples, 0.99, to_ns);
  return out;
}

} // namespace

statistics_reader::statistics_reader(detail::actor_tracker& tracker)
  : to_ns_(tracker.nanoseconds_per_cycle()), now_cycles_(detail::cycle_count()) {}

actor_snapshot statistics_reader::operator()(detail::actor_statistics& s) const {
  const auto& to_ns = to_ns_;
  auto now_cycles = now_cycles_;
  actor_snapshot row;
  auto* self = s.ctrl()->get();
  row.id = s.ctrl()->id();
  row.name = self->name();
  row.mailbox_depth = detail::actor_tracker::waiting(s);
  row.max_mailbox_depth = std::max<std::uint64_t>(s.max_depth(), row.mailbox_depth);
  row.state = row.mailbox_depth > 0 ? actor_state::busy : actor_state::idle;
  row.processed = s.processed.get();
  row.sent = s.sent.get();
  row.skipped = s.skipped();
  row.unmatched = s.unmatched();
  auto started = s.started_cycles.get();
  row.age = to_ns(started != 0 && now_cycles > started ? now_cycles - started : 0);
  if (auto* t = s.timing.load(std::memory_order_acquire)) {
    row.processing = summarize(t->processing, t->sampled_cycles.get(), to_ns);
    if (auto* w = t->wait.load(std::memory_order_acquire))
      row.mailbox_wait = summarize(w->histogram, w->cycles.get(), to_ns);
    // Every message of the sampled resumes was timed: scale their mean up to
    // all messages handled (skipped ones included, as their handler ran too).
    auto sampled = t->sampled_messages.get();
    if (sampled > 0) {
      auto handled = row.processed + row.skipped;
      auto estimate =
        static_cast<double>(t->sampled_cycles.get()) * static_cast<double>(handled) / static_cast<double>(sampled);
      row.processing_time = to_ns(static_cast<std::uint64_t>(estimate));
    }
  }
  row.processing_time = std::min(row.processing_time, row.age);
  row.idle_time = row.age - row.processing_time;
  return row;
}

} // namespace troupe::inspection
