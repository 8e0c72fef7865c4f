// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The message-matching DSL: on<T...>(), on(values...), val<T>, anything,
// arg_match, on_arg_match, others, .when(guard), `pattern >> callback` and
// after(d) >> f, one concept a header under match/.
#include "troupe/guard.hpp"
#include "troupe/match/elements.hpp"
#include "troupe/match/invoke_result.hpp"
#include "troupe/match/match_case.hpp"
#include "troupe/match/on.hpp"
#include "troupe/match/timeout.hpp"
