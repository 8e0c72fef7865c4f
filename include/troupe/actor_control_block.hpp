// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Every actor lives in one allocation: this control block, then the actor
// object. Handles count references on the block, never on the actor, so a
// handle works the same whether the actor is local or (later) a proxy for a
// remote one. Strong references keep the actor alive; weak references keep
// only the block (to answer "is it still there?").
#include <atomic>
#include <cstdint>

#include "troupe/detail/export.hpp"
#include "troupe/detail/intrusive_ptr.hpp"
#include "troupe/node_id.hpp"

namespace troupe {

class abstract_actor;
class actor_system;

using actor_id = std::uint64_t;

class TROUPE_CORE_API actor_control_block {
public:
  actor_control_block(actor_id id, actor_system* sys, std::uint32_t alloc_size) noexcept
    : id_(id), system_(sys), alloc_size_(alloc_size) {}

  actor_control_block(const actor_control_block&) = delete;
  actor_control_block& operator=(const actor_control_block&) = delete;

  static constexpr std::size_t actor_offset = 32;

  abstract_actor* get() noexcept {
    return reinterpret_cast<abstract_actor*>(reinterpret_cast<std::byte*>(this) + actor_offset);
  }
  static actor_control_block* from(const abstract_actor* ptr) noexcept {
    return reinterpret_cast<actor_control_block*>(const_cast<std::byte*>(reinterpret_cast<const std::byte*>(ptr))
                                                  - actor_offset);
  }

  actor_id id() const noexcept { return id_; }
  actor_system* home_system() const noexcept { return system_; }
  /// The node of the actor's system (none without one); for a proxy, the node
  /// of the remote actor it stands for.
  node_id node() const noexcept;
  /// Whether this block belongs to a proxy for an actor on another node.
  bool is_remote() const noexcept { return node_index_ != 0; }
  /// Marks a proxy's block (before any handle to it exists): `node` is
  /// interned once per process, so the block keeps 4 bytes for it.
  void set_remote_node(const node_id& node);

  std::uint32_t strong_refs() const noexcept { return strong_.load(std::memory_order_relaxed); }

  /// Turns a weak reference into a strong one unless the actor is already gone.
  bool try_upgrade() noexcept {
    auto n = strong_.load(std::memory_order_relaxed);
    while (n != 0) {
      if (strong_.compare_exchange_weak(n, n + 1, std::memory_order_relaxed))
        return true;
    }
    return false;
  }

  friend void intrusive_ptr_add_ref(actor_control_block* p) noexcept {
    p->strong_.fetch_add(1, std::memory_order_relaxed);
  }
  friend TROUPE_CORE_API void intrusive_ptr_release(actor_control_block* p) noexcept;

  void weak_add_ref() noexcept { weak_.fetch_add(1, std::memory_order_relaxed); }
  void weak_release() noexcept;

private:
  std::atomic<std::uint32_t> strong_{1};
  std::atomic<std::uint32_t> weak_{1}; // all strong references together hold one weak reference
  actor_id id_;
  actor_system* system_;
  std::uint32_t alloc_size_;
  std::uint32_t node_index_ = 0; // 0: local; else an index into the interned remote nodes
};

static_assert(sizeof(actor_control_block) <= actor_control_block::actor_offset);

using strong_actor_ptr = detail::intrusive_ptr<actor_control_block>;

/// A weak reference to a control block.
class weak_actor_ptr {
public:
  weak_actor_ptr() noexcept = default;
  explicit weak_actor_ptr(actor_control_block* p) noexcept : ptr_(p) {
    if (ptr_)
      ptr_->weak_add_ref();
  }
  weak_actor_ptr(const weak_actor_ptr& other) noexcept : weak_actor_ptr(other.ptr_) {}
  weak_actor_ptr(weak_actor_ptr&& other) noexcept : ptr_(other.ptr_) { other.ptr_ = nullptr; }
  weak_actor_ptr& operator=(weak_actor_ptr other) noexcept {
    std::swap(ptr_, other.ptr_);
    return *this;
  }
  ~weak_actor_ptr() {
    if (ptr_)
      ptr_->weak_release();
  }
  actor_control_block* get() const noexcept { return ptr_; }
  strong_actor_ptr lock() const noexcept {
    if (ptr_ && ptr_->try_upgrade())
      return strong_actor_ptr{ptr_, false};
    return nullptr;
  }
  explicit operator bool() const noexcept { return ptr_ != nullptr; }

private:
  actor_control_block* ptr_ = nullptr;
};

} // namespace troupe
