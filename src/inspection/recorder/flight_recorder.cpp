// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "flight_recorder.hpp"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <memory>

#include "troupe/detail/cycle_count.hpp"

namespace troupe::inspection::flight_recorder {

namespace {

constexpr std::size_t max_rings = 128;
constexpr std::size_t max_path = 4096;
constexpr int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};

// A ring and whether a thread holds it. Rings are made on first use and live
// as long as the process, so a thread that outlives a recorder, or a signal
// handler, never reads freed memory.
struct ring_slot {
  std::atomic<flight_ring*> ring{nullptr};
  std::atomic<bool> taken{false};
};

std::array<ring_slot, max_rings> slots;
std::atomic<bool> recording{false};
std::atomic<std::uint64_t> dropped_entries{0};
// The thread that is writing a dump (0: none), so a fatal signal on another
// thread waits for it and one on the same thread (the dump itself crashed)
// does not.
std::atomic<long> dumping_thread{0};
// A process dies once: the first fatal signal's dump is kept, and a later one
// (a previous handler that aborts after its report, a second thread's fault)
// only hands on.
std::atomic<bool> fatal_seen{false};

// Read by the signal handlers: plain data set before they are installed.
char file_path[max_path];
std::int64_t window_ns = 0;
std::uint64_t anchor_cycles = 0;
timespec anchor_time{};

struct sigaction previous_usr2;
struct sigaction previous_fatal[std::size(fatal_signals)];

// This thread's ring; given back when the thread ends.
struct thread_ring {
  ring_slot* slot = nullptr;
  bool failed = false;
  ~thread_ring() {
    if (slot != nullptr)
      slot->taken.store(false, std::memory_order_release);
  }
};
thread_local thread_ring my_ring;

flight_ring* claim_ring() noexcept {
  for (auto& s : slots) {
    bool expected = false;
    if (s.taken.load(std::memory_order_relaxed) || !s.taken.compare_exchange_strong(expected, true))
      continue;
    auto* r = s.ring.load(std::memory_order_acquire);
    if (r == nullptr) {
      r = new (std::nothrow) flight_ring;
      if (r == nullptr) {
        s.taken.store(false, std::memory_order_release);
        return nullptr;
      }
      s.ring.store(r, std::memory_order_release);
    }
    my_ring.slot = &s;
    return r;
  }
  return nullptr;
}

// ---- writing without malloc, stdio or locks (signal handlers) ----

struct out_buffer {
  explicit out_buffer(int to) noexcept : fd(to) {}

  int fd;
  char data[4096];
  std::size_t used = 0;

  void flush() noexcept {
    std::size_t done = 0;
    while (done < used) {
      auto n = ::write(fd, data + done, used - done);
      if (n <= 0)
        break;
      done += static_cast<std::size_t>(n);
    }
    used = 0;
  }
  void put(const char* s, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
      if (used == sizeof data)
        flush();
      // One entry per line: line breaks in a text become spaces.
      data[used++] = s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
    }
  }
  void put(const char* s) noexcept { put(s, std::strlen(s)); }
  void put_newline() noexcept {
    if (used == sizeof data)
      flush();
    data[used++] = '\n';
  }
  void put_number(std::uint64_t x, int min_digits = 1) noexcept {
    char buf[24];
    int n = 0;
    do {
      buf[n++] = static_cast<char>('0' + x % 10);
      x /= 10;
    } while (x != 0 || n < min_digits);
    while (n > 0)
      put(&buf[--n], 1);
  }
};

std::int64_t ns_of(const timespec& t) noexcept {
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

long this_thread_id() noexcept {
  return ::syscall(SYS_gettid);
}

// Waits, at most two seconds, until no other thread writes a dump.
void wait_for_other_dump() noexcept {
  auto me = this_thread_id();
  for (int i = 0; i < 200; ++i) {
    auto writer = dumping_thread.load();
    if (writer == 0 || writer == me)
      return;
    timespec pause{0, 10'000'000};
    nanosleep(&pause, nullptr);
  }
}

void handle_usr2(int) {
  auto saved = errno;
  dump("SIGUSR2");
  errno = saved;
}

void handle_fatal(int sig) {
  const char* why = sig == SIGSEGV  ? "fatal signal SIGSEGV"
                    : sig == SIGBUS ? "fatal signal SIGBUS"
                    : sig == SIGILL ? "fatal signal SIGILL"
                    : sig == SIGFPE ? "fatal signal SIGFPE"
                                    : "fatal signal SIGABRT";
  wait_for_other_dump();
  if (!fatal_seen.exchange(true))
    dump(why);
  // The handler was installed with SA_RESETHAND: raising again takes the
  // default action (or the previous handler's, restored here).
  for (std::size_t i = 0; i < std::size(fatal_signals); ++i)
    if (fatal_signals[i] == sig)
      sigaction(sig, &previous_fatal[i], nullptr);
  raise(sig);
}

} // namespace

bool start(const std::string& path, std::chrono::nanoseconds window) {
  if (path.empty() || path.size() >= max_path)
    return false;
  bool expected = false;
  if (!recording.compare_exchange_strong(expected, true))
    return false;
  std::memcpy(file_path, path.c_str(), path.size() + 1);
  window_ns = window.count();
  anchor_cycles = detail::cycle_count();
  clock_gettime(CLOCK_REALTIME, &anchor_time);
  struct sigaction sa {};
  sa.sa_handler = handle_usr2;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGUSR2, &sa, &previous_usr2);
  struct sigaction fatal {};
  fatal.sa_handler = handle_fatal;
  sigemptyset(&fatal.sa_mask);
  fatal.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (std::size_t i = 0; i < std::size(fatal_signals); ++i)
    sigaction(fatal_signals[i], &fatal, &previous_fatal[i]);
  return true;
}

void stop() noexcept {
  if (!recording.exchange(false))
    return;
  sigaction(SIGUSR2, &previous_usr2, nullptr);
  for (std::size_t i = 0; i < std::size(fatal_signals); ++i)
    sigaction(fatal_signals[i], &previous_fatal[i], nullptr);
}

bool running() noexcept {
  return recording.load(std::memory_order_relaxed);
}

void add(flight_kind kind, std::uint64_t actor, std::string_view text) noexcept {
  if (!recording.load(std::memory_order_relaxed))
    return;
  flight_ring* ring = nullptr;
  if (my_ring.slot != nullptr)
    ring = my_ring.slot->ring.load(std::memory_order_relaxed);
  else if (!my_ring.failed)
    ring = claim_ring();
  if (ring == nullptr) {
    my_ring.failed = my_ring.slot == nullptr;
    dropped_entries.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  ring->add(kind, actor, text, detail::cycle_count());
}

bool dump(const char* why) noexcept {
  // One dump at a time; a second one meanwhile gives up.
  long idle = 0;
  if (!dumping_thread.compare_exchange_strong(idle, this_thread_id()))
    return false;
  int fd = ::open(file_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    dumping_thread.store(0);
    return false;
  }
  timespec now_time{};
  clock_gettime(CLOCK_REALTIME, &now_time);
  auto now_cycles = detail::cycle_count();
  auto span_ns = ns_of(now_time) - ns_of(anchor_time);
  auto span_cycles = now_cycles > anchor_cycles ? now_cycles - anchor_cycles : 1;
  auto to_ns = [&](std::uint64_t cycles) -> std::int64_t {
    auto since = cycles > anchor_cycles ? cycles - anchor_cycles : 0;
    auto scaled = static_cast<long double>(since) * static_cast<long double>(span_ns > 0 ? span_ns : 0)
                  / static_cast<long double>(span_cycles);
    return ns_of(anchor_time) + static_cast<std::int64_t>(scaled);
  };
  auto oldest = ns_of(now_time) - window_ns;
  out_buffer out{fd};
  out.put("# troupe flight recorder: ");
  out.put(why);
  out.put(", pid ");
  out.put_number(static_cast<std::uint64_t>(getpid()));
  out.put(", the last ");
  out.put_number(static_cast<std::uint64_t>(window_ns / 1'000'000));
  out.put(" ms; dropped ");
  out.put_number(dropped_entries.load(std::memory_order_relaxed));
  out.put_newline();
  out.put("# unix-time ring kind actor text (ring: the thread, or a later one that took its ring over)");
  out.put_newline();
  flight_entry e;
  for (std::size_t t = 0; t < max_rings; ++t) {
    auto* ring = slots[t].ring.load(std::memory_order_acquire);
    if (ring == nullptr)
      continue;
    for (std::size_t i = 0; i < flight_ring::capacity; ++i) {
      if (!ring->read(i, e))
        continue;
      auto at = to_ns(e.cycles);
      if (at < oldest)
        continue;
      out.put_number(static_cast<std::uint64_t>(at / 1'000'000'000));
      out.put(".");
      out.put_number(static_cast<std::uint64_t>(at % 1'000'000'000 / 1'000), 6);
      out.put(" ");
      out.put_number(t);
      out.put(" ");
      out.put(flight_kind_name(e.kind));
      out.put(" ");
      out.put_number(e.actor);
      out.put(" ");
      out.put(e.text, e.length);
      out.put_newline();
    }
  }
  out.flush();
  ::close(fd);
  dumping_thread.store(0);
  return true;
}

std::uint64_t dropped() noexcept {
  return dropped_entries.load(std::memory_order_relaxed);
}

} // namespace troupe::inspection::flight_recorder
