// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::detail::unique_callback: a move-only, type-erased `void()` callable (a
// small stand-in for C++23 std::move_only_function<void()>).
//
// Callables up to three pointers in size with a non-throwing move constructor are
// stored inline; larger ones on the heap. Calling an empty unique_callback is
// undefined (check with operator bool).
#include <cstddef>
#include <functional>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace troupe::detail {

class unique_callback {
public:
  static constexpr std::size_t inline_size = 3 * sizeof(void*);

  unique_callback() noexcept = default;

  unique_callback(std::nullptr_t) noexcept {}

  template <class F>
    requires(!std::is_same_v<
               std::remove_cvref_t<F>,
               unique_callback> && std::is_constructible_v<std::decay_t<F>, F> && std::is_invocable_v<std::decay_t<F>&>)
  unique_callback(F&& f) { // NOLINT: implicit like std::function
    using fn = std::decay_t<F>;
    if constexpr (std::is_pointer_v<fn>) {
      if (f == nullptr)
        return;
    }
    if constexpr (stored_inline<fn>) {
      ::new (static_cast<void*>(storage_)) fn(std::forward<F>(f));
      vtbl_ = &inline_vtable<fn>;
    } else {
      auto* ptr = new fn(std::forward<F>(f));
      ::new (static_cast<void*>(storage_)) fn*(ptr);
      vtbl_ = &heap_vtable<fn>;
    }
  }

  unique_callback(unique_callback&& other) noexcept { take(other); }

  unique_callback& operator=(unique_callback&& other) noexcept {
    if (this != &other) {
      reset();
      take(other);
    }
    return *this;
  }

  unique_callback& operator=(std::nullptr_t) noexcept {
    reset();
    return *this;
  }

  unique_callback(const unique_callback&) = delete;
  unique_callback& operator=(const unique_callback&) = delete;

  ~unique_callback() { reset(); }

  explicit operator bool() const noexcept { return vtbl_ != nullptr; }

  void operator()() { vtbl_->call(storage_); }

  /// Destroys the stored callable (if any) without calling it.
  void reset() noexcept {
    if (vtbl_ != nullptr) {
      auto* vt = std::exchange(vtbl_, nullptr);
      vt->destroy(storage_);
    }
  }

private:
  struct vtable {
    void (*call)(void* self);
    void (*relocate)(void* dst, void* src) noexcept; // move-construct dst, destroy src
    void (*destroy)(void* self) noexcept;
  };

  template <class F>
  static constexpr bool stored_inline = sizeof(F) <= inline_size && alignof(F) <= alignof(std::max_align_t)
                                        && std::is_nothrow_move_constructible_v<F>;

  template <class F>
  static constexpr vtable inline_vtable{
    [](void* self) { std::invoke(*std::launder(static_cast<F*>(self))); },
    [](void* dst, void* src) noexcept {
      auto* from = std::launder(static_cast<F*>(src));
      ::new (dst) F(std::move(*from));
      from->~F();
    },
    [](void* self) noexcept { std::launder(static_cast<F*>(self))->~F(); },
  };

  template <class F>
  static constexpr vtable heap_vtable{
    [](void* self) { std::invoke(**std::launder(static_cast<F**>(self))); },
    [](void* dst, void* src) noexcept { ::new (dst) F*(*std::launder(static_cast<F**>(src))); },
    [](void* self) noexcept { delete *std::launder(static_cast<F**>(self)); },
  };

  void take(unique_callback& other) noexcept {
    if (other.vtbl_ != nullptr) {
      other.vtbl_->relocate(storage_, other.storage_);
      vtbl_ = std::exchange(other.vtbl_, nullptr);
    }
  }

  alignas(std::max_align_t) unsigned char storage_[inline_size];
  const vtable* vtbl_ = nullptr;
};

} // namespace troupe::detail
