// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// exec_main (what TROUPE_MAIN's main() runs) and the program options of
// actor_system_config::add_option. The macro itself runs as a real program in
// the example.troupe_main tests.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace troupe;

namespace {

// argv for exec_main from a list of arguments (argv[0] is "prog").
class args {
public:
  args(std::initializer_list<std::string> xs) : storage_{"prog"} {
    storage_.insert(storage_.end(), xs);
    for (auto& s : storage_)
      ptrs_.push_back(s.data());
    ptrs_.push_back(nullptr);
  }
  int argc() const { return static_cast<int>(storage_.size()); }
  char** argv() { return ptrs_.data(); }

private:
  std::vector<std::string> storage_;
  std::vector<char*> ptrs_;
};

struct app_config : actor_system_config {
  int port = 8080;
  std::string host = "localhost";
  bool dry_run = false;
  double ratio = 0.5;
  app_config() {
    add_option("port", port, "port to listen on")
      .add_option("host", host, "host to connect to")
      .add_option("dry-run", dry_run, "change nothing")
      .add_option("ratio", ratio, "a fraction");
  }
};

// What the last troupe_main below saw.
app_config seen;
int calls = 0;
std::vector<std::string> seen_remainder;

int typed_main(actor_system& sys, const app_config& cfg) {
  ++calls;
  seen.port = cfg.port;
  seen.host = cfg.host;
  seen.dry_run = cfg.dry_run;
  seen.ratio = cfg.ratio;
  seen_remainder = cfg.remainder();
  return sys.node().valid() ? cfg.port % 256 : 99;
}

void plain_main(actor_system& sys) {
  ++calls;
  auto a = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  anon_send(a, exit_msg{actor_addr{}, exit_reason::kill});
}

void base_config_main(actor_system&, const actor_system_config& cfg) {
  ++calls;
  seen_remainder = cfg.remainder();
}

// Captures what a function prints to stdout or stderr.
class capture {
public:
  explicit capture(FILE* stream) : stream_(stream) {
    std::fflush(stream_);
    saved_ = dup(fileno(stream_));
    file_ = std::tmpfile();
    dup2(fileno(file_), fileno(stream_));
  }
  std::string finish() {
    std::fflush(stream_);
    dup2(saved_, fileno(stream_));
    close(saved_);
    std::string text;
    std::rewind(file_);
    for (int c; (c = std::fgetc(file_)) != EOF;)
      text += static_cast<char>(c);
    std::fclose(file_);
    return text;
  }

private:
  FILE* stream_;
  FILE* file_;
  int saved_;
};

TEST(exec_main, passes_parsed_user_options) {
  calls = 0;
  args a{"--port=8081", "--host=example.org", "--dry-run", "--ratio=0.25", "input.txt"};
  EXPECT_EQ(exec_main(&typed_main, a.argc(), a.argv()), 8081 % 256);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen.port, 8081);
  EXPECT_EQ(seen.host, "example.org");
  EXPECT_TRUE(seen.dry_run);
  EXPECT_DOUBLE_EQ(seen.ratio, 0.25);
  EXPECT_EQ(seen_remainder, std::vector<std::string>{"input.txt"});
}

TEST(exec_main, void_main_returns_zero) {
  calls = 0;
  args a{"--scheduler.workers=2"};
  EXPECT_EQ(exec_main(&plain_main, a.argc(), a.argv()), 0);
  EXPECT_EQ(calls, 1);
}

TEST(exec_main, base_config_parameter) {
  calls = 0;
  args a{"x", "y"};
  EXPECT_EQ(exec_main(&base_config_main, a.argc(), a.argv()), 0);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen_remainder, (std::vector<std::string>{"x", "y"}));
}

TEST(exec_main, help_lists_options_and_skips_main) {
  calls = 0;
  args a{"--port=1", "--help"};
  capture out{stdout};
  int rc = exec_main(&typed_main, a.argc(), a.argv());
  auto text = out.finish();
  EXPECT_EQ(rc, 0);
  EXPECT_EQ(calls, 0);
  EXPECT_NE(text.find("Usage: prog"), std::string::npos) << text;
  EXPECT_NE(text.find("--port=VALUE"), std::string::npos) << text;
  EXPECT_NE(text.find("port to listen on (default: 8080)"), std::string::npos) << text;
  EXPECT_NE(text.find("--host=VALUE"), std::string::npos) << text;
  EXPECT_NE(text.find("(default: localhost)"), std::string::npos) << text;
  EXPECT_NE(text.find("--dry-run "), std::string::npos) << text;
  EXPECT_NE(text.find("--scheduler.workers=N"), std::string::npos) << text;
}

TEST(exec_main, bad_values_and_unknown_options_fail) {
  calls = 0;
  for (auto bad : {"--port=eighty", "--port=", "--port", "--dry-run=maybe", "--ratio=x", "--scheduler.workers=many",
                   "--no-such-option", "--no-such=1"}) {
    args a{bad};
    capture err{stderr};
    int rc = exec_main(&typed_main, a.argc(), a.argv());
    auto text = err.finish();
    EXPECT_EQ(rc, 1) << bad;
    EXPECT_NE(text.find("prog: "), std::string::npos) << bad << ": " << text;
    EXPECT_NE(text.find("see --help"), std::string::npos) << bad << ": " << text;
  }
  EXPECT_EQ(calls, 0);
}

TEST(exec_main, unknown_option_is_named) {
  args a{"--verbose"};
  capture err{stderr};
  EXPECT_EQ(exec_main(&plain_main, a.argc(), a.argv()), 1);
  EXPECT_NE(err.finish().find("unknown option --verbose"), std::string::npos);
}

TEST(exec_main, options_from_config_file) {
  auto path = std::filesystem::temp_directory_path() / ("troupe_exec_main_" + std::to_string(getpid()) + ".cfg");
  {
    std::ofstream out{path};
    out << "# app settings\nport = 9000\nhost = filehost\ndry-run = true\n";
  }
  args a{"--config-file=" + path.string(), "--port=9001"};
  EXPECT_EQ(exec_main(&typed_main, a.argc(), a.argv()), 9001 % 256);
  EXPECT_EQ(seen.port, 9001); // the command line after the file wins
  EXPECT_EQ(seen.host, "filehost");
  EXPECT_TRUE(seen.dry_run);
  std::filesystem::remove(path);
}

// A module adds its options before the command line is read.
struct fake_module {
  static inline int level = 0;
  static inline int inits = 0;
  static void init(actor_system_config& cfg) {
    ++inits;
    cfg.add_option("fake.level", level, "the module's level");
  }
};

TEST(exec_main, modules_init_before_parsing) {
  fake_module::inits = 0;
  args a{"--fake.level=3"};
  EXPECT_EQ(exec_main<fake_module>(&plain_main, a.argc(), a.argv()), 0);
  EXPECT_EQ(fake_module::inits, 1);
  EXPECT_EQ(fake_module::level, 3);
  static_assert(system_module<fake_module>);
  static_assert(!system_module<int>);
}

TEST(actor_system_config, add_option_through_set_and_parse) {
  app_config cfg;
  EXPECT_TRUE(cfg.has_option("port"));
  EXPECT_TRUE(cfg.has_option("scheduler.workers"));
  EXPECT_FALSE(cfg.has_option("nope"));
  EXPECT_FALSE(cfg.set("port", "1234"));
  EXPECT_EQ(cfg.port, 1234);
  EXPECT_TRUE(cfg.set("port", "12x").is(sec::invalid_argument));
  EXPECT_EQ(cfg.port, 1234);
  EXPECT_TRUE(cfg.set("nope", "1"));
  EXPECT_FALSE(cfg.parse({"--dry-run=true", "--host=h", "rest"}));
  EXPECT_TRUE(cfg.dry_run);
  EXPECT_EQ(cfg.host, "h");
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"rest"});
  // Options a config does not know stay in the remainder, as before.
  EXPECT_FALSE(cfg.parse({"--other=1"}));
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"--other=1"});
}

} // namespace
