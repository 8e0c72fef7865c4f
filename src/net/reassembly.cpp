// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "reassembly.hpp"

#include <cstring>
#include <new>
#include <string>
#include <utility>

namespace troupe::net {

error reassembly::begin(std::size_t total) {
  if (under_way())
    return error{sec::malformed_message, "a first fragment while another message is arriving"};
  // Not value-initialized: the pages are touched only as pieces arrive.
  bytes_.reset(new (std::nothrow) std::byte[total]);
  if (!bytes_)
    return error{sec::runtime_error, "no memory for a fragmented message of " + std::to_string(total) + " bytes"};
  total_ = total;
  size_ = 0;
  return error{};
}

error reassembly::append(std::span<const std::byte> piece) {
  if (!under_way())
    return error{sec::malformed_message, "a fragment without a first one"};
  if (piece.size() > total_ - size_)
    return error{sec::malformed_message, "fragments longer than the message they announced"};
  if (!piece.empty())
    std::memcpy(bytes_.get() + size_, piece.data(), piece.size());
  size_ += piece.size();
  return error{};
}

reassembly::frame reassembly::take() noexcept {
  frame f{std::move(bytes_), size_};
  total_ = 0;
  size_ = 0;
  return f;
}

} // namespace troupe::net
