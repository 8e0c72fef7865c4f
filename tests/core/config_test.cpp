// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// actor_system_config: command-line and config-file parsing, error reporting,
// the remainder, and systems built from parsed configurations.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <pthread.h>
#include <unistd.h>

namespace config_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

namespace fs = std::filesystem;

// A file in the temp directory, removed at scope exit.
class temp_file {
public:
  explicit temp_file(const std::string& content) {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path()
            / ("troupe_config_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".conf");
    std::ofstream out{path_, std::ios::binary};
    out << content;
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  ~temp_file() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  std::string path() const { return path_.string(); }

private:
  fs::path path_;
};

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// Runs a small workload on a system built from cfg: a request round trip and a
// fan-out of 64 actors reporting back. Returns true if all answers arrived.
bool runs_actors(const actor_system_config& cfg) {
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto adder = sys.spawn([]() -> behavior { return {[](int a, int b) { return a + b; }}; });
  int sum = 0;
  self->request(adder, 5s, 40, 2).receive([&](int x) { sum = x; }, [](error&) {});
  if (sum != 42)
    return false;
  constexpr int n = 64;
  for (int i = 0; i < n; ++i)
    sys.spawn([](event_based_actor* s, actor parent, int i) { s->send(parent, i); }, actor{self}, i);
  long total = 0;
  int received = 0;
  bool timed_out = false;
  self->receive_while([&] { return received < n && !timed_out; },
                      [&](int i) {
                        total += i;
                        ++received;
                      },
                      after(5s) >> [&] { timed_out = true; });
  return !timed_out && total == n * (n - 1) / 2;
}

template <class Policy>
bool uses_policy(actor_system& sys) {
  return dynamic_cast<scheduler::coordinator<Policy>*>(&sys.scheduler()) != nullptr;
}

} // namespace

// Defaults: hardware concurrency, 300 messages per resume, work stealing.
TEST(config, defaults) {
  actor_system_config cfg;
  EXPECT_EQ(cfg.workers, 0u);
  EXPECT_EQ(cfg.max_throughput, 300u);
  EXPECT_EQ(cfg.policy_name, "stealing");
  EXPECT_TRUE(cfg.remainder().empty());
  actor_system sys{cfg};
  EXPECT_GE(sys.scheduler().num_workers(), 1u);
  EXPECT_EQ(sys.scheduler().max_throughput(), 300u);
  EXPECT_TRUE(uses_policy<policy::work_stealing>(sys));
}

// --scheduler.workers=N sets the number of worker threads.
TEST(config, scheduler_workers) {
  actor_system_config cfg;
  ASSERT_FALSE(cfg.parse({"--scheduler.workers=3"}));
  EXPECT_EQ(cfg.workers, 3u);
  actor_system sys{cfg};
  EXPECT_EQ(sys.scheduler().num_workers(), 3u);
}

// --scheduler.max-throughput=N sets the messages per resume.
TEST(config, scheduler_max_throughput) {
  actor_system_config cfg;
  ASSERT_FALSE(cfg.parse({"--scheduler.max-throughput=7"}));
  EXPECT_EQ(cfg.max_throughput, 7u);
  actor_system sys{cfg};
  EXPECT_EQ(sys.scheduler().max_throughput(), 7u);
}

// --scheduler.policy=sharing|stealing selects the scheduler implementation.
TEST(config, scheduler_policy) {
  {
    actor_system_config cfg;
    ASSERT_FALSE(cfg.parse({"--scheduler.policy=sharing"}));
    EXPECT_EQ(cfg.policy_name, "sharing");
    actor_system sys{cfg};
    EXPECT_TRUE(uses_policy<policy::work_sharing>(sys));
  }
  {
    actor_system_config cfg;
    ASSERT_FALSE(cfg.parse({"--scheduler.policy=sharing", "--scheduler.policy=stealing"}));
    EXPECT_EQ(cfg.policy_name, "stealing");
    actor_system sys{cfg};
    EXPECT_TRUE(uses_policy<policy::work_stealing>(sys));
  }
}

// The argc/argv overload skips argv[0] and reads the rest.
TEST(config, parse_argc_argv_skips_program_name) {
  std::vector<std::string> args{"--scheduler.workers=bogus", "--scheduler.workers=2", "--scheduler.max-throughput=11",
                                "--scheduler.policy=sharing", "file.txt"};
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  actor_system_config cfg;
  auto err = cfg.parse(static_cast<int>(argv.size()), argv.data());
  ASSERT_FALSE(err) << to_string(err);
  EXPECT_EQ(cfg.workers, 2u);
  EXPECT_EQ(cfg.max_throughput, 11u);
  EXPECT_EQ(cfg.policy_name, "sharing");
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"file.txt"});
}

// --config-file=PATH reads name=value lines ('#' comments, blank lines, spaces
// around '=', CRLF line ends).
TEST(config, config_file) {
  temp_file file{"# troupe settings\n"
                 "\n"
                 "scheduler.workers = 3   # three threads\r\n"
                 "  scheduler.max-throughput=17\n"
                 "scheduler.policy =sharing\n"
                 "# scheduler.workers = 9\n"};
  actor_system_config cfg;
  auto err = cfg.parse({"--config-file=" + file.path()});
  ASSERT_FALSE(err) << to_string(err);
  EXPECT_EQ(cfg.workers, 3u);
  EXPECT_EQ(cfg.max_throughput, 17u);
  EXPECT_EQ(cfg.policy_name, "sharing");
  actor_system sys{cfg};
  EXPECT_EQ(sys.scheduler().num_workers(), 3u);
  EXPECT_EQ(sys.scheduler().max_throughput(), 17u);
  EXPECT_TRUE(uses_policy<policy::work_sharing>(sys));
}

// Options apply in command-line order: a later option overrides the file and vice versa.
TEST(config, config_file_and_command_line_apply_in_order) {
  temp_file file{"scheduler.workers=3\n"};
  {
    actor_system_config cfg;
    ASSERT_FALSE(cfg.parse({"--config-file=" + file.path(), "--scheduler.workers=5"}));
    EXPECT_EQ(cfg.workers, 5u);
  }
  {
    actor_system_config cfg;
    ASSERT_FALSE(cfg.parse({"--scheduler.workers=5", "--config-file=" + file.path()}));
    EXPECT_EQ(cfg.workers, 3u);
  }
}

// An empty or comment-only config file is fine.
TEST(config, empty_config_file) {
  temp_file file{"# nothing here\n\n   \n"};
  actor_system_config cfg;
  EXPECT_FALSE(cfg.parse({"--config-file=" + file.path()}));
  EXPECT_EQ(cfg.workers, 0u);
}

// set(name, value) sets one option by name.
TEST(config, set_by_name) {
  actor_system_config cfg;
  EXPECT_FALSE(cfg.set("scheduler.workers", "4"));
  EXPECT_FALSE(cfg.set("scheduler.max-throughput", "9"));
  EXPECT_FALSE(cfg.set("scheduler.policy", "sharing"));
  EXPECT_EQ(cfg.workers, 4u);
  EXPECT_EQ(cfg.max_throughput, 9u);
  EXPECT_EQ(cfg.policy_name, "sharing");
  auto err = cfg.set("no.such.option", "1");
  EXPECT_EQ(err, sec::invalid_argument);
  EXPECT_TRUE(contains(err.context(), "no.such.option")) << to_string(err);
}

// An unknown troupe option is an error naming the option.
TEST(config, unknown_option_is_an_error_with_context) {
  actor_system_config cfg;
  auto err = cfg.parse({"--scheduler.bogus=1"});
  EXPECT_EQ(err, sec::invalid_argument);
  EXPECT_TRUE(contains(err.context(), "scheduler.bogus")) << to_string(err);
}

// Malformed values are errors naming the option and the value.
TEST(config, malformed_values_are_errors_with_context) {
  struct bad_case {
    std::string arg;
    std::string expect_in_context;
  };
  std::vector<bad_case> cases{
    {"--scheduler.workers=abc", "scheduler.workers=abc"},
    {"--scheduler.workers=", "scheduler.workers"},
    {"--scheduler.workers=-1", "scheduler.workers=-1"},
    {"--scheduler.workers=3x", "scheduler.workers=3x"},
    {"--scheduler.workers=2.5", "scheduler.workers=2.5"},
    {"--scheduler.workers=99999", "scheduler.workers=99999"},
    {"--scheduler.workers=99999999999999999999999", "scheduler.workers=99999999999999999999999"},
    {"--scheduler.max-throughput=0", "scheduler.max-throughput=0"},
    {"--scheduler.max-throughput=many", "scheduler.max-throughput=many"},
    {"--scheduler.policy=fifo", "scheduler.policy=fifo"},
    {"--scheduler.policy=", "scheduler.policy"},
    {"--scheduler.workers", "scheduler.workers"},
    {"--config-file", "config-file"},
  };
  for (const auto& c : cases) {
    actor_system_config cfg;
    auto err = cfg.parse({c.arg});
    EXPECT_EQ(err, sec::invalid_argument) << c.arg << " -> " << to_string(err);
    EXPECT_TRUE(contains(err.context(), c.expect_in_context)) << c.arg << " -> " << to_string(err);
  }
}

// An unreadable config file is an error naming the file.
TEST(config, missing_config_file_is_an_error_with_context) {
  auto path = (fs::temp_directory_path() / "troupe_config_test_does_not_exist.conf").string();
  actor_system_config cfg;
  auto err = cfg.parse({"--config-file=" + path});
  EXPECT_EQ(err, sec::invalid_argument);
  EXPECT_TRUE(contains(err.context(), path)) << to_string(err);
}

// Errors inside a config file name the file and the line.
TEST(config, config_file_errors_name_file_and_line) {
  {
    temp_file file{"scheduler.workers=2\n# ok\nscheduler.workers 3\n"};
    actor_system_config cfg;
    auto err = cfg.parse({"--config-file=" + file.path()});
    EXPECT_EQ(err, sec::invalid_argument);
    EXPECT_TRUE(contains(err.context(), file.path() + ":3")) << to_string(err);
  }
  {
    temp_file file{"scheduler.workers=2\nscheduler.colour=blue\n"};
    actor_system_config cfg;
    auto err = cfg.parse({"--config-file=" + file.path()});
    EXPECT_EQ(err, sec::invalid_argument);
    EXPECT_TRUE(contains(err.context(), file.path() + ":2")) << to_string(err);
    EXPECT_TRUE(contains(err.context(), "scheduler.colour")) << to_string(err);
  }
  {
    temp_file file{"\n\n\n\nscheduler.max-throughput=zero\n"};
    actor_system_config cfg;
    auto err = cfg.parse({"--config-file=" + file.path()});
    EXPECT_EQ(err, sec::invalid_argument);
    EXPECT_TRUE(contains(err.context(), file.path() + ":5")) << to_string(err);
    EXPECT_TRUE(contains(err.context(), "zero")) << to_string(err);
  }
}

// A config file that includes itself is malformed input: parse() reports an
// error (it must neither recurse until the stack overflows nor hang). Runs in a
// child process, on a thread with a 1 MiB stack, so that a crash fails only this
// test and fails it quickly.
TEST(config, self_including_config_file_is_an_error) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  temp_file file{""};
  {
    std::ofstream out{file.path()};
    out << "config-file=" << file.path() << "\n";
  }
  auto path = file.path();
  EXPECT_EXIT(
    {
      struct job {
        std::string path;
        bool ok = false;
      } j{path};
      auto run = [](void* arg) -> void* {
        auto* jp = static_cast<job*>(arg);
        actor_system_config cfg;
        auto err = cfg.parse({"--config-file=" + jp->path});
        jp->ok = err && err == sec::invalid_argument && contains(err.context(), jp->path);
        return nullptr;
      };
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setstacksize(&attr, 1 << 20);
      pthread_t tid;
      if (pthread_create(&tid, &attr, run, &j) != 0)
        std::exit(2);
      pthread_join(tid, nullptr);
      std::exit(j.ok ? 0 : 1);
    },
    testing::ExitedWithCode(0), "");
}

// remainder() keeps every argument that is not a troupe option, in order.
TEST(config, remainder_keeps_non_troupe_arguments) {
  actor_system_config cfg;
  auto err = cfg.parse({"input.txt", "--verbose", "-x", "--scheduler.workers=2", "--other.opt=1", "--config-files=x",
                        "--schedulerish=3", "--", "last"});
  ASSERT_FALSE(err) << to_string(err);
  EXPECT_EQ(cfg.workers, 2u);
  std::vector<std::string> expected{"input.txt",        "--verbose",        "-x", "--other.opt=1",
                                    "--config-files=x", "--schedulerish=3", "--", "last"};
  EXPECT_EQ(cfg.remainder(), expected);
  // A second parse starts a new remainder.
  ASSERT_FALSE(cfg.parse({"again"}));
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"again"});
}

// "--" ends the options: it and everything after it stay in remainder(),
// unread, even troupe's own options.
TEST(config, double_dash_ends_the_options) {
  actor_system_config cfg;
  ASSERT_FALSE(cfg.parse({"--scheduler.workers=2", "a", "--", "--scheduler.workers=3", "--", "-x"}));
  EXPECT_EQ(cfg.workers, 2u);
  std::vector<std::string> expected{"a", "--", "--scheduler.workers=3", "--", "-x"};
  EXPECT_EQ(cfg.remainder(), expected);
  // A malformed option after it is no error either: it is not read.
  ASSERT_FALSE(cfg.parse({"--", "--scheduler.workers=many"}));
  EXPECT_EQ(cfg.workers, 2u);
}

// help_text() documents every option.
TEST(config, help_text_lists_all_options) {
  auto text = actor_system_config::help_text();
  for (auto opt : {"--scheduler.workers", "--scheduler.max-throughput", "--scheduler.policy", "--config-file"})
    EXPECT_TRUE(contains(text, opt)) << opt;
}

// A system built with each policy (and from a config file) runs actors.
TEST(config, systems_with_each_policy_run_actors) {
  for (std::string policy : {"sharing", "stealing"}) {
    for (std::string workers : {"1", "3"}) {
      actor_system_config cfg;
      ASSERT_FALSE(
        cfg.parse({"--scheduler.policy=" + policy, "--scheduler.workers=" + workers, "--scheduler.max-throughput=2"}));
      EXPECT_TRUE(runs_actors(cfg)) << policy << " with " << workers << " workers";
    }
  }
  temp_file file{"scheduler.policy=sharing\nscheduler.workers=2\n"};
  actor_system_config cfg;
  ASSERT_FALSE(cfg.parse({"--config-file=" + file.path()}));
  EXPECT_TRUE(runs_actors(cfg));
}

} // namespace config_test
