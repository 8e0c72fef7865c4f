// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Prints the sizes of the runtime's per-actor and per-message objects, and the
// heap an idle event-based actor owns: its own block (control block + actor,
// with the size class and glibc chunk it really occupies) and, measured with
// mallinfo2 over 10,000 actors, everything else it allocates (behavior, ...).
#include <malloc.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "troupe/troupe.hpp"

using namespace troupe;

namespace {

// The lambda types of the two ways to write a capture-less actor function.
auto fun_with_self = [](event_based_actor*) -> behavior { return {[](int) {}}; };
auto int_case = [](int) {};

using fa_self = detail::function_actor<event_based_actor, true, decltype(fun_with_self)>;
using int_match_case = decltype(make_match_case(int_case));
using int_bhvr_impl = detail::default_behavior_impl<detail::no_timeout, int_match_case>;

// Exposes the types of protected members.
struct peek : event_based_actor {
  using bhvr_stack_type = decltype(bhvr_stack_);
  using mailbox_member_type = decltype(mailbox_);
};

std::atomic<int> initialized{0};

// glibc (64-bit): chunk = max(32, request + 8 rounded up to 16).
std::size_t glibc_chunk(std::size_t request) {
  auto n = (request + 8 + 15) & ~std::size_t{15};
  return n < 32 ? 32 : n;
}

template <class T>
void row(const char* name) {
  std::printf("  %-58s %5zu  (align %zu)\n", name, sizeof(T), alignof(T));
}

} // namespace

int main() {
  std::printf("sizeof:\n");
  row<actor_control_block>("actor_control_block (fixed offset: 32)");
  row<abstract_actor>("abstract_actor");
  row<local_actor>("local_actor");
  row<scheduled_actor>("scheduled_actor");
  row<event_based_actor>("event_based_actor");
  row<fa_self>("function_actor<event_based_actor, capture-less lambda>");
  row<blocking_actor>("blocking_actor (scoped_actor)");
  row<local_actor::mailbox_type>("  local_actor::mailbox_type (cached_stack_mailbox)");
  row<peek::bhvr_stack_type>("  local_actor::bhvr_stack_");
  row<error>("  error (pending_reason_, abstract_actor::reason_)");
  row<detail::spinlock>("  detail::spinlock");
  row<resumable>("  resumable (vptr)");
  row<behavior>("behavior (handle)");
  row<detail::behavior_impl>("detail::behavior_impl (base)");
  row<int_bhvr_impl>("default_behavior_impl<no_timeout, [](int){}>");
  row<mailbox_element>("mailbox_element");
  row<message>("message (handle)");
  row<detail::message_data>("detail::message_data (payload header)");
  std::printf("  %-58s %5u\n", "message payload (int)", detail::message_layout_of<int>::computed.total);
  std::printf("  %-58s %5u\n", "message payload (atom_value, int)",
              detail::message_layout_of<atom_value, int>::computed.total);
  std::printf("  %-58s %5u\n", "message payload (atom_value, std::string, int)",
              detail::message_layout_of<atom_value, std::string, int>::computed.total);
  row<detail::invoke_result>("detail::invoke_result");
  row<actor>("actor (handle)");
  row<actor_addr>("actor_addr");

  // One idle function-based actor with behavior{[](int){}}.
  const auto actor_req = actor_control_block::actor_offset + sizeof(fa_self);
  const auto actor_rounded = detail::thread_cache::rounded(actor_req);
  std::printf("\nheap per idle event-based actor (spawn([](event_based_actor*) -> behavior {return {[](int){}};})):\n");
  std::printf("  %-40s request %4zu -> size class %4zu -> glibc chunk %4zu\n", "control block + actor", actor_req,
              actor_rounded, glibc_chunk(actor_rounded));
  std::printf("  %-40s request %4zu (operator new: chunk %zu; thread cache: class %zu, chunk %zu)\n",
              "behavior_impl for [](int){}", sizeof(int_bhvr_impl), glibc_chunk(sizeof(int_bhvr_impl)),
              detail::thread_cache::rounded(sizeof(int_bhvr_impl)),
              glibc_chunk(detail::thread_cache::rounded(sizeof(int_bhvr_impl))));
  {
    constexpr int n = 10'000;
    actor_system_config cfg;
    cfg.set_scheduler(1, 300);
    actor_system sys{cfg};
    auto spawn_idle = [&] {
      return sys.spawn([](event_based_actor*) -> behavior {
        initialized.fetch_add(1);
        return {[](int) {}};
      });
    };
    std::vector<actor> handles(n);
    handles[0] = spawn_idle(); // warm-up: thread caches etc.
    while (initialized.load() < 1)
      std::this_thread::yield();
    auto before = mallinfo2().uordblks;
    for (int i = 1; i < n; ++i)
      handles[i] = spawn_idle();
    while (initialized.load() < n)
      std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    auto after = mallinfo2().uordblks;
    const double per_actor = static_cast<double>(after - before) / (n - 1);
    std::printf("  %-40s %6.1f bytes (mallinfo2, %d actors)\n", "measured heap per idle actor", per_actor, n - 1);
    std::printf("  %-40s %6.1f bytes (behavior, behavior stack, ...)\n", "  of which not the actor's own block",
                per_actor - static_cast<double>(glibc_chunk(actor_rounded)));
    std::printf("  %-40s 256 bytes\n", "target");
    for (auto& h : handles)
      anon_send(h, exit_msg{{}, exit_reason::kill});
  }
  std::printf("\nper message: mailbox_element %zu -> class %zu, payload(int) %u -> class %zu\n",
              sizeof(mailbox_element), detail::thread_cache::rounded(sizeof(mailbox_element)),
              detail::message_layout_of<int>::computed.total,
              detail::thread_cache::rounded(detail::message_layout_of<int>::computed.total));
  return 0;
}
