// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// decode_result<T>, the decoders' former result type: an alias of expected<T>,
// which troupe's own code now names directly (docs/api-spellings.md).
#include "troupe/detail/deprecated.hpp"
#include "troupe/expected.hpp"

namespace troupe {

/// Classic spelling of expected<T>, the decoders' former result type.
template <class T>
using decode_result TROUPE_DEPRECATED("use expected<T>") = expected<T>;

} // namespace troupe
