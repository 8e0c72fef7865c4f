// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A behavior is an ordered list of match cases (first match wins) plus an
// optional `after(d) >> f` timeout. It is built once, stored in one allocation,
// and shared by reference when copied.
#include <atomic>
#include <chrono>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/detail/intrusive_ptr.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/match.hpp"

namespace troupe {

namespace detail {

class behavior_impl {
public:
  explicit behavior_impl(bool has_timeout = false) noexcept : has_timeout_(has_timeout) {}
  behavior_impl(const behavior_impl&) = delete;
  behavior_impl& operator=(const behavior_impl&) = delete;
  virtual ~behavior_impl() = default;

  /// Spawning creates one behavior per actor: take it from the thread cache.
  /// (The virtual destructor passes the most-derived size to operator delete.)
  static void* operator new(std::size_t n) { return cached_allocate(n); }
  static void operator delete(void* p, std::size_t n) noexcept { cached_deallocate(p, n); }

  /// Tries the cases in order; true if one matched (res says what it produced).
  virtual bool invoke(message& msg, invoke_result& res) = 0;
  virtual void handle_timeout() {}

  /// The after(...) duration; only behaviors that have one store it (one idle
  /// actor = one behavior, so every byte here counts).
  virtual std::chrono::nanoseconds timeout() const noexcept { return infinite_timeout; }
  bool has_timeout() const noexcept { return has_timeout_; }

  friend void intrusive_ptr_add_ref(const behavior_impl* p) noexcept { p->rc_.fetch_add(1, std::memory_order_relaxed); }
  friend void intrusive_ptr_release(const behavior_impl* p) noexcept {
    if (p->rc_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete p;
  }

private:
  mutable std::atomic<std::uint32_t> rc_{1};
  bool has_timeout_;
};

using behavior_impl_ptr = intrusive_ptr<behavior_impl>;

/// A behavior nested inside another list of cases (e.g. a message_handler).
struct nested_case {
  behavior_impl_ptr impl;
  bool invoke(message& msg, invoke_result& res) { return impl->invoke(msg, res); }
};

struct no_timeout {};

template <class Timeout, class... Cases>
class default_behavior_impl final : public behavior_impl {
public:
  /// after(infinite) counts as no timeout: nothing ever schedules a timer for it.
  default_behavior_impl(std::tuple<Cases...> cases, Timeout tdef)
    : behavior_impl(finite(tdef)), cases_(std::move(cases)), tdef_(std::move(tdef)) {}

  bool invoke(message& msg, invoke_result& res) override {
    return std::apply([&](auto&... cs) { return (cs.invoke(msg, res) || ...); }, cases_);
  }

  void handle_timeout() override {
    if constexpr (!std::is_same_v<Timeout, no_timeout>)
      tdef_.handler();
  }

private:
  static bool finite(const Timeout& tdef) noexcept {
    if constexpr (std::is_same_v<Timeout, no_timeout>)
      return false;
    else
      return tdef.timeout != infinite_timeout;
  }

  std::chrono::nanoseconds timeout() const noexcept override {
    if constexpr (std::is_same_v<Timeout, no_timeout>)
      return infinite_timeout;
    else
      return tdef_.timeout;
  }

  std::tuple<Cases...> cases_;
  Timeout tdef_;
};

/// a.or_else(b): a first, then b; a's timeout wins, else b's.
class combined_behavior_impl final : public behavior_impl {
public:
  combined_behavior_impl(behavior_impl_ptr first, behavior_impl_ptr second)
    : behavior_impl(first->has_timeout() || second->has_timeout()), first_(std::move(first)),
      second_(std::move(second)) {}

  std::chrono::nanoseconds timeout() const noexcept override {
    return first_->has_timeout() ? first_->timeout() : second_->timeout();
  }

  bool invoke(message& msg, invoke_result& res) override {
    return first_->invoke(msg, res) || second_->invoke(msg, res);
  }
  void handle_timeout() override {
    if (first_->has_timeout())
      first_->handle_timeout();
    else
      second_->handle_timeout();
  }

private:
  behavior_impl_ptr first_;
  behavior_impl_ptr second_;
};

} // namespace detail

class behavior;

/// A comma-separated list of cases: `(case1, case2, [](int) {...})`.
template <class... Items>
struct case_list {
  /// The cases (and an after(...) timeout definition), in order.
  std::tuple<Items...> items;
};

namespace detail {

template <class T>
struct is_case_list : std::false_type {};
template <class... Ts>
struct is_case_list<case_list<Ts...>> : std::true_type {};

template <class T>
concept case_like = requires(T& x, message& m, invoke_result& r) {
  { x.invoke(m, r) } -> std::same_as<bool>;
};

template <class T>
concept behavior_item = case_like<std::decay_t<T>> || is_timeout_definition<std::decay_t<T>>::value || is_case_list<
  std::decay_t<T>>::value || std::is_base_of_v<behavior, std::decay_t<T>> || has_call_signature<std::decay_t<T>>::value;

/// Flattens one argument into a tuple of items (cases and timeout definitions).
template <class T>
auto to_items(T&& x) {
  using D = std::decay_t<T>;
  if constexpr (is_case_list<D>::value)
    return std::forward<T>(x).items;
  else if constexpr (is_timeout_definition<D>::value)
    return std::tuple<D>{std::forward<T>(x)};
  else if constexpr (std::is_base_of_v<behavior, D>)
    return std::tuple<nested_case>{nested_case{x.as_impl()}};
  else
    return std::tuple{make_match_case(D{std::forward<T>(x)})};
}

template <class Tuple>
struct split_timeout;

template <class... Items>
struct split_timeout<std::tuple<Items...>> {
  static constexpr std::size_t n = sizeof...(Items);
  static constexpr std::size_t timeouts = (std::size_t{0} + ... + (is_timeout_definition<Items>::value ? 1 : 0));
  static_assert(timeouts <= 1, "a behavior takes at most one after(...) >> handler");
  static constexpr bool last_is_timeout =
    n > 0 && is_timeout_definition<std::tuple_element_t<n - 1, std::tuple<Items...>>>::value;
  static_assert(timeouts == 0 || last_is_timeout, "after(...) >> handler must come last");

  template <class Tuple>
  static behavior_impl* make(Tuple&& items) {
    if constexpr (timeouts == 0) {
      return new default_behavior_impl<no_timeout, Items...>(std::forward<Tuple>(items), no_timeout{});
    } else {
      return [&]<std::size_t... I>(std::index_sequence<I...>)->behavior_impl* {
        using tdef = std::tuple_element_t<n - 1, std::tuple<Items...>>;
        return new default_behavior_impl<tdef, std::tuple_element_t<I, std::tuple<Items...>>...>(
          std::tuple<std::tuple_element_t<I, std::tuple<Items...>>...>{std::get<I>(std::forward<Tuple>(items))...},
          std::get<n - 1>(std::forward<Tuple>(items)));
      }
      (std::make_index_sequence<n - 1>{});
    }
  }
};

/// Marks *p, and all it points to, as escaped. g++ 12's ipa-modref wrongly
/// summarises a function that passes *x by value to a callee and returns the
/// callee's result as "returns nothing x points to"; to_items does that with
/// each handler (make_match_case). The caller then believes the addresses a
/// `[&]` handler captured never leave it and assumes the captured variables
/// keep their values across receive(), which runs the handler out of line. Seen at -O1,
/// and at -O2 where those calls are not inlined; clang is not affected.
/// Reduced without troupe code: tests/compiler/gcc_ipa_modref_repro.cpp.
template <class T>
inline void escape(T* p) noexcept {
  asm volatile("" : : "g"(p) : "memory");
}

template <class... Ts>
behavior_impl* make_behavior_impl(Ts&&... xs) {
  (escape(std::addressof(xs)), ...);
  auto items = std::tuple_cat(to_items(std::forward<Ts>(xs))...);
  return split_timeout<decltype(items)>::make(std::move(items));
}

} // namespace detail

/// An ordered list of match cases (the first match wins) plus an optional `after(d) >> f` timeout: f runs
/// when the actor has handled no message for d (for a response handler: when no response came within d).
/// Built once into one reference-counted allocation that copies share. A default-constructed behavior is
/// empty: it matches nothing and is false.
class behavior {
public:
  /// An empty behavior by default; copies and moves share (or take over) the cases, never duplicate them.
  /// @{
  behavior() noexcept = default;
  behavior(const behavior&) noexcept = default;
  behavior(behavior&&) noexcept = default;
  behavior& operator=(const behavior&) noexcept = default;
  behavior& operator=(behavior&&) noexcept = default;
  /// @}

  /// Builds a behavior from handlers (lambdas or function objects with one call signature), match cases,
  /// comma-separated case lists and other behaviors (their cases are tried in place), optionally ending
  /// with one `after(d) >> f`; more than one, or one that is not last, fails to compile. after(infinite)
  /// counts as no timeout.
  template <class T, class... Ts>
    requires(!std::is_base_of_v<behavior, std::decay_t<T>> || sizeof...(Ts) > 0)
  && detail::behavior_item<T> && (detail::behavior_item<Ts> && ...)
  behavior(T&& x, Ts&&... xs)
    : impl_(detail::make_behavior_impl(std::forward<T>(x), std::forward<Ts>(xs)...), false) {}

  /// Wraps an existing implementation (null: an empty behavior); or_else builds its result this way.
  explicit behavior(detail::behavior_impl_ptr impl) noexcept : impl_(std::move(impl)) {}

  /// Replaces the cases (and timeout) of this behavior object; copies of it,
  /// such as the one an actor got through become(), keep running the old ones.
  /// Without arguments it leaves this behavior empty.
  template <class... Ts>
  void assign(Ts&&... xs) {
    *this = behavior{std::forward<Ts>(xs)...};
  }

  /// Tries this behavior's cases on msg.
  bool invoke(message& msg, detail::invoke_result& res) { return impl_ && impl_->invoke(msg, res); }

  /// The after(...) duration; detail::infinite_timeout when there is none or the behavior is empty.
  std::chrono::nanoseconds timeout() const noexcept { return impl_ ? impl_->timeout() : detail::infinite_timeout; }
  /// Whether the behavior has a finite after(...) timeout.
  bool has_timeout() const noexcept { return impl_ && impl_->has_timeout(); }
  /// Runs the after(...) handler; nothing without one.
  void handle_timeout() {
    if (impl_)
      impl_->handle_timeout();
  }

  /// This behavior's cases first, then other's.
  behavior or_else(const behavior& other) const {
    if (!impl_)
      return other;
    if (!other.impl_)
      return *this;
    return behavior{detail::behavior_impl_ptr{new detail::combined_behavior_impl(impl_, other.impl_), false}};
  }

  /// Whether the behavior is not empty.
  explicit operator bool() const noexcept { return impl_ != nullptr; }
  /// The shared implementation (null for an empty behavior), to nest or wrap this behavior in another.
  const detail::behavior_impl_ptr& as_impl() const noexcept { return impl_; }

private:
  detail::behavior_impl_ptr impl_;
};

/// A partial function: composable with or_else.
class message_handler : public behavior {
public:
  /// Every constructor of behavior.
  using behavior::behavior;
  message_handler() noexcept = default;
  /// Shares the cases (and timeout) of `b`.
  message_handler(const behavior& b) noexcept : behavior(b) {}
  /// This handler's cases first, then other's; the first one's timeout wins, else other's.
  message_handler or_else(const message_handler& other) const { return message_handler{behavior::or_else(other)}; }
};

// ---- comma-separated case lists ---------------------------------------------

namespace detail {
template <class T>
concept list_item = case_like<std::decay_t<T>> || is_timeout_definition<std::decay_t<T>>::value ||(
  has_call_signature<std::decay_t<T>>::value && !is_case_list<std::decay_t<T>>::value);

template <class T>
auto to_list_item(T&& x) {
  if constexpr (is_timeout_definition<std::decay_t<T>>::value)
    return std::forward<T>(x);
  else
    return make_match_case(std::decay_t<T>{std::forward<T>(x)});
}
} // namespace detail

/// Appends `rhs` to a list of cases that starts with a match case. `rhs` is a match case, a plain callable or an
/// after(...) timeout: `(on<int>() >> f, [](double) {...})` is a case_list, which a behavior takes as one argument
/// and tries in order.
/// @{
template <class G, class F, class... Es, class Rhs>
  requires detail::list_item<Rhs>
auto operator,(match_case<G, F, Es...> lhs, Rhs&& rhs) {
  auto r = detail::to_list_item(std::forward<Rhs>(rhs));
  return case_list<match_case<G, F, Es...>, decltype(r)>{{std::move(lhs), std::move(r)}};
}

template <class... Items, class Rhs>
  requires detail::list_item<Rhs>
auto operator,(case_list<Items...> lhs, Rhs&& rhs) {
  auto r = detail::to_list_item(std::forward<Rhs>(rhs));
  return case_list<Items..., decltype(r)>{std::tuple_cat(std::move(lhs.items), std::tuple{std::move(r)})};
}
/// @}

} // namespace troupe
