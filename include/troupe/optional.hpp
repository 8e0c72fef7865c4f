// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::optional is std::optional: the standard type has what CAF's own
// optional had (except optional<T&>), and a second optional type would not
// convert to or from the one every other library uses. `none` stands for the
// empty optional (none.hpp).
#include <optional>

#include "troupe/none.hpp"

namespace troupe {

/// std::optional under troupe's name (no optional<T&>); `none` converts to an empty one and compares equal to it.
template <class T>
using optional = std::optional<T>;

} // namespace troupe
