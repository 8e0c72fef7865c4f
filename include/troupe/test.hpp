// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::test: the deterministic test fixture (docs/testing.md).
#include "troupe/test/deterministic_fixture.hpp"
#include "troupe/test/message_check.hpp"
#include "troupe/test/test_coordinator.hpp"
#include "troupe/test/wildcard.hpp"
