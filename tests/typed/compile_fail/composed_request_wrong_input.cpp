// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed actor does not support given input
#include "common.hpp"

#include <troupe/typed/composable_behavior.hpp>
#include <troupe/typed/composed_behavior.hpp>

using multiply_atom = atom_constant<atom("multiply")>;
using adder = typed_actor<replies_to<add_atom, int, int>::with<int>>;
using multiplier = typed_actor<replies_to<multiply_atom, int, int>::with<int>>;

class adder_bhvr : public composable_behavior<adder> {
public:
  result<int> operator()(add_atom, int x, int y) override { return x + y; }
};

class multiplier_bhvr : public composable_behavior<multiplier> {
public:
  result<int> operator()(multiply_atom, int x, int y) override { return x * y; }
};

void client(actor_system& sys) {
  scoped_actor self{sys};
  auto calc = sys.spawn<composed_behavior<adder_bhvr, multiplier_bhvr>>();
#ifdef TROUPE_COMPILE_OK
  self->request(calc, 5s, multiply_atom::value, 6, 7).receive([](int) {});
#else
  self->request(calc, 5s, sub_atom_v, 6, 7).receive([](int) {}); // no part handles sub_atom
#endif
}
