// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: partial_function
// NO-PCH: the program defines TROUPE_NO_CLASSIC_NAMES before troupe's headers.
// TROUPE_NO_CLASSIC_NAMES leaves the classic spellings (compat/classic.hpp) out of
// <troupe/troupe.hpp>: the canonical message_handler is there, the classic
// partial_function is not.
#define TROUPE_NO_CLASSIC_NAMES
#include <troupe/troupe.hpp>

#ifdef TROUPE_COMPILE_OK
troupe::message_handler handlers;
#else
troupe::partial_function handlers;
#endif
