// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Error codes and the type-erased `error` value that carries them.
//
// An `error` is (category, code, context):
//   category  an atom naming the code's enum: atom("system") for `sec`,
//             atom("exit") for `exit_reason`, or whatever a user enum's
//             error_category<E> specialization says;
//   code      the enum value (8 bits);
//   context   an optional free-form message (not part of equality).
//
// Layout: one pointer. A default-constructed error holds nullptr and means
// "no error"; every real error owns one heap block with all three parts.
// Copies are deep; moves are noexcept and leave the source empty.
//
// "No error" rules:
//   * error{} is no error (empty()).
//   * sec::none is the code for "no error": error(sec::none) == error{}, and
//     error(0, atom("system")) is canonicalised to error{} as well. Hence
//     error{}.code() == 0 and error{}.category() == atom("system").
//   * exit_reason::normal is an error object (category "exit", code 0): an
//     actor that finished normally has reason `normal`, which is distinct
//     from "no reason yet" (error{} != exit_reason::normal, and !empty()).
//   * In a boolean context an error asks "did it fail?": false for error{}
//     and for exit_reason::normal, true for everything else. So the usual
//     supervisor test `if (msg.reason)` ignores normal exits. Code 0 of a
//     user enum is a real error (true).
//
// Equality compares category and code only, never the context.
#include "troupe/atom.hpp"
#include "troupe/detail/export.hpp"

#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace troupe {

/// System error codes (category atom("system")).
enum class sec : std::uint8_t {
  none = 0,              // no error
  unexpected_message,    // a message matched no handler of the receiver
  unexpected_response,   // a response matched no handler of the requester
  request_receiver_down, // the receiver of a request terminated before responding
  request_timeout,       // a request got no response in time
  bad_function_call,     // a call on an empty/invalid handle or function object
  invalid_argument,      // an argument was outside the accepted domain
  runtime_error,         // a generic run-time failure (see the context)
  system_shutdown,       // the actor system is shutting down
  broken_promise,        // a response promise was dropped without being fulfilled
  type_clash,            // a value had another type than the one required
  unsupported_operation, // the receiver does not support the requested operation
  invalid_state,         // the operation is not valid in the object's current state
  cancelled,             // the operation was cancelled before it completed
  out_of_range,          // an index or position outside the valid range
  /// The network layer:
  cannot_connect_to_node,               // no connection (refused, unreachable host, connect timeout)
  incompatible_versions,                // the peer speaks another protocol version
  incompatible_application_ids,         // the peer runs another application
  incompatible_types,                   // the peer announced a type with another layout
  unexpected_actor_messaging_interface, // the published actor does not have the expected interface
  no_actor_published_at_port,           // remote_actor reached a port that publishes no actor
  connection_timeout,                   // the peer sent nothing for middleman.connection-timeout
  malformed_message,                    // bytes from the network that do not decode
  authentication_failed,                // the peer did not prove it knows the shared secret
};

/// Reasons for an actor's termination (category atom("exit")).
enum class exit_reason : std::uint8_t {
  normal = 0,              // the actor finished its behavior or quit normally
  unhandled_exception,     // a handler threw an exception the actor did not handle
  unknown,                 // the reason is not known (e.g. lost in transit)
  out_of_workers,          // the scheduler could not run the actor
  user_shutdown,           // the user asked the actor (or the system) to shut down
  kill,                    // the actor was killed (not catchable by the actor)
  unreachable,             // the actor became unreachable (e.g. its host went away)
  remote_link_unreachable, // the connection to the actor's node was lost or timed out
};

/// The name of a code, e.g. "request_timeout"; an unnamed value yields its
/// number ("42"). operator<< writes the same text.
/// @{
TROUPE_CORE_API std::string to_string(sec x);
TROUPE_CORE_API std::string to_string(exit_reason x);
TROUPE_CORE_API std::ostream& operator<<(std::ostream& os, sec x);
TROUPE_CORE_API std::ostream& operator<<(std::ostream& os, exit_reason x);
/// @}

/// Specialize for a user error enum E (underlying type std::uint8_t):
///   template <> struct troupe::error_category<my_errc> {
///     static constexpr troupe::atom_value value = troupe::atom("my");
///   };
/// The specialization must be visible wherever E converts to `error`.
template <class E>
struct error_category {};

/// The category of sec codes.
template <>
struct error_category<sec> {
  /// atom("system").
  static constexpr atom_value value = atom("system");
};

/// The category of exit_reason codes.
template <>
struct error_category<exit_reason> {
  /// atom("exit").
  static constexpr atom_value value = atom("exit");
};

/// The other way to name a category, from the enum's own namespace (what
/// TROUPE_ERROR_CODE_ENUM writes): a constexpr function found by ADL,
///   constexpr atom_value troupe_error_category(my_errc) { return atom("my"); }
template <class E>
  requires std::is_enum_v<E> && requires(E x) {
    { troupe_error_category(x) } -> std::convertible_to<atom_value>;
  }
struct error_category<E> {
  /// What troupe_error_category(E{}) returns.
  static constexpr atom_value value = troupe_error_category(E{});
};

/// An enum type with an error_category specialization.
template <class E>
concept error_code_enum = std::is_enum_v<E> && requires {
  { error_category<E>::value } -> std::convertible_to<atom_value>;
};

/// An error code with its category and an optional context text, or no error at all. One pointer in size:
/// no error (default-constructed, or sec::none) holds nullptr, every real error owns one heap block. In a
/// boolean context it asks "did it fail?": false for no error and for exit_reason::normal. Equality compares
/// category and code, never the context.
class TROUPE_CORE_API error {
public:
  error() noexcept = default;

  /// Real error unless (code, category) is (0, "system"), which is no error; `context` is a free-form text
  /// (dropped for no error).
  /// @{
  error(std::uint8_t code, atom_value category);
  error(std::uint8_t code, atom_value category, std::string context);
  /// @}

  /// From an error code enum: the code with its error_category; sec::none gives no error. Implicit, so that a
  /// code can be returned or passed where an error is expected.
  template <error_code_enum E>
  error(E code) : error(to_code(code), error_category<E>::value) {} // NOLINT: implicit on purpose

  /// The same with a context text (dropped for sec::none).
  template <error_code_enum E>
  error(E code, std::string context) : error(to_code(code), error_category<E>::value, std::move(context)) {}

  /// Copies are deep (a real error gets a heap block of its own); moves are noexcept and leave the source
  /// empty.
  /// @{
  error(const error& other);
  error& operator=(const error& other);
  error(error&&) noexcept = default;
  error& operator=(error&&) noexcept = default;
  /// @}
  ~error() = default;

  /// True for a failure: anything but no error and a normal exit.
  explicit operator bool() const noexcept { return data_ != nullptr && !is_normal_exit(*data_); }

  /// True only for no error (default-constructed, cleared, or sec::none).
  bool empty() const noexcept { return data_ == nullptr; }

  /// 0 for no error.
  std::uint8_t code() const noexcept { return data_ ? data_->code : 0; }

  /// atom("system") for no error (consistent with sec::none).
  atom_value category() const noexcept { return data_ ? data_->category : error_category<sec>::value; }

  /// Empty for no error or no context.
  const std::string& context() const noexcept;

  /// Makes this no error.
  void clear() noexcept { data_.reset(); }
  /// Exchanges the two errors (never allocates).
  /// @{
  void swap(error& other) noexcept { data_.swap(other.data_); }
  friend void swap(error& a, error& b) noexcept { a.swap(b); }
  /// @}

  /// True when this error has exactly this category and code (for sec::none:
  /// when this is no error). Never allocates.
  template <error_code_enum E>
  bool is(E code) const noexcept {
    return matches(to_code(code), error_category<E>::value);
  }

  /// Equal when both are no error, or both have the same category and code; the context is ignored.
  /// error{} and exit_reason::normal differ.
  friend bool operator==(const error& a, const error& b) noexcept {
    if (!a.data_ || !b.data_)
      return a.data_ == b.data_;
    return a.data_->category == b.data_->category && a.data_->code == b.data_->code;
  }

  /// Same as a.is(b).
  template <error_code_enum E>
  friend bool operator==(const error& a, E b) noexcept {
    return a.is(b);
  }

private:
  struct data {
    std::uint8_t code;
    atom_value category;
    std::string context;
  };

  template <class E>
  static constexpr std::uint8_t to_code(E code) noexcept {
    static_assert(std::is_same_v<std::underlying_type_t<E>, std::uint8_t>,
                  "error code enums must have std::uint8_t as underlying type");
    return static_cast<std::uint8_t>(code);
  }

  static bool is_normal_exit(const data& x) noexcept {
    return x.code == 0 && x.category == error_category<exit_reason>::value;
  }

  static bool is_none(std::uint8_t code, atom_value category) noexcept {
    return code == 0 && category == error_category<sec>::value;
  }

  bool matches(std::uint8_t code, atom_value category) const noexcept {
    if (!data_)
      return is_none(code, category);
    return data_->code == code && data_->category == category;
  }

  std::unique_ptr<data> data_;
};

static_assert(sizeof(error) == sizeof(void*));
static_assert(std::is_nothrow_move_constructible_v<error>);
static_assert(std::is_nothrow_move_assignable_v<error>);

/// The error for `code` in its error_category, with an optional free-form context text: error{code} or
/// error{code, context}. For sec::none the result is no error and the context is dropped.
/// @{
template <error_code_enum E>
error make_error(E code) {
  return error{code};
}

template <error_code_enum E>
error make_error(E code, std::string context) {
  return error{code, std::move(context)};
}
/// @}

/// "none" for no error, else "error(<category>, <code>)" or
/// "error(<category>, <code>, \"<context>\")"; codes of the system and exit
/// categories and of TROUPE_ERROR_CODE_ENUM enums print by name, other codes
/// as numbers; a category that is empty
/// or contains blanks prints quoted ('my cat'). Quotes and backslashes in
/// the context are escaped with a backslash.
TROUPE_CORE_API std::string to_string(const error& x);

/// The name of `code` in `category` ("invalid_argument" for the system category,
/// "normal" for the exit category, the enumerator of a TROUPE_ERROR_CODE_ENUM,
/// or what the enum's own to_string says for one adopted by its one-argument
/// form), or the code as a decimal number.
TROUPE_CORE_API std::string error_code_name(std::uint8_t code, atom_value category);
/// Writes to_string(x).
TROUPE_CORE_API std::ostream& operator<<(std::ostream& os, const error& x);

} // namespace troupe
