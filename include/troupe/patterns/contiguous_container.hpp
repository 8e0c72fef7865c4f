// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The containers the data-parallel patterns work on in place: their elements
// lie contiguously in memory (std::vector, std::array, std::string, ...).
#include <concepts>
#include <cstddef>

namespace troupe::patterns {

/// A container whose elements lie contiguously in memory: value_type, data() and size() (std::vector,
/// std::array, std::string, ...). The data-parallel patterns work on it in place.
template <class Cnt>
concept contiguous_container = requires(Cnt& c) {
  typename Cnt::value_type;
  { c.data() } -> std::same_as<typename Cnt::value_type*>;
  { c.size() } -> std::convertible_to<std::size_t>;
};

} // namespace troupe::patterns
