// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A detail header that reaches up into the core.
#include "troupe/widget.hpp"
