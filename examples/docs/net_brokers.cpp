// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/net.md#brokers: an echo server, a client, a length-prefixed protocol
// that changes its receive policy from chunk to chunk, and a broker that
// opens its own acceptor. Every broker here talks to another over loopback.
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <cstdint>
#include <string>

using namespace troupe;
using namespace troupe::net;
using namespace std::chrono_literals;

// [snippet echo]
behavior echo_server(broker* self) {
  return {
    [=](const new_connection_msg& m) {
      self->configure_read(m.handle, receive_policy::at_most(4096)); // nothing is read before this
    },
    [=](const new_data_msg& m) {
      self->write(m.handle, m.buf.size(), m.buf.data());
      self->flush(m.handle);
    },
    [](const connection_closed_msg&) {},
  };
}
// [/snippet]

// [snippet client]
behavior greeter(broker* self, connection_handle hdl, actor report_to) {
  self->configure_read(hdl, receive_policy::exactly(5));
  self->write(hdl, "hello");
  self->flush(hdl);
  return {
    [=](const new_data_msg& m) {
      self->send(report_to, std::string{m.text()}); // "hello", back from the echo server
      self->quit();                                 // closes the connection
    },
  };
}
// [/snippet]

// [snippet framing]
// Frames of a 4-byte big-endian length and that many bytes of body.
struct framing_state {
  bool in_body = false;
};

behavior frame_reader(stateful_actor<framing_state, broker>* self, actor report_to) {
  return {
    [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::exactly(4)); },
    [=](const new_data_msg& m) {
      std::size_t body_size = 0;
      if (self->state.in_body) {
        self->send(report_to, std::string{m.text()});
      } else {
        for (auto b : m.buf)
          body_size = body_size << 8 | static_cast<std::size_t>(b);
        if (body_size == 0) // exactly(0) would pause the connection: an empty body is read here
          self->send(report_to, std::string{});
      }
      self->state.in_body = body_size > 0;
      // The next chunk is cut with this policy: a body, or the next header.
      self->configure_read(m.handle, receive_policy::exactly(body_size > 0 ? body_size : 4));
    },
  };
}
// [/snippet]

std::string frame(const std::string& body) {
  auto n = body.size();
  std::string out{static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
                  static_cast<char>(n)};
  return out + body;
}

using port_atom = atom_constant<atom("port")>;

// [snippet doorman]
behavior loopback_server(broker* self) {
  auto acceptor = self->add_tcp_doorman(0, "127.0.0.1"); // port 0: any free one
  if (!acceptor)
    return {}; // no behavior: the broker ends
  return {
    [=](port_atom) { return self->local_port(*acceptor); }, // a broker answers requests, too
    [=](const new_connection_msg& m) { self->close(m.handle); },
    [](const connection_closed_msg&) {},
  };
}
// [/snippet]

int main() {
  actor_system_config cfg;
  cfg.load<middleman>();
  actor_system sys{cfg};
  scoped_actor self{sys};

  // [snippet spawn]
  auto& mm = sys.middleman();
  std::uint16_t port = 0; // 0: any free port; spawn_server sets it to the port bound
  expected<actor> server = mm.spawn_server(echo_server, port);
  expected<actor> client = mm.spawn_client(greeter, "127.0.0.1", port, actor{self});
  // [/snippet]
  DOC_CHECK(server.has_value() && client.has_value() && port != 0);
  std::string echoed;
  self->receive([&](const std::string& s) { echoed = s; }, after(10s) >> [] {});
  DOC_CHECK(echoed == "hello");

  std::uint16_t frames_port = 0;
  DOC_CHECK(mm.spawn_server(frame_reader, frames_port, actor{self}).has_value());
  auto sender = [](broker* self, connection_handle hdl, std::string bytes) -> behavior {
    self->write(hdl, bytes); // all frames in one write: the reader cuts them apart
    self->close(hdl);
    return {};
  };
  DOC_CHECK(mm.spawn_client(sender, "127.0.0.1", frames_port, frame("first") + frame("") + frame("third")));
  std::vector<std::string> bodies;
  for (int i = 0; i < 3; ++i)
    self->receive([&](const std::string& body) { bodies.push_back(body); }, after(10s) >> [] {});
  DOC_CHECK((bodies == std::vector<std::string>{"first", "", "third"}));

  auto loopback = mm.spawn_broker(loopback_server);
  auto bound = doc::ask<std::uint16_t>(self, loopback, port_atom{});
  DOC_CHECK(bound && *bound != 0);
  std::cout << "echoed: " << echoed << '\n';
  return doc::result();
}
