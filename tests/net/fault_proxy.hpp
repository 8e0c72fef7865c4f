// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A fault-injecting TCP proxy for the network tests: it listens on a loopback
// port and forwards every connection to a target port, holding each chunk of
// bytes back by a delay plus a random jitter (in order: TCP cannot reorder),
// and on request stops forwarding (a partition: the bytes wait) or cuts every
// connection (a reset). The kernel here has no netem; this stands in for it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "support/loopback.hpp"

namespace troupe::test {

class fault_proxy {
public:
  using clock = std::chrono::steady_clock;

  fault_proxy(std::uint16_t target, std::chrono::microseconds delay, std::chrono::microseconds jitter)
    : target_(target), delay_(delay), jitter_(jitter) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr = loopback(0);
    socklen_t len = sizeof(addr);
    if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0
        || ::listen(listener_, 16) != 0 || ::getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
      throw std::runtime_error("fault_proxy: cannot listen");
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread{[this] { accept_loop(); }};
  }

  fault_proxy(const fault_proxy&) = delete;
  fault_proxy& operator=(const fault_proxy&) = delete;

  ~fault_proxy() {
    stop_ = true;
    ::shutdown(listener_, SHUT_RDWR);
    acceptor_.join();
    ::close(listener_);
    cut();
  }

  std::uint16_t port() const noexcept { return port_; }

  // Partition: bytes stop flowing (they wait in the proxy) until heal().
  void partition() {
    std::lock_guard guard{mtx_};
    paused_ = true;
  }
  void heal() {
    {
      std::lock_guard guard{mtx_};
      paused_ = false;
    }
    resumed_.notify_all();
  }

  // Closes every connection (both sides see a reset or an end of stream).
  void cut() {
    std::vector<std::unique_ptr<link>> old;
    {
      std::lock_guard guard{mtx_};
      old.swap(links_);
      paused_ = false;
    }
    resumed_.notify_all();
    for (auto& l : old)
      l->close();
    old.clear(); // joins their threads
  }

  // Whether `text` crossed the proxy in either direction, as plain bytes
  // (the first MiBs of each direction are kept for this).
  bool carried(std::string_view text) const {
    std::lock_guard guard{mtx_};
    return seen_.find(text) != std::string::npos;
  }

  std::size_t connections() const {
    std::lock_guard guard{mtx_};
    return links_.size();
  }

private:
  // One direction of a connection: a reader stamps each chunk with its due
  // time, a writer sends it when due.
  struct pump {
    std::mutex mtx;
    std::condition_variable ready;
    std::deque<std::pair<clock::time_point, std::vector<char>>> chunks;
    bool eof = false;
  };

  struct link {
    int a = -1, b = -1;
    pump ab, ba;
    std::vector<std::thread> threads;
    std::atomic<bool> closed{false};

    void close() {
      if (!closed.exchange(true)) {
        ::shutdown(a, SHUT_RDWR);
        ::shutdown(b, SHUT_RDWR);
        for (auto* p : {&ab, &ba}) {
          std::lock_guard guard{p->mtx};
          p->eof = true;
          p->ready.notify_all();
        }
      }
    }
    ~link() {
      close();
      for (auto& t : threads)
        t.join();
      ::close(a);
      ::close(b);
    }
  };

  static sockaddr_in loopback(std::uint16_t port) { return test_support::loopback(port); }

  void accept_loop() {
    while (!stop_) {
      int a = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (a < 0)
        return; // shut down
      int b = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
      sockaddr_in addr = loopback(target_);
      if (b < 0 || ::connect(b, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
        ::close(a);
        if (b >= 0)
          ::close(b);
        continue;
      }
      int one = 1;
      ::setsockopt(a, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      ::setsockopt(b, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      auto l = std::make_unique<link>();
      l->a = a;
      l->b = b;
      auto* raw = l.get();
      raw->threads.emplace_back([this, raw] { read_loop(raw->a, raw->ab); });
      raw->threads.emplace_back([this, raw] { write_loop(raw, raw->b, raw->ab); });
      raw->threads.emplace_back([this, raw] { read_loop(raw->b, raw->ba); });
      raw->threads.emplace_back([this, raw] { write_loop(raw, raw->a, raw->ba); });
      std::lock_guard guard{mtx_};
      links_.push_back(std::move(l));
    }
  }

  clock::duration next_delay() {
    std::lock_guard guard{rng_mtx_};
    std::uniform_int_distribution<std::int64_t> d{0, jitter_.count()};
    return delay_ + std::chrono::microseconds{d(rng_)};
  }

  void read_loop(int from, pump& p) {
    std::vector<char> buf(64 * 1024);
    clock::time_point last_due{};
    for (;;) {
      auto n = ::read(from, buf.data(), buf.size());
      if (n <= 0)
        break;
      // Jitter never reorders: a chunk is due no earlier than the one before.
      auto due = std::max(clock::now() + next_delay(), last_due);
      last_due = due;
      {
        std::lock_guard guard{mtx_};
        if (seen_.size() < seen_limit)
          seen_.append(buf.data(), static_cast<std::size_t>(n));
      }
      std::lock_guard guard{p.mtx};
      p.chunks.emplace_back(due, std::vector<char>(buf.begin(), buf.begin() + n));
      p.ready.notify_all();
    }
    std::lock_guard guard{p.mtx};
    p.eof = true;
    p.ready.notify_all();
  }

  void write_loop(link* l, int to, pump& p) {
    for (;;) {
      std::vector<char> chunk;
      {
        std::unique_lock guard{p.mtx};
        p.ready.wait(guard, [&] { return !p.chunks.empty() || p.eof; });
        if (p.chunks.empty())
          break; // end of stream
        auto due = p.chunks.front().first;
        if (p.ready.wait_until(guard, due, [&] { return l->closed.load(); }))
          break;
        chunk = std::move(p.chunks.front().second);
        p.chunks.pop_front();
      }
      {
        std::unique_lock guard{mtx_};
        resumed_.wait(guard, [&] { return !paused_ || l->closed.load(); });
      }
      if (l->closed)
        break;
      std::size_t off = 0;
      while (off < chunk.size()) {
        auto n = ::send(to, chunk.data() + off, chunk.size() - off, MSG_NOSIGNAL);
        if (n <= 0) {
          l->close();
          return;
        }
        off += static_cast<std::size_t>(n);
      }
    }
    ::shutdown(to, SHUT_WR); // pass the end of stream on
  }

  std::uint16_t target_;
  std::chrono::microseconds delay_;
  std::chrono::microseconds jitter_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread acceptor_;
  mutable std::mutex mtx_;
  std::condition_variable resumed_;
  bool paused_ = false;
  std::vector<std::unique_ptr<link>> links_;
  static constexpr std::size_t seen_limit = std::size_t{4} << 20;
  std::string seen_; // the bytes that crossed, up to seen_limit
  std::mutex rng_mtx_;
  std::mt19937_64 rng_{42};
};

} // namespace troupe::test
