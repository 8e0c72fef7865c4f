// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Declared in the public header, so that other parts reach it too.
#include "troupe/exception_reason.hpp"
