// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The `printer`: a class-based actor that prints every message it gets. Its
// make_behavior() returns the initial behavior; `others` matches every message,
// and current_message() is the message being handled.
//
// Shows: a class overriding make_behavior(), others, current_message(),
// to_string(message), and that a handler's return value is the reply to a request.
//
//   troupe_example_printer [--scheduler.workers=N]
#include <troupe/troupe.hpp>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

class printer : public event_based_actor {
public:
  explicit printer(actor_config& cfg) : event_based_actor(cfg) {}

  // Prints every message it gets. It also returns the printed text, so that a
  // requester learns what was printed (for a plain send the return value goes
  // back to the sender, for an anonymous send it is dropped).
  behavior make_behavior() override {
    return {others >> [this] {
      auto text = to_string(current_message());
      std::cout << "printer: " << text << std::endl;
      return text;
    }};
  }
};

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
    std::cerr << "printer: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto p = sys.spawn<printer>();

  // Anonymous sends: printed, nobody gets an answer.
  anon_send(p, "hello", "world");
  anon_send(p, atom("ping"));

  // Requests: the answer is the printed text. Messages of any arity and type
  // match `others`; strings, atoms, numbers, booleans and containers print
  // in a readable form.
  struct probe {
    message msg;
    std::string expected;
  };
  const std::vector<probe> probes{
    {make_message(42), "(42)"},
    {make_message(atom("get"), "key"), "('get', \"key\")"},
    {make_message(1, 2.5, true), "(1, 2.5, true)"},
    {make_message(std::vector<int>{1, 2, 3}), "([1, 2, 3])"},
    {make_message(), "()"},
  };
  for (const auto& [msg, expected] : probes) {
    std::string printed = "<no answer>";
    self->request(p, 5s, msg)
      .receive([&](const std::string& text) { printed = text; }, [&](error& err) { printed = to_string(err); });
    check(printed == expected, "printed " + printed + ", expected " + expected);
  }

  self->send_exit(p, exit_reason::user_shutdown);
  std::cout << (failures == 0 ? "printer: all checks passed\n" : "printer: FAILED\n");
  return failures == 0 ? 0 : 1;
}
