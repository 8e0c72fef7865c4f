// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Replies" and "Changing behavior".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <string>
#include <tuple>

using namespace troupe;
using namespace std::chrono_literals;

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    // [snippet replies]
    auto math = sys.spawn([](event_based_actor* self) -> behavior {
      return {
        [](int a, int b) { return a + b; },
        [](int a, int b, int c) { return std::make_tuple(a + b + c, a * b * c); },
        on(atom("hello")) >> [] { return std::string{"world"}; },
        on(atom("later"), arg_match) >>
          [=](int x) {
            auto rp = self->make_response_promise(); // answer later, from anywhere
            self->delayed_send(self, 10ms, atom("done"), x);
            self->become(
              keep_behavior, on(atom("done"), arg_match) >> [=](int y) mutable {
                rp.deliver(y * 2);
                self->unbecome();
              });
            return rp;
          },
      };
    });
    auto front = sys.spawn([=](event_based_actor* self) -> behavior {
      return {[=](int a, int b) { self->delegate(math, a, b); }}; // math answers the original requester
    });
    // [/snippet]
    DOC_CHECK(doc::ask<int>(self, math, 1, 2) == 3);
    bool tuple_ok = false;
    self->request(math, 5s, 2, 3, 4)
      .receive([&](int sum, int product) { tuple_ok = sum == 9 && product == 24; }, [](const error&) {});
    DOC_CHECK(tuple_ok);
    DOC_CHECK(doc::ask<std::string>(self, math, atom("hello")) == "world");
    DOC_CHECK(doc::ask<int>(self, math, atom("later"), 21) == 42);
    DOC_CHECK(doc::ask<int>(self, front, 20, 22) == 42);
    // A plain send with a sender: the result comes back as an ordinary message.
    self->send(math, 4, 5);
    int sum = 0;
    self->receive([&](int r) { sum = r; }, after(5s) >> [] {});
    DOC_CHECK(sum == 9);
  }
  {
    // A request whose response promises are all destroyed undelivered is
    // answered with sec::broken_promise.
    auto forgetful = sys.spawn(
      [](event_based_actor* self) -> behavior { return {[=](int) { return self->make_response_promise(); }}; });
    error err;
    self->request(forgetful, 5s, 1).receive([](const message&) {}, [&](const error& e) { err = e; });
    DOC_CHECK(err == sec::broken_promise);
  }
  {
    // [snippet testee]
    auto testee = sys.spawn([](event_based_actor* self) {
      self->become(on<int>() >> [=](int value1) {
        self->become(
          keep_behavior, on<float>() >> [=](float value2) {
            self->send(actor_cast<actor>(self->current_sender()),
                       std::to_string(value1) + " => " + std::to_string(value2));
            self->unbecome();
          });
      });
    });
    // [/snippet]
    // The float arrives first and waits (skip) until the int has installed the
    // behavior that takes it.
    self->send(testee, 2.5f);
    self->send(testee, 1);
    std::string text;
    self->receive([&](const std::string& s) { text = s; }, after(5s) >> [] {});
    DOC_CHECK(text == "1 => 2.500000");
  }
  {
    // drop: an unmatched request is answered with sec::unexpected_message.
    auto strict = sys.spawn([](event_based_actor* self) -> behavior {
      self->set_default_handler(drop);
      return {[](int x) { return x; }};
    });
    error err;
    self->request(strict, 5s, "no handler").receive([](const message&) {}, [&](const error& e) { err = e; });
    DOC_CHECK(err == sec::unexpected_message);
  }
  return doc::result();
}
