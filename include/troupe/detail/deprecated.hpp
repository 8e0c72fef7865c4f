// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// TROUPE_DEPRECATED(why): marks a classic spelling (docs/api-spellings.md). Code
// that uses one compiles as before and gets a -Wdeprecated-declarations warning
// that names the canonical form; defining TROUPE_NO_DEPRECATION_WARNINGS before
// including troupe silences them all (for code that keeps the classic names on
// purpose, such as a port from CAF 0.17 in progress).
#ifdef TROUPE_NO_DEPRECATION_WARNINGS
#  define TROUPE_DEPRECATED(why)
#else
#  define TROUPE_DEPRECATED(why) [[deprecated(why)]]
#endif
