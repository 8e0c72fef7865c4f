// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The runtime type registry: one entry per announced type, found by portable
// name, by type_id or (for built-ins) by a one-byte wire code.
//
// The registry is process-wide (type_registry::global(); actor_system::types()
// returns it): type_ids are process-wide too, and announcing a type in one
// system makes it known to all of them. Entries are never removed.
// Registration (announce) takes a mutex; lookup by type_id is lock-free
// (an insert-only open-addressing table), lookup by name takes a shared lock.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"
#include "troupe/type_id.hpp"

namespace troupe {

class binary_serializer;
class binary_deserializer;
class text_printer;
class text_parser;

/// Type-erased operations of one announced type.
class TROUPE_CORE_API type_entry {
public:
  /// An entry for type `id`, named `name` (the portable name), of sizeof `size` and alignof `align`, with the field
  /// names of an announcement with member pointers (else empty). announce<T> creates entries.
  type_entry(type_id id, std::string name, std::size_t size, std::size_t align, std::vector<std::string> field_names)
    : id_(id), name_(std::move(name)), size_(size), align_(align), field_names_(std::move(field_names)) {}
  type_entry(const type_entry&) = delete;
  type_entry& operator=(const type_entry&) = delete;
  virtual ~type_entry() = default;

  /// The type the entry describes.
  type_id id() const noexcept { return id_; }
  /// The portable name (see docs/serialization.md for the naming scheme).
  const std::string& name() const noexcept { return name_; }
  /// sizeof and alignof of the type.
  /// @{
  std::size_t size() const noexcept { return size_; }
  std::size_t align() const noexcept { return align_; }
  /// @}
  /// 1..255 for pre-registered built-ins (their wire code), 0 otherwise.
  std::uint8_t builtin_code() const noexcept { return code_; }
  /// Names of the fields when announced with member pointers (a0, a1, ... for
  /// unnamed ones); empty otherwise.
  const std::vector<std::string>& field_names() const noexcept { return field_names_; }

  /// Constructs a value in the storage at `p` (suitably sized and aligned); copy-constructs one at `dst` from `src`;
  /// destroys the one at `p`.
  /// @{
  virtual void default_construct(void* p) const = 0;
  virtual void copy_construct(void* dst, const void* src) const = 0;
  virtual void destroy(void* p) const noexcept = 0;
  /// @}
  /// Whether equal() can compare two values. The entries of announce<T> always can: with T's operator== if it
  /// has one, else by comparing the binary encodings.
  virtual bool comparable() const noexcept = 0;
  /// Whether the values at `a` and `b` are equal. Precondition: comparable().
  virtual bool equal(const void* a, const void* b) const = 0;
  /// Writes the value at `p` with `f`; false on failure (see f.err()).
  virtual bool save(binary_serializer& f, const void* p) const = 0;
  /// Reads a value with `f` into the value at `p`; false on failure (see f.err()).
  virtual bool load(binary_deserializer& f, void* p) const = 0;
  /// Appends the value at `p` to f's string in the text format.
  virtual void print(text_printer& f, const void* p) const = 0;
  /// Parses a value with `f` into the value at `p`; false on failure (see f.err()).
  virtual bool parse(text_parser& f, void* p) const = 0;

private:
  friend class type_registry;
  type_id id_;
  std::string name_;
  std::size_t size_;
  std::size_t align_;
  std::vector<std::string> field_names_;
  std::uint8_t code_ = 0;
};

/// The runtime type registry: one entry per announced type, found by type_id, by portable name or (for built-ins)
/// by a one-byte wire code. global() is the process-wide one; entries are never removed. Thread-safe: adding takes
/// a mutex, lookup by type_id is lock-free, lookup by name takes a shared lock.
class TROUPE_CORE_API type_registry {
public:
  /// An empty registry, without the built-ins (global() is the one the runtime uses).
  type_registry();
  type_registry(const type_registry&) = delete;
  type_registry& operator=(const type_registry&) = delete;

  /// The process-wide registry (built-ins pre-registered). Never destroyed.
  static type_registry& global();

  /// Lock-free; nullptr when the type is not announced.
  const type_entry* find(type_id id) const noexcept;
  /// nullptr when no type has this name.
  const type_entry* find(std::string_view name) const;
  /// nullptr for 0 or an unused code.
  const type_entry* find_code(std::uint8_t code) const noexcept { return codes_[code].load(std::memory_order_acquire); }

  /// All entries, sorted by name.
  std::vector<const type_entry*> list() const;
  /// The number of entries.
  std::size_t size() const;

  /// Adds `entry`. Announcing the same type again is a no-op (the first
  /// registration wins) and returns no error; a name already used by another
  /// type yields sec::invalid_argument. Thread-safe. `code` is for built-ins.
  error add(std::unique_ptr<type_entry> entry, std::uint8_t code = 0);

private:
  static constexpr std::size_t table_size = 4096; // power of two
  static std::size_t slot_of(type_id id) noexcept {
    return (reinterpret_cast<std::uintptr_t>(id) >> 4) & (table_size - 1);
  }
  const type_entry* find_locked(type_id id) const;

  mutable std::shared_mutex mtx_;
  std::vector<std::unique_ptr<type_entry>> entries_;
  std::map<std::string, const type_entry*, std::less<>> by_name_;
  std::map<type_id, const type_entry*> by_id_;
  std::atomic<const type_entry*> table_[table_size] = {};
  std::atomic<const type_entry*> codes_[256] = {};
};

} // namespace troupe
