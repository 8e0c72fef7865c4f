// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// exec_main (what TROUPE_MAIN's main() runs) and the program options of
// actor_system_config::add_option and opt_group. The macro itself runs as a
// real program in the example.troupe_main tests.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

namespace exec_main_test {

using namespace troupe;

namespace {

// argv for exec_main from a list of arguments (argv[0] is "prog").
class args {
public:
  args(std::initializer_list<std::string> xs) : args(std::vector<std::string>{xs}) {}
  explicit args(const std::vector<std::string>& xs) : storage_{"prog"} {
    storage_.insert(storage_.end(), xs.begin(), xs.end());
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

// A config written the way C++ Actor Framework programs write theirs.
struct caf_config : actor_system_config {
  std::uint16_t port = 0;
  std::string host = "localhost";
  bool server_mode = false;
  int level = 1;
  int legacy = 5;
  caf_config() {
    opt_group{custom_options_, "global"}
      .add(port, "port,p", "set port")
      .add(host, "host,H", "set host (ignored in server mode)")
      .add(server_mode, "server-mode,s", "enable server mode");
    opt_group{custom_options_, "app"}.add(level, "level,l", "how much to say");
    add_option("legacy", legacy, "added the troupe way");
  }
  // The group of a test below, on this config's options.
  opt_group group(std::string category) { return opt_group{custom_options_, std::move(category)}; }
};

// What the last caf_main saw.
struct caf_values {
  std::uint16_t port = 0;
  std::string host;
  bool server_mode = false;
  int level = 0;
} caf_seen;
std::vector<std::string> caf_seen_remainder;

int caf_main(actor_system&, const caf_config& cfg) {
  ++calls;
  caf_seen = caf_values{cfg.port, cfg.host, cfg.server_mode, cfg.level};
  caf_seen_remainder = cfg.remainder();
  return 7;
}

// Runs exec_main on caf_main and returns its status; `err` gets stderr.
int run_caf_main(const std::vector<std::string>& xs, std::string& err) {
  caf_seen = caf_values{};
  caf_seen_remainder.clear();
  args a{xs};
  capture cap{stderr};
  int rc = exec_main(&caf_main, a.argc(), a.argv());
  err = cap.finish();
  return rc;
}

TEST(opt_group, global_names_are_plain_and_others_get_their_category) {
  caf_config cfg;
  EXPECT_TRUE(cfg.has_option("port"));
  EXPECT_TRUE(cfg.has_option("server-mode"));
  EXPECT_TRUE(cfg.has_option("app.level"));
  EXPECT_FALSE(cfg.has_option("level"));
  EXPECT_FALSE(cfg.has_option("global.port"));
  ASSERT_FALSE(cfg.parse({"--port=42", "--host=h", "--server-mode", "--app.level=3", "--level=9"}));
  EXPECT_EQ(cfg.port, 42);
  EXPECT_EQ(cfg.host, "h");
  EXPECT_TRUE(cfg.server_mode);
  EXPECT_EQ(cfg.level, 3);
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"--level=9"});
  // set() and config files reach them too: they are ordinary options.
  EXPECT_FALSE(cfg.set("app.level", "4"));
  EXPECT_EQ(cfg.level, 4);
}

TEST(opt_group, short_options_take_separate_and_attached_values) {
  caf_config cfg;
  ASSERT_FALSE(cfg.parse({"-p", "4242", "-Hexample.org", "-s", "-l", "-3", "in.txt"}));
  EXPECT_EQ(cfg.port, 4242);
  EXPECT_EQ(cfg.host, "example.org");
  EXPECT_TRUE(cfg.server_mode);
  EXPECT_EQ(cfg.level, -3); // the next argument is the value, even with a '-'
  EXPECT_EQ(cfg.remainder(), std::vector<std::string>{"in.txt"});
  ASSERT_FALSE(cfg.parse({"-p4243"}));
  EXPECT_EQ(cfg.port, 4243);
  // Short names belong to no category and are not long names.
  EXPECT_FALSE(cfg.has_option("p"));
  // Unknown short options stay in the remainder, as unknown long ones do.
  ASSERT_FALSE(cfg.parse({"-x", "-p", "1", "-"}));
  EXPECT_EQ(cfg.remainder(), (std::vector<std::string>{"-x", "-"}));
}

TEST(opt_group, malformed_short_values_are_errors) {
  for (std::vector<std::string> bad : {std::vector<std::string>{"-p", "eighty"},
                                       {"-peighty"},
                                       {"-p", "70000"}, // past std::uint16_t
                                       {"-p"},
                                       {"-l", "1.5"},
                                       {"-sx"}}) {
    caf_config cfg;
    auto err = cfg.parse(bad);
    ASSERT_TRUE(err) << bad.front();
    EXPECT_TRUE(err.is(sec::invalid_argument)) << to_string(err);
    EXPECT_NE(err.context().find(bad.front().substr(0, 2)), std::string::npos) << err.context();
  }
}

TEST(opt_group, bad_specs_throw_when_the_config_is_built) {
  caf_config cfg;
  int x = 0;
  EXPECT_THROW(cfg.group("global").add(x, "x,xy", "two characters"), std::invalid_argument);
  EXPECT_THROW(cfg.group("global").add(x, "x,", "no character"), std::invalid_argument);
  EXPECT_THROW(cfg.group("global").add(x, ",x", "no long name"), std::invalid_argument);
  EXPECT_THROW(cfg.group("global").add(x, "x,-", "a dash"), std::invalid_argument);
  EXPECT_THROW(cfg.group("other").add(x, "other-port,p", "-p is taken"), std::invalid_argument);
  EXPECT_NO_THROW(cfg.group("global").add(x, "x", "no short name"));
  EXPECT_FALSE(cfg.parse({"--x=2"}));
  EXPECT_EQ(x, 2);
}

TEST(opt_group, add_option_and_groups_share_the_options) {
  caf_config cfg;
  EXPECT_TRUE(cfg.has_option("legacy"));
  ASSERT_FALSE(cfg.parse({"--legacy=6", "-p", "9"}));
  EXPECT_EQ(cfg.legacy, 6);
  EXPECT_EQ(cfg.port, 9);
  auto text = cfg.help();
  EXPECT_NE(text.find("  --legacy=VALUE"), std::string::npos) << text;
  EXPECT_NE(text.find("added the troupe way (default: 5)"), std::string::npos) << text;
}

TEST(exec_main, help_lists_short_names) {
  calls = 0;
  args a{"-h"};
  capture out{stdout};
  int rc = exec_main(&caf_main, a.argc(), a.argv());
  auto text = out.finish();
  EXPECT_EQ(rc, 0);
  EXPECT_EQ(calls, 0);
  EXPECT_NE(text.find("  -p, --port=VALUE"), std::string::npos) << text;
  EXPECT_NE(text.find("set port (default: 0)"), std::string::npos) << text;
  EXPECT_NE(text.find("  -H, --host=VALUE"), std::string::npos) << text;
  EXPECT_NE(text.find("  -s, --server-mode "), std::string::npos) << text;
  EXPECT_NE(text.find("  -l, --app.level=VALUE"), std::string::npos) << text;
}

TEST(exec_main, short_options_reach_troupe_main) {
  calls = 0;
  std::string err;
  EXPECT_EQ(run_caf_main({"-s", "-p", "4242", "-Hhost.example", "-l", "2", "file"}, err), 7) << err;
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(caf_seen.server_mode);
  EXPECT_EQ(caf_seen.port, 4242);
  EXPECT_EQ(caf_seen.host, "host.example");
  EXPECT_EQ(caf_seen.level, 2);
  EXPECT_EQ(caf_seen_remainder, std::vector<std::string>{"file"});
  EXPECT_EQ(err, "");
}

TEST(exec_main, unknown_short_and_long_options_are_named_and_fail) {
  calls = 0;
  for (std::string bad : {"-x", "--xyz", "-5", "--xyz=1", "-P"}) {
    std::string err;
    EXPECT_EQ(run_caf_main({"-s", bad, "-p", "4242"}, err), 1) << bad;
    EXPECT_NE(err.find("prog: unknown option " + bad + " (see --help)"), std::string::npos) << bad << ": " << err;
  }
  EXPECT_EQ(calls, 0);
}

TEST(exec_main, malformed_short_values_fail) {
  struct bad_case {
    std::vector<std::string> argv;
    std::string named; // what the message must name
  };
  calls = 0;
  for (const auto& bad :
       {bad_case{{"-p", "eighty"}, "-p eighty"}, bad_case{{"-pX"}, "-p X"}, bad_case{{"-p"}, "-p needs a value"},
        bad_case{{"-s1"}, "-s takes no value"}, bad_case{{"-s", "-p", "4242", "-l", "x"}, "-l x"}}) {
    std::string err;
    EXPECT_EQ(run_caf_main(bad.argv, err), 1) << bad.named;
    EXPECT_NE(err.find(bad.named), std::string::npos) << err;
    EXPECT_NE(err.find("see --help"), std::string::npos) << err;
  }
  EXPECT_EQ(calls, 0);
}

TEST(exec_main, arguments_after_a_double_dash_are_positional) {
  calls = 0;
  std::string err;
  EXPECT_EQ(run_caf_main({"-p", "1", "-", "--", "-x", "--xyz", "-h", "--port=9", "-p", "8"}, err), 7) << err;
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(caf_seen.port, 1);
  EXPECT_EQ(caf_seen_remainder, (std::vector<std::string>{"-", "--", "-x", "--xyz", "-h", "--port=9", "-p", "8"}));
  // Before the "--" the check still applies.
  EXPECT_EQ(run_caf_main({"-x", "--", "y"}, err), 1);
  EXPECT_NE(err.find("unknown option -x"), std::string::npos) << err;
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

} // namespace exec_main_test
