// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The plaintext TCP connections of a middleman, watched by an epoll set of
// their own, and read by idle scheduler workers while traffic flows.
//
// Why not Asio's reactor: it registers every socket for reading, edge
// triggered, for as long as the socket is open, so each arrival wakes the I/O
// thread, and the sender's send() pays for that wake-up (on the VMs measured
// here about 10 us, more than the rest of a loopback hop). Here a socket is
// registered one-shot: each time it is armed it reports once. The I/O thread
// waits on this set through Asio (the set's descriptor is readable when a
// socket is ready), so timers, acceptors and TLS stay Asio's.
//
// Hot connections: when the I/O thread read actor messages from a connection
// that workers may read (peer::poll_from_worker), the connection joins the
// hot set. While a scheduler worker spins idle, the hot connections are not
// armed for reading: the spinning workers read them instead, and the message
// runs on the worker that read it. When the last spinning worker leaves its
// idle period (to run a job, or to sleep), they are armed again, so that the
// I/O thread hears of what arrives while every worker is busy. A hot
// connection without messages for a while leaves the set (prune).
#include <asio.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "troupe/scheduler/idle_poller.hpp"

namespace troupe::net {

class peer;

class tcp_watch final : public scheduler::idle_poller {
public:
  // Who is to read a connection next.
  enum class reader {
    none, // nobody now: input paused, or a read is already queued on the I/O thread
    io,   // the I/O thread (a frame only it handles, the handshake, ...)
    any,  // idle workers or the I/O thread
  };

  explicit tcp_watch(asio::io_context& io);
  ~tcp_watch() override;
  tcp_watch(const tcp_watch&) = delete;
  tcp_watch& operator=(const tcp_watch&) = delete;

  // I/O thread: begins to wait for ready sockets; stop() cancels the wait, so
  // that the I/O loop can run out of work.
  void start();
  void stop();
  // Whether idle workers read hot connections (middleman.read-on-idle-workers).
  void set_worker_reads(bool on) noexcept { worker_reads_ = on; }

  // I/O thread: a connection's socket joins the set, armed for nothing yet;
  // `p` handles its events (peer::on_socket_events) until remove(). False
  // when the system refuses (errno says why).
  bool add(const std::shared_ptr<peer>& p, std::uint64_t key, int fd);
  // I/O thread, before the socket closes.
  void remove(std::uint64_t key);
  // I/O thread: arms the socket once for what the connection waits for.
  // `had_messages`: its last read delivered actor messages (it may turn hot).
  void arm(std::uint64_t key, reader r, bool write, bool had_messages);
  // I/O thread: connections without a message since `quiet_since` leave the
  // hot set.
  void prune(std::chrono::steady_clock::time_point quiet_since);

  // ---- idle_poller ----
  void idle_begins(execution_unit* self) noexcept override;
  bool poll_idle(execution_unit* self) override;
  void idle_ended(execution_unit* self) noexcept override;

  // Tests and inspection: the actor messages that idle workers read.
  std::size_t messages_read_on_workers() const noexcept { return read_on_workers_.load(std::memory_order_relaxed); }
  void count_read_on_workers(std::size_t n) noexcept { read_on_workers_.fetch_add(n, std::memory_order_relaxed); }

private:
  struct entry {
    std::shared_ptr<peer> p;
    std::uint64_t key = 0;
    int fd = -1;
    reader next = reader::none;
    bool write = false;
    bool hot = false;
    // What the socket is armed for; a report disarms it (one-shot).
    bool armed = false;
    std::uint32_t mask = 0;
  };

  void wait();
  void on_ready();
  // With mtx_ held: arms e's socket for what it waits for now.
  void arm_locked(entry& e);
  // With mtx_ held: e joins or leaves the hot set.
  void set_hot_locked(entry& e, bool hot);
  // With mtx_ held, when the first worker begins or the last ends an idle
  // period: hot sockets are armed for reading only while no worker spins.
  void rearm_hot_locked();

  int epoll_fd_ = -1;
  asio::posix::stream_descriptor ready_;
  bool waiting_ = false; // I/O thread
  bool stopped_ = false; // I/O thread
  bool worker_reads_ = true;
  // Guards the entries, the hot set and the arming. Idle workers only try it
  // when they poll, so one of them reads at a time and none waits.
  std::mutex mtx_;
  std::unordered_map<std::uint64_t, entry> entries_;
  std::vector<std::shared_ptr<peer>> hot_;
  // Workers in an idle period, and the size of the hot set. Each is changed
  // before the other is read (seq_cst on both sides): a worker whose idle
  // period ends sees a connection that just turned hot, or the I/O thread,
  // turning it hot, sees that no worker spins any more and arms it.
  std::atomic<int> idle_workers_{0};
  std::atomic<std::size_t> hot_size_{0}; // written under mtx_
  std::atomic<std::size_t> read_on_workers_{0};
};

} // namespace troupe::net
