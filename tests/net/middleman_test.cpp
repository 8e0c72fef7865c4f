// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Two actor systems in one process, connected over real loopback sockets:
// publishing, handles in messages, the errors a client can get, and what
// malformed bytes from a peer do (close that connection, nothing else).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "net/wire.hpp"
#include "support/log_capture.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"

namespace middleman_test {

using namespace troupe;
namespace wire = troupe::net::wire;
using namespace std::chrono_literals;

namespace {

struct not_announced {
  int x = 0;
};

actor_system_config net_config(const std::string& connect_timeout = "5s") {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  EXPECT_FALSE(cfg.set("middleman.connect-timeout", connect_timeout));
  return cfg;
}

// A plain TCP socket to 127.0.0.1:port, for speaking garbage to a node.
class raw_socket {
public:
  explicit raw_socket(std::uint16_t port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0)
      throw std::runtime_error("connect failed");
    timeval tv{10, 0}; // a read never waits longer than this
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  }
  ~raw_socket() { close(fd_); }
  void write_bytes(const std::vector<std::byte>& bytes) {
    ASSERT_EQ(::write(fd_, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  // One frame's kind and body; empty when the node closed the connection or
  // sent nothing in time.
  std::vector<std::byte> read_frame() {
    std::array<std::byte, wire::length_size> prefix{};
    if (!read_exactly(prefix.data(), prefix.size()))
      return {};
    auto n = wire::read_length(prefix, wire::max_control_frame);
    if (!n)
      return {};
    std::vector<std::byte> body(*n);
    return read_exactly(body.data(), body.size()) ? body : std::vector<std::byte>{};
  }
  // Answers the node's hello as a node of the same application and types
  // would; false when the node's hello did not come.
  bool handshake() {
    auto theirs = read_frame();
    auto frame = wire::read_frame(theirs);
    if (!frame || frame->kind != wire::frame_kind::hello)
      return false;
    auto h = wire::read_hello(frame->body);
    if (!h)
      return false;
    wire::hello ours;
    ours.node = node_id::make_local();
    ours.app_identifier = h->app_identifier;
    ours.types = h->types;
    ours.nonce = wire::make_nonce();
    std::vector<std::byte> out;
    wire::write_hello(out, ours);
    write_bytes(out);
    return true;
  }
  // Reads until the node closes the connection; false on a read timeout.
  bool closed_by_peer() {
    char buf[4096];
    for (;;) {
      auto n = ::read(fd_, buf, sizeof(buf));
      if (n == 0)
        return true;
      if (n < 0)
        return errno == ECONNRESET;
    }
  }
  // Whether the node closed with a FIN (not a reset), reading what it sent before.
  bool closed_gracefully_by_peer() {
    char buf[4096];
    for (;;) {
      auto n = ::read(fd_, buf, sizeof(buf));
      if (n <= 0)
        return n == 0;
    }
  }

private:
  bool read_exactly(std::byte* at, std::size_t n) {
    while (n > 0) {
      auto got = ::read(fd_, at, n);
      if (got <= 0)
        return false;
      at += got;
      n -= static_cast<std::size_t>(got);
    }
    return true;
  }

  int fd_;
};

// A fragment frame with `piece` bytes of filler; total != 0 makes it a first one.
std::vector<std::byte> fragment(std::size_t piece, bool last, std::uint64_t total) {
  std::vector<std::byte> frame;
  wire::write_fragment_header(frame, piece, last, total);
  frame.resize(frame.size() + piece, std::byte{0x42});
  return frame;
}

// A listening socket that accepts and never says anything.
class silent_listener {
public:
  silent_listener() : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
    listen(fd_, 4);
    socklen_t len = sizeof(addr);
    getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
  }
  ~silent_listener() { close(fd_); }
  std::uint16_t port() const { return port_; }

private:
  int fd_;
  std::uint16_t port_ = 0;
};

class middleman_test : public ::testing::Test {
public:
  middleman_test() : server_cfg(net_config()), client_cfg(net_config()), server(server_cfg), client(client_cfg) {}

  std::uint16_t publish_service() {
    svc = server.spawn(test::service);
    auto port = server.middleman().publish(svc, 0, "127.0.0.1");
    EXPECT_TRUE(port) << to_string(port.error());
    return port ? *port : 0;
  }

  // Publishes the service and connects the client to it.
  expected<actor> connect_service() {
    port = publish_service();
    return client.middleman().remote_actor("127.0.0.1", port);
  }

  ~middleman_test() override {
    if (svc)
      scoped_actor(server)->send_exit(svc, exit_reason::user_shutdown);
  }

  actor_system_config server_cfg;
  actor_system_config client_cfg;
  actor_system server;
  actor_system client;
  actor svc;
  std::uint16_t port = 0;
};

TEST_F(middleman_test, a_remote_handle_answers_requests_and_names_its_node) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  EXPECT_EQ(remote->node(), server.node());
  EXPECT_NE(remote->node(), client.node());
  EXPECT_EQ(remote->id(), svc.id());
  scoped_actor self{client};
  int sum = 0;
  self->request(*remote, 5s, atom("add"), 1, 2)
    .receive([&](int r) { sum = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(sum, 3);
  // The same address again: the same connection and the same proxy.
  auto again = client.middleman().remote_actor("127.0.0.1", port);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *remote);
  EXPECT_EQ(client.middleman().connected_nodes(), std::vector<node_id>{server.node()});
}

TEST_F(middleman_test, a_returned_value_answers_a_plain_message) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{client};
  auto pinger = client.spawn([r = *remote, report = actor{self}](event_based_actor* me) -> behavior {
    me->send(r, 7); // a plain message: the echo's returned value comes back as one
    return {[me, report](int x) {
      me->send(report, x);
      me->quit();
    }};
  });
  int got = 0;
  self->receive([&](int x) { got = x; }, after(10s) >> [] {});
  EXPECT_EQ(got, 7);
}

TEST_F(middleman_test, handles_travel_inside_messages) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{client};
  self->send(*remote, atom("ping"), actor{self}); // our handle goes to the server ...
  actor from;
  self->receive(
    [&](atom_value a, const actor& h) { // ... and the server answers through it
      EXPECT_EQ(a, atom("pong"));
      from = h;
    },
    after(10s) >> [] { FAIL() << "no pong"; });
  EXPECT_EQ(from, *remote); // the server's handle to itself is our proxy for it
}

TEST_F(middleman_test, a_stream_of_messages_keeps_senders_apart_and_sees_its_receiver_end) {
  // Each side remembers the last receiver and sender of a connection: two
  // senders taking turns still get their own answers, and an end between
  // two messages answers the next one with an error.
  struct counted_state {
    std::shared_ptr<std::atomic<bool>> destroyed;
    ~counted_state() {
      if (destroyed)
        *destroyed = true;
    }
  };
  auto destroyed = std::make_shared<std::atomic<bool>>(false);
  auto adder = server.spawn([destroyed](stateful_actor<counted_state>* self) -> behavior {
    self->state.destroyed = destroyed;
    return {[](int x, int y) { return x + y; }};
  });
  auto published = server.middleman().publish(adder, 0, "127.0.0.1");
  ASSERT_TRUE(published) << to_string(published.error());
  auto remote = client.middleman().remote_actor("127.0.0.1", *published);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor first{client};
  scoped_actor second{client};
  for (int i = 0; i < 50; ++i) {
    auto& self = i % 3 == 0 ? second : first;
    int sum = -1;
    self->request(*remote, 5s, i, 1000).receive([&](int r) { sum = r; }, [](error& e) { FAIL() << to_string(e); });
    ASSERT_EQ(sum, i + 1000);
  }
  first->monitor(*remote);
  scoped_actor(server)->send_exit(adder, exit_reason::user_shutdown);
  adder = nullptr;
  first->receive([](down_msg&) {}, after(10s) >> [] { FAIL() << "no down message"; });
  error reason;
  second->request(*remote, 5s, 1, 2)
    .receive([](int) { FAIL() << "an answer from an ended actor"; }, [&](error& e) { reason = e; });
  EXPECT_TRUE(reason);
  // Nothing on the server keeps the ended actor's state while the
  // connection stays open.
  for (int i = 0; i < 1000 && !*destroyed; ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(*destroyed);
  EXPECT_EQ(client.middleman().connected_nodes(), std::vector<node_id>{server.node()});
}

TEST_F(middleman_test, sync_send_await_delegate_and_actor_cast_work_on_a_remote_handle) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  auto svc_handle = *remote;
  scoped_actor self{client};
  // sync_send from an event-based actor: the answer comes back to `then`.
  auto asker = client.spawn([svc_handle](event_based_actor* a) -> behavior {
    return {[=](int x) {
      auto rp = a->make_response_promise();
      a->sync_send(svc_handle, atom("add"), x, 1).then([=](int sum) mutable { rp.deliver(sum); });
      return rp;
    }};
  });
  // request(...).await: the remote answer is the actor's next message.
  auto awaiter = client.spawn([svc_handle](event_based_actor* a) -> behavior {
    return {[=](int x) {
      auto rp = a->make_response_promise();
      a->request(svc_handle, 5s, atom("add"), x, 2).await([=](int sum) mutable { rp.deliver(sum); });
      return rp;
    }};
  });
  // delegate: the remote service answers the original requester itself.
  auto front = client.spawn([svc_handle](event_based_actor* a) -> behavior {
    return {[=](int x, int y) { return a->delegate(svc_handle, atom("add"), x, y); }};
  });
  int asked = 0;
  self->request(asker, 5s, 41).receive([&](int r) { asked = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(asked, 42);
  int awaited = 0;
  self->request(awaiter, 5s, 40).receive([&](int r) { awaited = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(awaited, 42);
  int delegated = 0;
  self->request(front, 5s, 30, 12).receive([&](int r) { delegated = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(delegated, 42);
  // actor_cast to a typed handle and back keeps the remote actor and its node.
  auto typed = actor_cast<test::adder>(svc_handle);
  EXPECT_EQ(typed.node(), server.node());
  int added = 0;
  self->request(typed, 5s, atom_constant<atom("add")>{}, 40, 2)
    .receive([&](int r) { added = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(added, 42);
  auto back = actor_cast<actor>(typed);
  EXPECT_EQ(back, svc_handle);
  EXPECT_NE(back.node(), client.node());
  self->send_exit(asker, exit_reason::user_shutdown);
  self->send_exit(awaiter, exit_reason::user_shutdown);
  self->send_exit(front, exit_reason::user_shutdown);
}

TEST_F(middleman_test, a_closed_port_gives_an_error) {
  std::uint16_t port;
  {
    silent_listener gone;
    port = gone.port();
  }
  auto remote = client.middleman().remote_actor("127.0.0.1", port);
  ASSERT_FALSE(remote);
  EXPECT_EQ(remote.error(), sec::cannot_connect_to_node);
}

TEST(middleman, a_silent_peer_times_out_the_handshake) {
  auto cfg = net_config("200ms");
  actor_system sys{cfg};
  silent_listener quiet;
  auto start = std::chrono::steady_clock::now();
  auto remote = sys.middleman().remote_actor("127.0.0.1", quiet.port());
  ASSERT_FALSE(remote);
  EXPECT_EQ(remote.error(), sec::cannot_connect_to_node);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s); // it ends; CAF's waits forever
}

TEST_F(middleman_test, garbage_closes_that_connection_only) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  {
    raw_socket junk{port};
    junk.write_bytes(std::vector<std::byte>(64, std::byte{0xEE})); // an absurd length
    EXPECT_TRUE(junk.closed_by_peer());
  }
  {
    raw_socket early{port}; // a message before any hello
    std::vector<std::byte> frame;
    wire::actor_message_header hdr;
    hdr.dest = svc.id();
    auto start = wire::begin_actor_message(frame, hdr);
    wire::finish_frame(frame, start);
    early.write_bytes(frame);
    EXPECT_TRUE(early.closed_by_peer());
  }
  {
    raw_socket wrong_version{port};
    wire::hello h;
    h.version = wire::protocol_version + 7;
    h.node = node_id::make_local();
    h.app_identifier = "troupe";
    std::vector<std::byte> frame;
    wire::write_hello(frame, h);
    wrong_version.write_bytes(frame);
    EXPECT_TRUE(wrong_version.closed_by_peer());
  }
  // The good connection and the service are unaffected.
  scoped_actor self{client};
  int echo = 0;
  self->request(*remote, 5s, 5).receive([&](int r) { echo = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(echo, 5);
}

TEST_F(middleman_test, a_park_request_it_cannot_take_is_refused_and_a_stray_answer_closes_that_connection) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  raw_socket peer{port};
  ASSERT_TRUE(peer.handshake());
  // The raw peer told no endpoint: the node could not dial it again.
  std::vector<std::byte> frame;
  wire::write_park(frame, wire::frame_kind::park);
  peer.write_bytes(frame);
  bool refused = false;
  for (int i = 0; i < 100 && !refused; ++i) { // heartbeats may come first
    auto got = peer.read_frame();
    ASSERT_FALSE(got.empty()) << "closed instead of refusing";
    auto f = wire::read_frame(got);
    ASSERT_TRUE(f);
    refused = f->kind == wire::frame_kind::park_refused;
  }
  EXPECT_TRUE(refused);
  frame.clear();
  wire::write_park(frame, wire::frame_kind::park_ack); // it asked for nothing
  peer.write_bytes(frame);
  EXPECT_TRUE(peer.closed_by_peer());
  scoped_actor self{client};
  int echo = 0;
  self->request(*remote, 5s, 6).receive([&](int r) { echo = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(echo, 6);
}

TEST_F(middleman_test, fragments_that_do_not_add_up_close_that_connection_only) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  auto cat = [](std::vector<std::vector<std::byte>> frames) {
    std::vector<std::byte> out;
    for (auto& f : frames)
      out.insert(out.end(), f.begin(), f.end());
    return out;
  };
  const std::vector<std::pair<const char*, std::vector<std::byte>>> cases{
    {"a fragment without a first one", fragment(100, false, 0)},
    {"more bytes than announced", cat({fragment(100, false, 120), fragment(100, true, 0)})},
    {"a last fragment before the announced end", cat({fragment(100, false, 300), fragment(100, true, 0)})},
    {"a first fragment while one is arriving", cat({fragment(100, false, 300), fragment(100, false, 300)})},
    {"a length past middleman.max-message-size", fragment(100, false, std::uint64_t{1} << 40)},
  };
  for (auto& [what, bytes] : cases) {
    raw_socket peer{port};
    ASSERT_TRUE(peer.handshake()) << what;
    peer.write_bytes(bytes);
    EXPECT_TRUE(peer.closed_by_peer()) << what;
  }
  // The good connection and the service are unaffected.
  scoped_actor self{client};
  int echo = 0;
  self->request(*remote, 5s, 7).receive([&](int r) { echo = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(echo, 7);
}

TEST_F(middleman_test, another_application_is_refused) {
  port = publish_service();
  auto cfg = net_config();
  ASSERT_FALSE(cfg.set("middleman.app-identifier", "someone-else"));
  actor_system other{cfg};
  auto remote = other.middleman().remote_actor("127.0.0.1", port);
  ASSERT_FALSE(remote);
  EXPECT_EQ(remote.error(), sec::incompatible_application_ids);
}

TEST_F(middleman_test, an_unannounced_type_fails_at_the_sender) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{client};
  error err;
  self->request(*remote, 5s, not_announced{}).receive([] { FAIL() << "sent"; }, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::type_clash);
  EXPECT_NE(err.context().find("not announced"), std::string::npos) << to_string(err);
}

TEST_F(middleman_test, unpublish_closes_the_port) {
  port = publish_service();
  EXPECT_FALSE(server.middleman().unpublish(svc, port));
  EXPECT_TRUE(server.middleman().unpublish(svc, port)); // not published there any more
  auto remote = client.middleman().remote_actor("127.0.0.1", port);
  ASSERT_FALSE(remote);
  EXPECT_EQ(remote.error(), sec::cannot_connect_to_node);
}

TEST_F(middleman_test, reuse_addr_publishes_on_a_port_that_a_closed_connection_still_holds) {
  // A node that restarts on its port: the connections of its last run
  // inherited reuse_addr from their port, and Linux lets a new port share
  // the address with them only if both ask for it.
  svc = server.spawn(test::service);
  auto first = server.middleman().publish(svc, 0, "127.0.0.1", true);
  ASSERT_TRUE(first) << to_string(first.error());
  port = *first;
  {
    // Nothing but an absurd length prefix: the node reads all of it and
    // closes first, with a FIN, so its end of the connection stays on
    // `port` in TIME_WAIT once this end has closed too.
    raw_socket junk{port};
    junk.write_bytes(std::vector<std::byte>(wire::length_size, std::byte{0xEE}));
    ASSERT_TRUE(junk.closed_gracefully_by_peer());
  }
  ASSERT_FALSE(server.middleman().unpublish(svc, port));
  auto plain = server.middleman().publish(svc, port, "127.0.0.1");
  ASSERT_FALSE(plain) << "published again without reuse_addr";
  EXPECT_NE(to_string(plain.error()).find("cannot bind port " + std::to_string(port)), std::string::npos)
    << to_string(plain.error());
  // This end's close reaches the node's end at once on loopback; a few
  // tries cover a slow machine.
  auto reused = server.middleman().publish(svc, port, "127.0.0.1", true);
  for (int i = 0; !reused && i < 100; ++i) {
    std::this_thread::sleep_for(10ms);
    reused = server.middleman().publish(svc, port, "127.0.0.1", true);
  }
  ASSERT_TRUE(reused) << to_string(reused.error());
  EXPECT_EQ(*reused, port);
  auto remote = client.middleman().remote_actor("127.0.0.1", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{client};
  int echo = 0;
  self->request(*remote, 5s, 6).receive([&](int r) { echo = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(echo, 6);
}

TEST(middleman_free_forms, publish_and_remote_actor_use_the_current_system) {
  auto server_cfg = net_config();
  actor_system server{server_cfg};
  ASSERT_EQ(actor_system::current(), &server); // the process's default system: no other one is alive
  auto doubler = server.spawn([] { return behavior{[](int x) { return 2 * x; }}; });
  auto port = publish(doubler, 0, "127.0.0.1");
  ASSERT_TRUE(port) << to_string(port.error());
  auto client_cfg = net_config();
  actor_system client{client_cfg};
  // On a worker of the client, the current system is the client.
  auto finder = client.spawn([] {
    return behavior{[](int p) {
      auto found = remote_actor("127.0.0.1", static_cast<std::uint16_t>(p));
      return found ? *found : actor{};
    }};
  });
  scoped_actor self{client};
  actor found;
  self->request(finder, 10s, static_cast<int>(*port))
    .receive([&](actor& a) { found = std::move(a); }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found.node(), server.node());
  EXPECT_NE(found.node(), client.node());
  EXPECT_EQ(client.middleman().proxy_count(), 1u); // the client connected, not the default system
  int doubled = 0;
  self->request(found, 5s, 21).receive([&](int r) { doubled = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(doubled, 42);
  self->send_exit(finder, exit_reason::user_shutdown);
  scoped_actor(server)->send_exit(doubler, exit_reason::user_shutdown);
}

TEST_F(middleman_test, connect_returns_the_node) {
  port = publish_service();
  auto n = client.middleman().connect("127.0.0.1", port);
  ASSERT_TRUE(n) << to_string(n.error());
  EXPECT_EQ(*n, server.node());
}

TEST_F(middleman_test, a_stopped_node_takes_its_proxies_down) {
  auto other_cfg = net_config();
  auto other = std::make_optional<actor_system>(other_cfg);
  auto echo = other->spawn([] { return behavior{[](int x) { return x; }}; });
  auto port = other->middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  auto remote = client.middleman().remote_actor("127.0.0.1", *port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{client};
  self->monitor(*remote);
  scoped_actor(*other)->send_exit(echo, exit_reason::user_shutdown);
  echo = nullptr;
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  EXPECT_EQ(reason, exit_reason::user_shutdown); // the actor's own reason, before its node went away
  other.reset();                                 // says goodbye to the client
  for (int i = 0; i < 1000 && !client.middleman().connected_nodes().empty(); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(client.middleman().connected_nodes().empty());
}

TEST_F(middleman_test, a_monitor_fires_after_the_last_handle_is_gone) {
  port = publish_service();
  scoped_actor self{client};
  {
    auto remote = client.middleman().remote_actor("127.0.0.1", port);
    ASSERT_TRUE(remote) << to_string(remote.error());
    self->monitor(*remote);
  } // no handle to the remote actor is left on this node
  scoped_actor(server)->send_exit(svc, exit_reason::user_shutdown);
  svc = nullptr;
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  EXPECT_EQ(reason, exit_reason::user_shutdown);
}

TEST_F(middleman_test, links_carry_failures_across_nodes_both_ways) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor watch_server{server};
  watch_server->monitor(svc);
  // A client actor linked to the remote service fails: the service goes with it.
  auto linked = client.spawn([r = *remote](event_based_actor* self) -> behavior {
    self->link_to(r);
    return {[self](int) { self->quit(exit_reason::user_shutdown); }};
  });
  scoped_actor self{client};
  self->monitor(linked);
  self->send(linked, 1);
  error local_reason, remote_reason;
  self->receive([&](down_msg& dm) { local_reason = dm.reason; }, after(10s) >> [] {});
  watch_server->receive([&](down_msg& dm) { remote_reason = dm.reason; }, after(10s) >> [] {});
  EXPECT_EQ(local_reason, exit_reason::user_shutdown);
  EXPECT_EQ(remote_reason, exit_reason::user_shutdown);
  svc = nullptr; // gone already
}

TEST_F(middleman_test, a_failing_remote_actor_takes_a_linked_local_one_down) {
  auto remote = connect_service();
  ASSERT_TRUE(remote) << to_string(remote.error());
  auto linked = client.spawn([r = *remote](event_based_actor* self) -> behavior {
    self->link_to(r);
    return {[](int) {}};
  });
  scoped_actor self{client};
  self->monitor(linked);
  // Linked and monitored before the service fails: a request round trip
  // through the linked actor's node orders the two.
  self->request(*remote, 5s, 1).receive([](int) {}, [](error& e) { FAIL() << to_string(e); });
  scoped_actor(server)->send_exit(svc, exit_reason::kill);
  svc = nullptr;
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  EXPECT_EQ(reason, exit_reason::kill);
}

// ---- authentication ------------------------------------------------------------------

struct secret_case {
  const char* server;
  const char* client;
  bool connects;
};

TEST(middleman_auth, a_shared_secret_is_proven_both_ways_before_any_actor_is_reachable) {
  for (auto c : {secret_case{"s3cret", "s3cret", true}, secret_case{"s3cret", "wrong", false},
                 secret_case{"s3cret", "", false}, secret_case{"", "s3cret", false}}) {
    auto server_cfg = net_config();
    auto client_cfg = net_config();
    ASSERT_FALSE(server_cfg.set("middleman.secret", c.server));
    ASSERT_FALSE(client_cfg.set("middleman.secret", c.client));
    actor_system server{server_cfg};
    actor_system client{client_cfg};
    auto echo = server.spawn([] { return behavior{[](int x) { return x; }}; });
    auto port = server.middleman().publish(echo, 0, "127.0.0.1");
    ASSERT_TRUE(port);
    auto remote = client.middleman().remote_actor("127.0.0.1", *port);
    if (c.connects) {
      ASSERT_TRUE(remote) << to_string(remote.error());
      scoped_actor self{client};
      int r = 0;
      self->request(*remote, 5s, 9).receive([&](int x) { r = x; }, [](error& e) { FAIL() << to_string(e); });
      EXPECT_EQ(r, 9);
    } else {
      ASSERT_FALSE(remote) << "server '" << c.server << "', client '" << c.client << "'";
      EXPECT_EQ(remote.error(), sec::authentication_failed) << to_string(remote.error());
      EXPECT_EQ(server.middleman().proxy_count(), 0u); // nothing of the client became reachable
    }
    scoped_actor(server)->send_exit(echo, exit_reason::user_shutdown);
  }
}

TEST(middleman_auth, the_secret_can_come_from_a_file) {
  auto path = ::testing::TempDir() + "troupe_secret.txt";
  {
    std::ofstream out{path};
    out << "from-a-file\n";
  }
  auto file_cfg = net_config();
  ASSERT_FALSE(file_cfg.set("middleman.secret-file", path));
  auto inline_cfg = net_config();
  ASSERT_FALSE(inline_cfg.set("middleman.secret", "from-a-file"));
  actor_system server{file_cfg};
  actor_system client{inline_cfg};
  auto echo = server.spawn([] { return behavior{[](int x) { return x; }}; });
  auto port = server.middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  EXPECT_TRUE(client.middleman().remote_actor("127.0.0.1", *port));
  scoped_actor(server)->send_exit(echo, exit_reason::user_shutdown);
  auto missing = net_config();
  ASSERT_FALSE(missing.set("middleman.secret-file", path + ".missing"));
  EXPECT_THROW(actor_system{missing}, std::runtime_error);
}

// ---- the start-up warning ------------------------------------------------------------

constexpr const char* open_port_warning = "listens beyond loopback without authentication";

// How many lines warned of an unauthenticated open port when a node published
// an actor on `host` ("": every address, the default) with the shared secret
// `secret` ("": none); -1 when it could not publish.
int open_port_warnings(const std::string& host, const std::string& secret) {
  test_support::log_capture cap;
  auto cfg = net_config();
  cap.attach(cfg, log_level::warning);
  if (cfg.set("middleman.secret", secret))
    return -1;
  actor_system sys{cfg};
  auto echo = sys.spawn([] { return behavior{[](int x) { return x; }}; });
  auto port = host.empty() ? sys.middleman().publish(echo, 0) : sys.middleman().publish(echo, 0, host);
  int result = -1;
  if (port) {
    result = 0;
    for (auto& line : cap.containing(open_port_warning))
      if (line.level == log_level::warning
          && line.text.find("port " + std::to_string(*port) + " ") != std::string::npos)
        ++result;
    sys.middleman().unpublish(echo, *port);
  }
  scoped_actor(sys)->send_exit(echo, exit_reason::user_shutdown);
  return result;
}

// Runs open_port_warnings in a child process inside a network namespace of
// its own, so that a port opened beyond loopback is reachable from nowhere;
// the child's count, or nullopt where this user may not make a namespace.
std::optional<int> open_port_warnings_in_own_namespace(const std::string& host, const std::string& secret) {
  constexpr int no_namespace = 77;
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (::unshare(CLONE_NEWNET) != 0)
      std::_Exit(no_namespace);
    std::_Exit(open_port_warnings(host, secret) + 1); // 0 stays "could not publish"
  }
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
    return -1;
  if (WEXITSTATUS(status) == no_namespace)
    return std::nullopt;
  return WEXITSTATUS(status) - 1;
}

TEST(middleman_warnings, a_port_open_beyond_loopback_without_authentication_is_warned_about) {
  for (const std::string host : {"", "0.0.0.0"}) {
    auto warnings = open_port_warnings_in_own_namespace(host, "");
    if (!warnings)
      GTEST_SKIP() << "needs a network namespace of its own (root)";
    EXPECT_EQ(*warnings, 1) << "host '" << host << "'";
  }
}

TEST(middleman_warnings, a_loopback_port_or_one_behind_a_secret_is_not_warned_about) {
  for (const std::string host : {"", "0.0.0.0"}) {
    auto warnings = open_port_warnings_in_own_namespace(host, "s3cret");
    if (!warnings)
      GTEST_SKIP() << "needs a network namespace of its own (root)";
    EXPECT_EQ(*warnings, 0) << "host '" << host << "'";
  }
  EXPECT_EQ(open_port_warnings("127.0.0.1", ""), 0);
}

TEST(middleman_logs, what_the_io_thread_logs_goes_to_its_own_systems_logger) {
  // The first system is the process's default one: lines of the second
  // system's I/O thread must not go there (it may be gone by then).
  test_support::log_capture first_log;
  test_support::log_capture second_log;
  auto first_cfg = net_config();
  auto second_cfg = net_config();
  first_log.attach(first_cfg, log_level::info);
  second_log.attach(second_cfg, log_level::info);
  actor_system first{first_cfg};
  actor_system second{second_cfg};
  auto echo = first.spawn([] { return behavior{[](int x) { return x; }}; });
  auto port = first.middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  ASSERT_TRUE(second.middleman().remote_actor("127.0.0.1", *port));
  auto to_first = "connected to " + to_string(first.node());
  auto to_second = "connected to " + to_string(second.node());
  for (int i = 0; i < 500 && first_log.containing(to_second).empty(); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_FALSE(second_log.containing(to_first).empty()) << "the second system's I/O thread logs there";
  EXPECT_TRUE(first_log.containing(to_first).empty()) << "and not into the first system's log";
  EXPECT_FALSE(first_log.containing(to_second).empty());
  EXPECT_TRUE(second_log.containing(to_second).empty());
  scoped_actor(first)->send_exit(echo, exit_reason::user_shutdown);
}

TEST_F(middleman_test, a_node_monitor_without_a_connection_fires_at_once) {
  scoped_actor self{client};
  self->monitor(server.node()); // never connected
  node_down_msg received;
  self->receive([&](node_down_msg& m) { received = m; }, after(10s) >> [] {});
  EXPECT_EQ(received.node, server.node());
  EXPECT_EQ(received.reason, exit_reason::remote_link_unreachable);
  // A connected node is watched; demonitor stops that.
  port = publish_service();
  ASSERT_TRUE(client.middleman().connect("127.0.0.1", port));
  self->monitor(server.node());
  self->demonitor(server.node());
  self->monitor(client.node()); // its own node: nothing
  bool quiet = true;
  self->receive([&](node_down_msg&) { quiet = false; }, after(50ms) >> [] {});
  EXPECT_TRUE(quiet);
}

TEST(middleman, its_options_are_listed_and_set) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  auto help = cfg.help();
  for (auto name :
       {"middleman.heartbeat-interval", "middleman.connection-timeout", "middleman.connect-timeout",
        "middleman.max-message-size", "middleman.max-queued-bytes", "middleman.workers",
        "middleman.enable-automatic-connections", "middleman.automatic-connection-retry", "middleman.app-identifier",
        "middleman.secret", "middleman.secret-file", "middleman.tls.certificate", "middleman.tls.key",
        "middleman.tls.ca", "middleman.io-thread", "middleman.read-on-idle-workers", "middleman.memory-network"})
    EXPECT_NE(help.find(name), std::string::npos) << name;
  EXPECT_NE(help.find("(default: 250ms)"), std::string::npos) << help;
  EXPECT_FALSE(cfg.set("middleman.heartbeat-interval", "2s"));
  EXPECT_TRUE(cfg.set("middleman.heartbeat-interval", "soon"));
  // In a config file too.
  auto file = std::filesystem::temp_directory_path() / ("troupe_middleman_options_" + std::to_string(::getpid()));
  std::ofstream{file} << "middleman.workers=3\n";
  EXPECT_FALSE(cfg.parse({"--config-file=" + file.string()}));
  std::ofstream{file} << "middleman.workers=many\n";
  EXPECT_TRUE(cfg.parse({"--config-file=" + file.string()}));
  std::filesystem::remove(file);
}

TEST(middleman, a_config_file_sets_what_the_middleman_runs_with) {
  auto file = std::filesystem::temp_directory_path() / ("troupe_middleman_file_" + std::to_string(::getpid()));
  std::ofstream{file} << "middleman.heartbeat-interval=100ms\n"
                         "middleman.connection-timeout=700ms\n"
                         "middleman.connect-timeout=3s\n"
                         "middleman.max-message-size=1048576\n"
                         "middleman.workers=2\n"
                         "middleman.enable-automatic-connections=false\n"
                         "middleman.secret=from-the-file\n";
  actor_system_config cfg;
  cfg.load<net::middleman>();
  ASSERT_FALSE(cfg.parse({"--config-file=" + file.string()}));
  std::filesystem::remove(file);
  actor_system sys{cfg};
  const auto& set = sys.middleman().config();
  EXPECT_EQ(set.heartbeat_interval, 100ms);
  EXPECT_EQ(set.connection_timeout, 700ms);
  EXPECT_EQ(set.connect_timeout, 3s);
  EXPECT_EQ(set.max_message_size, 1048576u);
  EXPECT_EQ(set.workers, 2u);
  EXPECT_FALSE(set.enable_automatic_connections);
  EXPECT_EQ(set.secret, "from-the-file");
}

TEST(middleman, without_loading_it_the_accessor_throws) {
  actor_system_config cfg;
  actor_system sys{cfg};
  EXPECT_THROW(sys.middleman(), std::logic_error);
}

} // namespace

TEST(middleman, a_system_stops_while_a_heartbeat_tick_is_due) {
  // A tick whose timer already fired when the middleman stops must not arm
  // the next one: that kept the I/O loop alive and the system's destructor
  // waiting forever. A 1 ms heartbeat makes a due tick likely at every stop;
  // a watchdog turns a hang into a failure.
  std::atomic<bool> finished{false};
  std::thread watchdog{[&] {
    for (int i = 0; i < 600 && !finished; ++i)
      std::this_thread::sleep_for(100ms);
    if (!finished) {
      ADD_FAILURE() << "a system did not stop within 60 s";
      std::_Exit(1);
    }
  }};
  for (int round = 0; round < 200; ++round) {
    auto cfg = net_config();
    ASSERT_FALSE(cfg.set("middleman.heartbeat-interval", "1ms"));
    actor_system sys{cfg};
    auto echo = sys.spawn([] { return behavior{[](int x) { return x; }}; });
    ASSERT_TRUE(sys.middleman().publish(echo, 0, "127.0.0.1"));
    scoped_actor(sys)->send_exit(echo, exit_reason::user_shutdown);
  }
  finished = true;
  watchdog.join();
}

// TROUPE_MAIN(net::middleman), as a CAF program writes CAF_MAIN(io::middleman):
// the middleman is loaded before the command line is read (so its options
// parse) and troupe_main can publish and be reached. The macro defines this
// namespace's main, which the test calls like a program's.
namespace with_middleman {

using namespace troupe;

int troupe_main(actor_system& sys) {
  if (sys.middleman().config().connect_timeout != std::chrono::seconds{7})
    return 2; // --middleman.connect-timeout did not reach the middleman
  auto doubler = sys.spawn([] { return behavior{[](int x) { return 2 * x; }}; });
  auto port = sys.middleman().publish(doubler, 0, "127.0.0.1");
  if (!port || *port == 0) {
    scoped_actor(sys)->send_exit(doubler, exit_reason::user_shutdown);
    return 3;
  }
  int doubled = 0;
  {
    auto client_cfg = net_config();
    actor_system client{client_cfg};
    auto remote = client.middleman().remote_actor("127.0.0.1", *port);
    if (remote) {
      scoped_actor self{client};
      self->request(*remote, 5s, 21).receive([&](int r) { doubled = r; }, [](error&) {});
    }
  }
  scoped_actor(sys)->send_exit(doubler, exit_reason::user_shutdown);
  return doubled == 42 ? 0 : 4;
}

TROUPE_MAIN(net::middleman)

} // namespace with_middleman

TEST(middleman_main, troupe_main_with_the_middleman_publishes_and_is_reached) {
  static_assert(system_module<net::middleman>);
  std::string prog = "prog", timeout = "--middleman.connect-timeout=7s";
  std::array<char*, 3> argv{prog.data(), timeout.data(), nullptr};
  EXPECT_EQ(with_middleman::main(2, argv.data()), 0);
  EXPECT_EQ(exec_main<net::middleman>(&with_middleman::troupe_main, 2, argv.data()), 0);
}

TEST(middleman_main, init_loads_the_middleman_once) {
  actor_system_config cfg;
  net::middleman::init(cfg);
  net::middleman::init(cfg);
  EXPECT_TRUE(cfg.has_module(actor_system_module::middleman));
  EXPECT_TRUE(cfg.has_option("middleman.connect-timeout"));
  actor_system sys{cfg};
  EXPECT_NO_THROW(sys.middleman());
}

} // namespace middleman_test
