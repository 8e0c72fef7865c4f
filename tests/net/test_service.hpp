// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actors the network tests publish, shared by the in-process tests and
// the node program of the multi-process tests.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "decode_gate.hpp"
#include "troupe/net.hpp"
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
  std::string arrivals;     // 'mark' digits and 'L' for each 'size' text
  std::vector<actor> peers; // services met ('meet'), pinged by 'pingall'
  actor kept;               // ('keep', host, port, 0), handed out by ('kept', true)
  std::int64_t pongs_missing = 0;
  std::optional<typed_response_promise<std::int64_t, bool>> pinged;

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
// to h; ('meet', actor h): remembers h; ('pingall') -> (n, true) once each of
// the n services met answered a ping; ('dial', host, port) -> the actor
// published there (a blocking remote_actor: the service's worker waits);
// ('keep', host, port, 0) -> 1: dials the same way but keeps the actor, and
// ('kept', true) hands it out later.
// For the decoding order: ('held', held_text) -> its length, an 'H' in the
// arrivals; ('watch', actor h): monitors h, its down_msg a 'D' in the
// arrivals; ('arrivals') -> them; ('gate', 'waiting') -> the decodes waiting
// at the decode gate; ('gate', 'open'); ('nodes') -> the number of nodes its
// node is connected to.
inline behavior service(stateful_actor<service_state>* self) {
  self->set_down_handler([self](down_msg&) { self->state.arrivals += 'D'; });
  return {
    on(atom("arrivals")) >> [self] { return self->state.arrivals; },
    on(atom("gate"), atom("waiting")) >> [] { return decode_gate::instance().waiting(); },
    on(atom("gate"), atom("open")) >> [] { decode_gate::instance().open(); },
    on(atom("nodes")) >>
      [self] { return static_cast<std::int64_t>(self->system().middleman().connected_nodes().size()); },
    [self](atom_value a, const held_text& h) -> result<std::int64_t> {
      if (a != atom("held"))
        return error{sec::unexpected_message};
      self->state.arrivals += 'H';
      return static_cast<std::int64_t>(h.text.size());
    },
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
      if (a == atom("pingall")) {
        auto& st = self->state;
        if (st.peers.empty())
          return {std::int64_t{0}, true};
        if (st.pinged)
          return error{sec::unexpected_message, "a pingall is under way"};
        st.pongs_missing = static_cast<std::int64_t>(st.peers.size());
        st.pinged = self->make_response_promise<std::int64_t, bool>();
        for (auto& p : st.peers)
          self->send(p, atom("ping"), actor{self});
        return *st.pinged;
      }
      if (a == atom("quit"))
        self->quit(exit_reason::user_shutdown);
      return error{sec::unexpected_message};
    },
    [self](atom_value a, const actor& h) {
      auto& st = self->state;
      if (a == atom("ping")) {
        self->send(h, atom("pong"), actor{self});
      } else if (a == atom("meet")) {
        st.peers.push_back(h);
      } else if (a == atom("watch")) {
        self->monitor(h);
      } else if (a == atom("pong") && st.pinged && --st.pongs_missing == 0) {
        st.pinged->deliver(static_cast<std::int64_t>(st.peers.size()), true);
        st.pinged.reset();
      }
    },
    [self](atom_value a, const std::string& host, int port) -> result<actor> {
      if (a != atom("dial"))
        return error{sec::unexpected_message};
      auto x = self->system().middleman().remote_actor(host, static_cast<std::uint16_t>(port));
      if (!x)
        return x.error();
      return *x;
    },
    [self](atom_value a, const std::string& host, int port, int) -> result<int> {
      if (a != atom("keep"))
        return error{sec::unexpected_message};
      auto x = self->system().middleman().remote_actor(host, static_cast<std::uint16_t>(port));
      if (!x)
        return x.error();
      self->state.kept = *x;
      return 1;
    },
    [self](atom_value a, bool) -> result<actor> {
      if (a != atom("kept") || !self->state.kept)
        return error{sec::unexpected_message};
      return self->state.kept;
    },
  };
}

} // namespace troupe::test
