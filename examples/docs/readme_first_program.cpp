// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The README's first program. ctest runs it as docs.readme_first_program and
// expects it to print "sum: 42".
// [snippet first_program]
#include <troupe/troupe.hpp>

#include <chrono>
#include <iostream>

using namespace troupe;
using namespace std::chrono_literals;

behavior adder() {
  return {[](int a, int b) { return a + b; }};
}

int main(int argc, char** argv) {
  actor_system_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << to_string(err) << '\n' << actor_system_config::help_text();
    return 1;
  }
  actor_system sys{cfg};
  auto a = sys.spawn(adder);
  scoped_actor self{sys};
  self->request(a, 5s, 20, 22)
    .receive([](int sum) { std::cout << "sum: " << sum << '\n'; },
             [](const error& err) { std::cout << "failed: " << to_string(err) << '\n'; });
}
// [/snippet]
