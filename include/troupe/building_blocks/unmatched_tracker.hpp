// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Bookkeeping for messages no behavior has matched (the skip default keeps
// them waiting): when each was first skipped, under which behavior, and
// whether it has been reported. A message is reported once, when it is still
// skipped after a become, or when it has waited longer than a limit. Only
// actors that skip messages pay for it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include "troupe/mailbox_element.hpp"

namespace troupe::detail {

class unmatched_tracker {
public:
  using time_point = std::chrono::steady_clock::time_point;
  using duration = std::chrono::nanoseconds;

  /// Why a message is reported.
  enum class verdict { keep_waiting, behavior_changed, too_old };

  /// `e` was skipped at `now` under behavior `generation`. A limit of zero
  /// turns the age check off.
  verdict skipped(const mailbox_element* e, time_point now, std::uint8_t generation, duration limit) {
    auto [i, fresh] = entries_.try_emplace(e, entry{now, generation, false});
    if (fresh) {
      if (limit > duration::zero() && now + limit < next_check_)
        next_check_ = now + limit;
      return verdict::keep_waiting;
    }
    auto& x = i->second;
    if (x.reported)
      return verdict::keep_waiting;
    if (x.generation != generation)
      return report(x, verdict::behavior_changed);
    if (limit > duration::zero() && now - x.first_skipped >= limit)
      return report(x, verdict::too_old);
    return verdict::keep_waiting;
  }

  /// `e` was handled (or dropped): it no longer waits.
  void forget(const mailbox_element* e) noexcept { entries_.erase(e); }

  /// Calls f(e) for each waiting message not reported yet whose age reached
  /// `limit`, and counts it as reported. Scans only when the earliest such
  /// deadline has passed.
  template <class F>
  void report_old(time_point now, duration limit, F f) {
    if (limit <= duration::zero() || now < next_check_)
      return;
    next_check_ = time_point::max();
    for (auto& [e, x] : entries_) {
      if (x.reported)
        continue;
      if (now - x.first_skipped >= limit) {
        report(x, verdict::too_old);
        f(e);
      } else if (x.first_skipped + limit < next_check_) {
        next_check_ = x.first_skipped + limit;
      }
    }
  }

  bool empty() const noexcept { return entries_.empty(); }
  /// Messages reported so far.
  std::size_t reported() const noexcept { return reported_; }

private:
  struct entry {
    time_point first_skipped;
    std::uint8_t generation;
    bool reported;
  };

  verdict report(entry& x, verdict why) noexcept {
    x.reported = true;
    ++reported_;
    return why;
  }

  std::unordered_map<const mailbox_element*, entry> entries_;
  time_point next_check_ = time_point::max();
  std::size_t reported_ = 0;
};

} // namespace troupe::detail
