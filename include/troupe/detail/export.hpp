// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// TROUPE_CORE_API marks what libtroupe_core.so exports. The shared library is
// compiled with hidden visibility, so a class with out-of-line members or a vtable, a
// function defined in a .cpp file, or static data that headers reach must carry it to
// be linkable from outside; templates and inline code are compiled into the user's
// program and need nothing.
//
// CMake defines TROUPE_CORE_SHARED for the library and everyone linking it when it is
// built as a shared library; a static build leaves the macro empty.
#if defined(TROUPE_CORE_SHARED)
#  define TROUPE_CORE_API __attribute__((visibility("default")))
#else
#  define TROUPE_CORE_API
#endif
