// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Base64 (RFC 4648, with padding), as etcd's JSON gateway writes keys and
// values.
#include <optional>
#include <string>
#include <string_view>

namespace troupe::cluster {

std::string base64_encode(std::string_view bytes);
/// The bytes `text` encodes, or nothing when it is not base64 as base64_encode writes it (padded, and with the
/// bits the padding drops zero).
std::optional<std::string> base64_decode(std::string_view text);

} // namespace troupe::cluster
