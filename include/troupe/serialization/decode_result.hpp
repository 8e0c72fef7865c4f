#pragma once
// The decoders' result type: a decoded value or the error that stopped them.
#include "troupe/expected.hpp"

namespace troupe {

template <class T>
using decode_result = expected<T>;

} // namespace troupe
