// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Modules (cfg.load<M>()): their options, their life cycle inside a system,
// and duration-valued options.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace module_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> events;

struct probe_settings {
  std::chrono::nanoseconds period = 250ms;
  int level = 1;
};

class probe_module final : public actor_system_module {
public:
  using settings = probe_settings;
  static constexpr kind static_kind = actor_system_module::opencl_manager; // any free slot

  static void add_options(actor_system_config& cfg, settings& s) {
    cfg.add_option("probe.period", s.period, "how often").add_option("probe.level", s.level, "how much");
  }
  static std::unique_ptr<actor_system_module> make(actor_system& sys, const settings& s) {
    return std::make_unique<probe_module>(sys, s);
  }

  probe_module(actor_system& sys, const settings& s) : sys_(sys), s_(s) {}
  kind module_kind() const noexcept override { return static_kind; }
  void start() override {
    events.push_back("start " + std::to_string(s_.level) + " " + std::to_string(s_.period.count()));
  }
  void stop() override { events.push_back("stop, actors running: " + std::to_string(sys_.running_actors())); }

private:
  actor_system& sys_;
  settings s_;
};

TEST(module, options_reach_the_module_and_it_starts_and_stops_with_the_system) {
  events.clear();
  actor_system_config cfg;
  cfg.load<probe_module>().load<probe_module>(); // the second load changes nothing
  EXPECT_TRUE(cfg.has_module(actor_system_module::opencl_manager));
  EXPECT_FALSE(cfg.has_module(actor_system_module::middleman));
  EXPECT_NE(cfg.help().find("--probe.period=VALUE"), std::string::npos);
  EXPECT_NE(cfg.help().find("(default: 250ms)"), std::string::npos);
  ASSERT_FALSE(cfg.parse(std::vector<std::string>{"--probe.period=2s", "--probe.level=3"}));
  {
    actor_system sys{cfg};
    ASSERT_NE(sys.find_module(actor_system_module::opencl_manager), nullptr);
    EXPECT_EQ(sys.find_module(actor_system_module::middleman), nullptr);
    sys.spawn([] { return behavior{[](int) {}}; }); // idle: ends as unreachable once the handle is gone
    EXPECT_EQ(events, std::vector<std::string>{"start 3 2000000000"});
  }
  // Stopped after every actor was done, before the scheduler.
  EXPECT_EQ(events, (std::vector<std::string>{"start 3 2000000000", "stop, actors running: 0"}));
}

TEST(module, a_copied_config_keeps_the_module_and_its_settings) {
  events.clear();
  actor_system_config cfg;
  cfg.load<probe_module>();
  auto copy = cfg;
  ASSERT_FALSE(copy.set("probe.level", "7"));
  { actor_system sys{copy}; }
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front(), "start 7 250000000");
}

TEST(module, without_a_network_layer_a_node_monitor_fires_at_once) {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto other = node_id::make_local();
  self->monitor(other);
  node_down_msg received;
  self->receive([&](node_down_msg& m) { received = m; }, after(10s) >> [] {});
  EXPECT_EQ(received.node, other);
  EXPECT_EQ(received.reason, exit_reason::remote_link_unreachable);
  EXPECT_EQ(to_string(received).rfind("node_down_msg(", 0), 0u);
}

TEST(module, duration_options_take_units) {
  std::chrono::nanoseconds d{};
  actor_system_config cfg;
  cfg.add_option("d", d, "a duration");
  for (auto [text, expected] : std::vector<std::pair<std::string, std::chrono::nanoseconds>>{
         {"5ns", 5ns}, {"10us", 10us}, {"250ms", 250ms}, {"250", 250ms}, {"2s", 2s}, {"1min", 60s}}) {
    EXPECT_FALSE(cfg.set("d", text)) << text;
    EXPECT_EQ(d, expected) << text;
  }
  for (auto bad : {"", "ms", "-1s", "5 s", "5h", "3.5s", "99999999999999999999min"})
    EXPECT_TRUE(cfg.set("d", bad)) << bad;
}

} // namespace

} // namespace module_test
