// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A deterministic discrete-event simulator of the membership protocol: N
// swim_node state machines on one thread, joined by links with a latency
// and a loss rate, with members that crash or pause (a frozen process: what
// is sent to it waits until it resumes), and members that join while it
// runs. The same seed gives the same run.
#include <cstdint>
#include <queue>
#include <random>
#include <vector>

#include "swim_node.hpp"

namespace troupe::cluster::swim {

/// The network between the simulated members.
struct link_model {
  duration min_latency = std::chrono::milliseconds{1};
  duration max_latency = std::chrono::milliseconds{5};
  double loss = 0.0; ///< the chance that a packet is lost
};

/// What one member came to believe of another, and when.
struct observed_event {
  time_point at;
  member_index observer;
  event what;
};

class simulator {
public:
  simulator(std::size_t members, const config& cfg, const link_model& links, std::uint64_t seed,
            duration step = std::chrono::milliseconds{5});

  /// Member `m` stops for good at `at`: it sends nothing more, and what is sent to it is lost.
  void crash(member_index m, time_point at);
  /// Member `m` leaves in order at `at` (swim_node::leave), then stops as a crashed one does.
  void leave(member_index m, time_point at);
  /// Member `m` is frozen from `from` to `until`: it neither runs nor reads; what is sent to it meanwhile
  /// arrives when it resumes.
  void pause(member_index m, time_point from, time_point until);
  /// From `from` to `until` no packet crosses between members [first, last) and the others; with `one_way`,
  /// only packets from [first, last) to the others are lost (an asymmetric partition).
  void cut(member_index first, member_index last, time_point from, time_point until, bool one_way = false);
  /// A new member starts at `at`, knowing every member (as the discovery provider lists them) and at
  /// incarnation 1; the others do not know it. A member learns of it, and of any other it does not know, as
  /// the cluster module does: when a packet from it or with news of it arrives, the member asks the provider,
  /// which answers at once here (a real provider adds its round trip). Returns the new member's index.
  member_index join(time_point at);
  /// When member `observer` learned of member `m` (never: not yet; members there from the start: 0).
  time_point learned_at(member_index observer, member_index m) const;

  /// Runs every member up to `t`.
  void run_until(time_point t);

  time_point now() const noexcept { return now_; }
  const swim_node& node(member_index m) const { return nodes_[m]; }
  std::size_t size() const noexcept { return nodes_.size(); }
  /// Every change any member saw, in order.
  const std::vector<observed_event>& events() const noexcept { return events_; }
  /// Packets sent by all members, lost ones included.
  std::uint64_t packets() const noexcept { return packets_; }
  bool crashed(member_index m) const noexcept { return crash_at_[m] <= now_; }

private:
  struct in_flight {
    time_point at;
    std::uint64_t order; // ties keep the order of sending
    packet p;
    bool operator>(const in_flight& o) const noexcept { return at != o.at ? at > o.at : order > o.order; }
  };

  bool paused(member_index m, time_point t) const noexcept;
  bool severed(member_index from, member_index to, time_point t) const noexcept;
  /// Member `m` asks the provider, at `t`, whether it missed members: it learns of every one started by then.
  void learn_members(member_index m, time_point t);
  void send_all(std::vector<packet>& out, time_point t);
  void collect(member_index m, time_point t);

  link_model links_;
  duration step_;
  std::mt19937_64 rng_;
  config cfg_;
  std::uint64_t seed_;
  std::vector<swim_node> nodes_;
  std::vector<time_point> start_at_;
  std::size_t initial_;                          // the members there from the start
  std::vector<std::vector<time_point>> learned_; // by observer: when it learned of each member that joined
  std::vector<time_point> crash_at_;
  std::vector<time_point> leave_at_;
  std::vector<std::pair<time_point, time_point>> pauses_; // per member, one pause
  struct partition {
    member_index first, last;
    time_point from, until;
    bool one_way;
  };
  std::vector<partition> cuts_;
  std::priority_queue<in_flight, std::vector<in_flight>, std::greater<>> wire_;
  std::vector<observed_event> events_;
  std::vector<packet> out_;
  time_point now_{};
  std::uint64_t order_ = 0;
  std::uint64_t packets_ = 0;
};

} // namespace troupe::cluster::swim
