// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The classic spellings' former header, kept for code that includes it by name:
// they live in compat/classic.hpp now.
#include "troupe/compat/classic.hpp"
