// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: this composable behavior is abstract
#include "common.hpp"

#include <troupe/typed/composable_behavior.hpp>

using calc = typed_actor<replies_to<add_atom, int, int>::with<int>, replies_to<sub_atom, int, int>::with<int>>;

class calc_bhvr : public composable_behavior<calc> {
public:
  result<int> operator()(add_atom, int x, int y) override { return x + y; }
#ifdef TROUPE_COMPILE_OK
  result<int> operator()(sub_atom, int x, int y) override {
    return x - y;
  }
#endif
};

calc spawn_calc(actor_system& sys) {
  return sys.spawn<calc_bhvr>();
}
