// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Building match cases: on<T...>(), on(values...), on_arg_match, others,
// .when(guard) and `pattern >> callback`, and a plain callable as a case whose
// types come from its signature.
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/atom.hpp"
#include "troupe/detail/deprecated.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/match/elements.hpp"
#include "troupe/match/invoke_result.hpp"
#include "troupe/match/match_case.hpp"
#include "troupe/message.hpp"
#include "troupe/param.hpp"

namespace troupe {

namespace detail {

struct no_guard {
  template <class... Ts>
  constexpr bool operator()(const Ts&...) const noexcept {
    return true;
  }
};

/// A callback parameter's element: its type, or for an atom constant
/// parameter (add_atom) the atom it names.
template <class T>
struct param_elem {
  using type = type_elem<T>;
};
template <atom_value V>
struct param_elem<atom_constant<V>> {
  using type = atom_const_elem<V>;
};
template <class T>
struct param_elem<param<T>> {
  using type = type_elem<T>;
};

template <class F>
struct arg_match_elems {
  template <class... Ts>
  static std::tuple<typename param_elem<Ts>::type...> make(type_list<Ts...>);
  using type = decltype(make(std::declval<typename callable_t<F>::decayed_arg_types>()));
};

} // namespace detail

/// The left-hand side of `>>`: elements, an optional guard, and whether arg_match
/// asks to take the remaining element types from the callback.
template <bool ArgMatch, class Guard, class... Elems>
class pattern {
public:
  /// Makes a pattern from its elements and guard; use on(...), on<Ts...>() or on_arg_match rather than this.
  constexpr pattern(std::tuple<Elems...> elems, Guard guard) : elems_(std::move(elems)), guard_(std::move(guard)) {}

  /// Adds a guard: the case matches only when `g(elements...)` is true, called with every typed (non-wildcard)
  /// element. A pattern takes at most one guard (a second when() fails to compile).
  template <class G>
  auto when(G g) const {
    static_assert(std::is_same_v<Guard, detail::no_guard>, "a pattern takes one guard");
    return pattern<ArgMatch, G, Elems...>{elems_, std::move(g)};
  }

  /// Completes the case with its callback. With arg_match the remaining element types are taken from the callback's
  /// parameter types. The callback's parameters bind to the last typed elements of the pattern.
  /// @return a match_case to pass to a behavior.
  template <class F>
  auto operator>>(F fun) const {
    if constexpr (ArgMatch) {
      using tail = typename detail::arg_match_elems<F>::type;
      return make_case(std::tuple_cat(elems_, tail{}), std::move(fun));
    } else {
      return make_case(elems_, std::move(fun));
    }
  }

private:
  template <class... Es, class F>
  auto make_case(std::tuple<Es...> elems, F fun) const {
    return match_case<Guard, F, Es...>{std::move(elems), guard_, std::move(fun)};
  }

  std::tuple<Elems...> elems_;
  Guard guard_;
};

/// on<int, float>(), on<int, anything>()
template <class... Ts>
constexpr auto on() {
  return pattern<false, detail::no_guard, typename detail::val_elem_of<Ts>::type...>{{}, {}};
}

namespace detail {
template <class T>
struct is_arg_match : std::is_same<std::decay_t<T>, arg_match_t> {};
} // namespace detail

/// on(atom("get"), 42, "text", val<int>, anything, arg_match)
template <class T, class... Ts>
constexpr auto on(T&& x, Ts&&... xs) {
  constexpr std::size_t n = 1 + sizeof...(Ts);
  constexpr bool last_is_arg_match = [] {
    bool flags[] = {detail::is_arg_match<T>::value, detail::is_arg_match<Ts>::value...};
    for (std::size_t i = 0; i + 1 < n; ++i)
      if (flags[i])
        return false;
    return flags[n - 1];
  }();
  constexpr std::size_t arg_matches =
    (detail::is_arg_match<T>::value ? 1 : 0) + (std::size_t{0} + ... + (detail::is_arg_match<Ts>::value ? 1 : 0));
  static_assert(arg_matches == 0 || (arg_matches == 1 && last_is_arg_match),
                "arg_match may only appear as the last argument of on()");
  if constexpr (arg_matches == 1) {
    auto all = std::forward_as_tuple(std::forward<T>(x), std::forward<Ts>(xs)...);
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return pattern<true, detail::no_guard, decltype(detail::to_elem(std::get<I>(all)))...>{
        {detail::to_elem(std::get<I>(all))...}, {}};
    }
    (std::make_index_sequence<n - 1>{});
  } else {
    return pattern<false, detail::no_guard, decltype(detail::to_elem(std::forward<T>(x))),
                   decltype(detail::to_elem(std::forward<Ts>(xs)))...>{
      {detail::to_elem(std::forward<T>(x)), detail::to_elem(std::forward<Ts>(xs))...}, {}};
  }
}

/// on(arg_match) >> f: every element type is taken from f's parameters, the same as on_arg_match.
constexpr auto on(arg_match_t) {
  return pattern<true, detail::no_guard>{{}, {}};
}

/// on_arg_match >> [](int a, int b) { ... } is on(arg_match) >> ...
inline constexpr auto on_arg_match = pattern<true, detail::no_guard>{{}, {}};

/// Matches every message; `others >> f` and `others() >> f` both work.
struct others_t : pattern<false, detail::no_guard, detail::wildcard_elem> {
  constexpr others_t() : pattern({}, {}) {}
  /// Classic spelling: returns `others` itself, so `others() >> f` works as well as `others >> f`.
  TROUPE_DEPRECATED("write others, not others()") constexpr others_t operator()() const { return *this; }
};
/// The catch-all pattern: `others >> f` is a case for every message, empty ones included.
inline constexpr others_t others{};

/// A plain callable is a match case whose types come from its signature.
template <class F>
auto make_match_case(F fun) {
  if constexpr (requires { fun.invoke(std::declval<message&>(), std::declval<detail::invoke_result&>()); })
    return fun;
  else
    return on_arg_match >> std::move(fun);
}

} // namespace troupe
