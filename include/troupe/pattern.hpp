// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The message-matching DSL's former header, kept for code that includes it by
// name: the DSL lives in match.hpp and match/ now (the parallel patterns are in
// patterns/).
#include "troupe/match.hpp"
