// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The membership protocol's state machine, run by the deterministic
// simulator: a crashed member is suspected, then declared dead by every
// other; loss and short pauses declare nobody dead; a suspected member
// refutes, and one declared dead rejoins, with a higher incarnation; the load
// per member does not grow with the cluster; local health rises when probes
// go unanswered; malformed packets change nothing; one seed, one run.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "swim/packet_codec.hpp"
#include "swim/simulator.hpp"
#include "troupe/error.hpp"

namespace swim_test {

using namespace troupe::cluster::swim;
using namespace std::chrono_literals;

namespace {

double seconds(duration d) {
  return std::chrono::duration<double>(d).count();
}

// When the first member suspected `who` after `since`, and when the last of the others declared it dead (each
// empty when it did not happen).
struct verdicts {
  std::optional<time_point> first_suspicion;
  std::optional<time_point> all_dead;
  std::size_t dead_seen = 0;
};

verdicts about(const simulator& sim, member_index who, time_point since) {
  verdicts v;
  for (const auto& e : sim.events()) {
    if (e.what.who != who || e.at < since)
      continue;
    if (e.what.now == status::suspect && !v.first_suspicion)
      v.first_suspicion = e.at;
    if (e.what.now == status::dead && ++v.dead_seen == sim.size() - 1)
      v.all_dead = e.at;
  }
  return v;
}

std::size_t dead_verdicts(const simulator& sim) {
  std::size_t n = 0;
  for (const auto& e : sim.events())
    n += e.what.now == status::dead ? 1 : 0;
  return n;
}

} // namespace

TEST(swim, a_crashed_member_is_suspected_then_declared_dead_by_every_other) {
  simulator sim{200, config{}, link_model{}, 1};
  sim.crash(17, 5s);
  sim.run_until(20s);
  auto v = about(sim, 17, 5s);
  ASSERT_TRUE(v.first_suspicion);
  ASSERT_TRUE(v.all_dead) << v.dead_seen << " of 199 declared it dead";
  // A probe interval (0.2 s) or a few find it; the suspicion lasts 1.5 to 3 s, shorter the more members
  // confirm it; gossip then reaches everyone in a few rounds.
  EXPECT_LE(seconds(*v.first_suspicion - 5s), 1.5);
  EXPECT_LE(seconds(*v.all_dead - 5s), 7.0);
  EXPECT_EQ(dead_verdicts(sim), 199u) << "nobody else is declared dead";
}

TEST(swim, loss_and_short_pauses_declare_nobody_dead) {
  link_model lossy;
  lossy.loss = 0.01;
  simulator sim{100, config{}, lossy, 2};
  for (member_index m = 0; m < 5; ++m) {
    auto from = 3s + m * 7s;
    sim.pause(m * 13, from, from + 100ms);
  }
  sim.run_until(60s); // 6,000 member-seconds
  EXPECT_EQ(dead_verdicts(sim), 0u);
}

TEST(swim, a_suspected_member_refutes_with_a_higher_incarnation) {
  simulator sim{50, config{}, link_model{}, 3};
  sim.pause(9, 4s, 4800ms); // long enough to be suspected, short of the shortest suspicion (1.5 s)
  sim.run_until(15s);
  auto v = about(sim, 9, 4s);
  ASSERT_TRUE(v.first_suspicion) << "a member frozen for 0.8 s is suspected";
  EXPECT_EQ(v.dead_seen, 0u);
  EXPECT_GE(sim.node(9).incarnation_of(9), 1u);
  for (member_index m = 0; m < 50; ++m) {
    EXPECT_EQ(sim.node(m).status_of(9), status::alive) << "member " << m;
    EXPECT_EQ(sim.node(m).incarnation_of(9), sim.node(9).incarnation_of(9)) << "member " << m;
  }
}

TEST(swim, a_member_declared_dead_rejoins_with_a_new_incarnation) {
  simulator sim{50, config{}, link_model{}, 4};
  sim.pause(21, 3s, 15s);
  sim.run_until(14s);
  auto v = about(sim, 21, 3s);
  ASSERT_TRUE(v.all_dead) << "frozen for longer than a suspicion: dead everywhere";
  sim.run_until(25s);
  EXPECT_GE(sim.node(21).incarnation_of(21), 1u);
  for (member_index m = 0; m < 50; ++m)
    EXPECT_EQ(sim.node(m).status_of(21), status::alive) << "member " << m << " did not see it come back";
}

TEST(swim, a_member_that_leaves_is_reported_left_not_dead) {
  simulator sim{100, config{}, link_model{}, 9};
  sim.leave(33, 3s);
  sim.run_until(8s);
  std::size_t left = 0;
  for (const auto& e : sim.events()) {
    EXPECT_NE(e.what.now, status::dead);
    EXPECT_NE(e.what.now, status::suspect);
    if (e.what.who == 33 && e.what.now == status::left) {
      ++left;
      EXPECT_LE(seconds(e.at - 3s), 2.0) << "gossip reaches everyone within a few rounds";
    }
  }
  EXPECT_EQ(left, 99u);
}

TEST(swim, the_load_per_member_does_not_grow_with_the_cluster) {
  double per_member[2] = {};
  std::size_t sizes[2] = {50, 400};
  for (int i = 0; i < 2; ++i) {
    simulator sim{sizes[i], config{}, link_model{}, 5};
    sim.crash(3, 5s);
    sim.run_until(5s);
    auto before = sim.packets();
    sim.run_until(25s);
    per_member[i] = static_cast<double>(sim.packets() - before) / 20.0 / static_cast<double>(sizes[i]);
  }
  EXPECT_LE(per_member[0], 20.0);
  EXPECT_LE(per_member[1], 20.0);
  EXPECT_LE(per_member[1], per_member[0] * 1.5) << per_member[0] << " vs " << per_member[1] << " packets/s";
}

TEST(swim, local_health_rises_while_probes_go_unanswered_and_recovers) {
  simulator sim{10, config{}, link_model{}, 6};
  for (member_index m = 5; m < 10; ++m)
    sim.crash(m, 1s);
  std::uint32_t highest = 0;
  for (time_point t = 1s; t < 4s; t += 50ms) {
    sim.run_until(t);
    highest = std::max(highest, sim.node(0).local_health());
  }
  EXPECT_GT(highest, 0u) << "probes of crashed members went unanswered";
  sim.run_until(20s); // the crashed are dead and no longer probed; the living answer
  EXPECT_EQ(sim.node(0).local_health(), 0u);
}

TEST(swim, malformed_packets_change_nothing) {
  swim_node node{0, 4, config{}, 7};
  std::vector<packet> out;
  node.tick(0s, out);
  out.clear();
  packet from_nowhere;
  from_nowhere.from = 99;
  from_nowhere.to = 0;
  node.receive(from_nowhere, 1s, out);
  EXPECT_TRUE(out.empty());
  packet not_mine;
  not_mine.from = 1;
  not_mine.to = 3;
  node.receive(not_mine, 1s, out);
  EXPECT_TRUE(out.empty());
  packet bad_news;
  bad_news.from = 1;
  bad_news.to = 0;
  bad_news.kind = packet_kind::gossip;
  bad_news.gossip = {{42, status::dead, 0, 1}, {2, status::dead, 0, 77}, {1, status::suspect, 0, 1}};
  node.receive(bad_news, 1s, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(node.status_of(1), status::suspect) << "the one well-formed update counts";
  EXPECT_EQ(node.status_of(2), status::alive);
  packet bad_relay;
  bad_relay.from = 1;
  bad_relay.to = 0;
  bad_relay.kind = packet_kind::ping_req;
  bad_relay.target = 1000;
  node.receive(bad_relay, 1s, out);
  EXPECT_TRUE(out.empty());
}

TEST(swim, one_seed_gives_one_run) {
  link_model lossy;
  lossy.loss = 0.05;
  simulator a{30, config{}, lossy, 8};
  simulator b{30, config{}, lossy, 8};
  a.crash(4, 2s);
  b.crash(4, 2s);
  a.run_until(12s);
  b.run_until(12s);
  ASSERT_EQ(a.events().size(), b.events().size());
  for (std::size_t i = 0; i < a.events().size(); ++i) {
    EXPECT_EQ(a.events()[i].at, b.events()[i].at);
    EXPECT_EQ(a.events()[i].observer, b.events()[i].observer);
    EXPECT_EQ(a.events()[i].what.who, b.events()[i].what.who);
  }
  EXPECT_EQ(a.packets(), b.packets());
}

member_tags tags_of(std::initializer_list<const char*> endpoints) {
  member_tags tags;
  for (auto e : endpoints)
    tags.add(endpoint_tag(e));
  return tags;
}

TEST(membership_packets, a_packet_survives_the_round_trip_and_bad_datagrams_are_refused) {
  auto tags = tags_of({"a:1", "b:1", "c:1", "d:1"});
  packet p;
  p.kind = packet_kind::ping_req;
  p.from = 3;
  p.to = 1;
  p.target = 2;
  p.seq = 77;
  p.gossip = {{2, status::suspect, 5, 3}, {0, status::left, 9, 0}};
  std::vector<std::byte> bytes;
  encode(p, 42, tags, bytes);
  auto back = decode(bytes, 42, tags);
  ASSERT_TRUE(back) << troupe::to_string(back.error());
  EXPECT_EQ(back->kind, p.kind);
  EXPECT_EQ(back->from, 3u);
  EXPECT_EQ(back->to, 1u);
  EXPECT_EQ(back->target, 2u);
  EXPECT_EQ(back->seq, 77u);
  EXPECT_EQ(back->gossip, p.gossip);
  using troupe::sec;
  EXPECT_EQ(decode(bytes, 43, tags).error(), sec::invalid_argument) << "another cluster's";
  EXPECT_EQ(decode(bytes, 42, tags_of({"a:1", "b:1", "c:1"})).error(), sec::out_of_range)
    << "a sender this node does not know";
  auto truncated = std::span<const std::byte>{bytes}.first(bytes.size() - 1);
  EXPECT_EQ(decode(truncated, 42, tags).error(), sec::malformed_message);
  auto padded = bytes;
  padded.push_back(std::byte{0});
  EXPECT_EQ(decode(padded, 42, tags).error(), sec::malformed_message);
  auto bad_kind = bytes;
  bad_kind[11] = std::byte{9};
  EXPECT_EQ(decode(bad_kind, 42, tags).error(), sec::malformed_message);
  auto bad_status = bytes;
  bad_status[42 + 8] = std::byte{7}; // the first update's status, after the header and its member's tag
  EXPECT_EQ(decode(bad_status, 42, tags).error(), sec::malformed_message);
  EXPECT_EQ(decode(std::span<const std::byte>{}, 42, tags).error(), sec::malformed_message);
}

TEST(membership_packets, members_travel_as_tags_so_nodes_may_number_them_differently) {
  // Two nodes that learned of the same members in other orders.
  auto here = tags_of({"a:1", "b:1", "c:1"});
  auto there = tags_of({"c:1", "a:1", "b:1"});
  packet p;
  p.kind = packet_kind::ping;
  p.from = 0; // a
  p.to = 2;   // c
  p.target = 2;
  p.gossip = {{1, status::suspect, 4, 0}}; // a suspects b
  std::vector<std::byte> bytes;
  encode(p, 7, here, bytes);
  auto back = decode(bytes, 7, there);
  ASSERT_TRUE(back) << troupe::to_string(back.error());
  EXPECT_EQ(back->from, 1u);
  EXPECT_EQ(back->to, 0u);
  ASSERT_EQ(back->gossip.size(), 1u);
  EXPECT_EQ(back->gossip[0], (update{2, status::suspect, 4, 1}));
  // News of a member the receiver has not been told of is left out; the rest of the packet stands.
  auto fewer = tags_of({"c:1", "a:1"});
  std::size_t left_out = 0;
  auto partial = decode(bytes, 7, fewer, &left_out);
  ASSERT_TRUE(partial) << troupe::to_string(partial.error());
  EXPECT_TRUE(partial->gossip.empty());
  EXPECT_EQ(left_out, 1u) << "counted, so that the node asks its provider about the member";
}

TEST(swim, a_member_added_while_running_is_probed_and_its_death_found) {
  // Three members that know of each other; a fourth joins, known to each of them, and later crashes.
  config cfg;
  std::vector<swim_node> nodes;
  for (member_index i = 0; i < 3; ++i)
    nodes.emplace_back(i, 3, cfg, 11);
  nodes.emplace_back(3, 4, cfg, 11);
  for (member_index i = 0; i < 3; ++i)
    EXPECT_EQ(nodes[i].add_member(), 3u);
  std::vector<packet> in_flight;
  bool crashed = false;
  std::vector<event> seen;
  for (int step = 0; step < 1000; ++step) { // 10 s in steps of 10 ms
    auto now = time_point{std::chrono::milliseconds{10 * step}};
    if (step == 300)
      crashed = true;
    std::vector<packet> out;
    for (auto& n : nodes) {
      if (!(crashed && n.self() == 3))
        n.tick(now, out);
    }
    for (auto& p : in_flight) {
      if (!(crashed && p.to == 3))
        nodes[p.to].receive(p, now, out);
    }
    in_flight = std::move(out);
    for (member_index i = 0; i < 3; ++i) {
      for (auto& e : nodes[i].take_events())
        if (e.who == 3)
          seen.push_back(e);
    }
    if (step == 299) {
      for (member_index i = 0; i < 3; ++i)
        ASSERT_EQ(nodes[i].status_of(3), status::alive) << "member " << i << " before the crash";
    }
  }
  for (member_index i = 0; i < 3; ++i)
    EXPECT_EQ(nodes[i].status_of(3), status::dead) << "member " << i;
  EXPECT_FALSE(seen.empty());
}

TEST(swim, a_member_accused_at_an_older_incarnation_tells_its_current_one_again) {
  // b joined late and knows a at incarnation 0; a is at 5. b's suspicion is stale, but b must learn of 5.
  config cfg;
  swim_node a{0, 2, cfg, 1};
  a.announce(5);
  std::vector<packet> out;
  a.tick(time_point{}, out); // the announcement goes out, as far as it goes
  for (int i = 0; i < 64; ++i) {
    out.clear();
    a.tick(time_point{std::chrono::seconds{1 + i}}, out);
  }
  packet accusation;
  accusation.kind = packet_kind::ping;
  accusation.from = 1;
  accusation.to = 0;
  accusation.gossip = {{0, status::suspect, 0, 1}};
  out.clear();
  a.receive(accusation, time_point{std::chrono::seconds{100}}, out);
  ASSERT_EQ(out.size(), 1u) << "the ack";
  EXPECT_EQ(out[0].to, 1u);
  EXPECT_NE(std::find(out[0].gossip.begin(), out[0].gossip.end(), update{0, status::alive, 5, 0}), out[0].gossip.end());
  EXPECT_EQ(a.incarnation_of(0), 5u) << "a stale accusation raises nothing";
}

TEST(swim, a_member_declared_dead_that_still_talks_is_told_so_and_refutes) {
  config cfg;
  swim_node b{1, 2, cfg, 1};
  packet news;
  news.kind = packet_kind::gossip;
  news.from = 0;
  news.to = 1;
  news.gossip = {{0, status::dead, 3, 1}};
  std::vector<packet> out;
  b.receive(news, time_point{}, out);
  ASSERT_EQ(b.status_of(0), status::dead);
  for (int i = 0; i < 64; ++i) { // b's news of the death runs out
    out.clear();
    b.tick(time_point{std::chrono::seconds{1 + i}}, out);
  }
  packet ping;
  ping.kind = packet_kind::ping;
  ping.from = 0;
  ping.to = 1;
  out.clear();
  b.receive(ping, time_point{std::chrono::seconds{100}}, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(std::find(out[0].gossip.begin(), out[0].gossip.end(), update{0, status::dead, 3, 1}), out[0].gossip.end())
    << "the ack tells the sender it is dead to b";
}

TEST(swim, a_join_spreads_by_gossip_to_every_member_in_a_few_rounds) {
  // 200 members; a new one joins at 2 s, known only to itself: the others learn of it from its packets and from
  // news of it, and ask the provider then, with no refresh on a timer.
  link_model links;
  links.loss = 0.01;
  simulator sim{200, config{}, links, 5};
  auto joiner = sim.join(time_point{2s});
  sim.run_until(time_point{6s});
  std::vector<double> delays;
  for (member_index o = 0; o < 200; ++o) {
    auto t = sim.learned_at(o, joiner);
    ASSERT_LT(t, time_point{6s}) << "member " << o << " never learned of the joiner";
    delays.push_back(std::chrono::duration<double>(t - time_point{2s}).count());
  }
  std::sort(delays.begin(), delays.end());
  EXPECT_LT(delays.back(), 2.0) << "known to all within 10 gossip rounds";
  EXPECT_EQ(sim.learned_at(joiner, joiner), time_point{2s}) << "a member started knows itself from its start";
  for (member_index o = 0; o < 200; ++o)
    EXPECT_EQ(sim.node(o).status_of(joiner), status::alive);
}

TEST(swim, a_partition_that_heals_brings_every_member_back_everywhere) {
  // Two halves of 10 cannot talk from 2 s to 8 s: each declares the other dead; once the cut heals, the
  // reconnect pings let each member refute its death, and every member sees every member alive.
  link_model links;
  links.loss = 0.01;
  simulator sim{20, config{}, links, 3};
  sim.cut(0, 10, time_point{2s}, time_point{8s});
  sim.run_until(time_point{8s});
  for (member_index o = 0; o < 20; ++o)
    for (member_index m = 0; m < 20; ++m)
      ASSERT_EQ(sim.node(o).status_of(m) == status::dead, (o < 10) != (m < 10)) << o << " of " << m;
  sim.run_until(time_point{20s});
  for (member_index o = 0; o < 20; ++o)
    for (member_index m = 0; m < 20; ++m)
      EXPECT_EQ(sim.node(o).status_of(m), status::alive) << "member " << o << " of " << m << " after the cut";
}

TEST(swim, a_one_way_cut_is_healed_too) {
  link_model links;
  simulator sim{12, config{}, links, 4};
  sim.cut(0, 3, time_point{2s}, time_point{8s}, true); // 0..2 cannot send to the rest; they still hear them
  sim.run_until(time_point{20s});
  for (member_index o = 0; o < 12; ++o)
    for (member_index m = 0; m < 12; ++m)
      EXPECT_EQ(sim.node(o).status_of(m), status::alive) << "member " << o << " of " << m;
}

TEST(swim, a_restarted_member_announces_a_higher_incarnation_and_comes_back) {
  config cfg;
  swim_node a{0, 2, cfg, 1};
  swim_node b{1, 2, cfg, 1};
  std::vector<packet> out;
  // a declared b dead at incarnation 0.
  packet news;
  news.kind = packet_kind::gossip;
  news.from = 1;
  news.to = 0;
  news.gossip = {{1, status::dead, 0, 0}};
  a.receive(news, time_point{}, out);
  ASSERT_EQ(a.status_of(1), status::dead);
  a.take_events();
  // b restarts: its clock gives it a higher incarnation, and its first packet says so.
  b.announce(1234);
  out.clear();
  b.tick(time_point{std::chrono::seconds{1}}, out);
  b.tick(time_point{std::chrono::seconds{2}}, out);
  ASSERT_FALSE(out.empty());
  std::vector<packet> answers;
  for (auto& p : out)
    a.receive(p, time_point{std::chrono::seconds{2}}, answers);
  EXPECT_EQ(a.status_of(1), status::alive);
  EXPECT_EQ(a.incarnation_of(1), 1234u);
  auto events = a.take_events();
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back().now, status::alive);
}

} // namespace swim_test
