// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A one-for-one supervisor: it spawns its workers `linked`, traps exits with
// set_exit_handler, and when a worker fails it spawns a fresh one in its place.
// The rest of the system never notices, apart from the one message the failing
// worker was handling.
//
// A worker computes squares; a "poison" message makes it throw, so it
// terminates with exit_reason::unhandled_exception. Its link turns that into an
// exit_msg for the supervisor, which restarts the worker and tells an observer.
//
// Shows: spawn<linked>, set_exit_handler (trapping exits), monitor/down_msg,
// delegate(), guards on message values, exceptions as exit reasons, and a clean
// shutdown through the links.
//
//   troupe_example_supervisor [--scheduler.workers=N]
#include <troupe/troupe.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

constexpr int num_workers = 3;

behavior worker(event_based_actor*, int slot) {
  return {
    on(atom("square"), arg_match) >> [](int x) { return x * x; },
    on(atom("poison")) >>
      [slot] {
        // An exception escaping a handler terminates the actor with
        // exit_reason::unhandled_exception (the context names the exception).
        throw std::runtime_error("worker " + std::to_string(slot) + " swallowed poison");
      },
  };
}

struct supervisor_state {
  std::vector<actor> workers; // one per slot
  int restarts = 0;
};

// Supervises `num_workers` workers and reports every restart to `observer`.
behavior supervisor(stateful_actor<supervisor_state>* self, actor observer) {
  auto start_worker = [=](int slot) { return self->spawn<linked>(worker, slot); };
  for (int slot = 0; slot < num_workers; ++slot)
    self->state.workers.push_back(start_worker(slot));

  // With an exit handler, exit messages from linked actors arrive here instead
  // of terminating the supervisor (only exit_reason::kill cannot be trapped).
  self->set_exit_handler([=](exit_msg& em) {
    auto& ws = self->state.workers;
    auto i = std::find_if(ws.begin(), ws.end(), [&](const actor& w) { return w == em.source; });
    if (i == ws.end()) {
      // Not one of ours: an exit request, e.g. from main() during shutdown.
      // Quitting takes the (linked) workers down with the same reason.
      self->quit(em.reason);
      return;
    }
    auto slot = static_cast<int>(i - ws.begin());
    std::cout << "supervisor: worker " << slot << " (" << to_string(em.source) << ") exited with "
              << to_string(em.reason) << '\n';
    if (em.reason == exit_reason::normal)
      return; // finished its job: nothing to repair
    *i = start_worker(slot);
    ++self->state.restarts;
    std::cout << "supervisor: restarted worker " << slot << " as " << to_string(*i) << '\n';
    self->send(observer, atom("restarted"), slot, em.reason);
  });

  auto valid_slot = _x2 >= 0 && _x2 < num_workers; // a guard over {atom, slot, ...}
  return {
    // Forward the request; the worker answers the original requester directly.
    on(atom("square"), arg_match).when(valid_slot) >>
      [=](int slot, int x) { self->delegate(self->state.workers[slot], atom("square"), x); },
    on(atom("worker"), arg_match).when(valid_slot) >> [=](int slot) { return self->state.workers[slot]; },
    on(atom("restarts")) >> [=] { return self->state.restarts; },
    others >> [] { return error{sec::invalid_argument}; },
  };
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
    std::cerr << "supervisor: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto sup = sys.spawn(supervisor, actor{self});

  auto square = [&](int slot, int x) {
    int result = -1;
    self->request(sup, 5s, atom("square"), slot, x)
      .receive([&](int y) { result = y; }, [&](error& err) { std::cout << to_string(err) << '\n'; });
    return result;
  };
  auto worker_at = [&](int slot) {
    actor w;
    self->request(sup, 5s, atom("worker"), slot).receive([&](actor& x) { w = x; }, [](error&) {});
    return w;
  };
  auto all_work = [&] {
    for (int slot = 0; slot < num_workers; ++slot)
      if (square(slot, slot + 10) != (slot + 10) * (slot + 10))
        return false;
    return true;
  };

  check(all_work(), "every worker computes squares");

  // Poison each worker once; each time the supervisor replaces exactly that worker.
  for (int victim = 0; victim < num_workers; ++victim) {
    std::vector<actor> before;
    for (int slot = 0; slot < num_workers; ++slot)
      before.push_back(worker_at(slot));
    self->monitor(before[victim]);
    self->send(before[victim], atom("poison"));

    // Two things happen, in either order: the monitor reports the failure, and
    // the supervisor reports the restart. receive_while() keeps receiving until
    // both are in (or nothing arrives for 5 s).
    error down_reason, restart_reason;
    int restarted_slot = -1;
    bool timed_out = false;
    self->receive_while([&] { return !timed_out && (!down_reason || !restart_reason); },
                        [&](down_msg& dm) { down_reason = dm.reason; },
                        on(atom("restarted"), arg_match) >>
                          [&](int slot, const error& reason) {
                            restarted_slot = slot;
                            restart_reason = reason;
                          },
                        after(5s) >> [&] { timed_out = true; });
    check(down_reason == exit_reason::unhandled_exception && restart_reason == down_reason && restarted_slot == victim,
          "worker " + std::to_string(victim) + " failed (" + to_string(down_reason) + ") and was restarted");

    bool one_for_one = true;
    for (int slot = 0; slot < num_workers; ++slot) {
      auto now = worker_at(slot);
      one_for_one = one_for_one && now && (slot == victim ? now != before[slot] : now == before[slot]);
    }
    check(one_for_one, "only worker " + std::to_string(victim) + " was replaced");
    check(all_work(), "all workers compute squares again");
  }

  int restarts = -1;
  self->request(sup, 5s, atom("restarts")).receive([&](int n) { restarts = n; });
  check(restarts == num_workers, "the supervisor counted " + std::to_string(restarts) + " restarts");

  error bad_slot;
  self->request(sup, 5s, atom("square"), num_workers, 2).receive([](int) {}, [&](error& err) { bad_slot = err; });
  check(bad_slot == sec::invalid_argument, "the supervisor rejects a request for a slot it does not have");

  // Shutdown: an exit request to the supervisor ends it, and its links end the workers.
  std::vector<actor> last;
  for (int slot = 0; slot < num_workers; ++slot) {
    last.push_back(worker_at(slot));
    self->monitor(last.back());
  }
  self->monitor(sup);
  self->send_exit(sup, exit_reason::user_shutdown);
  int down = 0;
  int shut_down = 0;
  bool timed_out = false;
  self->receive_while([&] { return !timed_out && down < num_workers + 1; },
                      [&](down_msg& dm) {
                        ++down;
                        shut_down += dm.reason == exit_reason::user_shutdown ? 1 : 0;
                      },
                      after(5s) >> [&] { timed_out = true; });
  check(shut_down == num_workers + 1, "shutdown took down the supervisor and its workers");

  std::cout << (failures == 0 ? "supervisor: all checks passed\n" : "supervisor: FAILED\n");
  return failures == 0 ? 0 : 1;
}
