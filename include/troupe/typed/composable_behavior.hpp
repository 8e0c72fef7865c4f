// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// composable_behavior<Interface>: a typed behavior written as a class, one
// virtual operator() per signature, that can be spawned on its own or joined
// with others (composed_behavior) into one actor:
//
//   using adder = typed_actor<replies_to<add_atom, int, int>::with<int>>;
//   class adder_bhvr : public composable_behavior<adder> {
//   public:
//     result<int> operator()(add_atom, int x, int y) override { return x + y; }
//   };
//   adder a = sys.spawn<adder_bhvr>();
//
// The signature replies_to<In...>::with<Out...> declares
// `virtual result<Out...> operator()(param_t<In>...) = 0` (result<void> for a
// signature without an answer): strings and other class types arrive as
// param<T>, numbers and atom constants by value. Members keep the state
// between messages; `self` is the running actor from the first message on.
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/param.hpp"
#include "troupe/result.hpp"
#include "troupe/typed/composable_behavior_based_actor.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed/typed_actor.hpp"
#include "troupe/typed/typed_actor_pointer.hpp"

namespace troupe {

namespace detail {

/// The operator() of one signature, and the handler that calls it.
template <class Sig, class Inputs = typename Sig::input_keys, class Outputs = typename Sig::output_types>
class composable_clause;

template <class Sig, class... Ins, class... Outs>
class composable_clause<Sig, type_list<Ins...>, type_list<Outs...>> {
public:
  using result_type = std::conditional_t<sizeof...(Outs) == 0, result<void>, result<Outs...>>;

  virtual ~composable_clause() = default;

  virtual result_type operator()(param_t<Ins>...) = 0;

  /// Calls through the vtable, so the handler reaches the override of the
  /// most derived class even when it was built in a base.
  auto make_handler() {
    return [this](param_t<Ins>... xs) -> result_type { return (*this)(std::move(xs)...); };
  }
};

} // namespace detail

/// Only typed_actor<Sigs...> interfaces can be composed.
template <class Interface>
class composable_behavior;

/// A typed behavior written as a class: derive from it and override one virtual operator() per signature of
/// typed_actor<Sigs...> (replies_to<In...>::with<Out...> declares `result<Out...> operator()(param_t<In>...)`,
/// result<void> without an answer). spawn<Derived>() runs it; composed_behavior joins several into one actor. Members
/// keep state between messages.
template <class... Sigs>
class composable_behavior<typed_actor<Sigs...>> : public detail::composable_clause<Sigs>... {
public:
  /// The interface's signatures.
  using signatures = detail::type_list<Sigs...>;
  /// The handle that spawning it returns.
  using handle_type = typed_actor<Sigs...>;
  /// The typed behavior the running actor builds from the handlers.
  using behavior_type = typename handle_type::behavior_type;
  /// The base class of the actor that runs it.
  using actor_base = typename handle_type::base;
  /// What spawn<Derived>() runs (see detail::hosted_state).
  template <class Derived>
  using host_actor = typename detail::composable_host<Derived>::type;

  /// The actor that runs the behavior sets `self` before the first message.
  template <class Actor>
  void bind_self(Actor* running) noexcept {
    self = running;
  }

  /// One handler per signature; the running actor builds its behavior from them.
  auto make_handlers() {
    return std::make_tuple(static_cast<detail::composable_clause<Sigs>*>(this)->make_handler()...);
  }

  /// The running actor, typed for this interface (empty until it runs).
  typed_actor_pointer<Sigs...> self;
};

} // namespace troupe
