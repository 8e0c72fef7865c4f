// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A 20-signature typed interface, its behavior, a client using every signature.
// Compiled (not run) by the troupe.typed.compile_cost test, which measures
// the compiler's time and peak memory.
#include <troupe/troupe.hpp>

#include <chrono>

using namespace troupe;
using namespace std::chrono_literals;

namespace {
// One signature or handler per line, in the same order, so the lists read side by side.
// clang-format off
struct req0 { int x; };
struct req1 { int x; };
struct req2 { int x; };
struct req3 { int x; };
struct req4 { int x; };
struct req5 { int x; };
struct req6 { int x; };
struct req7 { int x; };
struct req8 { int x; };
struct req9 { int x; };
struct req10 { int x; };
struct req11 { int x; };
struct req12 { int x; };
struct req13 { int x; };
struct req14 { int x; };
struct req15 { int x; };
struct req16 { int x; };
struct req17 { int x; };
struct req18 { int x; };
struct req19 { int x; };
using big = typed_actor<
  replies_to<req0>::with<int>,
  replies_to<req1>::with<int>,
  replies_to<req2>::with<int>,
  replies_to<req3>::with<int>,
  replies_to<req4>::with<int>,
  replies_to<req5>::with<int>,
  replies_to<req6>::with<int>,
  replies_to<req7>::with<int>,
  replies_to<req8>::with<int>,
  replies_to<req9>::with<int>,
  replies_to<req10>::with<int>,
  replies_to<req11>::with<int>,
  replies_to<req12>::with<int>,
  replies_to<req13>::with<int>,
  replies_to<req14>::with<int>,
  replies_to<req15>::with<int>,
  replies_to<req16>::with<int>,
  replies_to<req17>::with<int>,
  replies_to<req18>::with<int>,
  replies_to<req19>::with<int>>;
big::behavior_type big_fun(big::pointer) {
  return {
    [](const req0& r) { return r.x + 0; },
    [](const req1& r) { return r.x + 1; },
    [](const req2& r) { return r.x + 2; },
    [](const req3& r) { return r.x + 3; },
    [](const req4& r) { return r.x + 4; },
    [](const req5& r) { return r.x + 5; },
    [](const req6& r) { return r.x + 6; },
    [](const req7& r) { return r.x + 7; },
    [](const req8& r) { return r.x + 8; },
    [](const req9& r) { return r.x + 9; },
    [](const req10& r) { return r.x + 10; },
    [](const req11& r) { return r.x + 11; },
    [](const req12& r) { return r.x + 12; },
    [](const req13& r) { return r.x + 13; },
    [](const req14& r) { return r.x + 14; },
    [](const req15& r) { return r.x + 15; },
    [](const req16& r) { return r.x + 16; },
    [](const req17& r) { return r.x + 17; },
    [](const req18& r) { return r.x + 18; },
    [](const req19& r) { return r.x + 19; },
  };
}
// clang-format on
} // namespace

int main() {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  big b = sys.spawn(big_fun);
  int sum = 0;
  self->request(b, 5s, req0{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req1{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req2{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req3{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req4{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req5{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req6{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req7{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req8{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req9{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req10{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req11{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req12{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req13{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req14{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req15{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req16{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req17{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req18{1}).receive([&](int r) { sum += r; });
  self->request(b, 5s, req19{1}).receive([&](int r) { sum += r; });
  self->send_exit(b, exit_reason::kill);
  return sum == 20 + 190 ? 0 : 1;
}
