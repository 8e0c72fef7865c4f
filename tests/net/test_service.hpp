// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actors the network tests publish, shared by the in-process tests and
// the node program of the multi-process tests.
#include <cstdint>
#include <string>

#include "troupe/troupe.hpp"

namespace troupe::test {

using calculator = typed_actor<replies_to<atom_constant<atom("add")>, int, int>::with<int>,
                               replies_to<atom_constant<atom("sub")>, int, int>::with<int>>;
// A smaller interface that the calculator also has, and one it has not.
using adder = typed_actor<replies_to<atom_constant<atom("add")>, int, int>::with<int>>;
using multiplier = typed_actor<replies_to<atom_constant<atom("mul")>, int, int>::with<int>>;

inline calculator::behavior_type typed_calculator() {
  return {
    [](atom_constant<atom("add")>, int a, int b) { return a + b; },
    [](atom_constant<atom("sub")>, int a, int b) { return a - b; },
  };
}

struct service_state {
  std::int64_t received = 0; // numbered messages seen
  bool in_order = true;
  std::string arrivals; // 'mark' digits and 'L' for each 'size' text

  void count(std::int64_t n) {
    if (n != received)
      in_order = false;
    ++received;
  }
};

// ('add', a, b) -> a + b; (int x) -> x (echo); ('seq', n) and ('seq', n,
// padding): numbered messages, checked for order; ('report') -> (count, in
// order); ('size', text) -> its length and the sum of its bytes; ('mark', k)
// -> the marks and texts so far, in arrival order ("1L2"); ('quit'):
// terminates with exit_reason::user_shutdown; ('ping', actor h): sends 'pong'
// to h.
inline behavior service(stateful_actor<service_state>* self) {
  return {
    [](atom_value a, int x, int y) -> result<int> {
      if (a == atom("add"))
        return x + y;
      return error{sec::unexpected_message};
    },
    [](int x) { return x; },
    [self](atom_value a, std::int64_t n) {
      if (a == atom("seq"))
        self->state.count(n);
    },
    [self](atom_value a, std::int64_t n, const std::string&) {
      if (a == atom("seq"))
        self->state.count(n);
    },
    [self](atom_value a, int k) -> result<std::string> {
      if (a != atom("mark") || k < 0 || k > 9)
        return error{sec::unexpected_message};
      self->state.arrivals += static_cast<char>('0' + k);
      return self->state.arrivals;
    },
    [self](atom_value a, const std::string& text) -> result<std::int64_t, std::int64_t> {
      if (a != atom("size"))
        return error{sec::unexpected_message};
      self->state.arrivals += 'L';
      std::int64_t sum = 0;
      for (unsigned char c : text)
        sum += c;
      return {static_cast<std::int64_t>(text.size()), sum};
    },
    [self](atom_value a) -> result<std::int64_t, bool> {
      if (a == atom("report"))
        return {self->state.received, self->state.in_order};
      if (a == atom("quit"))
        self->quit(exit_reason::user_shutdown);
      return error{sec::unexpected_message};
    },
    [self](atom_value a, const actor& h) {
      if (a == atom("ping"))
        self->send(h, atom("pong"), actor{self});
    },
  };
}

} // namespace troupe::test
