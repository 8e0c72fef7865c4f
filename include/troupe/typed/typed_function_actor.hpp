#pragma once
// Spawning typed actors from functions: a function taking a typed self
// pointer (math::pointer, math::stateful_pointer<S>) or, without self,
// returning a typed behavior makes a typed actor, and spawn returns its
// typed_actor<...> handle.
#include <optional>
#include <tuple>
#include <type_traits>

#include "troupe/detail/function_actor.hpp"
#include "troupe/typed/typed_actor.hpp"

namespace troupe::detail {

template <class T>
struct is_typed_behavior : std::false_type {};
template <class... Sigs>
struct is_typed_behavior<typed_behavior<Sigs...>> : std::true_type {};

template <class B>
struct typed_impl_of_behavior {
  using type = void;
};
template <class... Sigs>
struct typed_impl_of_behavior<typed_behavior<Sigs...>> {
  using type = typed_event_based_actor<Sigs...>;
};

template <class F, class = void>
struct typed_function_traits {
  static constexpr bool is_typed = false;
};

template <class F>
struct typed_function_traits<F, std::void_t<typename callable_t<F>::arg_types>> {
  using base = function_actor_traits<F>;
  using result = std::decay_t<typename callable_t<F>::result_type>;
  static constexpr bool typed_self = base::has_self && typed_actor_class<typename base::impl>;
  static constexpr bool is_typed = typed_self || (!base::has_self && is_typed_behavior<result>::value);
  using impl = typename std::conditional_t<typed_self, std::type_identity<typename base::impl>,
                                           typed_impl_of_behavior<result>>::type;
};

template <class Impl, bool HasSelf, class F, class... Ts>
class typed_function_actor final : public Impl {
public:
  using behavior_type = typename Impl::behavior_type;

  typed_function_actor(actor_config& cfg, F fun, Ts... xs)
    : Impl(cfg), init_(std::in_place, std::move(fun), std::move(xs)...) {}

  behavior_type make_behavior() override {
    auto call = std::move(*init_);
    init_.reset(); // releases what the function captured once it has run
    return std::apply(
      [&](auto& fun, auto&... xs) -> behavior_type {
        if constexpr (HasSelf)
          return fun(static_cast<Impl*>(this), std::move(xs)...);
        else
          return fun(std::move(xs)...);
      },
      call);
  }

private:
  std::optional<std::tuple<F, Ts...>> init_;
};

template <class F>
constexpr void check_typed_function() {
  using traits = typed_function_traits<F>;
  using R = typename traits::result;
  static_assert(std::is_same_v<R, typename traits::impl::behavior_type>,
                "a function spawned as a typed actor must return the behavior_type of its self pointer's interface");
}

} // namespace troupe::detail
