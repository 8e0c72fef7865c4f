// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Counts heap allocations (global operator new, all threads) per spawned actor
// and per message in the scenarios of spawn_bench / send_bench.
//
//   alloc_count [workers]
//
// Each scenario runs once to warm up (thread caches, scheduler queues), then
// again while counting; printed numbers are calls of operator new (and bytes
// requested) per actor or per message. In a normal build most runtime blocks
// come from troupe's per-thread caches and do not reach operator new in steady
// state; configure a build with -DCMAKE_CXX_FLAGS=-D__SANITIZE_ADDRESS__ (cache
// off, no sanitizer) to see every logical allocation instead.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "bench_common.hpp"

namespace {
std::atomic<std::uint64_t> g_news{0};
std::atomic<std::uint64_t> g_bytes{0};
std::atomic<std::uint64_t> g_deletes{0};

void* counted_alloc(std::size_t n) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n))
    return p;
  throw std::bad_alloc{};
}

void* counted_alloc_aligned(std::size_t n, std::align_val_t al) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  auto a = static_cast<std::size_t>(al);
  if (void* p = std::aligned_alloc(a, (n + a - 1) / a * a))
    return p;
  throw std::bad_alloc{};
}

void counted_free(void* p) noexcept {
  if (p != nullptr)
    g_deletes.fetch_add(1, std::memory_order_relaxed);
  std::free(p);
}
} // namespace

void* operator new(std::size_t n) {
  return counted_alloc(n);
}
void* operator new[](std::size_t n) {
  return counted_alloc(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted_alloc(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted_alloc(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t a) {
  return counted_alloc_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return counted_alloc_aligned(n, a);
}
void operator delete(void* p) noexcept {
  counted_free(p);
}
void operator delete[](void* p) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  counted_free(p);
}

using namespace troupe;
using namespace troupe_bench;
using namespace std::chrono_literals;

namespace {

struct snapshot {
  std::uint64_t news, bytes, deletes;
  static snapshot now() { return {g_news.load(), g_bytes.load(), g_deletes.load()}; }
};

// Runs f() twice (warm-up, then counted) and prints the counts per op.
template <class F>
void measure(const char* name, double ops, F f) {
  f();
  auto a = snapshot::now();
  f();
  auto b = snapshot::now();
  std::printf("  %-52s %8.3f new/op  %8.1f bytes/op  %8.3f delete/op\n", name,
              static_cast<double>(b.news - a.news) / ops, static_cast<double>(b.bytes - a.bytes) / ops,
              static_cast<double>(b.deletes - a.deletes) / ops);
}

void noop(event_based_actor*) {}
behavior idle(event_based_actor*) {
  return {[](int) {}};
}
behavior quit_on_msg(event_based_actor* self) {
  return {[=](int) { self->quit(); }};
}

behavior spreader(event_based_actor* self, actor parent) {
  return {on(atom("spread"), arg_match) >> [=](int x) {
    if (x == 1) {
      self->send(parent, atom("result"), std::int64_t{1});
      self->quit();
      return;
    }
    auto a = self->spawn(spreader, actor{self});
    auto b = self->spawn(spreader, actor{self});
    self->send(a, atom("spread"), x - 1);
    self->send(b, atom("spread"), x - 1);
    self->become(on(atom("result"), arg_match) >> [=, n = 0, sum = std::int64_t{0}](std::int64_t r) mutable {
      sum += r;
      if (++n == 2) {
        self->send(parent, atom("result"), sum);
        self->quit();
      }
    });
  }};
}

} // namespace

int main(int argc, char** argv) {
  std::size_t workers = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  actor_system sys{make_config(workers)};
  scoped_actor self{sys};
  std::printf("workers: %zu, thread cache: %s\n", workers, detail::thread_cache_enabled ? "on" : "off");

  std::printf("per actor (spawn + terminate):\n");
  for (int batch : {100, 10'000}) {
    std::string suffix = " [batch " + std::to_string(batch) + "]";
    measure(("spawn noop from scoped_actor" + suffix).c_str(), batch, [&] {
      for (int i = 0; i < batch; ++i)
        self->spawn(noop);
      sys.await_all_actors_done();
    });
    measure(("spawn idle, drop handle, from scoped_actor" + suffix).c_str(), batch, [&] {
      for (int i = 0; i < batch; ++i)
        self->spawn(idle);
      sys.await_all_actors_done();
    });
    measure(("spawn, 1 msg, quit, from scoped_actor" + suffix).c_str(), batch, [&] {
      for (int i = 0; i < batch; ++i)
        self->send(self->spawn(quit_on_msg), i);
      sys.await_all_actors_done();
    });
    measure(("spawn noop from an actor" + suffix).c_str(), batch, [&] {
      sys.spawn([batch](event_based_actor* s) {
        for (int i = 0; i < batch; ++i)
          s->spawn(noop);
      });
      sys.await_all_actors_done();
    });
    measure(("spawn idle, drop, from an actor" + suffix).c_str(), batch, [&] {
      sys.spawn([batch](event_based_actor* s) {
        for (int i = 0; i < batch; ++i)
          s->spawn(idle);
      });
      sys.await_all_actors_done();
    });
  }
  for (int depth : {10, 16}) {
    std::string name = "spawn tree depth " + std::to_string(depth) + " (per actor)";
    measure(name.c_str(), static_cast<double>((1 << depth) - 1), [&] {
      self->send(sys.spawn(spreader, actor{self}), atom("spread"), depth);
      self->receive(on(atom("result"), arg_match) >> [](std::int64_t) {});
      sys.await_all_actors_done();
    });
  }

  std::printf("per message:\n");
  {
    auto done = std::make_shared<latch>();
    auto pong = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
    auto ping = sys.spawn([=](event_based_actor* s) -> behavior {
      return {[=](int x) -> message {
                if (x == 0) {
                  done->signal();
                  return {};
                }
                return make_message(x - 1);
              },
              on(atom("start"), arg_match) >> [=](int n) { s->send(pong, n); }};
    });
    constexpr int hops = 100'000;
    measure("ping-pong (per message; 2 per round trip)", 2.0 * hops, [&] {
      anon_send(ping, atom("start"), hops - 1);
      done->wait();
    });
    kill(ping);
    kill(pong);
  }
  {
    auto done = std::make_shared<latch>();
    constexpr int batch = 10'000;
    auto counter = sys.spawn([=]() -> behavior {
      return {[=, n = 0](int) mutable {
        if (++n == batch) {
          n = 0;
          done->signal();
        }
      }};
    });
    measure("scoped_actor send (one-way)", batch, [&] {
      for (int i = 0; i < batch; ++i)
        self->send(counter, i);
      done->wait();
    });
    kill(counter);
  }
  {
    auto server = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
    constexpr int rounds = 2'000;
    measure("scoped_actor request(10s).receive (per round trip)", rounds, [&] {
      for (int i = 0; i < rounds; ++i)
        self->request(server, 10s, i).receive([](int) {});
    });
    measure("scoped_actor request(infinite).receive (per round trip)", rounds, [&] {
      for (int i = 0; i < rounds; ++i)
        self->request(server, infinite, i).receive([](int) {});
    });
    kill(server);
  }
  {
    constexpr int senders = 20, per_sender = 20'000;
    auto done = std::make_shared<latch>();
    measure("N:1, 20 sender actors (per message)", senders * per_sender, [&] {
      auto receiver = sys.spawn([=](event_based_actor* s) -> behavior {
        return {on(atom("msg"), arg_match) >> [=, n = 0](int) mutable {
          if (++n == senders * per_sender) {
            done->signal();
            s->quit();
          }
        }};
      });
      for (int k = 0; k < senders; ++k)
        sys.spawn([=](event_based_actor* s) {
          for (int i = 0; i < per_sender; ++i)
            s->send(receiver, atom("msg"), i);
        });
      receiver = nullptr;
      done->wait();
      sys.await_all_actors_done();
    });
  }
  std::printf("messages and behaviors (calling thread only):\n");
  measure("make_message(int)", 1000, [] {
    for (int i = 0; i < 1000; ++i)
      make_message(i);
  });
  measure("make_message(atom, std::string(64 chars), int)", 1000, [] {
    std::string s(64, 'x');
    for (int i = 0; i < 1000; ++i)
      make_message(atom("put"), s, i);
  });
  measure("behavior{[](int){}} construction", 1000, [] {
    for (int i = 0; i < 1000; ++i)
      behavior b{[](int) {}};
  });
  measure("exit_reason::normal -> error (e.g. quit())", 1000, [] {
    for (int i = 0; i < 1000; ++i) {
      error e = exit_reason::normal;
      (void)e;
    }
  });
  return 0;
}
