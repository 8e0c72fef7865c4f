// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/widget.hpp"

void troupe::widget::turn() {}
