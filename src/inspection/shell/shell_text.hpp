// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How the shell prints what the nexus answers: tables of actors, a node's
// statistics, one actor in detail. Kept apart from the commands so that the
// layout can change without touching what the commands ask.
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

#include "troupe/error.hpp"
#include "troupe/inspection/actor_details.hpp"
#include "troupe/inspection/node_info.hpp"
#include "troupe/inspection/node_snapshot.hpp"
#include "troupe/inspection/node_statistics.hpp"

namespace troupe::inspection {

/// "1.5 ms", "820 ns", "3.2 s".
std::string duration_words(std::chrono::nanoseconds x);
/// "12.0 MiB", "512 B".
std::string byte_words(std::uint64_t x);

/// A node's statistics, one figure per line.
void print_statistics(std::ostream& out, const node_info& node, const node_statistics& s);
/// A node's statistics in one line (statistics in global mode).
void print_statistics_line(std::ostream& out, const node_info& node, const node_statistics& s);
/// One line per actor: id, name, state, mailbox depth.
void print_actor_list(std::ostream& out, const node_snapshot& s);
/// The first `rows` actors by `order` (depth, time or messages), with their main figures.
void print_top(std::ostream& out, node_snapshot s, const std::string& order, std::size_t rows);
/// One actor: statistics, links, monitors.
void print_details(std::ostream& out, const actor_details& d);

/// The text of `err`; for a message that did not parse ("at N: cause"), the column in the command line instead,
/// where the message started at `offset`.
std::string parse_error_with_column(const error& err, std::size_t offset);

} // namespace troupe::inspection
