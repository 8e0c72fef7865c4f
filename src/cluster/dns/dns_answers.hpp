// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a DNS answer says, read with the C library's resolver (libresolv's
// ns_* parser): the SRV records of a name, and the IPv4 and IPv6 addresses of
// a name among the answer's records (the answer section or, for an SRV
// answer's targets, the additional one). Whatever the bytes, each gives the
// records or sec::malformed_message.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "troupe/expected.hpp"

namespace troupe::cluster {

/// One SRV record: where a member of the service listens.
struct srv_record {
  std::uint16_t priority = 0;
  std::uint16_t weight = 0;
  std::uint16_t port = 0;
  std::string target; ///< a host name, without the final dot
};

/// The SRV records in the answer section of `answer`.
expected<std::vector<srv_record>> srv_records(std::span<const unsigned char> answer);

/// The addresses (as text, IPv6 without brackets) that the A and AAAA records of `answer` give `name`, from the
/// answer and additional sections; every address in them when `name` is empty.
expected<std::vector<std::string>> address_records(std::span<const unsigned char> answer, const std::string& name = {});

} // namespace troupe::cluster
