// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Start-up of a plain program (the floor for every other): no runtime, no work.
#include "common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {}, ""};
  bench::work_timer work;
  work.done();
  return bench::check(true, "nothing to do");
}
