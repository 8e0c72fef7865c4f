// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What coroutine handlers cost, beside the then() forms they replace:
//
//   coroutine_cost <scenario> [count] [workers]
//
//   then          a client makes `count` requests in sequence, each from the
//                 response handler of the one before (default 200000)
//   coawait       the same requests from one coroutine handler, co_await in a loop
//   spawn_plain   the main thread spawns `count` actors whose handler is plain, and drops them
//   spawn_coro    the same with a coroutine handler (task<int>)
//   memory_then   `count` actors each wait for a response in a then() handler
//   memory_coro   `count` actors each wait in a suspended coroutine handler
//
// The timed scenarios run once untimed, then once measured; under callgrind
// the measured run is bracketed by CALLGRIND_ZERO_STATS and
// CALLGRIND_DUMP_STATS_AT("measured"). The memory scenarios print the growth
// of malloc's in-use bytes per waiting actor, and the sizes of the parts a
// suspension adds beside its frame.
#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <chrono>

#include <troupe/coroutines.hpp>

#include "measured_run.hpp"

using namespace troupe;
using namespace troupe_bench;

namespace {

behavior echo() {
  return {[](int x) { return x; }};
}

behavior plain_idle(event_based_actor*) {
  return {[](int x) { return x; }};
}

behavior coroutine_idle(event_based_actor*) {
  return {[](int x) -> task<int> { co_return x; }};
}

std::size_t heap_in_use() {
  auto mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
}

// The resident set: the thread cache's large slabs are mappings of their own, which malloc does not count.
std::size_t rss_bytes() {
  std::ifstream in{"/proc/self/statm"};
  std::size_t size = 0, resident = 0;
  in >> size >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

// Keeps every request it gets unanswered until it ends.
behavior keeper(event_based_actor* self, std::shared_ptr<std::atomic<long>> got) {
  auto kept = std::make_shared<std::vector<response_promise>>();
  return {[=](int) {
    kept->push_back(self->make_response_promise());
    got->fetch_add(1, std::memory_order_relaxed);
  }};
}

int memory(actor_system& sys, long n, bool coroutine) {
  auto got = std::make_shared<std::atomic<long>>(0);
  auto server = sys.spawn(keeper, got);
  std::vector<actor> clients;
  clients.reserve(static_cast<std::size_t>(n));
  auto spawn_client = [&] {
    if (coroutine)
      return sys.spawn([=](event_based_actor* s) -> behavior {
        return {[=](int x) -> task<int> {
          auto y = co_await s->request(server, infinite, x);
          co_return y ? 1 : 0;
        }};
      });
    return sys.spawn([=](event_based_actor* s) -> behavior {
      return {[=](int x) { s->request(server, infinite, x).then([](int) {}); }};
    });
  };
  // Warm-up: the runtime's lazily made state, and one waiting client.
  auto warm = spawn_client();
  anon_send(warm, 0);
  while (got->load() < 1)
    std::this_thread::yield();
  auto heap0 = heap_in_use();
  auto rss0 = rss_bytes();
  for (long i = 0; i < n; ++i) {
    clients.push_back(spawn_client());
    anon_send(clients.back(), static_cast<int>(i));
  }
  while (got->load() < n + 1)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  auto heap1 = heap_in_use();
  auto rss1 = rss_bytes();
  std::printf("%s: %ld waiting actors, per actor (the actor, its wait and the server's promise): resident %.1f "
              "bytes, malloc %.1f bytes\n",
              coroutine ? "coroutine handler suspended in co_await" : "then() handler waiting", n,
              static_cast<double>(rss1 - rss0) / static_cast<double>(n),
              static_cast<double>(heap1 - heap0) / static_cast<double>(n));
  if (coroutine)
    std::printf("beside the frame, a suspension keeps: a resumer (%zu bytes), a copy of the message that started "
                "the handler (%zu bytes), a response-handler entry (one hash-map node)\n",
                sizeof(detail::coroutine_resumer), sizeof(mailbox_element));
  for (auto& c : clients)
    kill(c);
  kill(warm);
  kill(server);
  sys.await_all_actors_done();
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s then|coawait|spawn_plain|spawn_coro|memory_then|memory_coro [count] [workers]\n",
                 argv[0]);
    return 2;
  }
  std::string what = argv[1];
  long count = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 0;
  std::size_t workers = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  actor_system sys{make_config(workers)};
  if (what == "then" || what == "coawait") {
    const int n = count > 0 ? static_cast<int>(count) : 200'000;
    auto done = std::make_shared<latch>();
    auto server = sys.spawn(echo);
    actor client;
    if (what == "then") {
      client = sys.spawn([=](event_based_actor* s) -> behavior {
        auto step = std::make_shared<std::function<void(int)>>();
        *step = [=](int left) {
          if (left == 0) {
            done->signal();
            return;
          }
          s->request(server, infinite, left).then([=](int) { (*step)(left - 1); });
        };
        s->attach_functor([step] { *step = nullptr; }); // breaks the cycle through the closure
        return {[=](int k) { (*step)(k); }};
      });
    } else {
      client = sys.spawn([=](event_based_actor* s) -> behavior {
        return {[=](int k) -> task<> {
          for (int left = k; left > 0; --left)
            co_await s->request(server, infinite, left);
          done->signal();
        }};
      });
    }
    measured_run(what == "then" ? "request round trip, then() (per request)"
                                : "request round trip, co_await (per request)",
                 n, [&] {
                   anon_send(client, n);
                   done->wait();
                 });
    kill(client);
    kill(server);
  } else if (what == "spawn_plain" || what == "spawn_coro") {
    const long n = count > 0 ? count : 100'000;
    const bool coro = what == "spawn_coro";
    scoped_actor self{sys};
    measured_run(coro ? "spawn + drop, coroutine handler (per actor)" : "spawn + drop, plain handler (per actor)",
                 static_cast<double>(n), [&] {
                   for (long i = 0; i < n; ++i) {
                     if (coro)
                       self->spawn(coroutine_idle);
                     else
                       self->spawn(plain_idle);
                   }
                   sys.await_all_actors_done();
                 });
  } else if (what == "memory_then" || what == "memory_coro") {
    return memory(sys, count > 0 ? count : 100'000, what == "memory_coro");
  } else {
    std::fprintf(stderr, "unknown scenario %s\n", what.c_str());
    return 2;
  }
  return 0;
}
