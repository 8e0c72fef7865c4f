// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The translation unit that the test programs' precompiled header is built with
// (tests/support/CMakeLists.txt); it holds no code of its own.
