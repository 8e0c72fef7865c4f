// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Brokers over real loopback sockets: how receive policies cut the bytes,
// writing and closing, the messages a broker gets (also for a peer that goes
// away mid-chunk), calls on handles that are not open, brokers as ordinary
// actors, and their end with the broker or with the system. The clients are
// plain POSIX sockets or other brokers. A test waits on messages, never on
// the clock, except where it checks that nothing arrives.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "support/tcp_client.hpp"
#include "troupe/net.hpp"

namespace broker_test {

using namespace troupe;
using namespace troupe::net;
using namespace std::chrono_literals;
using troupe::test_support::loopback;
using troupe::test_support::tcp_client;

namespace {

actor_system_config with_middleman() {
  actor_system_config cfg;
  cfg.load<middleman>();
  return cfg;
}

bool can_connect(std::uint16_t port) {
  try {
    tcp_client probe{port};
    return true;
  } catch (const std::runtime_error&) {
    return false;
  }
}

// A loopback port nothing listens on (bound once, then released).
std::uint16_t unused_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  auto addr = loopback(0);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

std::string text_of(const new_data_msg& m) {
  return std::string{m.text()};
}

// The next message of type T that `self` receives within 10 s.
template <class T>
std::optional<T> next(scoped_actor& self) {
  std::optional<T> result;
  self->receive([&](T& x) { result = std::move(x); }, after(10s) >> [] {});
  return result;
}

// A server that reads with `policy` and reports its socket messages to `observer`.
behavior reporter(broker* self, receive_policy policy, actor observer) {
  return {
    [=](const new_connection_msg& m) {
      self->configure_read(m.handle, policy);
      self->send(observer, m);
    },
    [=](const new_data_msg& m) { self->send(observer, m); },
    [=](const connection_closed_msg& m) {
      // The connection is gone for the broker, too: writing to it is an error.
      self->send(observer, m, self->write(m.handle, "late"));
    },
  };
}

behavior echo(broker* self) {
  return {
    [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::at_most(1024)); },
    [=](const new_data_msg& m) {
      self->write(m.handle, m.buf.size(), m.buf.data());
      self->flush(m.handle);
    },
    [](const connection_closed_msg&) {},
  };
}

class broker_test : public ::testing::Test {
protected:
  broker_test() : cfg_(with_middleman()), sys_(cfg_), self_(sys_) {}

  middleman& mm() { return sys_.middleman(); }

  // A reporter server on a free port.
  std::uint16_t serve(receive_policy policy) {
    std::uint16_t port = 0;
    auto server = mm().spawn_server(reporter, port, policy, actor{self_});
    EXPECT_TRUE(server.has_value());
    EXPECT_NE(port, 0);
    return port;
  }

  // The data chunks the reporter saw, until `total` bytes have arrived.
  std::vector<std::string> chunks_until(std::size_t total) {
    std::vector<std::string> out;
    std::size_t seen = 0;
    while (seen < total) {
      auto m = next<new_data_msg>(self_);
      if (!m)
        break;
      seen += m->buf.size();
      out.push_back(text_of(*m));
    }
    return out;
  }

  // Whether the broker reported (acceptor_closed_msg, acceptors left) with no
  // acceptor left, within 10 s.
  bool acceptor_closed_reported() {
    bool reported = false;
    self_->receive(
      [&](const acceptor_closed_msg&, std::size_t left) {
        reported = true;
        EXPECT_EQ(left, 0u);
      },
      after(10s) >> [] {});
    return reported;
  }

  actor_system_config cfg_;
  actor_system sys_;
  scoped_actor self_;
};

// ---- receive policies ---------------------------------------------------------------

TEST_F(broker_test, exactly_cuts_chunks_of_the_given_size) {
  auto port = serve(receive_policy::exactly(4));
  tcp_client client{port};
  ASSERT_TRUE(next<new_connection_msg>(self_));
  client.send("abcdefghij");
  client.send("kl");
  EXPECT_EQ(chunks_until(12), (std::vector<std::string>{"abcd", "efgh", "ijkl"}));
}

TEST_F(broker_test, at_most_delivers_what_arrived_up_to_n_bytes) {
  auto port = serve(receive_policy::at_most(3));
  tcp_client client{port};
  ASSERT_TRUE(next<new_connection_msg>(self_));
  client.send("abcdefg");
  std::string all;
  for (auto& chunk : chunks_until(7)) {
    EXPECT_GE(chunk.size(), 1u);
    EXPECT_LE(chunk.size(), 3u);
    all += chunk;
  }
  EXPECT_EQ(all, "abcdefg");
}

TEST_F(broker_test, at_least_waits_for_n_bytes_and_then_delivers_all) {
  auto port = serve(receive_policy::at_least(5));
  tcp_client client{port};
  ASSERT_TRUE(next<new_connection_msg>(self_));
  client.send("ab");
  bool early = false;
  self_->receive([&](const new_data_msg&) { early = true; }, after(200ms) >> [] {});
  EXPECT_FALSE(early) << "2 bytes are fewer than at_least(5)";
  client.send("cdefg");
  auto m = next<new_data_msg>(self_);
  ASSERT_TRUE(m);
  EXPECT_GE(m->buf.size(), 5u);
  EXPECT_EQ(text_of(*m).substr(0, 5), "abcde");
}

// A length-prefixed protocol: a one-byte length, then that many bytes. The
// client sends all frames in one write, so this passes only if each policy
// change inside a handler applies to the very next chunk.
TEST_F(broker_test, configure_read_inside_a_handler_applies_to_the_next_chunk) {
  struct parser_state {
    bool in_body = false;
  };
  auto parser = [](stateful_actor<parser_state, broker>* self, actor observer) -> behavior {
    return {
      [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::exactly(1)); },
      [=](const new_data_msg& m) {
        if (self->state.in_body) {
          self->send(observer, text_of(m));
          self->state.in_body = false;
          self->configure_read(m.handle, receive_policy::exactly(1));
        } else {
          self->state.in_body = true;
          self->configure_read(m.handle, receive_policy::exactly(static_cast<std::size_t>(m.buf[0])));
        }
      },
    };
  };
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(parser, port, actor{self_}));
  tcp_client client{port};
  client.send(std::string{"\x03"} + "abc" + "\x01" + "x" + "\x05" + "hello" + "\x02" + "yz");
  std::vector<std::string> bodies;
  for (int i = 0; i < 4; ++i)
    self_->receive([&](const std::string& body) { bodies.push_back(body); }, after(10s) >> [] {});
  EXPECT_EQ(bodies, (std::vector<std::string>{"abc", "x", "hello", "yz"}));
}

TEST_F(broker_test, a_large_transfer_arrives_complete_and_in_order) {
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(echo, port));
  tcp_client client{port};
  std::string payload;
  for (int i = 0; payload.size() < (1u << 20); ++i)
    payload += std::to_string(i) + ',';
  // Send and read in turns of 64 KiB, so neither side's buffers fill up.
  std::string echoed;
  for (std::size_t off = 0; off < payload.size(); off += 65536) {
    auto piece = std::string_view{payload}.substr(off, 65536);
    client.send(piece);
    echoed += client.receive(piece.size());
  }
  EXPECT_EQ(echoed.size(), payload.size());
  EXPECT_TRUE(echoed == payload);
}

// ---- writing and closing ------------------------------------------------------------

TEST_F(broker_test, written_bytes_go_out_on_flush) {
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(echo, port));
  tcp_client client{port};
  client.send("ping");
  EXPECT_EQ(client.receive(4), "ping");
  client.send("pong");
  EXPECT_EQ(client.receive(4), "pong");
}

TEST_F(broker_test, close_sends_what_was_written_then_reports_the_close) {
  auto closer = [](broker* self, actor observer) -> behavior {
    return {
      [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::at_most(64)); },
      [=](const new_data_msg& m) {
        self->write(m.handle, "bye"); // not flushed: close sends it
        auto closed = self->close(m.handle);
        self->send(observer, closed, self->write(m.handle, "more"), self->flush(m.handle), self->close(m.handle),
                   self->valid(m.handle));
      },
      [=](const connection_closed_msg& m) { self->send(observer, m); },
    };
  };
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(closer, port, actor{self_}));
  tcp_client client{port};
  client.send("quit");
  bool reported = false;
  self_->receive(
    [&](const error& closed, const error& write, const error& flush, const error& close_again, bool valid) {
      reported = true;
      EXPECT_FALSE(closed);
      EXPECT_EQ(write, sec::invalid_argument);
      EXPECT_EQ(flush, sec::invalid_argument);
      EXPECT_EQ(close_again, sec::invalid_argument);
      EXPECT_FALSE(valid);
    },
    after(10s) >> [] {});
  EXPECT_TRUE(reported);
  std::string rest;
  EXPECT_TRUE(client.sees_close(&rest));
  EXPECT_EQ(rest, "bye");
  EXPECT_TRUE(next<connection_closed_msg>(self_)) << "a close the broker asked for is reported, too";
}

TEST_F(broker_test, a_peer_closing_mid_chunk_ends_the_connection_with_connection_closed) {
  auto port = serve(receive_policy::exactly(10));
  tcp_client client{port};
  auto opened = next<new_connection_msg>(self_);
  ASSERT_TRUE(opened);
  client.send("abcd"); // 4 of 10 bytes
  client.hang_up();
  bool got_data = false;
  std::optional<connection_closed_msg> closed;
  error late_write;
  self_->receive_while([&] { return !closed; })([&](const new_data_msg&) { got_data = true; },
                                                [&](const connection_closed_msg& m, const error& err) {
                                                  closed = m;
                                                  late_write = err;
                                                },
                                                after(10s) >> [&] { closed = connection_closed_msg{}; });
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->handle, opened->handle);
  EXPECT_FALSE(got_data) << "4 bytes never make an exactly(10) chunk";
  EXPECT_EQ(late_write, sec::invalid_argument) << "after connection_closed_msg the handle is not open";
}

TEST_F(broker_test, a_peer_closing_leaves_the_chunks_its_policy_can_cut) {
  auto port = serve(receive_policy::exactly(3));
  tcp_client client{port};
  ASSERT_TRUE(next<new_connection_msg>(self_));
  client.send("abcdefgh");
  client.hang_up();
  std::vector<std::string> chunks;
  bool closed = false;
  self_->receive_while([&] { return !closed; })([&](const new_data_msg& m) { chunks.push_back(text_of(m)); },
                                                [&](const connection_closed_msg&, const error&) { closed = true; },
                                                after(10s) >> [&] { closed = true; });
  EXPECT_EQ(chunks, (std::vector<std::string>{"abc", "def"})) << "the 2 bytes left are dropped";
}

TEST_F(broker_test, a_peer_resetting_while_the_broker_writes_ends_the_connection_once) {
  auto flooder = [](broker* self, actor observer) -> behavior {
    return {
      [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::exactly(5)); },
      [=](const new_data_msg& m) {
        std::string block(1 << 20, 'x');
        for (int i = 0; i < 16; ++i) // far more than the socket buffers hold
          self->write(m.handle, block);
        self->flush(m.handle);
        self->send(observer, std::string{"flushed"});
      },
      [=](const connection_closed_msg& m) { self->send(observer, m); },
    };
  };
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(flooder, port, actor{self_}));
  tcp_client client{port};
  client.send("flood");
  bool flushed = false;
  self_->receive([&](const std::string& s) { flushed = s == "flushed"; }, after(10s) >> [] {});
  ASSERT_TRUE(flushed);
  client.reset(); // the broker's writes now fail
  ASSERT_TRUE(next<connection_closed_msg>(self_));
  bool second = false;
  self_->receive([&](const connection_closed_msg&) { second = true; }, after(200ms) >> [] {});
  EXPECT_FALSE(second) << "one connection, one connection_closed_msg";
}

TEST_F(broker_test, a_skipped_chunk_waits_for_the_behavior_that_takes_it) {
  auto late_reader = [](broker* self, actor observer) -> behavior {
    return {
      [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::exactly(3)); },
      [=](const std::string&) { // only now the broker handles data: the stashed chunk comes first
        self->become([=](const new_data_msg& m) { self->send(observer, text_of(m)); });
      },
    };
  };
  std::uint16_t port = 0;
  auto b = mm().spawn_server(late_reader, port, actor{self_});
  ASSERT_TRUE(b);
  tcp_client client{port};
  client.send("abcdef");
  bool early = false;
  self_->receive([&](const std::string&) { early = true; }, after(200ms) >> [] {});
  EXPECT_FALSE(early);
  self_->send(*b, std::string{"read now"});
  std::vector<std::string> chunks;
  for (int i = 0; i < 2; ++i)
    self_->receive([&](const std::string& s) { chunks.push_back(s); }, after(10s) >> [] {});
  EXPECT_EQ(chunks, (std::vector<std::string>{"abc", "def"}));
}

TEST_F(broker_test, calls_on_handles_that_are_not_open_return_errors) {
  auto b = mm().spawn_broker([](broker* self) -> behavior {
    return {
      [=](const std::string&) {
        connection_handle stranger{123456};
        accept_handle no_acceptor{654321};
        return make_message(self->configure_read(stranger, receive_policy::at_most(1)), self->write(stranger, "x"),
                            self->flush(stranger), self->close(stranger), self->close(no_acceptor),
                            self->local_port(no_acceptor));
      },
    };
  });
  bool answered = false;
  self_->request(b, 10s, std::string{"probe"})
    .receive(
      [&](const error& configure, const error& write, const error& flush, const error& close, const error& close_acc,
          std::uint16_t port) {
        answered = true;
        for (auto* err : {&configure, &write, &flush, &close, &close_acc})
          EXPECT_EQ(*err, sec::invalid_argument) << to_string(*err);
        EXPECT_EQ(port, 0);
      },
      [&](const error& err) { ADD_FAILURE() << to_string(err); });
  EXPECT_TRUE(answered);
}

// ---- acceptors and outgoing connections -----------------------------------------------

TEST_F(broker_test, closing_an_acceptor_reports_it_and_refuses_new_clients) {
  auto server_fun = [](broker* self, actor observer) -> behavior {
    return {
      [=](const std::string&) {
        for (auto hdl : self->acceptors())
          self->close(hdl);
      },
      [=](const acceptor_closed_msg& m) { self->send(observer, m, self->acceptors().size()); },
    };
  };
  std::uint16_t port = 0;
  auto server = mm().spawn_server(server_fun, port, actor{self_});
  ASSERT_TRUE(server);
  EXPECT_TRUE(can_connect(port));
  self_->send(*server, std::string{"close"});
  bool reported = acceptor_closed_reported();
  EXPECT_TRUE(reported);
  EXPECT_FALSE(can_connect(port));
}

// ASan's UBSan checks open pipes to probe memory; with no descriptor left they
// fail and report errors that are not there.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool runtime_needs_descriptors = true;
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
constexpr bool runtime_needs_descriptors = true;
#  else
constexpr bool runtime_needs_descriptors = false;
#  endif
#else
constexpr bool runtime_needs_descriptors = false;
#endif

TEST_F(broker_test, an_acceptor_that_runs_out_of_descriptors_reports_acceptor_closed) {
  if (runtime_needs_descriptors)
    GTEST_SKIP() << "the AddressSanitizer build's runtime cannot run without file descriptors";
  std::uint16_t port = 0;
  auto server = mm().spawn_server(
    [](broker* self, actor observer) -> behavior {
      return {[=](const acceptor_closed_msg& m) { self->send(observer, m, self->acceptors().size()); }};
    },
    port, actor{self_});
  ASSERT_TRUE(server);
  int client = socket(AF_INET, SOCK_STREAM, 0); // made while descriptors are still available
  ASSERT_GE(client, 0);
  // Take every descriptor this process may still open, so the broker's accept fails.
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &saved), 0);
  rlimit tight = saved;
  tight.rlim_cur = std::min<rlim_t>(saved.rlim_cur, 256);
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &tight), 0);
  std::vector<int> fillers;
  for (int fd; (fd = dup(client)) >= 0;)
    fillers.push_back(fd);
  auto addr = loopback(port);
  EXPECT_EQ(::connect(client, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0); // needs no new descriptor
  bool reported = acceptor_closed_reported();
  for (int fd : fillers)
    ::close(fd);
  ::close(client);
  setrlimit(RLIMIT_NOFILE, &saved);
  EXPECT_TRUE(reported);
}

TEST_F(broker_test, spawn_client_talks_to_spawn_server) {
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(echo, port));
  auto client_fun = [](broker* self, connection_handle hdl, actor observer) -> behavior {
    self->configure_read(hdl, receive_policy::exactly(5));
    self->write(hdl, "hello");
    self->flush(hdl);
    return {
      [=](const new_data_msg& m) {
        self->send(observer, text_of(m), self->connections().size());
        self->quit();
      },
    };
  };
  auto client = mm().spawn_client(client_fun, "127.0.0.1", port, actor{self_});
  ASSERT_TRUE(client) << to_string(client.error());
  bool echoed = false;
  self_->receive(
    [&](const std::string& text, std::size_t connections) {
      echoed = true;
      EXPECT_EQ(text, "hello");
      EXPECT_EQ(connections, 1u);
    },
    after(10s) >> [] {});
  EXPECT_TRUE(echoed);
}

TEST_F(broker_test, spawn_client_to_a_port_without_a_listener_fails) {
  auto client =
    mm().spawn_client([](broker*, connection_handle) -> behavior { return {[](int) {}}; }, "127.0.0.1", unused_port());
  ASSERT_FALSE(client);
  EXPECT_EQ(client.error(), sec::cannot_connect_to_node) << to_string(client.error());
}

TEST_F(broker_test, spawn_server_on_a_busy_port_fails) {
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(echo, port));
  auto second = mm().spawn_server(echo, port);
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error(), sec::runtime_error) << to_string(second.error());
}

TEST_F(broker_test, a_broker_opens_acceptors_and_connections_itself) {
  auto b = mm().spawn_broker(
    [](broker* self, actor observer) -> behavior {
      return {
        [=](const std::string& what) -> message {
          if (what == "listen") {
            auto acc = self->add_tcp_doorman(0, "127.0.0.1");
            if (!acc)
              return make_message(acc.error());
            return make_message(self->local_port(*acc));
          }
          auto conn = self->add_tcp_scribe("127.0.0.1", static_cast<std::uint16_t>(std::stoi(what)));
          if (!conn)
            return make_message(conn.error());
          return make_message(self->connections().size());
        },
        [=](const new_connection_msg& m) { self->send(observer, m, self->connections().size()); },
      };
    },
    actor{self_});
  std::uint16_t port = 0;
  self_->request(b, 10s, std::string{"listen"})
    .receive([&](std::uint16_t p) { port = p; }, [&](const error& err) { ADD_FAILURE() << to_string(err); });
  ASSERT_NE(port, 0);
  self_->request(b, 10s, std::to_string(port))
    .receive([&](std::size_t n) { EXPECT_EQ(n, 1u); }, [&](const error& err) { ADD_FAILURE() << to_string(err); });
  // The broker dialled its own acceptor: it holds both ends.
  bool accepted = false;
  self_->receive(
    [&](const new_connection_msg&, std::size_t connections) {
      accepted = true;
      EXPECT_EQ(connections, 2u);
    },
    after(10s) >> [] {});
  EXPECT_TRUE(accepted);
}

// ---- brokers as actors ----------------------------------------------------------------

TEST_F(broker_test, a_broker_answers_requests_and_its_end_closes_its_sockets) {
  auto server_fun = [](broker* self, actor observer) -> behavior {
    return {
      [=](const new_connection_msg& m) {
        self->configure_read(m.handle, receive_policy::at_most(64));
        self->send(observer, m);
      },
      [](const new_data_msg&) {},
      [=](const std::string& what) { return what + ": " + std::to_string(self->connections().size()); },
    };
  };
  std::uint16_t port = 0;
  auto server = mm().spawn_server(server_fun, port, actor{self_});
  ASSERT_TRUE(server);
  tcp_client client{port};
  ASSERT_TRUE(next<new_connection_msg>(self_));
  std::string answer;
  self_->request(*server, 10s, std::string{"connections"})
    .receive([&](const std::string& s) { answer = s; }, [&](const error& err) { ADD_FAILURE() << to_string(err); });
  EXPECT_EQ(answer, "connections: 1");
  self_->monitor(*server);
  self_->send_exit(*server, exit_reason::user_shutdown);
  std::optional<error> reason;
  self_->receive([&](const down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  ASSERT_TRUE(reason);
  EXPECT_EQ(*reason, exit_reason::user_shutdown);
  EXPECT_TRUE(client.sees_close()) << "the broker's connection closes with it";
  EXPECT_FALSE(can_connect(port)) << "and so does its acceptor";
}

TEST_F(broker_test, a_server_lives_on_without_a_handle_while_it_listens) {
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(echo, port)); // the handle is dropped at once
  tcp_client client{port};
  client.send("still here");
  EXPECT_EQ(client.receive(10), "still here");
}

TEST_F(broker_test, many_clients_are_served_at_once) {
  std::uint16_t port = 0;
  ASSERT_TRUE(mm().spawn_server(echo, port));
  std::vector<std::unique_ptr<tcp_client>> clients;
  for (int i = 0; i < 32; ++i)
    clients.push_back(std::make_unique<tcp_client>(port));
  for (std::size_t i = 0; i < clients.size(); ++i)
    clients[i]->send("client " + std::to_string(i) + ";");
  for (std::size_t i = 0; i < clients.size(); ++i) {
    auto expected_text = "client " + std::to_string(i) + ";";
    EXPECT_EQ(clients[i]->receive(expected_text.size()), expected_text);
  }
}

TEST(broker_shutdown, the_system_shutdown_ends_brokers_and_closes_their_sockets) {
  std::optional<tcp_client> client;
  {
    auto cfg = with_middleman();
    actor_system sys{cfg};
    std::uint16_t port = 0;
    ASSERT_TRUE(sys.middleman().spawn_server(echo, port));
    client.emplace(port);
    client->send("hi");
    ASSERT_EQ(client->receive(2), "hi");
  } // the system's destructor must not wait for the (hidden) broker, and must end it
  EXPECT_TRUE(client->sees_close());
}

} // namespace

} // namespace broker_test
