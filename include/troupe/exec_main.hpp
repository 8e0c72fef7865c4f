// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// TROUPE_MAIN() defines main() for a program whose entry point is
//
//   void troupe_main(actor_system& sys);                    // or int
//   void troupe_main(actor_system& sys, const my_config& cfg);  // or int
//
// where my_config derives from actor_system_config (and may add_option its
// own options in its constructor). main() then
//   * builds the config (the one troupe_main's second parameter names),
//   * prints usage and the options on --help (or -h) and returns 0,
//   * reads the command line and --config-file; on a malformed value or an
//     argument that looks like an option it does not know (-x, --xyz) it
//     prints the error to stderr and returns 1,
//   * creates the actor system and calls troupe_main, returning its int (0
//     for void). The system waits for its actors when troupe_main returns.
// Arguments that are not options stay in cfg.remainder(); every argument
// after "--" is positional, even one that starts with '-' (remainder() keeps
// the "--" itself).
//
// Modules: TROUPE_MAIN(m1, m2) names module types, each with a static
// init(actor_system_config&) that runs before the command line is read, so a
// module can add its options (TROUPE_MAIN(net::middleman) loads the network
// layer). TROUPE_MAIN() loads none.
#include <concepts>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/actor_system_config.hpp"

namespace troupe {

/// A type TROUPE_MAIN can load.
template <class M>
concept system_module = requires(actor_system_config& cfg) {
  M::init(cfg);
};

namespace detail {

template <class F>
struct main_signature;

template <class R>
struct main_signature<R (*)(actor_system&)> {
  using config = actor_system_config;
  using result = R;
};

template <class R, class C>
struct main_signature<R (*)(actor_system&, const C&)> {
  using config = C;
  using result = R;
};

inline bool asks_for_help(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view arg{argv[i]};
    if (arg == "--")
      return false;
    if (arg == "--help" || arg == "-h")
      return true;
  }
  return false;
}

/// The first argument left over by parse() that looks like an option, or
/// nullptr. An option the program does not know is an error rather than a
/// positional argument: a mistyped or unsupported option would otherwise be
/// ignored without a word. "-" alone names stdin by convention.
inline const std::string* unknown_option(const std::vector<std::string>& remainder) {
  for (const auto& arg : remainder) {
    if (arg == "--")
      return nullptr;
    if (arg.size() > 1 && arg[0] == '-')
      return &arg;
  }
  return nullptr;
}

} // namespace detail

/// What TROUPE_MAIN's main() does (see above); callable directly, e.g. from a
/// test, with any argc/argv.
template <system_module... Modules, class F>
int exec_main(F fun, int argc, char** argv) {
  using signature = detail::main_signature<F>;
  using config_type = typename signature::config;
  using result_type = typename signature::result;
  static_assert(std::derived_from<config_type, actor_system_config>,
                "troupe_main's second parameter must be a config derived from actor_system_config");
  static_assert(std::is_void_v<result_type> || std::is_same_v<result_type, int>, "troupe_main returns void or int");
  const char* program = argc > 0 ? argv[0] : "troupe";
  config_type cfg;
  (Modules::init(cfg), ...);
  if (detail::asks_for_help(argc, argv)) {
    std::printf("Usage: %s [options] [arguments]\n\nOptions:\n  --help, -h                    print this text\n%s",
                program, cfg.help().c_str());
    return 0;
  }
  if (auto err = cfg.parse(argc, argv)) {
    std::fprintf(stderr, "%s: %s (see --help)\n", program, err.context().c_str());
    return 1;
  }
  if (const auto* arg = detail::unknown_option(cfg.remainder())) {
    std::fprintf(stderr, "%s: unknown option %s (see --help)\n", program, arg->c_str());
    return 1;
  }
  actor_system sys{cfg};
  if constexpr (std::is_same_v<config_type, actor_system_config> && std::is_invocable_v<F, actor_system&>) {
    if constexpr (std::is_void_v<result_type>) {
      fun(sys);
      return 0;
    } else {
      return fun(sys);
    }
  } else {
    if constexpr (std::is_void_v<result_type>) {
      fun(sys, static_cast<const config_type&>(cfg));
      return 0;
    } else {
      return fun(sys, static_cast<const config_type&>(cfg));
    }
  }
}

} // namespace troupe

// Defines main() to call troupe_main (see above), with the modules named.
#define TROUPE_MAIN(...)                                                                                               \
  int main(int argc, char** argv) {                                                                                    \
    return ::troupe::exec_main<__VA_ARGS__>(&troupe_main, argc, argv);                                                 \
  }
