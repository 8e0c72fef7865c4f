// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed actor does not support given input
// A plain atom value cannot pick between two atom-constant signatures.
#include "common.hpp"

using calc = typed_actor<replies_to<add_atom, int, int>::with<int>, replies_to<sub_atom, int, int>::with<int>>;

void client(event_based_actor* self, calc c) {
#ifdef TROUPE_COMPILE_OK
  self->send(c, add_atom_v, 1, 2);
#else
  self->send(c, atom("add"), 1, 2);
#endif
}
