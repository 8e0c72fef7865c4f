// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// composed_behavior<Bs...>: one actor that runs the composable behaviors
// Bs... side by side; its interface is the union of theirs.
//
//   using calculator_bhvr = composed_behavior<adder_bhvr, multiplier_bhvr>;
//   auto calc = sys.spawn<calculator_bhvr>(); // typed_actor<add..., multiply...>
//
// Each part keeps its own members and its own `self` (typed for its own
// interface); a composed behavior can be derived from or composed again. A
// signature two parts both implement goes to the first of them.
#include <tuple>
#include <type_traits>

#include "troupe/typed/composable_behavior.hpp"
#include "troupe/typed/composable_behavior_based_actor.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed/typed_actor.hpp"
#include "troupe/typed/typed_actor_pointer.hpp"

namespace troupe {

namespace detail {

/// The signatures of Lists..., in order, each once.
template <class Done, class... Lists>
struct composed_signatures;
template <class... Done>
struct composed_signatures<type_list<Done...>> {
  using type = type_list<Done...>;
};
template <class... Done, class... Lists>
struct composed_signatures<type_list<Done...>, type_list<>, Lists...>
  : composed_signatures<type_list<Done...>, Lists...> {};
template <class... Done, class S, class... Ss, class... Lists>
struct composed_signatures<type_list<Done...>, type_list<S, Ss...>, Lists...>
  : composed_signatures<
      std::conditional_t<tl_contains<S, type_list<Done...>>::value, type_list<Done...>, type_list<Done..., S>>,
      type_list<Ss...>, Lists...> {};

template <class List, template <class...> class Target>
struct apply_signatures;
template <class... Sigs, template <class...> class Target>
struct apply_signatures<type_list<Sigs...>, Target> {
  using type = Target<Sigs...>;
};

} // namespace detail

/// One actor that runs the composable behaviors Behaviors... side by side; its interface is the union of theirs (a
/// signature that several parts implement goes to the first of them). Each part keeps its own members and its own
/// `self`. A composed behavior can be derived from or composed again.
template <class... Behaviors>
class composed_behavior : public Behaviors... {
public:
  static_assert(sizeof...(Behaviors) > 0, "composed_behavior needs at least one behavior");

  /// These members hide the parts' own, which would be ambiguous here.
  using signatures = typename detail::composed_signatures<detail::type_list<>, typename Behaviors::signatures...>::type;
  /// The handle that spawning it returns: a typed_actor with every part's signatures.
  using handle_type = typename detail::apply_signatures<signatures, typed_actor>::type;
  /// The typed behavior of the whole interface.
  using behavior_type = typename handle_type::behavior_type;
  /// The base class of the actor that runs it.
  using actor_base = typename handle_type::base;
  /// The type of `self`: a typed_actor_pointer for the whole interface.
  using self_pointer = typename detail::apply_signatures<signatures, typed_actor_pointer>::type;
  /// What spawn<Derived>() runs: composable_behavior_based_actor<Derived>.
  template <class Derived>
  using host_actor = typename detail::composable_host<Derived>::type;

  /// Sets `self` of this object and of every part to the running actor; the actor calls it before the first message.
  template <class Actor>
  void bind_self(Actor* running) noexcept {
    self = running;
    (static_cast<Behaviors*>(this)->bind_self(running), ...);
  }

  /// The handlers of all parts, in the order of Behaviors...; the running actor builds its behavior from them.
  auto make_handlers() { return std::tuple_cat(static_cast<Behaviors*>(this)->make_handlers()...); }

protected:
  /// The running actor, typed for the whole interface.
  self_pointer self;
};

} // namespace troupe
