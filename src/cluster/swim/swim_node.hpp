// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One member's side of the membership protocol, as a pure state machine:
// packets and the time go in, packets and events come out, nothing else. The
// network layer runs it in production and the simulator runs the very same
// code on thousands of members in one thread.
//
// SWIM: each probe interval the node pings the next member of a shuffled
// round; without an answer by the probe timeout it asks a few others to ping
// it; without any answer by the interval's end it suspects it. A suspicion
// becomes a death when it is not refuted in time, and a member refutes a
// suspicion of itself by raising its incarnation. News travels piggybacked on
// the probes and, while there is news, in gossip rounds to a few members.
// Lifeguard: a node that misses answers slows its own probing (local health),
// and a suspicion ends sooner the more members independently confirm it.
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "swim_types.hpp"

namespace troupe::cluster::swim {

class swim_node {
public:
  swim_node(member_index self, std::size_t members, const config& cfg, std::uint64_t seed);

  /// Runs what is due by `now`: probes, indirect probes, suspicions that expire, gossip rounds.
  void tick(time_point now, std::vector<packet>& out);
  /// Handles a packet addressed to this node.
  void receive(const packet& p, time_point now, std::vector<packet>& out);
  /// This node leaves in order: the others learn it at once from a gossip round (and go on spreading it), and
  /// report it as left rather than dead.
  void leave(time_point now, std::vector<packet>& out);
  /// A member this node had not heard of joins (the discovery provider names it): it gets the next index, is
  /// taken to be alive, and joins the probe rounds. Returns its index.
  member_index add_member();
  /// This node (re)starts at `incarnation`, and says so in its first packets: a node that restarts at the
  /// endpoint of one declared dead picks a higher incarnation than it had (its clock's), and so comes back.
  void announce(std::uint64_t incarnation);
  /// The changes since the last call, oldest first.
  std::vector<event> take_events();

  member_index self() const noexcept { return self_; }
  std::size_t size() const noexcept { return members_.size(); }
  status status_of(member_index m) const noexcept { return members_[m].st; }
  std::uint64_t incarnation_of(member_index m) const noexcept { return members_[m].incarnation; }
  /// Lifeguard's local health: 0 when every probe is answered; probing slows by (health + 1).
  std::uint32_t local_health() const noexcept { return health_; }
  /// Packets this node sent.
  std::uint64_t packets_sent() const noexcept { return sent_; }

private:
  struct member_state {
    status st = status::alive;
    std::uint64_t incarnation = 0;
    time_point suspected_at{};
    duration suspicion_timeout{};
    std::vector<member_index> suspecters; // the first suspecter, then independent confirmations
  };
  struct probe_state {
    bool active = false;
    bool answered = false;
    bool indirect_sent = false;
    member_index target = 0;
    std::uint32_t seq = 0;
    time_point sent_at{};
    time_point ends_at{};
  };
  // A probe this node makes for another (ping_req): its answer goes back to the requester.
  struct relay {
    std::uint32_t own_seq;
    member_index requester;
    std::uint32_t requester_seq;
    member_index target;
    time_point expires_at;
  };
  struct news {
    update item;
    std::uint32_t transmissions = 0;
  };

  void start_probe(time_point now, std::vector<packet>& out);
  void finish_probe(time_point now);
  void expire_suspicions(time_point now);
  void gossip_round(std::vector<packet>& out);
  void apply(const update& u, time_point now);
  void suspect(member_index m, std::uint64_t incarnation, member_index source, time_point now);
  void spread(const update& u);
  void send(packet_kind kind, member_index to, member_index target, std::uint32_t seq, std::vector<packet>& out);
  /// A member other than self and `except` that is not dead, picked at random; self if there is none.
  member_index random_member(member_index except);
  member_index next_probe_target();
  /// A member believed dead (not one that left), picked at random; self if there is none.
  member_index random_dead_member();
  /// Sets what this node believes of member `m`, keeping the list of dead members.
  void mark(member_index m, status now);
  duration scaled(duration d) const noexcept { return d * (health_ + 1); }
  void update_retransmit_limit();
  void health_up() noexcept;
  void health_down() noexcept;

  member_index self_;
  config cfg_;
  std::uint32_t retransmit_limit_;
  std::mt19937_64 rng_;
  std::vector<member_state> members_;
  std::vector<member_index> round_; // the probe order, reshuffled each round
  std::size_t round_pos_ = 0;
  std::vector<member_index> suspects_;
  std::vector<member_index> dead_; // the members believed dead, for the reconnect pings
  std::vector<relay> relays_;
  std::vector<news> news_;
  std::vector<event> events_;
  probe_state probe_;
  time_point next_probe_{};
  time_point next_gossip_{};
  time_point next_reconnect_{};
  bool started_ = false;
  std::uint32_t seq_ = 0;
  std::uint32_t health_ = 0;
  std::uint64_t sent_ = 0;
};

} // namespace troupe::cluster::swim
