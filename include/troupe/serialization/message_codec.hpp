// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Binary and text encodings of whole messages.
//
// Binary message format (version 1), little-endian:
//   uint8   format version (= message_format_version)
//   varint  element count n (at most max_message_elements)
//   n type tags: varint; 1..255 = built-in wire code (see type_registry.cpp),
//                0 = announced type, followed by varint length + portable name
//   n values in the binary encoding of binary_serializer.hpp
// Every element type must be announced (built-ins are pre-announced).
//
// Text format: what to_string(message) prints, e.g.
//   ('ping', 42, "hi", [1, 2], add_request{a = 1, b = 2})
// message_from_string types the literals as follows:
//   'x'            atom_value
//   "..."          std::string (escapes \" \\ \n \t \r \0)
//   true/false     bool
//   integer        int32 if it fits, else int64 (uint64 above INT64_MAX)
//   float literal  double (contains '.', an exponent, inf or nan)
//   [..]           std::vector<T>: T = atom/string/bool/double by the literals;
//                  all-integer lists are std::vector<int32> when every element
//                  fits, else std::vector<int64>; a list with a float is
//                  std::vector<double>; [] is std::vector<int32>. Nested lists
//                  are not supported at top level.
//   name{...}      the announced record `name`; its fields are parsed with the
//                  field types (so a list field takes the field's element type)
//   none, error(category, code[, "context"]), exit_msg(source, reason),
//   down_msg(source, reason), timeout_msg(id)   those values
//   type(value)    an element of the announced type `type`, the value parsed
//                  with that type: int16(3), float(1.5), double(2),
//                  std::variant<int32,string>(string("x")), ...
// to_string(message) prints an announced element in the cast form whenever
// the literal rules would read it back as another type, so every message of
// announced types round-trips exactly (valid actor handles excepted: they
// print as actor#<id> and cannot be parsed yet).
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/message.hpp"
#include "troupe/serialization/actor_handle_codec.hpp"
#include "troupe/serialization/decode_result.hpp" // the classic name of expected<T>
#include "troupe/serialization/type_registry.hpp"

namespace troupe {

class actor_system;

/// The version byte that starts every binary message.
inline constexpr std::uint8_t message_format_version = 1;
/// The most elements a message may have to be serialized, deserialized or parsed from text.
inline constexpr std::size_t max_message_elements = 1024;

/// Appends the encoding of `msg` to `out`; on error (an element type is not
/// announced) `out` is restored to its previous size. With a codec, actor
/// handles carry their node (see actor_handle_codec.hpp).
TROUPE_CORE_API error serialize(const message& msg, std::vector<std::byte>& out, actor_handle_codec* codec = nullptr);

/// Throws std::invalid_argument when an element type is not announced.
TROUPE_CORE_API std::vector<std::byte> serialize(const message& msg);

/// Decodes one message that spans the whole input. Never throws; returns an
/// error on truncated, oversized, trailing or malformed input and on unknown
/// type names. Actor handles decode through the codec, or as invalid handles
/// without one.
TROUPE_CORE_API expected<message> deserialize(std::span<const std::byte> input,
                                              actor_handle_codec* codec = nullptr) noexcept;

/// Parses the text form back into a message (see the typing rules above).
/// @{
TROUPE_CORE_API expected<message> message_from_string(const type_registry& types, std::string_view text) noexcept;
TROUPE_CORE_API expected<message> message_from_string(actor_system& sys, std::string_view text) noexcept;
/// @}

/// Element-wise equality via the registry (false if a type is not announced;
/// announced types without operator== compare by their binary encodings). Messages sharing one payload are equal.
TROUPE_CORE_API bool messages_equal(const message& a, const message& b);

namespace detail {
/// The type message_from_string gives the single element written as `text`,
/// or nullptr when it does not parse as one element.
TROUPE_CORE_API const type_entry* untyped_literal_type(std::string_view text) noexcept;
/// True when `text` parses as a value of e's type.
TROUPE_CORE_API bool text_parses_as(const type_entry* e, std::string_view text) noexcept;
} // namespace detail

/// Builds a message from announced element types, each default-constructed.
/// Used by the decoders; throws std::bad_alloc only.
TROUPE_CORE_API message make_dynamic_message(std::span<const type_entry* const> types);

} // namespace troupe
