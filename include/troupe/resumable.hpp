// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// resumable lives with the scheduler that runs it; this name stays for code that includes it here.
#include "troupe/scheduler/resumable.hpp"
