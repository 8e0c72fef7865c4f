// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Messages whose element types are known only at run time, as the binary and the
// text decoders build them: one block holds the message_data header, the elements,
// their types and their offsets (make_dynamic_message in message_codec.hpp is the
// public way to make one).
#include <span>

#include "troupe/message.hpp"
#include "troupe/serialization/type_registry.hpp"

namespace troupe::detail {

// Room for elements of these types, not yet constructed. A caller that fails to
// construct them all destroys the ones it built and calls free_dynamic_data.
message_data* allocate_dynamic_data(std::span<const type_entry* const> types);
void free_dynamic_data(message_data* p) noexcept;

// A message of default-constructed elements of these types, for a decoder to fill
// in place; its layout is planned once per run of same-typed messages.
message make_decoded_message(std::span<const type_entry* const> types);

} // namespace troupe::detail
