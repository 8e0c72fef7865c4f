// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The decoders' result type: a decoded value or the error that stopped them.
#include "troupe/expected.hpp"

namespace troupe {

template <class T>
using decode_result = expected<T>;

} // namespace troupe
