// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "tcp_watch.hpp"

#include <sys/epoll.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <system_error>

#include "peer.hpp"

namespace troupe::net {

namespace {

int make_epoll() {
  int fd = ::epoll_create1(EPOLL_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "troupe: epoll_create1");
  return fd;
}

} // namespace

tcp_watch::tcp_watch(asio::io_context& io) : epoll_fd_(make_epoll()), ready_(io, epoll_fd_) {}

tcp_watch::~tcp_watch() {
  asio::error_code ignored;
  ready_.close(ignored); // closes epoll_fd_
}

void tcp_watch::start() {
  stopped_ = false;
  wait();
}

void tcp_watch::stop() {
  stopped_ = true;
  asio::error_code ignored;
  ready_.cancel(ignored);
}

void tcp_watch::wait() {
  if (waiting_ || stopped_)
    return;
  waiting_ = true;
  ready_.async_wait(asio::posix::stream_descriptor::wait_read, [this](const asio::error_code& ec) {
    waiting_ = false;
    if (ec || stopped_)
      return;
    on_ready();
    wait();
  });
}

void tcp_watch::on_ready() {
  std::array<epoll_event, 64> events{};
  for (;;) {
    int n = ::epoll_wait(epoll_fd_, events.data(), static_cast<int>(events.size()), 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    for (int i = 0; i < n; ++i) {
      // epoll_event is packed on x86-64: its key is misaligned, so it is copied out
      // rather than bound to find()'s reference.
      const std::uint64_t key = events[i].data.u64;
      const std::uint32_t ready = events[i].events;
      std::shared_ptr<peer> p;
      {
        std::lock_guard guard{mtx_};
        auto e = entries_.find(key);
        if (e == entries_.end())
          continue;              // removed by an earlier event of this batch
        e->second.armed = false; // one-shot
        p = e->second.p;
      }
      p->on_socket_events(ready);
    }
    if (n < static_cast<int>(events.size()))
      return;
  }
}

bool tcp_watch::add(const std::shared_ptr<peer>& p, std::uint64_t key, int fd) {
  epoll_event ev{};
  ev.events = EPOLLONESHOT;
  ev.data.u64 = key;
  if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev) != 0)
    return false;
  std::lock_guard guard{mtx_};
  entries_.emplace(key, entry{p, key, fd, reader::none, false, false, true, 0});
  return true;
}

void tcp_watch::remove(std::uint64_t key) {
  std::shared_ptr<peer> last; // let go after the lock
  std::lock_guard guard{mtx_};
  auto e = entries_.find(key);
  if (e == entries_.end())
    return;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, e->second.fd, nullptr);
  set_hot_locked(e->second, false);
  last = std::move(e->second.p);
  entries_.erase(e);
}

void tcp_watch::arm(std::uint64_t key, reader r, bool write, bool had_messages) {
  std::lock_guard guard{mtx_};
  auto i = entries_.find(key);
  if (i == entries_.end())
    return;
  auto& e = i->second;
  e.next = r;
  e.write = write;
  set_hot_locked(e, worker_reads_ && r == reader::any && (e.hot || had_messages));
  arm_locked(e);
}

void tcp_watch::set_hot_locked(entry& e, bool hot) {
  if (hot == e.hot)
    return;
  e.hot = hot;
  if (hot)
    hot_.push_back(e.p);
  else
    std::erase(hot_, e.p);
  hot_size_.store(hot_.size(), std::memory_order_seq_cst);
}

void tcp_watch::arm_locked(entry& e) {
  // A hot connection is read by the spinning workers while there are any.
  const bool read = e.next == reader::io || (e.next == reader::any && !(e.hot && idle_workers_.load() > 0));
  const std::uint32_t mask = (read ? EPOLLIN | EPOLLRDHUP : 0U) | (e.write ? EPOLLOUT : 0U);
  if (e.armed && e.mask == mask)
    return;
  if (mask == 0 && !e.armed)
    return; // disarmed already, and nothing to wait for
  // An empty mask disarms a socket that waited for reading: only an error
  // or a hang-up reports it then, which its reader hears of anyway.
  epoll_event ev{};
  ev.events = mask | EPOLLONESHOT;
  ev.data.u64 = e.key;
  if (::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, e.fd, &ev) == 0) {
    e.armed = true;
    e.mask = mask;
  }
}

void tcp_watch::rearm_hot_locked() {
  for (auto& p : hot_) {
    auto e = entries_.find(p->watch_key());
    if (e != entries_.end())
      arm_locked(e->second);
  }
}

void tcp_watch::prune(std::chrono::steady_clock::time_point quiet_since) {
  std::lock_guard guard{mtx_};
  for (auto& [key, e] : entries_)
    if (e.hot && e.p->last_message_time() < quiet_since) {
      set_hot_locked(e, false);
      arm_locked(e);
    }
}

void tcp_watch::idle_begins(execution_unit*) noexcept {
  if (idle_workers_.fetch_add(1, std::memory_order_seq_cst) != 0 || hot_size_.load(std::memory_order_seq_cst) == 0)
    return;
  // The first spinning worker: it reads the hot connections from now on. A
  // worker that ends its idle period meanwhile finds the count above zero
  // and leaves them so (both look at it under the lock).
  std::lock_guard guard{mtx_};
  if (idle_workers_.load() > 0)
    rearm_hot_locked();
}

bool tcp_watch::poll_idle(execution_unit* self) {
  if (hot_size_.load(std::memory_order_relaxed) == 0)
    return false;
  std::unique_lock guard{mtx_, std::try_to_lock};
  if (!guard || hot_.empty())
    return false;
  bool found = false;
  for (auto& p : hot_)
    found = p->poll_from_worker(self) || found;
  return found;
}

void tcp_watch::idle_ended(execution_unit*) noexcept {
  if (idle_workers_.fetch_sub(1, std::memory_order_seq_cst) != 1 || hot_size_.load(std::memory_order_seq_cst) == 0)
    return;
  // The last spinning worker goes: the I/O thread watches the hot
  // connections again. A worker that begins an idle period meanwhile makes
  // this a no-op (arm_locked reads the count under the lock).
  std::lock_guard guard{mtx_};
  if (idle_workers_.load() == 0)
    rearm_hot_locked();
}

} // namespace troupe::net
