// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Atoms: short, human-readable names (at most 10 characters) packed into a
// 64-bit integer at compile time. They are used as message tags, error
// categories and other cheap identifiers; comparing two atoms is an integer
// comparison.
//
// Encoding (reversible):
//   alphabet   ' ' 0-9 A-Z _ a-z  (64 symbols, codes 0..63 in that order,
//              which is also ASCII order)
//   bits 63-60 the length L (0..10)
//   bits 59-0  ten 6-bit slots; character i sits in bits [54-6i, 60-6i), i.e.
//              the first character is the most significant; slots past L are 0
//
// The length nibble makes trailing spaces and leading '0's unambiguous, so
// every string over the alphabet with at most 10 characters has exactly one
// encoding and decodes back to itself. atom("") is atom_value{} (the value 0).
// Atoms of equal length order like the strings they spell (ASCII order);
// shorter atoms order before longer ones.
#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "troupe/detail/stringify.hpp" // declares atom_value first, with its visibility

namespace troupe {

/// An atom: a name of at most 10 characters over [0-9A-Za-z_ ] packed into 64 bits, made with atom("name") and
/// read back with to_string. atom("") is atom_value{}. Comparing atoms compares integers: atoms of equal length
/// order like the strings they spell, shorter ones before longer ones.
enum class atom_value : std::uint64_t {};

namespace detail {

inline constexpr std::size_t atom_max_length = 10;
inline constexpr unsigned atom_char_bits = 6;
inline constexpr unsigned atom_length_shift = 60;
inline constexpr std::uint64_t atom_char_mask = 0x3F;

inline constexpr std::string_view atom_alphabet = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
static_assert(atom_alphabet.size() == 64);

/// The 6-bit code of `c`, or -1 when `c` is not in the alphabet.
constexpr int atom_char_code(char c) noexcept {
  if (c == ' ')
    return 0;
  if (c >= '0' && c <= '9')
    return 1 + (c - '0');
  if (c >= 'A' && c <= 'Z')
    return 11 + (c - 'A');
  if (c == '_')
    return 37;
  if (c >= 'a' && c <= 'z')
    return 38 + (c - 'a');
  return -1;
}

constexpr unsigned atom_slot_shift(std::size_t i) noexcept {
  return static_cast<unsigned>(atom_length_shift - atom_char_bits * (i + 1));
}

/// Encodes `str`. Throws std::invalid_argument (a compile-time error in a
/// constant expression) on an invalid character or when `str` is too long.
constexpr atom_value atom_encode(std::string_view str) {
  if (str.size() > atom_max_length)
    throw std::invalid_argument("troupe::atom: more than 10 characters");
  std::uint64_t v = static_cast<std::uint64_t>(str.size()) << atom_length_shift;
  for (std::size_t i = 0; i < str.size(); ++i) {
    int code = atom_char_code(str[i]);
    if (code < 0)
      throw std::invalid_argument("troupe::atom: character outside [0-9A-Za-z_ ]");
    v |= static_cast<std::uint64_t>(code) << atom_slot_shift(i);
  }
  return static_cast<atom_value>(v);
}

/// True when `v` is the encoding of some string (length <= 10, unused slots 0).
constexpr bool atom_is_canonical(atom_value v) noexcept {
  auto x = static_cast<std::uint64_t>(v);
  auto len = static_cast<std::size_t>(x >> atom_length_shift);
  if (len > atom_max_length)
    return false;
  auto used_bits = atom_char_bits * len;
  auto unused = (std::uint64_t{1} << (atom_length_shift - used_bits)) - 1;
  return (x & unused) == 0;
}

/// The decoded text of an atom in a fixed buffer (usable at compile time).
struct atom_text {
  std::array<char, atom_max_length + 1> chars{};
  std::size_t size = 0;
  constexpr std::string_view view() const noexcept { return {chars.data(), size}; }
};

/// Decodes a canonical atom; the result of a non-canonical value is unspecified
/// (but no undefined behaviour).
constexpr atom_text atom_decode(atom_value v) noexcept {
  auto x = static_cast<std::uint64_t>(v);
  atom_text result;
  auto len = static_cast<std::size_t>(x >> atom_length_shift);
  if (len > atom_max_length)
    len = atom_max_length;
  for (std::size_t i = 0; i < len; ++i)
    result.chars[i] = atom_alphabet[(x >> atom_slot_shift(i)) & atom_char_mask];
  result.size = len;
  return result;
}

} // namespace detail

/// Creates an atom from a string literal of at most 10 characters over
/// [0-9A-Za-z_ ]. Longer literals never compile; an invalid character is a
/// compile-time error in a constant expression (and throws
/// std::invalid_argument if evaluated at run time). The text ends at the first
/// '\0' in `str`.
template <std::size_t N>
constexpr atom_value atom(const char (&str)[N]) {
  static_assert(N >= 1, "troupe::atom expects a string literal");
  static_assert(N - 1 <= detail::atom_max_length, "troupe::atom: an atom has at most 10 characters");
  std::size_t len = 0;
  while (len < N - 1 && str[len] != '\0')
    ++len;
  return detail::atom_encode(std::string_view{str, len});
}

/// Returns the text of an atom. A value that no atom() call can produce yields
/// "<invalid atom 0x...>" (never throws anything but std::bad_alloc).
inline std::string to_string(atom_value v) {
  if (!detail::atom_is_canonical(v)) {
    constexpr char hex[] = "0123456789abcdef";
    std::string result = "<invalid atom 0x";
    auto x = static_cast<std::uint64_t>(v);
    for (int shift = 60; shift >= 0; shift -= 4)
      result += hex[(x >> shift) & 0xF];
    result += '>';
    return result;
  }
  auto text = detail::atom_decode(v);
  return std::string{text.view()};
}

/// Writes to_string(v).
inline std::ostream& operator<<(std::ostream& os, atom_value v) {
  return os << to_string(v);
}

/// An atom lifted into the type system, e.g. to dispatch on message tags at
/// compile time: using get_atom = atom_constant<atom("get")>. In a message it
/// travels as its atom_value; a handler parameter of type get_atom matches
/// exactly that atom, and typed interfaces (replies_to<get_atom, int>) tell
/// signatures apart by it. get_atom::value is a get_atom (converting to
/// atom_value wherever one is expected, also in constant expressions).
template <atom_value V>
struct atom_constant {
  /// The constant as a value (`get_atom::value`); it converts to V wherever an atom_value is expected.
  static const atom_constant value;
  /// The atom V.
  constexpr operator atom_value() const noexcept { return V; }
};

template <atom_value V>
constexpr atom_constant<V> atom_constant<V>::value{};

/// The text of the atom V, as to_string(V) gives it; operator<< writes the same.
/// @{
template <atom_value V>
std::string to_string(atom_constant<V>) {
  return to_string(V);
}

template <atom_value V>
std::ostream& operator<<(std::ostream& os, atom_constant<V>) {
  return os << V;
}
/// @}

} // namespace troupe
