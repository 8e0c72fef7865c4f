// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Typed actors: spawning (function, class, stateful), checked send/request,
// subtyping, casts, and typed <-> dynamic interaction.
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>

namespace typed_actor_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct add_request {
  int a;
  int b;
};
struct sub_request {
  int a;
  int b;
};
struct reset_request {};

using math = typed_actor<replies_to<add_request>::with<int>, replies_to<sub_request>::with<int>>;
using adder = typed_actor<replies_to<add_request>::with<int>>;
using math_ext = math::extend<replies_to<int, int>::with<int, int>, reacts_to<reset_request>>;

math::behavior_type math_fun(math::pointer) {
  return {
    [](const add_request& r) { return r.a + r.b; },
    [](const sub_request& r) { return r.a - r.b; },
  };
}

math::behavior_type math_noself() {
  return {
    [](add_request r) { return r.a + r.b; },
    [](sub_request r) { return r.a - r.b; },
  };
}

class math_class : public math::base {
public:
  explicit math_class(actor_config& cfg, int offset) : math::base(cfg), offset_(offset) {}
  behavior_type make_behavior() override {
    return {
      [this](const add_request& r) { return r.a + r.b + offset_; },
      [this](const sub_request& r) { return r.a - r.b + offset_; },
    };
  }

private:
  int offset_;
};

struct ext_state {
  int resets = 0;
};

math_ext::behavior_type ext_fun(math_ext::stateful_pointer<ext_state> self) {
  return {
    [](const add_request& r) { return r.a + r.b; },
    [](const sub_request& r) { return r.a - r.b; },
    [](int a, int b) { return std::make_tuple(b, a); },
    [self](const reset_request&) { ++self->state.resets; },
  };
}

// Compile-time properties of handles.
static_assert(std::is_convertible_v<math, adder>, "superset -> subset converts");
static_assert(!std::is_convertible_v<adder, math>, "subset -> superset does not");
static_assert(std::is_convertible_v<math_ext, math>);
static_assert(
  std::is_convertible_v<typed_actor<replies_to<sub_request>::with<int>, replies_to<add_request>::with<int>>, math>,
  "signature order does not matter");
static_assert(std::is_convertible_v<math, actor>, "typed -> dynamic converts");
static_assert(!std::is_convertible_v<actor, math>, "dynamic -> typed needs actor_cast");
static_assert(std::is_same_v<reacts_to<reset_request>, replies_to<reset_request>::with<>>);

} // namespace

TEST(typed_actor, function_based_request_receive) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math ms = sys.spawn(math_fun);
  int r = 0;
  self->request(ms, 5s, add_request{1, 2}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 3);
  self->request(ms, 5s, sub_request{10, 4}).receive([&](int x) { r = x; }, [&](error&) { r = -1; });
  EXPECT_EQ(r, 6);
  self->send_exit(ms, exit_reason::kill);
}

TEST(typed_actor, typed_spawn_and_function_without_self) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto ms = sys.typed_spawn(math_noself);
  static_assert(std::is_same_v<decltype(ms), math>);
  int r = 0;
  self->request(ms, 5s, add_request{20, 22}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 42);
  self->send_exit(ms, exit_reason::kill);
}

// The free typed_spawn: `math ms = typed_spawn(f);` without naming a system.
TEST(typed_actor, free_typed_spawn_uses_the_default_system) {
  EXPECT_EQ(actor_system::current(), nullptr);
  EXPECT_THROW(typed_spawn(math_fun), std::logic_error);
  EXPECT_THROW(spawn([] { return behavior{}; }), std::logic_error);
  {
    actor_system sys{actor_system_config{}};
    EXPECT_EQ(actor_system::current(), &sys);
    actor_system other{actor_system_config{}};
    EXPECT_EQ(actor_system::current(), &sys) << "the first system stays the default";
    scoped_actor self{sys};
    math ms = typed_spawn(math_fun);
    auto ms2 = typed_spawn<math_class>(10);
    static_assert(std::is_same_v<decltype(ms2), math>);
    int r = 0;
    self->request(ms, 5s, add_request{1, 2}).receive([&](int x) { r = x; });
    EXPECT_EQ(r, 3);
    self->request(ms2, 5s, add_request{1, 2}).receive([&](int x) { r = x; });
    EXPECT_EQ(r, 13);
    EXPECT_EQ(ms.ctrl()->home_system(), &sys);
    // On a worker of `other`, the free functions use `other`.
    scoped_actor self2{other};
    auto spawner = other.spawn([](event_based_actor* s) -> behavior {
      return {
        [s](int) {
          math inner = typed_spawn(math_fun);
          auto* home = inner.ctrl()->home_system();
          s->send_exit(inner, exit_reason::kill);
          return home == &s->system();
        },
      };
    });
    bool same = false;
    self2->request(spawner, 5s, 1).receive([&](bool b) { same = b; });
    EXPECT_TRUE(same);
    self->send_exit(ms, exit_reason::kill);
    self->send_exit(ms2, exit_reason::kill);
    self2->send_exit(spawner, exit_reason::kill);
  }
  EXPECT_EQ(actor_system::current(), nullptr) << "a destroyed default is forgotten";
  actor_system next{actor_system_config{}};
  EXPECT_EQ(actor_system::current(), &next);
}

// A typed handler that answers later: typed_response_promise, checked like a
// direct answer (tests/typed/compile_fail covers the wrong types).
using delayed_math = typed_actor<replies_to<add_request>::with<int>, replies_to<sub_request>::with<int>>;

delayed_math::behavior_type delayed_fun(delayed_math::pointer self) {
  return {
    [self](const add_request& r) {
      auto rp = self->make_response_promise<int>();
      // answer from another actor's context, a little later
      self->spawn([rp, sum = r.a + r.b](event_based_actor* helper) mutable {
        rp.deliver(sum);
        helper->quit();
      });
      return rp;
    },
    [self](const sub_request&) {
      auto rp = self->make_response_promise<int>();
      rp.deliver(error{sec::invalid_argument, "no subtraction today"});
      return rp;
    },
  };
}

TEST(typed_actor, typed_response_promise_answers_later) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto ms = sys.spawn(delayed_fun);
  int r = 0;
  self->request(ms, 5s, add_request{40, 2}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 42);
  error err;
  self->request(ms, 5s, sub_request{1, 1}).receive([&](int x) { r = x; }, [&](error& e) { err = e; });
  EXPECT_TRUE(err.is(sec::invalid_argument));
  EXPECT_EQ(err.context(), "no subtraction today");
  self->send_exit(ms, exit_reason::kill);
}

TEST(typed_actor, class_based) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math ms = sys.spawn<math_class>(100);
  auto ms2 = sys.typed_spawn<math_class>(1);
  static_assert(std::is_same_v<decltype(ms2), math>);
  int r = 0;
  self->request(ms, 5s, add_request{1, 2}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 103);
  self->request(ms2, 5s, sub_request{1, 2}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 0);
  self->send_exit(ms, exit_reason::kill);
  self->send_exit(ms2, exit_reason::kill);
}

TEST(typed_actor, stateful_multi_output_and_reacts_to) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math_ext ms = sys.spawn(ext_fun);
  int a = 0, b = 0;
  self->request(ms, 5s, 1, 2).receive([&](int x, int y) {
    a = x;
    b = y;
  });
  EXPECT_EQ(a, 2);
  EXPECT_EQ(b, 1);
  self->send(ms, reset_request{});
  bool done = false;
  self->request(ms, 5s, reset_request{}).receive([&] { done = true; });
  EXPECT_TRUE(done);
  self->send_exit(ms, exit_reason::kill);
}

TEST(typed_actor, subtyping_and_casts) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math ms = sys.spawn(math_fun);
  adder ad = ms; // implicit: subset of the interface
  EXPECT_EQ(ad, actor{ms});
  int r = 0;
  self->request(ad, 5s, add_request{2, 3}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 5);
  actor dyn = actor_cast<actor>(ms);
  EXPECT_TRUE(dyn);
  EXPECT_EQ(dyn.id(), ms.id());
  math back = actor_cast<math>(dyn); // unchecked
  EXPECT_EQ(back, ms);
  math from_addr = actor_cast<math>(actor_cast<actor_addr>(ms));
  EXPECT_EQ(from_addr, ms);
  math none;
  EXPECT_FALSE(none);
  self->send_exit(ms, exit_reason::kill);
}

TEST(typed_actor, dynamic_actor_talks_to_typed_actor) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math ms = sys.spawn(math_fun);
  // A dynamic actor holding the typed handle as `actor` uses the untyped API.
  auto client = sys.spawn([ms](event_based_actor* me) -> behavior {
    return {
      [=](int a, int b) {
        auto rp = me->make_response_promise();
        me->request(actor{ms}, 5s, add_request{a, b}).then([rp](int r) mutable { rp.deliver(r * 10); });
        return rp;
      },
    };
  });
  int r = 0;
  self->request(client, 5s, 3, 4).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 70);
  // Dynamic messages the interface does not declare are simply not handled.
  error err;
  self->request(actor{ms}, 100ms, std::string{"nope"}).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_TRUE(err);
  self->send_exit(ms, exit_reason::kill);
  self->send_exit(client, exit_reason::kill);
}

TEST(typed_actor, typed_actor_talks_to_dynamic_actor_and_chains) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  actor doubler = sys.spawn([] { return behavior{[](int x) { return 2 * x; }}; });
  math ms = sys.spawn(math_fun);
  using front = typed_actor<replies_to<add_request>::with<int>>;
  // A typed actor that uses a dynamic actor and a typed actor to answer.
  front f = sys.spawn([=](front::pointer me) -> front::behavior_type {
    return {
      [=](const add_request& r) {
        auto rp = me->make_response_promise();
        me->request(ms, 5s, r).then(
          [=](int sum) mutable { me->request(doubler, 5s, sum).then([rp](int d) mutable { rp.deliver(d); }); });
        return rp;
      },
    };
  });
  int r = 0;
  self->request(f, 5s, add_request{1, 2}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 6);
  for (auto& a : {actor{ms}, actor{f}, doubler})
    self->send_exit(a, exit_reason::kill);
}

TEST(typed_actor, event_based_then_and_delegate) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math ms = sys.spawn(math_fun);
  // A typed proxy delegating to the typed service.
  math proxy = sys.spawn([ms](math::pointer me) -> math::behavior_type {
    return {
      [=](const add_request& r) -> response_promise {
        me->delegate(ms, r);
        return {};
      },
      [=](const sub_request& r) -> response_promise {
        me->delegate(ms, r);
        return {};
      },
    };
  });
  int r = 0;
  self->request(proxy, 5s, sub_request{9, 3}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 6);
  self->send_exit(ms, exit_reason::kill);
  self->send_exit(proxy, exit_reason::kill);
}

TEST(typed_actor, become_typed_behavior) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  math ms = sys.spawn([](math::pointer me) -> math::behavior_type {
    return {
      [=](const add_request& r) {
        me->become(math::behavior_type{
          [](const add_request& q) { return 100 + q.a + q.b; },
          [](const sub_request& q) { return q.a - q.b; },
        });
        return r.a + r.b;
      },
      [](const sub_request& r) { return r.a - r.b; },
    };
  });
  int r1 = 0, r2 = 0;
  self->request(ms, 5s, add_request{1, 1}).receive([&](int x) { r1 = x; });
  self->request(ms, 5s, add_request{1, 1}).receive([&](int x) { r2 = x; });
  EXPECT_EQ(r1, 2);
  EXPECT_EQ(r2, 102);
  self->send_exit(ms, exit_reason::kill);
}

TEST(typed_actor, self_spawn_and_anon_send) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto ms = self->spawn(math_fun);
  static_assert(std::is_same_v<decltype(ms), math>);
  auto ms2 = self->typed_spawn(math_noself);
  anon_send(ms2, add_request{1, 2}); // answer is dropped
  int r = 0;
  self->request(ms, 5s, add_request{4, 5}).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 9);
  self->send_exit(ms, exit_reason::kill);
  self->send_exit(ms2, exit_reason::kill);
}

// Atom constants tell signatures apart, as in CAF-style interfaces.
namespace {
using calc = typed_actor<replies_to<add_atom, int, int>::with<int>, replies_to<sub_atom, int, int>::with<int>,
                         replies_to<atom_value>::with<std::string>>;

calc::behavior_type calc_fun() {
  return {
    [](add_atom, int a, int b) { return a + b; },
    [](sub_atom, int a, int b) { return a - b; },
    [](atom_value x) { return to_string(x); },
  };
}

static_assert(std::is_same_v<detail::typed_output_t<calc::signatures, add_atom, int, int>, detail::type_list<int>>);
static_assert(!detail::accepts_input_v<calc::signatures, atom_value, int, int>,
              "a plain atom that fits two atom-constant signatures is ambiguous");
static_assert(std::is_same_v<detail::typed_output_t<calc::signatures, atom_value>, detail::type_list<std::string>>);
} // namespace

TEST(typed_actor, atom_constants_select_the_signature) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  calc c = sys.spawn(calc_fun);
  int r = 0;
  self->request(c, 5s, add_atom_v, 7, 3).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 10);
  self->request(c, 5s, sub_atom_v, 7, 3).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 4);
  std::string name;
  self->request(c, 5s, atom("hello")).receive([&](const std::string& s) { name = s; });
  EXPECT_EQ(name, "hello");
  // A dynamic sender with a plain atom reaches the handler of that atom.
  self->request(actor{c}, 5s, atom("sub"), 1, 2).receive([&](int x) { r = x; }, [&](error&) { r = 99; });
  EXPECT_EQ(r, -1);
  self->send_exit(c, exit_reason::kill);
}

} // namespace typed_actor_test
