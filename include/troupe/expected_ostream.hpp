// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Printing an expected<T>, so that the result of a call can go straight to a
// stream (`std::cout << f(add_atom_v, 1, 2)` with f a function_view):
//
//   a value    as `os << value` prints it when T has an operator<<, else in
//              troupe's text form (a message as to_string(message), a tuple
//              as (1, 2));
//   an error   as to_string(error) prints it: error(system, request_timeout).
//
// CAF put a '!' in front of the error; troupe's error text already starts
// with "error(", so nothing marks it twice. to_string(expected) gives the same
// text with every value in the text form (strings quoted), and an
// expected<void> that holds no error prints as "unit", CAF's word for it.
#include <ostream>
#include <string>

#include "troupe/detail/stringify.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"

namespace troupe {

/// The value in troupe's text form (strings quoted, a tuple as (1, 2)), "unit" for an expected<void> that holds
/// no error, or to_string(error) for an error: error(system, request_timeout).
/// @{
template <class T>
std::string to_string(const expected<T>& x) {
  if (!x)
    return to_string(x.error());
  std::string out;
  detail::stringify(out, *x);
  return out;
}

inline std::string to_string(const expected<void>& x) {
  return x ? std::string{"unit"} : to_string(x.error());
}
/// @}

/// Writes the value as `os << value` does when T has an operator<<, else as to_string(x); an error or an
/// expected<void> as to_string(x).
/// @{
template <class T>
std::ostream& operator<<(std::ostream& os, const expected<T>& x) {
  if (!x)
    return os << to_string(x.error());
  if constexpr (detail::ostreamable<T>)
    return os << *x;
  else
    return os << to_string(x);
}

inline std::ostream& operator<<(std::ostream& os, const expected<void>& x) {
  return os << to_string(x);
}
/// @}

} // namespace troupe
