// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The logger on its own: levels, the component filter, its options, file
// output, whole lines under concurrent writers, and the TROUPE_LOG_* macros.
#include "troupe/troupe.hpp"

#include "support/log_capture.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::log_capture;

namespace troupe::test_support {
int log_below_floor_probe();
} // namespace troupe::test_support

namespace logger_test {

namespace {

logger_config quiet_config(log_capture& cap, log_level verbosity) {
  logger_config cfg;
  cfg.console = logger_config::console_mode::none;
  cfg.verbosity = verbosity;
  cfg.sink = cap.sink();
  return cfg;
}

// A file name in the temporary directory, removed at the end of the test.
class temp_file {
public:
  explicit temp_file(const std::string& stem)
    : path_(::testing::TempDir() + stem + "-" + std::to_string(::getpid()) + ".log") {
    std::remove(path_.c_str());
  }
  ~temp_file() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }
  std::vector<std::string> lines() const {
    std::ifstream in{path_};
    std::vector<std::string> result;
    for (std::string line; std::getline(in, line);)
      result.push_back(line);
    return result;
  }

private:
  std::string path_;
};

TEST(logger, writes_lines_at_or_below_the_verbosity) {
  log_capture cap;
  logger lg{quiet_config(cap, log_level::info)};
  lg.log(log_level::error, "core", "e");
  lg.log(log_level::warning, "core", "w");
  lg.log(log_level::info, "core", "i");
  lg.log(log_level::debug, "core", "d");
  lg.log(log_level::trace, "core", "t");
  auto lines = cap.lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].text, "e");
  EXPECT_EQ(lines[0].level, log_level::error);
  EXPECT_EQ(lines[1].text, "w");
  EXPECT_EQ(lines[2].text, "i");
  EXPECT_FALSE(lg.accepts(log_level::debug));
  EXPECT_TRUE(lg.accepts(log_level::info));
}

TEST(logger, quiet_writes_nothing_and_verbosity_changes_at_run_time) {
  log_capture cap;
  logger lg{quiet_config(cap, log_level::quiet)};
  lg.log(log_level::error, "core", "not written");
  EXPECT_TRUE(cap.lines().empty());
  lg.set_verbosity(log_level::debug);
  lg.log(log_level::debug, "core", "written");
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0].text, "written");
}

TEST(logger, component_filter_names_components_and_their_levels) {
  log_capture cap;
  auto cfg = quiet_config(cap, log_level::warning);
  ASSERT_FALSE(cfg.set("component-filter", "core,net:debug"));
  logger lg{cfg};
  lg.log(log_level::warning, "core", "core warning");
  lg.log(log_level::info, "core", "core info");
  lg.log(log_level::debug, "net", "net debug");
  lg.log(log_level::trace, "net", "net trace");
  lg.log(log_level::error, "scheduler", "scheduler error");
  std::vector<std::string> texts;
  for (auto& x : cap.lines())
    texts.push_back(x.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"core warning", "net debug"}));
  EXPECT_TRUE(lg.accepts(log_level::debug)); // some component writes debug
  EXPECT_FALSE(lg.accepts(log_level::debug, "core"));
}

TEST(logger, star_in_the_filter_stands_for_every_other_component) {
  log_capture cap;
  auto cfg = quiet_config(cap, log_level::warning);
  ASSERT_FALSE(cfg.set("component-filter", "*:error,net"));
  logger lg{cfg};
  lg.log(log_level::error, "scheduler", "scheduler error");
  lg.log(log_level::warning, "scheduler", "scheduler warning");
  lg.log(log_level::warning, "net", "net warning");
  std::vector<std::string> texts;
  for (auto& x : cap.lines())
    texts.push_back(x.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"scheduler error", "net warning"}));
}

TEST(logger, options_parse_from_the_command_line_and_reject_bad_values) {
  actor_system_config cfg;
  ASSERT_FALSE(
    cfg.parse({"--logger.verbosity=debug", "--logger.component-filter=core,net:trace", "--logger.file=/tmp/x.log",
               "--logger.console=none", "--logger.unmatched-warning-after=250ms", "rest"}));
  EXPECT_EQ(cfg.logger.verbosity, log_level::debug);
  ASSERT_EQ(cfg.logger.component_filter.size(), 2u);
  EXPECT_EQ(cfg.logger.component_filter[0].name, "core");
  EXPECT_FALSE(cfg.logger.component_filter[0].level.has_value());
  EXPECT_EQ(cfg.logger.component_filter[1].name, "net");
  EXPECT_EQ(cfg.logger.component_filter[1].level, log_level::trace);
  EXPECT_EQ(cfg.logger.file, "/tmp/x.log");
  EXPECT_EQ(cfg.logger.console, logger_config::console_mode::none);
  EXPECT_EQ(cfg.logger.unmatched_warning_after, 250ms);
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"rest"});
  ASSERT_FALSE(cfg.set("logger.unmatched-warning-after", "0"));
  EXPECT_EQ(cfg.logger.unmatched_warning_after, 0ns);
  ASSERT_FALSE(cfg.set("logger.console", "off"));
  EXPECT_EQ(cfg.logger.console, logger_config::console_mode::none);

  EXPECT_TRUE(cfg.parse({"--logger.verbosity=loud"}));
  EXPECT_TRUE(cfg.parse({"--logger.component-filter=core,,net"}));
  EXPECT_TRUE(cfg.parse({"--logger.component-filter=net:loud"}));
  EXPECT_TRUE(cfg.parse({"--logger.console=sometimes"}));
  EXPECT_TRUE(cfg.parse({"--logger.unmatched-warning-after=5"}));
  EXPECT_TRUE(cfg.parse({"--logger.colour=on"}));
  auto help = actor_system_config::help_text();
  EXPECT_NE(help.find("--logger.verbosity"), std::string::npos);
  EXPECT_NE(help.find("--logger.file"), std::string::npos);
  EXPECT_NE(help.find("--logger.unmatched-warning-after"), std::string::npos);
}

TEST(logger, options_are_read_from_a_config_file) {
  temp_file file{"logger-options"};
  {
    std::ofstream out{file.path()};
    out << "logger.verbosity = info\nlogger.component-filter = core:trace # comment\n";
  }
  actor_system_config cfg;
  ASSERT_FALSE(cfg.parse({"--config-file=" + file.path()}));
  EXPECT_EQ(cfg.logger.verbosity, log_level::info);
  ASSERT_EQ(cfg.logger.component_filter.size(), 1u);
  EXPECT_EQ(cfg.logger.component_filter[0].level, log_level::trace);
}

TEST(logger, file_output_has_time_level_component_and_text) {
  temp_file file{"logger-file"};
  {
    logger_config cfg;
    cfg.console = logger_config::console_mode::none;
    cfg.verbosity = log_level::info;
    cfg.file = file.path();
    logger lg{cfg};
    lg.log(log_level::warning, "core", "first line");
    lg.log(log_level::debug, "core", "filtered out");
    lg.log(log_level::info, "net", "second line");
  }
  auto lines = file.lines();
  ASSERT_EQ(lines.size(), 2u);
  std::regex time{R"(^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} )"};
  EXPECT_TRUE(std::regex_search(lines[0], time)) << lines[0];
  EXPECT_NE(lines[0].find(" WARNING core: first line"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find(" INFO net: second line"), std::string::npos) << lines[1];
}

TEST(logger, lines_about_an_actor_carry_its_id_and_name) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg);
  actor_system sys{cfg};
  scoped_actor self{sys};
  sys.logger().log(log_level::info, "core", "about self", self.ptr());
  auto lines = cap.lines();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].actor, self.id());
  EXPECT_EQ(lines[0].actor_name, self->name());
  EXPECT_NE(lines[0].line.find(" INFO core actor#" + std::to_string(self.id()) + " ("), std::string::npos)
    << lines[0].line;
}

// Many threads write long lines to one file; each line must come out whole.
TEST(logger, concurrent_writers_never_interleave_within_a_line) {
  temp_file file{"logger-concurrent"};
  constexpr int threads = 8;
  constexpr int per_thread = 300;
  const std::string filler(200, 'x');
  {
    logger_config cfg;
    cfg.console = logger_config::console_mode::none;
    cfg.file = file.path();
    logger lg{cfg};
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; ++t)
      writers.emplace_back([&, t] {
        for (int i = 0; i < per_thread; ++i)
          lg.log(log_level::warning, "stress",
                 "writer " + std::to_string(t) + " line " + std::to_string(i) + " " + filler + " end");
      });
    for (auto& w : writers)
      w.join();
  }
  auto lines = file.lines();
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(threads * per_thread));
  std::regex whole{R"(^\S+ \S+ WARNING stress: writer (\d+) line (\d+) x{200} end$)"};
  std::set<std::pair<int, int>> seen;
  for (auto& line : lines) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, whole)) << line;
    seen.emplace(std::stoi(m[1]), std::stoi(m[2]));
  }
  EXPECT_EQ(seen.size(), lines.size());
}

TEST(logger_macros, a_disabled_statement_does_not_evaluate_its_arguments) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::warning);
  actor_system sys{cfg}; // the default system: the macros log through its logger
  int evaluated = 0;
  auto count = [&] { return ++evaluated; };
  TROUPE_LOG_DEBUG("core", "debug " << count());
  TROUPE_LOG_INFO("core", "info " << count());
  EXPECT_EQ(evaluated, 0);
  TROUPE_LOG_WARNING("core", "warning " << count());
  EXPECT_EQ(evaluated, 1);
  auto lines = cap.lines();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].text, "warning 1");
  EXPECT_EQ(lines[0].level, log_level::warning);
  EXPECT_EQ(lines[0].actor, 0u); // not inside an actor
}

TEST(logger_macros, a_filtered_component_does_not_evaluate_its_arguments) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::trace);
  ASSERT_FALSE(cfg.set("logger.component-filter", "net"));
  actor_system sys{cfg};
  int evaluated = 0;
  auto count = [&] { return ++evaluated; };
  TROUPE_LOG_ERROR("core", "core " << count());
  TROUPE_LOG_TRACE("net", "net " << count());
  EXPECT_EQ(evaluated, 1);
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0].text, "net 1");
}

TEST(logger_macros, statements_above_the_compile_time_floor_vanish) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::trace);
  actor_system sys{cfg};
  // The probe's file sets TROUPE_LOG_LEVEL to 2: only error and warning remain.
  EXPECT_EQ(test_support::log_below_floor_probe(), 2);
  EXPECT_EQ(cap.lines().size(), 2u);
}

TEST(logger_macros, inside_a_handler_the_line_names_the_actor) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::info);
  cfg.set_scheduler(1);
  actor_system sys{cfg};
  auto a = sys.spawn([](event_based_actor* self) -> behavior {
    return {[=](int x) {
      EXPECT_EQ(this_actor(), self);
      TROUPE_LOG_INFO("app", "got " << x);
      return x;
    }};
  });
  scoped_actor self{sys};
  EXPECT_EQ(this_actor(), nullptr);
  self->request(a, 5s, 7).receive([](int) {}, [](const error& err) { FAIL() << to_string(err); });
  auto lines = cap.containing("got 7");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].actor, a.id());
  EXPECT_EQ(lines[0].actor_name, "actor");
  EXPECT_EQ(lines[0].component, "app");
}

TEST(logger_macros, without_a_system_the_fallback_logger_is_used) {
  EXPECT_EQ(actor_system::current(), nullptr);
  EXPECT_EQ(&logger::current(), &logger::fallback());
  EXPECT_EQ(logger::fallback().verbosity(), log_level::warning);
}

} // namespace

} // namespace logger_test
