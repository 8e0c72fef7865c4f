// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The `testee`: an actor receiving {int, float}
// sequences. After an int it waits for a float with become(keep_behavior, ...),
// which pushes the new behavior onto the behavior stack; unbecome() pops it and
// the actor is back to waiting for an int.
//
// Shows: become(keep_behavior, ...) / unbecome(); that a message the current
// behavior does not match is not lost but stays in the mailbox until a later
// behavior takes it; and that an actor whose behavior stack runs empty
// terminates normally.
//
//   troupe_example_testee [--scheduler.workers=N]
#include <troupe/troupe.hpp>

#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// Prints "value1 => value2" for every int followed by a float, and sends the
// same line to `listener` so that main() can check it.
void testee(event_based_actor* self, actor listener) {
  self->become(
    on<int>() >>
      [=](int value1) {
        self->become(
          // keep_behavior keeps the int behavior on the stack: unbecome() returns to it.
          keep_behavior, on<float>() >> [=](float value2) {
            std::ostringstream line;
            line << value1 << " => " << value2;
            std::cout << "testee: " << line.str() << '\n';
            self->send(listener, line.str());
            self->unbecome();
          });
      },
    // Popping the last behavior leaves an empty stack: the actor terminates normally.
    on(atom("done")) >> [=] { self->unbecome(); });
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
    std::cerr << "testee: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto t = sys.spawn(testee, actor{self});
  self->monitor(t);

  // Not every int is directly followed by its float: the testee handles 1, then
  // skips 2 while it waits for a float (2 stays in the mailbox), pairs 1 with
  // 2.5, returns to the int behavior, takes 2 out of the mailbox, and so on.
  // A float arriving while the testee waits for an int (0.25 here) waits, too.
  // In the end the n-th int is paired with the n-th float.
  self->send(t, 1);
  self->send(t, 2);
  self->send(t, 2.5f);
  self->send(t, 3.5f);
  self->send(t, 0.25f);
  self->send(t, 4);
  self->send(t, atom("done")); // waits, too, until the testee is back at its int behavior
  const std::vector<std::string> expected{"1 => 2.5", "2 => 3.5", "4 => 0.25"};

  std::vector<std::string> lines;
  for (std::size_t i = 0; i < expected.size(); ++i)
    self->receive([&](const std::string& line) { lines.push_back(line); }, after(5s) >> [] {});
  check(lines == expected, "every int was paired with the next float, in order");

  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(5s) >> [] {});
  check(reason == exit_reason::normal,
        "the testee terminated normally after its last unbecome() (" + to_string(reason) + ")");

  std::cout << (failures == 0 ? "testee: all checks passed\n" : "testee: FAILED\n");
  return failures == 0 ? 0 : 1;
}
