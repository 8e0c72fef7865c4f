// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Standalone reproducer (no troupe code) for the g++ 12 wrong-code bug that
// detail::escape() in include/troupe/behavior.hpp works around.
//
// g++ 12's ipa-modref summarises copy_of() below as "the value *x points to
// is never returned" (modref dump: "parm 0 flags: ... not_returned_indirectly"),
// although copy_of() passes *x by value to wrap(), whose result it returns.
// A caller that stores &flag in a closure and hands the closure to copy_of()
// then believes &flag never escapes, so a call that writes *flag through the
// returned copy cannot change it: flag is read back as its old value.
// Observed with Debian g++ 12.2.0 at -O1, and at -O2 wherever the two
// functions are not inlined (forced here with noinline); not with
// -fno-ipa-modref, not with clang++ 14. This is a [&] handler copied into a
// behavior (to_items -> make_match_case) and run by an out-of-line receive.
//
// The program runs the pattern twice: plain, and with the same asm escape
// barrier as troupe's. It prints whether this compiler miscompiles the plain
// version, and fails only if the barrier does not give the right result.
#include <cstdio>

namespace {

// A [&] lambda in miniature: a closure holding the address of a local.
struct setter {
  bool* flag;
};

struct wrapped {
  setter fun;
};

// Like troupe's escape(): p and everything reachable from it escape.
template <class T>
inline void escape(T* p) noexcept {
  asm volatile("" : : "g"(p) : "memory");
}

} // namespace

// External linkage and noinline: modref summarises both functions on their own.
[[gnu::noinline]] wrapped wrap(setter f) {
  return wrapped{f};
}

[[gnu::noinline]] wrapped copy_of(const setter* x) {
  return wrap(*x);
}

// Runs the handler out of sight of the optimiser, like receive() running a
// behavior through a virtual call in another translation unit.
static void run_handler(wrapped* w) {
  *w->fun.flag = true;
}
static void (*volatile run_elsewhere)(wrapped*) = run_handler;

static bool plain() {
  bool flag = false;
  setter s{&flag};
  wrapped w = copy_of(&s);
  run_elsewhere(&w);
  return flag;
}

static bool with_barrier() {
  bool flag = false;
  setter s{&flag};
  escape(&s);
  wrapped w = copy_of(&s);
  run_elsewhere(&w);
  return flag;
}

int main() {
#if defined(__clang__)
  const char* compiler = "clang++ " __clang_version__;
#elif defined(__GNUC__)
  const char* compiler = "g++ " __VERSION__;
#else
  const char* compiler = "unknown compiler";
#endif
  bool plain_ok = plain();
  bool barrier_ok = with_barrier();
  std::printf("%s: without the barrier the write through the copied closure is %s\n", compiler,
              plain_ok ? "seen (not affected)" : "LOST (affected by the ipa-modref bug)");
  std::printf("%s: with the barrier it is %s\n", compiler, barrier_ok ? "seen" : "LOST");
  return barrier_ok ? 0 : 1;
}
