// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe's flagship example: a short tour of the core that checks everything it
// shows and prints a report. Takes well under a second on two cores.
//
//   [1] spawning   a binary tree of actors that sums a range of numbers; every
//                  node asks its two children with request(...).await(...) and
//                  answers its parent through a response promise
//   [2] matching   atoms, values, guards (_x1, _x2, ...), arg_match, anything, others
//   [3] become     a turnstile whose two states are two behaviors
//   [4] requests   request/response from main(): answers, errors, timeouts, and
//                  an actor that answers later (keep_behavior / unbecome)
//   [5] failures   an actor dies of an exception: its monitor hears of it, an
//                  actor linked to it dies too, one that traps exits survives
//
//   troupe_flagship [LEAVES] [--scheduler.workers=N]   (LEAVES defaults to 32768:
//                                                        a tree of 65535 actors)
// Exits with 0 when every check passed.
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// ---- the report ---------------------------------------------------------------------

struct report {
  int passed = 0;
  int failed = 0;

  void section(const std::string& title) { std::cout << '\n' << title << '\n'; }

  void check(bool ok, const std::string& what) {
    std::cout << (ok ? "  [ok]   " : "  [FAIL] ") << what << '\n';
    (ok ? passed : failed) += 1;
  }
};

using clock_type = std::chrono::steady_clock;

long long ms_since(clock_type::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - start).count();
}

// ---- [1] a tree of actors -------------------------------------------------------------

// {sum, lo, hi} answers lo + (lo+1) + ... + (hi-1). A node with more than one
// number spawns two children for the two halves; the guard picks the leaves
// (in a guard, _x1 is the first element of the message: here the atom, so
// _x2 is lo and _x3 is hi).
behavior sum_node(event_based_actor* self) {
  return {
    on(atom("sum"), arg_match).when(_x3 - _x2 == 1) >>
      [=](std::int64_t lo, std::int64_t) {
        self->quit(); // after this handler: the answer below still goes out
        return lo;
      },
    on(atom("sum"), arg_match) >>
      [=](std::int64_t lo, std::int64_t hi) {
        // We answer once both halves are in: promise the answer now, deliver it later.
        auto promise = self->make_response_promise();
        auto total = std::make_shared<std::int64_t>(0);
        auto missing = std::make_shared<int>(2);
        auto collect = [=](std::int64_t part) mutable {
          *total += part;
          if (--*missing == 0) {
            promise.deliver(*total);
            self->quit();
          }
        };
        auto mid = lo + (hi - lo) / 2;
        self->request(self->spawn(sum_node), infinite, atom("sum"), lo, mid).await(collect);
        self->request(self->spawn(sum_node), infinite, atom("sum"), mid, hi).await(collect);
        return promise;
      },
  };
}

// ---- [2] pattern matching ---------------------------------------------------------------

// Cases are tried in order and the first match wins. In a guard, _x1 is the
// first element of the message (here always the atom), _x2 the second, ...
behavior classifier(event_based_actor*) {
  return {
    on(atom("classify"), 0) >> [] { return "zero"; },
    on(atom("classify"), 42) >> [] { return "the answer"; },
    on(atom("classify"), arg_match).when(_x2 < 0) >> [](int) { return "negative"; },
    on(atom("classify"), arg_match).when(_x2 % 2 == 0) >> [](int) { return "even"; },
    on(atom("classify"), arg_match) >> [](int) { return "odd"; },
    on(atom("classify"), arg_match) >>
      [](const std::string& s) { return "text of length " + std::to_string(s.size()); },
    on(atom("classify"), arg_match).when(_x2 < _x3) >> [](int, int) { return "ascending pair"; },
    on<atom_value, anything>() >> [](atom_value cmd) { return "unknown command '" + to_string(cmd) + "'"; },
    others >> [] { return "not a command"; },
  };
}

// ---- [3] become ----------------------------------------------------------------------

struct turnstile_state {
  int coins = 0;
  int passed = 0;
};

using turnstile_actor = stateful_actor<turnstile_state>;

behavior unlocked(turnstile_actor* self);

behavior locked(turnstile_actor* self) {
  return {
    on(atom("coin")) >>
      [=] {
        ++self->state.coins;
        self->become(unlocked(self));
        return "unlocked";
      },
    on(atom("push")) >> [] { return "blocked"; },
    on(atom("stats")) >> [=] { return std::make_tuple(self->state.coins, self->state.passed); },
  };
}

behavior unlocked(turnstile_actor* self) {
  return {
    on(atom("coin")) >>
      [=] {
        ++self->state.coins;
        return "thank you";
      },
    on(atom("push")) >>
      [=] {
        ++self->state.passed;
        self->become(locked(self));
        return "passed";
      },
    on(atom("stats")) >> [=] { return std::make_tuple(self->state.coins, self->state.passed); },
  };
}

// ---- [4] requests ----------------------------------------------------------------------

// Answers {work, x} with x * 2 after `delay` (and a negative x with an error
// at once). While one job runs, the actor
// waits for its own "finish" message with become(keep_behavior, ...); other
// requests stay in the mailbox until unbecome() brings the first behavior back.
behavior slow_doubler(event_based_actor* self, std::chrono::milliseconds delay) {
  return {
    on(atom("work"), arg_match).when(_x2 < 0) >>
      [](int) {
        return error{sec::invalid_argument, "negative input"};
      },
    on(atom("work"), arg_match) >>
      [=](int x) {
        auto promise = self->make_response_promise();
        self->delayed_send(self, delay, atom("finish"), x);
        self->become(
          keep_behavior, on(atom("finish"), arg_match) >> [=](int y) mutable {
            promise.deliver(y * 2);
            self->unbecome();
          });
        return promise;
      },
  };
}

// ---- [5] failures ----------------------------------------------------------------------

behavior fragile(event_based_actor*) {
  return {
    on(atom("crash")) >> [] { throw std::logic_error("crashed on purpose"); },
    on(atom("ping")) >> [] { return atom("pong"); },
  };
}

// Linked to `peer` without trapping exits: shares its fate.
behavior bystander(event_based_actor* self, actor peer) {
  self->link_to(peer);
  return {on(atom("ping")) >> [] { return atom("pong"); }};
}

// Linked to `peer`, but traps exits: tells `observer` why the peer died and lives on.
behavior guardian(event_based_actor* self, actor peer, actor observer) {
  self->set_exit_handler([=](exit_msg& em) { self->send(observer, atom("trapped"), em.reason); });
  self->link_to(peer);
  return {on(atom("ping")) >> [] { return atom("pong"); }};
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "troupe_flagship: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  std::int64_t leaves = 32768;
  if (!cfg.remainder().empty())
    leaves = std::atoll(cfg.remainder().front().c_str());
  if (leaves < 1 || leaves > (std::int64_t{1} << 22)) {
    std::cerr << "usage: troupe_flagship [LEAVES in 1..4194304] [--scheduler.workers=N]\n";
    return 2;
  }

  const auto start = clock_type::now();
  report r;
  actor_system sys{cfg};
  scoped_actor self{sys}; // main() as an actor: it sends, requests, receives and monitors
  std::cout << "troupe flagship: the core library on " << sys.scheduler().num_workers() << " worker threads\n";

  // [1] ---------------------------------------------------------------------------------
  {
    r.section("[1] spawning: a tree of " + std::to_string(2 * leaves - 1) + " actors sums 0.."
              + std::to_string(leaves - 1));
    auto t0 = clock_type::now();
    std::int64_t sum = -1;
    self->request(sys.spawn(sum_node), 60s, atom("sum"), std::int64_t{0}, leaves)
      .receive([&](std::int64_t x) { sum = x; }, [&](error& err) { std::cout << "  " << to_string(err) << '\n'; });
    auto ms = ms_since(t0);
    r.check(sum == leaves * (leaves - 1) / 2, "sum = " + std::to_string(sum) + " (" + std::to_string(ms) + " ms)");
    sys.await_all_actors_done();
    r.check(sys.running_actors() == 0, "every node terminated after answering");
  }

  // [2] ---------------------------------------------------------------------------------
  {
    r.section("[2] pattern matching: atoms, values, guards, arg_match, anything, others");
    auto c = sys.spawn(classifier);
    struct probe {
      message msg;
      std::string expected;
    };
    const std::vector<probe> probes{
      {make_message(atom("classify"), 0), "zero"},
      {make_message(atom("classify"), 42), "the answer"},
      {make_message(atom("classify"), -7), "negative"},
      {make_message(atom("classify"), 8), "even"},
      {make_message(atom("classify"), 9), "odd"},
      {make_message(atom("classify"), "troupe"), "text of length 6"},
      {make_message(atom("classify"), 1, 2), "ascending pair"},
      {make_message(atom("classify"), 2, 1), "unknown command 'classify'"},
      {make_message(atom("juggle"), 3.5), "unknown command 'juggle'"},
      {make_message(3.5, "x"), "not a command"},
    };
    for (const auto& [msg, expected] : probes) {
      std::string got = "<no answer>";
      self->request(c, 5s, msg)
        .receive([&](const std::string& s) { got = s; }, [&](error& err) { got = to_string(err); });
      r.check(got == expected, to_string(msg) + " -> " + got);
    }
    self->send_exit(c, exit_reason::user_shutdown);
  }

  // [3] ---------------------------------------------------------------------------------
  {
    r.section("[3] become: a turnstile (locked <-> unlocked)");
    auto t = sys.spawn([](turnstile_actor* s) { return locked(s); });
    const std::vector<std::pair<atom_value, std::string>> steps{
      {atom("push"), "blocked"},  {atom("coin"), "unlocked"},  {atom("push"), "passed"}, {atom("push"), "blocked"},
      {atom("coin"), "unlocked"}, {atom("coin"), "thank you"}, {atom("push"), "passed"},
    };
    std::string trace;
    bool all_expected = true;
    for (const auto& [input, expected] : steps) {
      std::string got = "<no answer>";
      self->request(t, 5s, input).receive([&](const std::string& s) { got = s; });
      all_expected = all_expected && got == expected;
      trace += (trace.empty() ? "" : ", ") + to_string(input) + "->" + got;
    }
    r.check(all_expected, trace);
    int coins = -1, passed = -1;
    self->request(t, 5s, atom("stats")).receive([&](int c, int p) {
      coins = c;
      passed = p;
    });
    r.check(coins == 3 && passed == 2,
            std::to_string(coins) + " coins taken, " + std::to_string(passed) + " people let through");
    self->send_exit(t, exit_reason::user_shutdown);
  }

  // [4] ---------------------------------------------------------------------------------
  {
    r.section("[4] request/response: answers, errors, timeouts, late answers");
    auto slow = sys.spawn(slow_doubler, std::chrono::milliseconds{100});
    error err;
    self->request(slow, 20ms, atom("work"), 1).receive([](int) {}, [&](error& e) { err = e; });
    r.check(err == sec::request_timeout, "a 20 ms request to a 100 ms job: " + to_string(err));
    auto t0 = clock_type::now();
    int answer = 0;
    self->request(slow, 5s, atom("work"), 21).receive([&](int x) { answer = x; }, [&](error& e) { err = e; });
    r.check(answer == 42, "a 5 s request queued behind it: answer " + std::to_string(answer) + " after "
                            + std::to_string(ms_since(t0)) + " ms");
    err = error{};
    self->request(slow, 5s, atom("work"), -1).receive([](int) {}, [&](error& e) { err = e; });
    r.check(err == sec::invalid_argument, "errors are answers, too: " + to_string(err));
    self->send_exit(slow, exit_reason::user_shutdown);
  }

  // [5] ---------------------------------------------------------------------------------
  {
    r.section("[5] failures: monitors, links and trapped exits");
    auto f = sys.spawn(fragile);
    auto b = sys.spawn(bystander, f);
    auto g = sys.spawn(guardian, f, actor{self});
    self->monitor(f);
    self->monitor(b);
    self->monitor(g);
    self->send(f, atom("crash"));
    // Wait until all three have reported (or nothing arrives for 5 s).
    error f_reason, b_reason, g_trapped;
    bool timed_out = false;
    self->receive_while([&] { return !timed_out && (!f_reason || !b_reason || !g_trapped); },
                        [&](down_msg& dm) {
                          if (dm.source == f.address())
                            f_reason = dm.reason;
                          else if (dm.source == b.address())
                            b_reason = dm.reason;
                        },
                        on(atom("trapped"), arg_match) >> [&](const error& reason) { g_trapped = reason; },
                        after(5s) >> [&] { timed_out = true; });
    r.check(f_reason == exit_reason::unhandled_exception, "the fragile actor died: " + to_string(f_reason));
    r.check(b_reason == f_reason, "the linked bystander died with it: " + to_string(b_reason));
    r.check(g_trapped == f_reason, "the guardian, trapping exits, received the exit instead of dying");
    atom_value pong{};
    self->request(g, 5s, atom("ping")).receive([&](atom_value a) { pong = a; }, [](error&) {});
    r.check(pong == atom("pong"), "... and still answers: " + to_string(pong));
    error dead;
    self->request(f, 5s, atom("ping")).receive([](atom_value) {}, [&](error& e) { dead = e; });
    r.check(dead == sec::request_receiver_down, "a request to the dead actor: " + to_string(dead));
    self->send_exit(g, exit_reason::kill); // kill cannot be trapped
    error g_reason;
    timed_out = false;
    self->receive_while([&] { return !timed_out && !g_reason; }, [&](down_msg& dm) { g_reason = dm.reason; },
                        after(5s) >> [&] { timed_out = true; });
    r.check(g_reason == exit_reason::kill, "the guardian cannot trap a kill: " + to_string(g_reason));
  }

  sys.await_all_actors_done();
  std::cout << '\n'
            << (r.failed == 0 ? "all " : "") << r.passed << " of " << r.passed + r.failed << " checks passed in "
            << ms_since(start) << " ms" << (r.failed == 0 ? "" : " -- FAILED") << '\n';
  return r.failed == 0 ? 0 : 1;
}
