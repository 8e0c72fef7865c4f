// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// execution_unit lives with the scheduler; this name stays for code that includes it here.
#include "troupe/scheduler/execution_unit.hpp"
