// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// typed_response_promise is part of the core (local_actor makes it); this name stays for typed code.
#include "troupe/typed_response_promise.hpp"
