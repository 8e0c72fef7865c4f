// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The sockets of one broker, on the middleman's I/O thread. The broker (on a
// worker) queues its calls here with asio::post, which keeps their order; the
// I/O thread reads, cuts chunks by each connection's receive_policy, writes,
// accepts, and tells the broker through its mailbox.
//
// Chunks are cut one at a time per connection: the next only after the
// broker's handler of the last one returned (consumed), so a configure_read
// inside that handler applies to the very next chunk. Reading stops while a
// connection holds a full buffer, which bounds what a slow broker costs.
//
// While it has any socket open, this object holds a strong reference to its
// broker: a server lives as long as its acceptor, not as long as whoever
// spawned it keeps its handle.
#include <asio.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "troupe/actor_addr.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/net/broker_handles.hpp"
#include "troupe/net/receive_policy.hpp"

namespace troupe::net {

class broker_registry;

class broker_io : public std::enable_shared_from_this<broker_io> {
public:
  broker_io(broker_registry& registry, asio::io_context& io, std::chrono::nanoseconds connect_timeout);
  ~broker_io();

  // ---- blocking: run on the I/O thread, called from any other ----
  expected<std::uint16_t> open_acceptor(accept_handle hdl, std::uint16_t port, const std::string& addr,
                                        bool reuse_addr);
  error open_connection(connection_handle hdl, const std::string& host, std::uint16_t port);

  // Before start: a fork's connection comes here by hand_over after start,
  // and the new broker must stay alive until then, with no socket yet.
  void expect_hand_over() noexcept { awaiting_hand_over_ = true; }

  // ---- queued for the I/O thread, in call order ----
  // From now on events go to `owner`; acceptors start accepting.
  void start(strong_actor_ptr owner);
  void configure_read(connection_handle hdl, receive_policy policy);
  // The broker handled the last chunk of hdl.
  void consumed(connection_handle hdl);
  void write(connection_handle hdl, std::vector<std::byte> bytes);
  void close(connection_handle hdl);
  void close(accept_handle hdl);
  // The broker is gone: every socket closes (connections after sending what
  // was written), and nobody is told.
  void close_all();
  // Moves the connection, with its buffers and receive policy, to `to`,
  // whose owner has started (a broker's fork). A chunk that the old owner
  // has not handled yet is cut again for the new one, unless `chunk_handled`
  // says the old owner forked it from inside that chunk's handler.
  void hand_over(connection_handle hdl, std::shared_ptr<broker_io> to, bool chunk_handled);

  // ---- I/O thread ----
  // Closes every socket now, sending nothing more (the system shuts down).
  void abort();

  // Runs f on the I/O thread of `io` and waits for its result; a
  // sec::system_shutdown error when that thread no longer runs.
  template <class F>
  static auto call_on_io(asio::io_context& io, F f) -> decltype(f());

private:
  struct connection;
  struct acceptor;
  using connection_ptr = std::shared_ptr<connection>;
  using acceptor_ptr = std::shared_ptr<acceptor>;

  // Posts f(*this) to the I/O thread, keeping this object alive meanwhile.
  template <class F>
  void post(F f);

  connection_ptr find(connection_handle hdl) const;
  void add_connection(connection_handle hdl, asio::ip::tcp::socket sock);
  void accept_next(const acceptor_ptr& acc);
  void read_more(const connection_ptr& c);
  void deliver(const connection_ptr& c);
  // The chunk out is done with: its bytes leave the input buffer.
  static void drop_chunk(connection& c);
  void write_more(const connection_ptr& c);
  // Stops reading and closes once everything written is sent.
  void begin_close(const connection_ptr& c);
  // Closes the socket now and tells the broker (unless it is gone).
  void finish(connection_ptr c);         // by value: it erases the map entry that may hold c
  void close_acceptor(acceptor_ptr acc); // by value, as finish
  // Holds the broker while sockets are open, lets go when none is left.
  void update_keep_alive();

  template <class Message>
  void tell(Message msg);

  broker_registry& registry_;
  asio::io_context& io_;
  std::chrono::nanoseconds connect_timeout_;

  // I/O thread only.
  actor_addr owner_;
  strong_actor_ptr keep_alive_;
  bool started_ = false;
  bool owner_gone_ = false;
  bool awaiting_hand_over_ = false; // counts as a socket for update_keep_alive
  std::unordered_map<connection_handle, connection_ptr> connections_;
  std::unordered_map<accept_handle, acceptor_ptr> acceptors_;
};

template <class F>
auto broker_io::call_on_io(asio::io_context& io, F f) -> decltype(f()) {
  using result = decltype(f());
  if (io.stopped())
    return error{sec::system_shutdown, "the middleman's I/O thread has stopped"};
  std::packaged_task<result()> task{std::move(f)};
  auto done = task.get_future();
  // (A packaged_task itself would be a completion token to Asio.)
  asio::post(io, [task = std::move(task)]() mutable { task(); });
  return done.get();
}

} // namespace troupe::net
