// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Service clusters found through a real etcd (Debian's etcd-server, started
// by the test on loopback): members that start one after the other find each
// other, a member that joins later is told to everyone, one that stops in
// order is reported left and its key goes, one that is killed is reported
// down by every survivor, one that restarts at its endpoint comes back with a
// new incarnation (its old handles stay dead), and an etcd that cannot be
// reached leaves the cluster with the members it knows.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cluster_test_support.hpp"
#include "etcd/base64.hpp"
#include "etcd_server.hpp"
#include "node_process.hpp"
#include "support/eventually.hpp"
#include "support/log_capture.hpp"
#include "support/loopback.hpp"
#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

namespace etcd_cluster_test {

using namespace troupe;
using namespace std::chrono_literals;
using test_support::eventually;

namespace {

// Quick timing, so that the tests do not wait for defaults made for real networks.
const std::vector<std::pair<std::string, std::string>> quick{
  {"cluster.discovery", "etcd"},      {"cluster.discovery-interval", "100ms"}, {"cluster.etcd.lease", "2s"},
  {"cluster.probe-interval", "50ms"}, {"cluster.suspicion-timeout", "500ms"},
};

class etcd_cluster : public ::testing::Test {
protected:
  void SetUp() override {
    if (test::etcd_server::program().empty())
      GTEST_SKIP() << "no etcd here (Debian's etcd-server; scripts/install-deps.sh installs it)";
    etcd = std::make_unique<test::etcd_server>();
    prefix = "/troupe-test/" + std::string{::testing::UnitTest::GetInstance()->current_test_info()->name()} + "/";
  }

  std::vector<std::string> options(std::uint16_t port) const {
    std::vector<std::string> out;
    for (const auto& [key, value] : quick)
      out.push_back("--" + key + "=" + value);
    out.push_back("--cluster.etcd.endpoints=" + etcd->url());
    out.push_back("--cluster.etcd.prefix=" + prefix);
    out.push_back("--cluster.endpoint=127.0.0.1:" + std::to_string(port));
    return out;
  }

  std::unique_ptr<actor_system> start_member(std::uint16_t port, test_support::log_capture* log = nullptr) {
    actor_system_config cfg;
    cfg.load<net::middleman>().load<cluster::module>();
    if (log != nullptr)
      log->attach(cfg, log_level::info);
    auto args = options(port);
    EXPECT_FALSE(cfg.parse(args));
    return std::make_unique<actor_system>(cfg);
  }

  std::unique_ptr<test::node_process> start_process(std::uint16_t port) {
    std::vector<std::string> args{TROUPE_CLUSTER_MEMBER};
    for (auto& o : options(port))
      args.push_back(o);
    return std::make_unique<test::node_process>(args);
  }

  // The endpoints registered under the prefix now.
  std::vector<std::string> registered() const {
    auto range = R"({"key":")" + cluster::base64_encode(prefix) + R"(","range_end":")"
                 + cluster::base64_encode(prefix.substr(0, prefix.size() - 1) + "0") + R"("})";
    auto a = cluster::http_post(etcd->address(), "/v3/kv/range", range, 2000ms);
    std::vector<std::string> out;
    if (!a)
      return out;
    // Each value is a base64 endpoint; the answer is small enough to scan.
    std::string::size_type at = 0;
    while ((at = a->body.find(R"("value":")", at)) != std::string::npos) {
      at += 9;
      auto end = a->body.find('"', at);
      if (auto v = cluster::base64_decode(a->body.substr(at, end - at)))
        out.push_back(*v);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  std::unique_ptr<test::etcd_server> etcd;
  std::string prefix;
};

std::string loopback(std::uint16_t port) {
  return "127.0.0.1:" + std::to_string(port);
}

// Each member's state by endpoint, as `sys` knows it.
std::map<std::string, cluster::member_state> view(actor_system& sys) {
  std::map<std::string, cluster::member_state> out;
  for (const auto& m : sys.cluster().members())
    out[m.endpoint] = m.state;
  return out;
}

std::string describe(const std::map<std::string, cluster::member_state>& v) {
  std::string out;
  for (const auto& [endpoint, state] : v)
    out += endpoint + "=" + cluster::to_string(state) + " ";
  return out;
}

std::map<std::string, cluster::member_state> all_up(const std::vector<std::uint16_t>& ports) {
  std::map<std::string, cluster::member_state> out;
  for (auto p : ports)
    out[loopback(p)] = cluster::member_state::up;
  return out;
}

} // namespace

TEST_F(etcd_cluster, members_find_each_other_and_one_that_joins_later_is_told_to_all) {
  auto ports = test_support::free_ports(4);
  std::vector<std::unique_ptr<actor_system>> members;
  for (int i = 0; i < 3; ++i)
    members.push_back(start_member(ports[i]));
  // The first registered alone; the refreshes bring it the others.
  std::vector<std::uint16_t> first_three{ports[0], ports[1], ports[2]};
  for (auto& m : members)
    EXPECT_TRUE(eventually([&] { return view(*m) == all_up(first_three); }, 10s))
      << "member " << m->cluster().rank() << ": " << describe(view(*m));
  scoped_actor self{*members[0]};
  members[0]->cluster().subscribe(self);
  for (int i = 0; i < 3; ++i)
    self->receive([](const cluster::member_up&) {}, after(5s) >> [] { ADD_FAILURE() << "no member_up"; });
  members.push_back(start_member(ports[3]));
  cluster::member_up joined;
  self->receive([&](const cluster::member_up& m) { joined = m; },
                after(10s) >> [] { ADD_FAILURE() << "no member_up for the one that joined"; });
  EXPECT_EQ(joined.who.endpoint, loopback(ports[3]));
  EXPECT_EQ(joined.who.id, 3u);
  for (auto& m : members)
    EXPECT_TRUE(eventually([&] { return view(*m) == all_up(ports); }, 10s))
      << "member " << m->cluster().rank() << ": " << describe(view(*m));
  // The member that joined is reached by the id the first gave it, over a connection opened now.
  auto echo = members[3]->spawn([](event_based_actor*) -> behavior { return {[](int x) { return x + 1; }}; });
  members[3]->registry().put("echo", echo);
  auto h = members[0]->cluster().lookup(joined.who.id, "echo");
  ASSERT_TRUE(h) << to_string(h.error());
  self->request(*h, 5s, 41)
    .receive([](int x) { EXPECT_EQ(x, 42); }, [](const error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_EQ(registered().size(), 4u);
  for (auto& m : members)
    EXPECT_EQ(m->cluster().dropped_packets(), 0u);
  anon_send_exit(echo, exit_reason::user_shutdown);
}

TEST_F(etcd_cluster, a_watch_on_the_prefix_shows_a_join_long_before_the_next_refresh) {
  // Refreshes every 30 s, and no membership protocol whose datagrams could bring one sooner: only the watch.
  auto ports = test_support::free_ports(2);
  auto start = [&](std::uint16_t port) {
    actor_system_config cfg;
    cfg.load<net::middleman>().load<cluster::module>();
    auto args = options(port);
    args.insert(args.end(),
                {"--cluster.discovery-interval=30s", "--cluster.etcd.lease=60s", "--cluster.membership=connections"});
    EXPECT_FALSE(cfg.parse(args));
    return std::make_unique<actor_system>(cfg);
  };
  auto first = start(ports[0]);
  ASSERT_EQ(first->cluster().size(), 1u);
  auto second = start(ports[1]);
  EXPECT_TRUE(eventually([&] { return first->cluster().size() == 2; }, 5s)) << "the first saw the join";
  EXPECT_EQ(first->cluster().failed_refreshes(), 0u);
}

TEST_F(etcd_cluster, a_member_that_stops_in_order_is_reported_left_and_its_key_goes) {
  auto ports = test_support::free_ports(3);
  std::vector<std::unique_ptr<actor_system>> members;
  for (auto p : ports)
    members.push_back(start_member(p));
  for (auto& m : members)
    ASSERT_TRUE(eventually([&] { return view(*m) == all_up(ports); }, 10s));
  members[2].reset();
  for (int i = 0; i < 2; ++i)
    EXPECT_TRUE(eventually([&] { return view(*members[i])[loopback(ports[2])] == cluster::member_state::left; }, 10s))
      << "member " << i;
  std::vector<std::string> survivors{loopback(ports[0]), loopback(ports[1])};
  std::sort(survivors.begin(), survivors.end());
  EXPECT_EQ(registered(), survivors) << "the member revoked its lease as it stopped";
}

TEST_F(etcd_cluster, a_killed_member_is_reported_down_by_every_survivor) {
  auto ports = test_support::free_ports(3);
  auto victim = start_process(ports[2]);
  std::vector<std::unique_ptr<actor_system>> survivors;
  survivors.push_back(start_member(ports[0]));
  survivors.push_back(start_member(ports[1]));
  for (auto& m : survivors)
    ASSERT_TRUE(eventually([&] { return view(*m) == all_up(ports); }, 10s));
  victim->kill_now();
  auto expected = all_up(ports);
  expected[loopback(ports[2])] = cluster::member_state::down;
  for (auto& m : survivors)
    EXPECT_TRUE(eventually([&] { return view(*m) == expected; }, 10s))
      << "member " << m->cluster().rank() << ": " << describe(view(*m));
  // Its key stays until its lease runs out, and goes then.
  EXPECT_TRUE(eventually([&] { return registered().size() == 2; }, 10s, 100ms));
  EXPECT_EQ(view(*survivors[0]), view(*survivors[1])) << "the survivors agree";
}

TEST_F(etcd_cluster, a_member_that_restarts_at_its_endpoint_comes_back_and_its_old_handles_stay_dead) {
  auto ports = test_support::free_ports(2);
  auto first = start_member(ports[0]);
  auto other = start_process(ports[1]);
  ASSERT_TRUE(eventually([&] { return view(*first) == all_up(ports); }, 10s));
  auto& c = first->cluster();
  auto id = c.members()[0].endpoint == loopback(ports[1]) ? 0u : 1u;
  scoped_actor self{*first};
  auto old = c.lookup(id, "echo");
  ASSERT_TRUE(old) << to_string(old.error());
  int old_pid = 0;
  self->request(*old, 5s, 1)
    .receive([&](int pid) { old_pid = pid; }, [](const error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_EQ(old_pid, other->pid());
  auto old_incarnation = c.members()[id].incarnation;
  other->kill_now();
  ASSERT_TRUE(eventually([&] { return c.members()[id].state == cluster::member_state::down; }, 10s));
  other = start_process(ports[1]);
  ASSERT_TRUE(eventually([&] { return c.members()[id].state == cluster::member_state::up; }, 10s));
  EXPECT_GT(c.members()[id].incarnation, old_incarnation);
  EXPECT_EQ(c.size(), 2u) << "the same member, not a new one";
  self->request(*old, 2s, 1)
    .receive([](int) { ADD_FAILURE() << "the old handle answered"; }, [](const error&) { /* dead, as it should be */ });
  auto fresh = c.lookup(id, "echo");
  ASSERT_TRUE(fresh) << to_string(fresh.error());
  self->request(*fresh, 5s, 1)
    .receive([&](int pid) { EXPECT_EQ(pid, other->pid()); }, [](const error& e) { ADD_FAILURE() << to_string(e); });
}

TEST_F(etcd_cluster, an_unreachable_etcd_leaves_the_cluster_with_the_members_it_knows) {
  auto ports = test_support::free_ports(3);
  test_support::log_capture log;
  std::vector<std::unique_ptr<actor_system>> members;
  members.push_back(start_member(ports[0], &log));
  members.push_back(start_member(ports[1]));
  std::vector<std::uint16_t> two{ports[0], ports[1]};
  for (auto& m : members)
    ASSERT_TRUE(eventually([&] { return view(*m) == all_up(two); }, 10s));
  etcd->freeze();
  auto& c = members[0]->cluster();
  auto failed_before = c.failed_refreshes();
  EXPECT_TRUE(eventually([&] { return c.failed_refreshes() > failed_before; }, 10s, 10ms));
  EXPECT_EQ(view(*members[0]), all_up(two)) << "the members known stay, and stay up";
  auto said = [&](const std::string& what) {
    auto lines = log.lines();
    return std::any_of(lines.begin(), lines.end(),
                       [&](const auto& l) { return l.text.find(what) != std::string::npos; });
  };
  EXPECT_TRUE(said("cluster.discovery=etcd cannot be asked")) << "the log says why";
  etcd->thaw();
  EXPECT_TRUE(eventually([&] { return said("cluster.discovery=etcd answers again"); }, 10s));
  // etcd back: a member that joins now is found again.
  members.push_back(start_member(ports[2]));
  for (auto& m : members)
    EXPECT_TRUE(eventually([&] { return view(*m) == all_up(ports); }, 10s))
      << "member " << m->cluster().rank() << ": " << describe(view(*m));
}

TEST_F(etcd_cluster, bad_options_and_an_absent_etcd_stop_the_system_from_starting) {
  auto try_start = [](std::vector<std::string> args) {
    args.insert(args.begin(), "--cluster.discovery=etcd");
    return test::start_error(args);
  };
  EXPECT_NE(try_start({"--cluster.etcd.endpoints=https://127.0.0.1:1"}).find("http://"), std::string::npos);
  EXPECT_NE(try_start({"--cluster.etcd.endpoints=" + etcd->url(), "--cluster.etcd.lease=1s"}).find("lease"),
            std::string::npos);
  auto nobody = test_support::free_ports(1)[0];
  auto absent = try_start(
    {"--cluster.etcd.endpoints=http://127.0.0.1:" + std::to_string(nobody), "--cluster.formation-timeout=500ms"});
  EXPECT_NE(absent.find("cannot register with etcd"), std::string::npos) << absent;
}

} // namespace etcd_cluster_test
