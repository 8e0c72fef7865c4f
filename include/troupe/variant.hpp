// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::variant is std::variant, for the same reason troupe::optional is
// std::optional: one sum type that every library accepts, which the binary and
// text formats already encode. Its access functions are here as well, so that
// qualified calls (troupe::get<int>(v), troupe::visit(f, v)) keep compiling;
// unqualified ones find the std functions by argument-dependent lookup anyway.
#include <variant>

namespace troupe {

/// std::variant under troupe's name: the one sum type every library accepts and the binary and text formats
/// encode. troupe::get, get_if, holds_alternative and visit are the std functions.
template <class... Ts>
using variant = std::variant<Ts...>;

using std::get;
using std::get_if;
using std::holds_alternative;
using std::visit;

} // namespace troupe
