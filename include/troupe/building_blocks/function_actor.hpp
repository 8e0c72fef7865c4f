// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Adapts a function (and its bound arguments) to an actor class. The first
// parameter, if it is a pointer to an actor type, selects that type as the
// actor's class and receives `self`; without one, a function returning a typed
// behavior runs in that behavior's actor_type, any other in event_based_actor.
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>

#include "troupe/behavior.hpp"
#include "troupe/blocking_actor.hpp"
#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/event_based_actor.hpp"

namespace troupe::detail {

template <class List>
struct first_param {
  using type = void;
};
template <class T, class... Ts>
struct first_param<type_list<T, Ts...>> {
  using type = T;
};

template <class R>
struct actor_type_of_result {
  using type = event_based_actor;
};
template <typed_behavior_result R>
struct actor_type_of_result<R> {
  using type = typename R::actor_type;
};

template <class F>
struct function_actor_traits {
  using first = typename first_param<typename callable_t<F>::arg_types>::type;
  using result = std::decay_t<typename callable_t<F>::result_type>;
  static constexpr bool has_self =
    std::is_pointer_v<first> && std::is_base_of_v<local_actor, std::remove_pointer_t<first>>;
  using impl = typename std::conditional_t<has_self, std::type_identity<std::remove_pointer_t<first>>,
                                           actor_type_of_result<result>>::type;
  static constexpr bool is_blocking = std::is_base_of_v<blocking_actor, impl>;
  static constexpr bool is_typed = typed_actor_class<impl>;
};

/// A function spawned as a typed actor returns exactly its interface's behavior.
template <class F>
constexpr void check_actor_function() noexcept {
  using traits = function_actor_traits<F>;
  if constexpr (traits::is_typed)
    static_assert(std::is_same_v<typename traits::result, typename traits::impl::behavior_type>,
                  "a function spawned as a typed actor must return the behavior_type of its self pointer's interface");
}

/// Calls fun(self, xs...) or fun(xs...), turning its result into the actor's
/// behavior type (an empty one for a function returning void; nothing when
/// Behavior is void).
template <bool HasSelf, class Behavior, class Self, class Fun, class... Xs>
Behavior invoke_actor_fun(Self* self, Fun& fun, Xs&... xs) {
  auto call = [&]() -> decltype(auto) {
    if constexpr (HasSelf)
      return fun(self, std::move(xs)...);
    else
      return fun(std::move(xs)...);
  };
  if constexpr (std::is_void_v<Behavior>) {
    call(); // a blocking actor's function: what it returns is not a behavior
  } else if constexpr (std::is_void_v<decltype(call())>) {
    call();
    return Behavior{};
  } else {
    return Behavior{call()};
  }
}

/// The function and its arguments, needed once at initialisation: kept out of
/// line so that they cost an idle actor only a pointer.
template <class F, class... Ts>
struct init_call : cache_allocated<init_call<F, Ts...>> {
  init_call(F f, Ts... xs) : call(std::move(f), std::move(xs)...) {}
  std::tuple<F, Ts...> call;
};

/// Impl is event_based_actor, a class derived from it, or a typed actor class;
/// make_behavior() returns whatever Impl's does (behavior or a typed behavior).
template <class Impl, bool HasSelf, class F, class... Ts>
class function_actor final : public Impl {
public:
  using behavior_type = decltype(std::declval<Impl&>().make_behavior());

  function_actor(actor_config& cfg, F fun, Ts... xs)
    : Impl(cfg), init_(std::make_unique<init_call<F, Ts...>>(std::move(fun), std::move(xs)...)) {}

  behavior_type make_behavior() override {
    auto init = std::move(init_); // released (with what it captured) once the function ran
    return std::apply(
      [this](auto& fun, auto&... xs) {
        return invoke_actor_fun<HasSelf, behavior_type>(static_cast<Impl*>(this), fun, xs...);
      },
      init->call);
  }

private:
  std::unique_ptr<init_call<F, Ts...>> init_;
};

template <class Impl, bool HasSelf, class F, class... Ts>
class blocking_function_actor final : public Impl {
public:
  blocking_function_actor(actor_config& cfg, F fun, Ts... xs)
    : Impl(cfg), init_(std::in_place, std::move(fun), std::move(xs)...) {}

  void act() override {
    auto call = std::move(*init_);
    init_.reset();
    std::apply(
      [this](auto& fun, auto&... xs) { invoke_actor_fun<HasSelf, void>(static_cast<Impl*>(this), fun, xs...); }, call);
  }

private:
  std::optional<std::tuple<F, Ts...>> init_;
};

} // namespace troupe::detail
