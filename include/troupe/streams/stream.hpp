// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// stream<T>: the handle of a stream's source (a source or a stage actor), and
// the protocol its ends speak. Credit flows upstream: a consumer subscribes
// with the number of items it takes in, and asks for more only as it finishes
// them, so no mailbox on the way ever holds more than that credit. Both ends
// monitor each other: an end that dies completes or cancels the other with
// its exit reason.
//
//   consumer -> producer   (st_sub, credit)       subscribe, with the first credit
//   consumer -> producer   (st_demand, n)         n more items
//   consumer -> producer   (st_cancel)            no more, please
//   producer -> consumer   (st_batch, vector<T>)  items, never more than asked for
//   producer -> consumer   (st_done, error)       the end: none for a normal end
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/atom.hpp"
#include "troupe/serialization/announce.hpp"
#include "troupe/serialization/binary_serializer.hpp"
#include "troupe/serialization/type_registry.hpp"

namespace troupe {

namespace streams {

/// The protocol's messages.
/// @{
using subscribe_atom = atom_constant<atom("st_sub")>;
using demand_atom = atom_constant<atom("st_demand")>;
using cancel_atom = atom_constant<atom("st_cancel")>;
using batch_atom = atom_constant<atom("st_batch")>;
using done_atom = atom_constant<atom("st_done")>;
/// @}

/// How a consumer takes items in: `credit` items at most in flight to it (its mailbox holds no more), and
/// more asked for once `credit / 2` are done.
struct flow_options {
  std::uint32_t credit = 256; ///< items in flight to the consumer at most
};

/// How a producer sends: at most `batch` items to a message.
struct source_options {
  std::uint32_t batch = 64; ///< items in one message at most
};

namespace detail {

/// Lets a stream of T cross nodes: its batches travel as std::vector<T>, announced here when T itself can travel
/// (a built-in, a type with an inspect overload, or one announced already). A record announced later needs
/// announce<std::vector<T>>() of its own.
template <class T>
void announce_batches() {
  if constexpr (std::is_default_constructible_v<T> && std::is_copy_constructible_v<T>) {
    if constexpr (std::is_arithmetic_v<
                    T> || std::is_same_v<T, std::string> || troupe::detail::has_inspect<binary_serializer, T>) {
      static const bool announced = (announce<std::vector<T>>(), true);
      (void)announced;
    } else if (type_registry::global().find(type_id_of<T>()) != nullptr) {
      announce<std::vector<T>>();
    }
  }
}

} // namespace detail

} // namespace streams

/// The handle of a stream of T: the actor that produces it (a source or a stage). One consumer may subscribe
/// to it; a second is answered with the end of the stream and sec::invalid_argument.
template <class T>
class stream {
public:
  /// The items' type.
  using value_type = T;

  stream() noexcept = default;
  /// The stream produced by `producer`.
  explicit stream(actor producer) noexcept : producer_(std::move(producer)) {}

  /// The producing actor.
  const actor& producer() const noexcept { return producer_; }
  /// Whether the handle names a producer.
  explicit operator bool() const noexcept { return static_cast<bool>(producer_); }

private:
  actor producer_;
};

} // namespace troupe
