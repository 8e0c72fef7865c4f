// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// local_actor::track_unmatched: makes messages visible that the skip default
// keeps waiting without any behavior matching them.
#include <string>

#include "troupe/actor_system.hpp"
#include "troupe/local_actor.hpp"
#include "troupe/logger.hpp"

namespace troupe {

namespace {

std::string describe(std::chrono::nanoseconds d) {
  using namespace std::chrono;
  if (d % seconds{1} == nanoseconds::zero())
    return std::to_string(duration_cast<seconds>(d).count()) + "s";
  if (d % milliseconds{1} == nanoseconds::zero())
    return std::to_string(duration_cast<milliseconds>(d).count()) + "ms";
  return std::to_string(d.count()) + "ns";
}

} // namespace

void local_actor::track_unmatched(mailbox_element* e, bool skipped) {
  auto& tracker = ext().unmatched;
  auto& sys = system();
  auto limit = sys.config().logger.unmatched_warning_after;
  auto now = sys.timers().now();
  auto& lg = sys.logger();
  auto warn = [&](const mailbox_element* x, const std::string& why) {
    if (lg.accepts(log_level::warning, "core"))
      lg.log(log_level::warning, "core", "message " + to_string(x->content) + why, this);
  };
  auto aged = [&] { return " has waited unmatched for " + describe(limit); };
  if (skipped) {
    switch (tracker.skipped(e, now, behavior_generation_, limit)) {
      case detail::unmatched_tracker::verdict::behavior_changed:
        warn(e, " is still unmatched after a behavior change");
        break;
      case detail::unmatched_tracker::verdict::too_old:
        warn(e, aged());
        break;
      case detail::unmatched_tracker::verdict::keep_waiting:
        break;
    }
  } else {
    tracker.forget(e);
  }
  tracker.report_old(now, limit, [&](const mailbox_element* x) { warn(x, aged()); });
  unmatched_tracked_ = !tracker.empty();
}

} // namespace troupe
