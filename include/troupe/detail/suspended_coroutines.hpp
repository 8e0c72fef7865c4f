// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The coroutine handlers of one actor that are suspended: the actor owns their
// frames, so that when it ends, every one of them is destroyed with it (their
// locals' destructors run, their memory goes back) and none is left waiting for
// a response that nobody will deliver.
#include <coroutine>

namespace troupe::detail {

/// A suspended coroutine handler's link in its actor's list (part of its promise).
struct suspended_coroutine {
  suspended_coroutine* prev = nullptr;
  suspended_coroutine* next = nullptr;
  /// The coroutine's frame (std::coroutine_handle<>::address()).
  void* frame = nullptr;
};

/// The list itself: unlinks in O(1) when a coroutine finishes; destroys the frames still in it.
class suspended_coroutines {
public:
  suspended_coroutines() noexcept = default;
  suspended_coroutines(const suspended_coroutines&) = delete;
  suspended_coroutines& operator=(const suspended_coroutines&) = delete;

  ~suspended_coroutines() {
    while (head_ != nullptr) {
      auto* x = head_;
      remove(x);
      std::coroutine_handle<>::from_address(x->frame).destroy();
    }
  }

  /// Adds `x`, which is in no list.
  void add(suspended_coroutine* x) noexcept {
    x->prev = nullptr;
    x->next = head_;
    if (head_ != nullptr)
      head_->prev = x;
    head_ = x;
  }

  /// Takes `x` out of the list it is in.
  void remove(suspended_coroutine* x) noexcept {
    if (x->prev != nullptr)
      x->prev->next = x->next;
    else
      head_ = x->next;
    if (x->next != nullptr)
      x->next->prev = x->prev;
    x->prev = x->next = nullptr;
  }

  /// Whether no coroutine is suspended.
  bool empty() const noexcept { return head_ == nullptr; }

private:
  suspended_coroutine* head_ = nullptr;
};

} // namespace troupe::detail
