// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The exchange that gives every rank each rank's entry where no PMIx server
// does it: rank 0 listens at the rendezvous address, every other rank
// connects (again while rank 0 is not listening yet) and says its rank and
// entry in one line, and once all have, rank 0 answers each with every
// rank's entry, a line each in rank order, and closes. A line that does not
// parse, a rank out of the job or one that came before closes that
// connection only.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "endpoint.hpp"
#include "troupe/expected.hpp"

namespace troupe::cluster {

/// What a rank says to rank 0.
struct rendezvous_hello {
  std::uint32_t rank = 0;
  std::uint32_t size = 0;
  std::string entry; ///< one line without spaces at either end, such as "ENDPOINT NODE"
};

/// The hello as its line, ending in a newline.
std::string hello_line(const rendezvous_hello& h);
/// The hello in `line` (without its newline), or sec::malformed_message.
expected<rendezvous_hello> parse_hello(std::string_view line);
/// The `size` entries in rank 0's answer `text`, or sec::malformed_message.
expected<std::vector<std::string>> parse_table(std::string_view text, std::uint32_t size);

/// Rank 0's side: listens at `at`'s port (on `at`'s address when it is a loopback one, on every interface
/// otherwise) until each other rank of `size` said hello, or `timeout` passed. Every rank's entry, `mine` first.
expected<std::vector<std::string>> rendezvous_serve(const endpoint& at, std::uint32_t size, const std::string& mine,
                                                    std::chrono::nanoseconds timeout);

/// Rank `rank`'s side: says hello to rank 0 at `at` and reads every rank's entry, within `timeout`.
expected<std::vector<std::string>> rendezvous_join(const endpoint& at, std::uint32_t rank, std::uint32_t size,
                                                   const std::string& mine, std::chrono::nanoseconds timeout);

} // namespace troupe::cluster
