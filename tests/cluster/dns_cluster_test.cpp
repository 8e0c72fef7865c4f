// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Service clusters found through DNS: a real dnsmasq in a network namespace
// the test creates, reached over a veth pair. Members listed by A records at
// a shared port, one added to the records later, one killed and one stopped
// in order, with every survivor agreeing; members listed by SRV records at
// ports of their own; a DNS server that stops answering leaves the cluster
// with the members it knows; and options that cannot work stop the system.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cluster_test_support.hpp"
#include "dns_server.hpp"
#include "node_process.hpp"
#include "support/eventually.hpp"
#include "support/loopback.hpp"
#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

namespace dns_cluster_test {

using namespace troupe;
using namespace std::chrono_literals;
using test_support::eventually;

namespace {

using state_map = std::map<std::string, cluster::member_state>;

const char* service = "svc.troupe.test";

std::vector<std::string> quick_options(const std::string& server, const std::string& endpoint) {
  return {
    "--cluster.discovery=dns",          "--cluster.dns.name=" + std::string{service}, "--cluster.dns.server=" + server,
    "--cluster.endpoint=" + endpoint,   "--cluster.discovery-interval=100ms",         "--cluster.probe-interval=50ms",
    "--cluster.suspicion-timeout=500ms"};
}

std::unique_ptr<actor_system> start_member(const std::string& server, const std::string& endpoint) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  EXPECT_FALSE(cfg.parse(quick_options(server, endpoint)));
  return std::make_unique<actor_system>(cfg);
}

state_map view(actor_system& sys) {
  state_map out;
  for (const auto& m : sys.cluster().members())
    out[m.endpoint] = m.state;
  return out;
}

std::string describe(const state_map& v) {
  std::string out;
  for (const auto& [endpoint, state] : v)
    out += endpoint + "=" + cluster::to_string(state) + " ";
  return out;
}

state_map all_up(const std::vector<std::string>& endpoints) {
  state_map out;
  for (const auto& e : endpoints)
    out[e] = cluster::member_state::up;
  return out;
}

std::string hosts_line(const std::string& address) {
  return address + " " + service;
}

class dns_cluster : public ::testing::Test {
protected:
  void SetUp() override {
    if (auto why = test::dns_server::missing(); !why.empty())
      GTEST_SKIP() << why;
  }
};

} // namespace

TEST_F(dns_cluster, members_listed_by_address_records_join_crash_and_leave_and_the_survivors_agree) {
  // Every member at the same port, each at an address of its own on loopback.
  auto port = std::to_string(test_support::free_ports(1)[0]);
  std::vector<std::string> addresses{"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"};
  std::vector<std::string> endpoints;
  for (const auto& a : addresses)
    endpoints.push_back(a + ":" + port);
  test::dns_server dns{{hosts_line(addresses[0]), hosts_line(addresses[1]), hosts_line(addresses[2])}};
  std::vector<std::unique_ptr<actor_system>> members;
  for (int i = 0; i < 3; ++i)
    members.push_back(start_member(dns.server(), endpoints[i]));
  std::vector<std::string> three{endpoints.begin(), endpoints.begin() + 3};
  for (auto& m : members)
    ASSERT_TRUE(eventually([&] { return view(*m) == all_up(three); }, 10s)) << describe(view(*m));
  // A fourth, in a process of its own, appears in DNS and starts.
  dns.set_hosts(
    {hosts_line(addresses[0]), hosts_line(addresses[1]), hosts_line(addresses[2]), hosts_line(addresses[3])});
  std::vector<std::string> args{TROUPE_CLUSTER_MEMBER};
  for (auto& o : quick_options(dns.server(), endpoints[3]))
    args.push_back(o);
  auto fourth = std::make_unique<test::node_process>(args);
  for (auto& m : members)
    EXPECT_TRUE(eventually([&] { return view(*m) == all_up(endpoints); }, 10s)) << describe(view(*m));
  // It crashes: every survivor reports it down.
  fourth->kill_now();
  auto expected = all_up(endpoints);
  expected[endpoints[3]] = cluster::member_state::down;
  for (auto& m : members)
    EXPECT_TRUE(eventually([&] { return view(*m) == expected; }, 10s)) << describe(view(*m));
  // One stops in order: the other two report it left, and agree.
  members[2].reset();
  expected[endpoints[2]] = cluster::member_state::left;
  for (int i = 0; i < 2; ++i)
    EXPECT_TRUE(eventually([&] { return view(*members[i]) == expected; }, 10s)) << describe(view(*members[i]));
  EXPECT_EQ(view(*members[0]), view(*members[1]));
}

TEST_F(dns_cluster, members_listed_by_srv_records_each_at_its_own_port) {
  auto ports = test_support::free_ports(3);
  std::vector<std::string> srv, targets, endpoints;
  for (int i = 0; i < 3; ++i) {
    auto host = "n" + std::to_string(i) + ".troupe.test";
    srv.push_back(std::string{"_troupe._tcp."} + service + "," + host + "," + std::to_string(ports[i]));
    targets.push_back(host + ",127.0.0.1");
    endpoints.push_back("127.0.0.1:" + std::to_string(ports[i]));
  }
  test::dns_server dns{{}, srv, targets};
  std::vector<std::unique_ptr<actor_system>> members;
  for (int i = 0; i < 3; ++i) {
    actor_system_config cfg;
    cfg.load<net::middleman>().load<cluster::module>();
    auto args = quick_options(dns.server(), endpoints[i]);
    args.push_back(std::string{"--cluster.dns.name=_troupe._tcp."} + service);
    EXPECT_FALSE(cfg.parse(args));
    members.push_back(std::make_unique<actor_system>(cfg));
  }
  for (auto& m : members) {
    EXPECT_TRUE(eventually([&] { return view(*m) == all_up(endpoints); }, 10s)) << describe(view(*m));
    EXPECT_EQ(m->cluster().failed_refreshes(), 0u);
  }
}

TEST_F(dns_cluster, a_server_that_stops_answering_leaves_the_cluster_with_the_members_it_knows) {
  auto port = std::to_string(test_support::free_ports(1)[0]);
  std::vector<std::string> endpoints{"127.0.0.2:" + port, "127.0.0.3:" + port};
  test::dns_server dns{{hosts_line("127.0.0.2"), hosts_line("127.0.0.3")}};
  auto first = start_member(dns.server(), endpoints[0]);
  auto second = start_member(dns.server(), endpoints[1]);
  ASSERT_TRUE(eventually([&] { return view(*first) == all_up(endpoints); }, 10s)) << describe(view(*first));
  dns.freeze();
  auto failed = first->cluster().failed_refreshes();
  EXPECT_TRUE(eventually([&] { return first->cluster().failed_refreshes() > failed; }, 15s, 10ms));
  EXPECT_EQ(view(*first), all_up(endpoints)) << "the members known stay, and stay up";
  dns.thaw();
  auto again = first->cluster().failed_refreshes();
  std::this_thread::sleep_for(3s); // a refresh that was waiting on the frozen server ends, then the next succeed
  EXPECT_TRUE(eventually([&] { return first->cluster().failed_refreshes() == again; }, 1s));
}

TEST(dns_cluster_options, options_that_cannot_work_stop_the_system_from_starting) {
  auto try_start = [](std::vector<std::string> args) {
    args.insert(args.begin(), "--cluster.discovery=dns");
    return test::start_error(args);
  };
  EXPECT_NE(try_start({}).find("cluster.dns.name"), std::string::npos);
  EXPECT_NE(try_start({"--cluster.dns.name=x.test", "--cluster.dns.server=dns.local:53"}).find("IPv4"),
            std::string::npos);
  // Nobody answers at this port of loopback: the formation gives up with a clear error.
  auto nobody = test_support::free_ports(1)[0];
  auto absent = try_start({"--cluster.dns.name=x.test", "--cluster.dns.server=127.0.0.1:" + std::to_string(nobody),
                           "--cluster.formation-timeout=100ms"});
  EXPECT_NE(absent.find("cannot ask DNS"), std::string::npos) << absent;
}

} // namespace dns_cluster_test
