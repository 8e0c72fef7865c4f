// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: conversion from
#include "common.hpp"

using adder = typed_actor<replies_to<add_request>::with<int>>;

void test(actor_system& sys) {
  math ms = sys.spawn(math_fun);
#ifdef TROUPE_COMPILE_OK
  adder a = ms;
#else
  adder a0 = ms;
  math m = a0; // a subset handle cannot become a superset handle
#endif
}
