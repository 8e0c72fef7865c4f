// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The text form of an interface recorded by type ids (actor_factory.hpp), one
// line per signature, sorted: what a spawn request expects and a spawn
// response reports. A type reads as its announced (portable) name, so both
// nodes agree on it; a type nobody announced reads as its C++ name.
#include <string>
#include <vector>

#include "troupe/actor_factory.hpp"

namespace troupe::net {

std::vector<std::string> interface_text(const interface_ids& x);

// Missing lines of `expected` in `published`, joined by ", "; empty when
// published fits expected (see interface_fits).
std::string missing_signatures(const std::vector<std::string>& published, const std::vector<std::string>& expected);

} // namespace troupe::net
