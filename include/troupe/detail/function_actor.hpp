#pragma once
// Adapts a function (and its bound arguments) to an actor class. The first
// parameter, if it is a pointer to an actor type, selects that type as the
// actor's class and receives `self`.
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>

#include "troupe/behavior.hpp"
#include "troupe/blocking_actor.hpp"
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

template <class F>
struct function_actor_traits {
  using first = typename first_param<typename callable_t<F>::arg_types>::type;
  static constexpr bool has_self =
    std::is_pointer_v<first> && std::is_base_of_v<local_actor, std::remove_pointer_t<first>>;
  using impl = std::conditional_t<has_self, std::remove_pointer_t<first>, event_based_actor>;
  static constexpr bool is_blocking = std::is_base_of_v<blocking_actor, impl>;
};

// Calls fun(self, xs...) or fun(xs...), turning the result into a behavior.
template <bool HasSelf, class Self, class Fun, class... Xs>
behavior invoke_actor_fun(Self* self, Fun& fun, Xs&... xs) {
  if constexpr (HasSelf) {
    using R = decltype(fun(self, std::move(xs)...));
    if constexpr (std::is_void_v<R>) {
      fun(self, std::move(xs)...);
      return {};
    } else {
      return behavior{fun(self, std::move(xs)...)};
    }
  } else {
    using R = decltype(fun(std::move(xs)...));
    if constexpr (std::is_void_v<R>) {
      fun(std::move(xs)...);
      return {};
    } else {
      return behavior{fun(std::move(xs)...)};
    }
  }
}

// The function and its arguments, needed once at initialisation: kept out of
// line so that they cost an idle actor only a pointer.
template <class F, class... Ts>
struct init_call : cache_allocated<init_call<F, Ts...>> {
  init_call(F f, Ts... xs) : call(std::move(f), std::move(xs)...) {}
  std::tuple<F, Ts...> call;
};

template <class Impl, bool HasSelf, class F, class... Ts>
class function_actor final : public Impl {
public:
  function_actor(actor_config& cfg, F fun, Ts... xs)
    : Impl(cfg), init_(std::make_unique<init_call<F, Ts...>>(std::move(fun), std::move(xs)...)) {}

  behavior make_behavior() override {
    auto init = std::move(init_); // released (with what it captured) once the function ran
    return std::apply(
      [this](auto& fun, auto&... xs) { return invoke_actor_fun<HasSelf>(static_cast<Impl*>(this), fun, xs...); },
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
    std::apply([this](auto& fun, auto&... xs) { invoke_actor_fun<HasSelf>(static_cast<Impl*>(this), fun, xs...); }, call);
  }

private:
  std::optional<std::tuple<F, Ts...>> init_;
};

} // namespace troupe::detail
