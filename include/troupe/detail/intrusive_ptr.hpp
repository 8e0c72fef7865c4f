// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A smart pointer for objects that count their own references. The pointee's
// type provides the free functions intrusive_ptr_add_ref / intrusive_ptr_release.
#include <cstddef>
#include <functional>
#include <utility>

namespace troupe::detail {

template <class T>
class intrusive_ptr {
public:
  constexpr intrusive_ptr() noexcept = default;
  constexpr intrusive_ptr(std::nullptr_t) noexcept {}
  // add_ref = false adopts a reference the caller already owns.
  intrusive_ptr(T* p, bool add_ref = true) noexcept : ptr_(p) {
    if (ptr_ && add_ref)
      intrusive_ptr_add_ref(ptr_);
  }
  intrusive_ptr(const intrusive_ptr& other) noexcept : intrusive_ptr(other.ptr_) {}
  intrusive_ptr(intrusive_ptr&& other) noexcept : ptr_(other.release()) {}
  template <class U>
    requires std::is_convertible_v<U*, T*> intrusive_ptr(intrusive_ptr<U> other)
  noexcept : ptr_(other.release()) {}
  ~intrusive_ptr() {
    if (ptr_)
      intrusive_ptr_release(ptr_);
  }
  intrusive_ptr& operator=(intrusive_ptr other) noexcept {
    swap(other);
    return *this;
  }
  void swap(intrusive_ptr& other) noexcept { std::swap(ptr_, other.ptr_); }
  T* release() noexcept { return std::exchange(ptr_, nullptr); }
  void reset(T* p = nullptr, bool add_ref = true) noexcept { intrusive_ptr{p, add_ref}.swap(*this); }
  T* get() const noexcept { return ptr_; }
  T* operator->() const noexcept { return ptr_; }
  T& operator*() const noexcept { return *ptr_; }
  explicit operator bool() const noexcept { return ptr_ != nullptr; }
  friend bool operator==(const intrusive_ptr& a, const intrusive_ptr& b) noexcept { return a.ptr_ == b.ptr_; }
  friend bool operator==(const intrusive_ptr& a, std::nullptr_t) noexcept { return a.ptr_ == nullptr; }

private:
  T* ptr_ = nullptr;
};

} // namespace troupe::detail
