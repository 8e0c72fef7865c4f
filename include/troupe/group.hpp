// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Publish/subscribe: a group is a set of actors, and a message sent to it
// reaches every current member once. `group` is a shared handle to one;
// sys.groups() (group_manager.hpp) hands them out by module and name, and two
// handles are equal when they name the same group. A group does not keep its
// members alive, and a member that terminates leaves it.
#include <compare>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "troupe/actor_addr.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/message.hpp"
#include "troupe/message_id.hpp"

namespace troupe {

class execution_unit;

/// What a kind of group (a module: "local", "remote") implements.
class TROUPE_CORE_API abstract_group {
public:
  /// A group named `identifier` within the module `module`.
  abstract_group(std::string module, std::string identifier)
    : module_(std::move(module)), identifier_(std::move(identifier)) {}
  abstract_group(const abstract_group&) = delete;
  abstract_group& operator=(const abstract_group&) = delete;
  virtual ~abstract_group();

  /// "local", "remote", ...: the module that made it.
  const std::string& module_name() const noexcept { return module_; }
  /// The name within its module ("chat", "chat@host:port").
  const std::string& identifier() const noexcept { return identifier_; }

  /// Adds `who` to the members; false when it is one already.
  virtual bool subscribe(const actor_addr& who) = 0;
  /// Removes `who`; false when it was no member.
  virtual bool unsubscribe(const actor_addr& who) = 0;
  /// One copy of `content` (shared, not copied) to every member.
  virtual void enqueue(const strong_actor_ptr& sender, message_id mid, const message& content, execution_unit* ctx) = 0;

private:
  std::string module_;
  std::string identifier_;
};

/// A shared handle to a group (or none): a message sent to it reaches every current member once. The handles
/// come from `sys.groups()` (group_manager); two are equal when they name the same group. A group does not
/// keep its members alive, and a member that terminates leaves it.
class TROUPE_CORE_API group {
public:
  group() noexcept = default;
  /// A handle to this group; a null pointer gives an empty handle.
  explicit group(std::shared_ptr<abstract_group> ptr) noexcept : ptr_(std::move(ptr)) {}

  /// Whether the handle names a group.
  explicit operator bool() const noexcept { return static_cast<bool>(ptr_); }
  /// The group itself, for subscribe(), enqueue() and the names; null for an empty handle.
  /// @{
  abstract_group* operator->() const noexcept { return ptr_.get(); }
  abstract_group* get() const noexcept { return ptr_.get(); }
  /// @}
  /// The shared pointer the handle holds.
  const std::shared_ptr<abstract_group>& ptr() const noexcept { return ptr_; }

  /// By module and name; an empty handle sorts first.
  /// @{
  friend bool operator==(const group& a, const group& b) noexcept { return compare(a, b) == 0; }
  friend std::strong_ordering operator<=>(const group& a, const group& b) noexcept { return compare(a, b) <=> 0; }
  /// @}

private:
  static int compare(const group& a, const group& b) noexcept;
  std::shared_ptr<abstract_group> ptr_;
};

/// "local:chat", "remote:chat@host:4242"; "<invalid group>" for an empty handle.
TROUPE_CORE_API std::string to_string(const group& x);

} // namespace troupe

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::group> {
  std::size_t operator()(const troupe::group& x) const noexcept {
    return x ? std::hash<std::string>{}(x->module_name()) ^ (std::hash<std::string>{}(x->identifier()) << 1) : 0;
  }
};
/// \endcond
