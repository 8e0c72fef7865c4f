// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "A program's main: TROUPE_MAIN". Run without arguments as
// docs.guide_main; examples/core/troupe_main.cpp is the program the
// command-line tests run.
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace troupe;

// [snippet main]
struct config : actor_system_config {
  std::string greeting = "hello";
  int repeat = 1;
  config() {
    add_option("greeting", greeting, "what to print");
    add_option("repeat", repeat, "how often");
  }
};

int troupe_main(actor_system& sys, const config& cfg) {
  auto printer =
    sys.spawn([]() -> behavior { return {[](const std::string& text) { std::printf("%s\n", text.c_str()); }}; });
  for (int i = 0; i < cfg.repeat; ++i)
    anon_send(printer, cfg.greeting);
  anon_send(printer, exit_msg{actor_addr{}, exit_reason::user_shutdown});
  return 0;
}

TROUPE_MAIN()
// [/snippet]

// The config of the snippet, checked before main runs (main returns what
// troupe_main returns, so a failed check ends the program here).
namespace {
[[maybe_unused]] const bool checked = [] {
  config cfg;
  DOC_CHECK(cfg.has_option("greeting") && cfg.has_option("repeat"));
  DOC_CHECK(!cfg.parse(std::vector<std::string>{"--greeting=hi", "--repeat=2"}));
  DOC_CHECK(cfg.greeting == "hi" && cfg.repeat == 2);
  DOC_CHECK(cfg.help().find("--repeat=VALUE") != std::string::npos);
  if (doc::failures != 0)
    std::exit(1);
  return true;
}();
} // namespace
