// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A key-value store as an actor instead of a class
// guarded by mutexes. The store handles one message at a time, so its map needs
// no locking at all; clients talk to it with atoms naming the operations.
//
// Shows: a stateful function-based actor; on(atom(...), arg_match) cases;
// replies (reply() and typed errors); an event-based client using
// sync_send(...).then(...); a scoped_actor in main() using request(...).receive(...).
//
//   troupe_example_kv_store [--scheduler.workers=N]
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

// "No such key" travels as a typed error of our own category, not as a magic value.
enum class kv_errc : std::uint8_t { no_such_key = 1 };

template <>
struct troupe::error_category<kv_errc> {
  static constexpr atom_value value = atom("kv");
};

namespace {

// ---- the server ----------------------------------------------------------------

struct kv_state {
  std::map<std::string, int> data;
};

// The server: put stores, get answers with the value. `self->state`
// lives as long as the actor; only this actor ever touches it.
behavior kv_server(stateful_actor<kv_state>* self) {
  return {
    on(atom("put"), arg_match) >> [=](const std::string& key, int value) { self->state.data[key] = value; },
    on(atom("get"), arg_match) >> [=](const std::string& key) -> result<int> {
      // The returned value, or the error, answers the request.
      if (auto i = self->state.data.find(key); i != self->state.data.end())
        return i->second;
      return error{kv_errc::no_such_key, key};
    },
  };
}

// ---- an event-based client ---------------------------------------------------------

// Looks up `keys` with request(...).await(...) and reports what it
// found to `report_to`. The function installs no behavior: the actor lives
// while responses are pending and terminates normally after the last one.
void kv_client(event_based_actor* self, actor server, std::vector<std::string> keys, actor report_to) {
  struct lookups {
    std::map<std::string, int> found;
    std::vector<std::string> missing;
    std::size_t pending = 0;
  };
  auto result = std::make_shared<lookups>();
  result->pending = keys.size();
  auto answered = [=] {
    if (--result->pending == 0)
      self->send(report_to, atom("report"), result->found, result->missing);
  };
  for (const auto& key : keys) {
    self->request(server, infinite, atom("get"), key)
      .await(
        [=](int val) {
          std::cout << "client: " << key << " => " << val << '\n';
          result->found[key] = val;
          answered();
        },
        [=](error& err) {
          std::cout << "client: " << key << " => " << to_string(err) << '\n';
          if (err == kv_errc::no_such_key)
            result->missing.push_back(key);
          answered();
        });
  }
}

int failures = 0;

void check(bool ok, const std::string& what) {
  std::cout << (ok ? "ok:   " : "FAIL: ") << what << '\n';
  if (!ok)
    ++failures;
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "kv_store: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  actor_system sys{cfg};
  scoped_actor self{sys}; // main() takes part as an actor, too
  auto server = sys.spawn(kv_server);

  // Fill the store with asynchronous (fire-and-forget) sends.
  const std::map<std::string, int> fruit{{"apple", 3}, {"banana", 7}, {"cherry", 42}};
  for (const auto& [key, value] : fruit)
    self->send(server, atom("put"), key, value);

  // The event-based client looks up three stored keys and one that is not.
  // Messages from one sender arrive in order, and the client is spawned after
  // the puts were sent, so the store is filled when its lookups arrive.
  sys.spawn(kv_client, server, std::vector<std::string>{"apple", "banana", "cherry", "durian"}, actor{self});
  bool reported = false;
  self->receive(
    on(atom("report"), arg_match) >>
      [&](const std::map<std::string, int>& found, const std::vector<std::string>& missing) {
        reported = true;
        check(found == fruit, "the client found every stored key with its value");
        check(missing == std::vector<std::string>{"durian"}, "the client got no_such_key for 'durian'");
      },
    after(5s) >> [] {});
  check(reported, "the client reported its lookups");

  // The same protocol from main(): request(...).receive(...) blocks this thread
  // until the answer (or an error, or the timeout) arrives.
  self->send(server, atom("put"), "banana", 8); // overwrite
  int banana = 0;
  self->request(server, 5s, atom("get"), "banana")
    .receive([&](int val) { banana = val; }, [&](error& err) { std::cout << to_string(err) << '\n'; });
  check(banana == 8, "main: banana => " + std::to_string(banana) + " after the update");

  error lookup_error;
  self->request(server, 5s, atom("get"), "elderberry").receive([](int) {}, [&](error& err) { lookup_error = err; });
  check(lookup_error == kv_errc::no_such_key && lookup_error.context() == "elderberry",
        "main: elderberry => " + to_string(lookup_error));

  // Stop the server; the system's destructor waits until every actor is done.
  self->send_exit(server, exit_reason::user_shutdown);

  std::cout << (failures == 0 ? "kv_store: all checks passed\n" : "kv_store: FAILED\n");
  return failures == 0 ? 0 : 1;
}
