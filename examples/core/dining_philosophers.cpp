// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Dining philosophers (after the CAF example): five philosophers share five
// chopsticks; a philosopher needs the chopsticks on both sides to eat. Every
// state of a chopstick and of a philosopher is a behavior, and a transition is
// a become(). Nobody waits while holding a chopstick (a philosopher who gets
// only one puts it back and tries again later), so there is no deadlock.
//
//   chopstick:    available --take--> taken_by(p) --put (from p)--> available
//   philosopher:  thinking --eat--> hungry --taken--> granted --taken--> eating
//                                   hungry --busy--> denied     (put back, think)
//                                   granted --busy--> thinking  (put back, think)
//                 eating --think--> thinking (or done after the last meal)
//
// The program runs until every philosopher has had `meals` meals and checks
// that every one of them ate, that no chopstick ever had two holders (checked
// twice: by the chopsticks themselves, and by an independent witness the
// philosophers update while eating), and that every chopstick is back on the
// table at the end.
//
//   troupe_example_dining_philosophers [meals] [--scheduler.workers=N]   (meals defaults to 10)
#include <troupe/troupe.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <tuple>
#include <utility>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

constexpr int num_philosophers = 5;

// ---- chopsticks -------------------------------------------------------------------

struct chopstick_state {
  int grants = 0;   // how often it was handed out
  int bad_puts = 0; // put back by someone who did not hold it (must stay 0)
};

using chopstick_actor = stateful_actor<chopstick_state>;

// {stats} answers {grants, bad_puts, taken} in every state.
auto stats_handler(chopstick_actor* self, bool taken) {
  return on(atom("stats")) >> [=] { return std::make_tuple(self->state.grants, self->state.bad_puts, taken); };
}

behavior taken_by(chopstick_actor* self, actor_addr holder);

behavior available(chopstick_actor* self) {
  return {
    on(atom("take")) >>
      [=] {
        ++self->state.grants;
        self->become(taken_by(self, self->current_sender()));
        return std::make_tuple(atom("taken"), actor{self});
      },
    on(atom("put")) >> [=] { ++self->state.bad_puts; },
    stats_handler(self, false),
  };
}

behavior taken_by(chopstick_actor* self, actor_addr holder) {
  return {
    on(atom("take")) >> [=] { return std::make_tuple(atom("busy"), actor{self}); },
    on(atom("put")) >>
      [=] {
        if (self->current_sender() == holder)
          self->become(available(self));
        else
          ++self->state.bad_puts;
      },
    stats_handler(self, true),
  };
}

// ---- the witness --------------------------------------------------------------------

// Not part of the protocol: shared bookkeeping that catches two philosophers
// eating with the same chopstick at the same time.
struct witness {
  std::array<std::atomic<int>, num_philosophers> holder{}; // 0: nobody, else philosopher id + 1
  std::atomic<int> conflicts{0};

  void pick_up(int chopstick, int philosopher) {
    if (holder[chopstick].exchange(philosopher + 1) != 0)
      ++conflicts;
  }
  void put_down(int chopstick) { holder[chopstick].store(0); }
};

// ---- philosophers -------------------------------------------------------------------

struct philosopher_state {
  int id = 0;
  std::string name;
  actor left, right;
  int left_index = 0, right_index = 0;
  int meals = 0, max_meals = 0;
  actor report_to;
  witness* w = nullptr;
  std::minstd_rand rng;

  std::chrono::milliseconds pause() { return std::chrono::milliseconds{1 + static_cast<int>(rng() % 3)}; }
};

using philosopher_actor = stateful_actor<philosopher_state>;

behavior thinking(philosopher_actor* self);
behavior hungry(philosopher_actor* self);
behavior granted(philosopher_actor* self, actor wait_for);
behavior denied(philosopher_actor* self);
behavior eating(philosopher_actor* self);

// Think a little, then get hungry again.
void think_later(philosopher_actor* self) {
  self->delayed_send(self, self->state.pause(), atom("eat"));
  self->become(thinking(self));
}

behavior thinking(philosopher_actor* self) {
  return {
    on(atom("eat")) >>
      [=] {
        self->send(self->state.left, atom("take"));
        self->send(self->state.right, atom("take"));
        self->become(hungry(self));
      },
  };
}

// Waiting for the answers of both chopsticks.
behavior hungry(philosopher_actor* self) {
  return {
    on(atom("taken"), arg_match) >>
      [=](const actor& c) {
        auto& st = self->state;
        self->become(granted(self, c == st.left ? st.right : st.left));
      },
    on(atom("busy"), arg_match) >> [=](const actor&) { self->become(denied(self)); },
  };
}

// Holding one chopstick, waiting for the answer of the other one.
behavior granted(philosopher_actor* self, actor wait_for) {
  auto other = wait_for == self->state.left ? self->state.right : self->state.left;
  return {
    on(atom("taken"), arg_match) >>
      [=](const actor&) {
        auto& st = self->state;
        st.w->pick_up(st.left_index, st.id);
        st.w->pick_up(st.right_index, st.id);
        self->delayed_send(self, st.pause(), atom("think"));
        self->become(eating(self));
      },
    on(atom("busy"), arg_match) >>
      [=](const actor&) {
        self->send(other, atom("put"));
        think_later(self);
      },
  };
}

// One chopstick said busy; put back the other one if we got it.
behavior denied(philosopher_actor* self) {
  return {
    on(atom("taken"), arg_match) >>
      [=](const actor& c) {
        self->send(c, atom("put"));
        think_later(self);
      },
    on(atom("busy"), arg_match) >> [=](const actor&) { think_later(self); },
  };
}

behavior eating(philosopher_actor* self) {
  return {
    on(atom("think")) >>
      [=] {
        auto& st = self->state;
        st.w->put_down(st.left_index);
        st.w->put_down(st.right_index);
        self->send(st.left, atom("put"));
        self->send(st.right, atom("put"));
        if (++st.meals < st.max_meals) {
          think_later(self);
          return;
        }
        self->send(st.report_to, atom("done"), st.name, st.meals);
        self->quit();
      },
  };
}

behavior philosopher(philosopher_actor* self, int id, std::string name, actor left, int left_index, actor right,
                     int right_index, int max_meals, actor report_to, witness* w) {
  auto& st = self->state;
  st.id = id;
  st.name = std::move(name);
  st.left = std::move(left);
  st.left_index = left_index;
  st.right = std::move(right);
  st.right_index = right_index;
  st.max_meals = max_meals;
  st.report_to = std::move(report_to);
  st.w = w;
  st.rng.seed(static_cast<unsigned>(id + 1));
  self->send(self, atom("eat"));
  return thinking(self);
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
    std::cerr << "dining_philosophers: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  int meals = 10;
  if (!cfg.remainder().empty())
    meals = std::atoi(cfg.remainder().front().c_str());
  if (meals < 1) {
    std::cerr << "usage: dining_philosophers [meals >= 1]\n";
    return 2;
  }

  witness w;
  actor_system sys{cfg};
  scoped_actor self{sys};
  const std::array<std::string, num_philosophers> names{"Plato", "Hume", "Kant", "Nietzsche", "Russell"};
  std::array<actor, num_philosophers> chopsticks;
  for (auto& c : chopsticks)
    c = sys.spawn([](chopstick_actor* s) { return available(s); });
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < num_philosophers; ++i) {
    int l = i;
    int r = (i + 1) % num_philosophers;
    sys.spawn(philosopher, i, names[i], chopsticks[l], l, chopsticks[r], r, meals, actor{self}, &w);
  }

  int done = 0;
  int total_meals = 0;
  for (int i = 0; i < num_philosophers; ++i)
    self->receive(
      on(atom("done"), arg_match) >>
        [&](const std::string& name, int n) {
          std::cout << name << " had " << n << " meals\n";
          done += n == meals ? 1 : 0;
          total_meals += n;
        },
      after(30s) >> [] {});
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  std::cout << "dinner took " << ms << " ms\n";
  check(done == num_philosophers, "every philosopher ate " + std::to_string(meals) + " times");

  // The chopsticks' own view. Each meal takes two grants; failed attempts
  // (one chopstick granted, the other busy) take more.
  int grants = 0, bad_puts = 0, still_taken = 0;
  for (auto& c : chopsticks)
    self->request(c, 5s, atom("stats")).receive([&](int g, int b, bool t) {
      grants += g;
      bad_puts += b;
      still_taken += t ? 1 : 0;
    });
  std::cout << "chopsticks were handed out " << grants << " times for " << total_meals << " meals\n";
  check(grants >= 2 * total_meals, "every meal used two chopsticks");
  check(bad_puts == 0, "no chopstick was put back by someone who did not hold it");
  check(w.conflicts.load() == 0, "no chopstick was held by two philosophers at once");
  check(still_taken == 0, "all chopsticks are back on the table");

  for (auto& c : chopsticks)
    self->send_exit(c, exit_reason::user_shutdown);
  std::cout << (failures == 0 ? "dining_philosophers: all checks passed\n" : "dining_philosophers: FAILED\n");
  return failures == 0 ? 0 : 1;
}
