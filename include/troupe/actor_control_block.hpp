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

/// An actor's number, handed out by its actor system counting from 1; 0 stands for no actor. A remote actor keeps
/// the id its own node gave it, so only id and node together name an actor.
using actor_id = std::uint64_t;

/// The reference-counted head of an actor's allocation: the actor object follows it at actor_offset.
/// strong_actor_ptr counts strong references (they keep the actor alive), weak_actor_ptr weak ones (they keep
/// only this block). The counts are atomic, so handles to one block may be copied and dropped on any thread.
class TROUPE_CORE_API actor_control_block {
public:
  /// Starts with one strong reference, which the creator adopts (strong_actor_ptr{block, false}), and the
  /// one weak reference all strong ones hold together. `alloc_size` is the size of the whole allocation
  /// (block and actor, and the statistics block in front when `alloc_size` has statistics_flag set); the
  /// last weak_release hands it back to the allocator.
  actor_control_block(actor_id id, actor_system* sys, std::uint32_t alloc_size) noexcept
    : weak_(1), id_(id), system_(sys), alloc_size_(alloc_size) {}

  /// Set in `alloc_size` when the allocation starts with the actor's statistics (inspection), which
  /// end right where this block begins.
  static constexpr std::uint32_t statistics_flag = std::uint32_t{1} << 31;

  /// Whether a statistics block precedes this one (the actor was spawned while the system tracked actors).
  bool has_statistics() const noexcept { return (alloc_size_ & statistics_flag) != 0; }

  actor_control_block(const actor_control_block&) = delete;
  actor_control_block& operator=(const actor_control_block&) = delete;

  /// Byte offset of the actor object from the start of its control block.
  static constexpr std::size_t actor_offset = 32;

  /// The actor stored after this block; only alive while a strong reference exists.
  abstract_actor* get() noexcept {
    return reinterpret_cast<abstract_actor*>(reinterpret_cast<std::byte*>(this) + actor_offset);
  }
  /// The control block in front of the actor `ptr` (the inverse of get()).
  static actor_control_block* from(const abstract_actor* ptr) noexcept {
    return reinterpret_cast<actor_control_block*>(const_cast<std::byte*>(reinterpret_cast<const std::byte*>(ptr))
                                                  - actor_offset);
  }

  /// The actor's id (for a proxy, the id of the remote actor).
  actor_id id() const noexcept { return id_; }
  /// The actor system that created the actor.
  actor_system* home_system() const noexcept { return system_; }
  /// The node of the actor's system (none without one); for a proxy, the node
  /// of the remote actor it stands for.
  node_id node() const noexcept;
  /// Whether this block belongs to a proxy for an actor on another node.
  bool is_remote() const noexcept { return node_index_ != 0; }
  /// Marks a proxy's block (before any handle to it exists): `node` is
  /// interned once per process, so the block keeps 4 bytes for it.
  void set_remote_node(const node_id& node);

  /// The number of strong references right now: a relaxed snapshot, stale as soon as it returns.
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

  /// Adds a strong reference (used by strong_actor_ptr).
  friend void intrusive_ptr_add_ref(actor_control_block* p) noexcept {
    p->strong_.fetch_add(1, std::memory_order_relaxed);
  }
  /// Drops a strong reference (used by strong_actor_ptr). Dropping the last one calls the actor's
  /// on_unreachable(); once no strong reference is left after it (its cleanup may take new ones for a while),
  /// the actor is destroyed and the weak reference that the strong ones held together is dropped.
  friend TROUPE_CORE_API void intrusive_ptr_release(actor_control_block* p) noexcept;

  /// Adds a weak reference, which keeps the block (not the actor) allocated.
  void weak_add_ref() noexcept { weak_.fetch_add(1, std::memory_order_relaxed); }
  /// Drops a weak reference; the last one destroys the block and frees the whole allocation.
  void weak_release() noexcept;

private:
  std::atomic<std::uint32_t> strong_{1};
  // All strong references together hold one weak reference.
  std::atomic<std::uint32_t> weak_;
  actor_id id_;
  actor_system* system_;
  std::uint32_t alloc_size_;
  std::uint32_t node_index_ = 0; // 0: local; else an index into the interned remote nodes
};

static_assert(sizeof(actor_control_block) <= actor_control_block::actor_offset);

/// A strong reference to a control block: while one exists the actor stays alive. Null for no actor.
using strong_actor_ptr = detail::intrusive_ptr<actor_control_block>;

/// A weak reference to a control block.
class weak_actor_ptr {
public:
  weak_actor_ptr() noexcept = default;
  /// Takes a weak reference to `p` (which may be null).
  explicit weak_actor_ptr(actor_control_block* p) noexcept : ptr_(p) {
    if (ptr_)
      ptr_->weak_add_ref();
  }
  /// Copying takes another weak reference; moving transfers it and leaves `other` empty.
  /// @{
  weak_actor_ptr(const weak_actor_ptr& other) noexcept : weak_actor_ptr(other.ptr_) {}
  weak_actor_ptr(weak_actor_ptr&& other) noexcept : ptr_(other.ptr_) { other.ptr_ = nullptr; }
  weak_actor_ptr& operator=(weak_actor_ptr other) noexcept {
    std::swap(ptr_, other.ptr_);
    return *this;
  }
  /// @}
  ~weak_actor_ptr() {
    if (ptr_)
      ptr_->weak_release();
  }
  /// The block, whose actor may already be destroyed.
  actor_control_block* get() const noexcept { return ptr_; }
  /// A strong reference to the actor, or null if this is empty or the actor is gone.
  strong_actor_ptr lock() const noexcept {
    if (ptr_ && ptr_->try_upgrade())
      return strong_actor_ptr{ptr_, false};
    return nullptr;
  }
  /// Whether this refers to a block at all; says nothing about whether the actor is alive (use lock()).
  explicit operator bool() const noexcept { return ptr_ != nullptr; }

private:
  actor_control_block* ptr_ = nullptr;
};

} // namespace troupe
