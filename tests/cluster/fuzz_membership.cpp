// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// libFuzzer target for the membership protocol's datagram decoder (CMake
// target fuzz_membership with -DTROUPE_BUILD_FUZZERS=ON; scripts/fuzz.sh
// builds and runs it). Every input must decode or yield an error; a decoded
// packet must encode to bytes that decode to it again (the same bytes when
// no update was about an unknown member), and a member must take it without
// harm.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "swim/packet_codec.hpp"
#include "swim/swim_node.hpp"

namespace {

using namespace troupe::cluster::swim;

constexpr std::uint64_t key = 0x5eed;
constexpr std::size_t members = 16;

// Members tagged 0..15, so that the fuzzer finds known tags as easily as unknown ones.
const member_tags& tags() {
  static const member_tags known = [] {
    member_tags t;
    for (std::uint64_t i = 0; i < members; ++i)
      t.add(i);
    return t;
  }();
  return known;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::byte> in{reinterpret_cast<const std::byte*>(data), size};
  auto p = decode(in, key, tags());
  if (!p)
    return 0;
  // Updates about unknown members are left out, so the bytes match only when none was; the packet always does.
  std::vector<std::byte> again;
  encode(*p, key, tags(), again);
  if (again.size() == in.size() && !std::equal(again.begin(), again.end(), in.begin()))
    std::abort();
  auto twice = decode(again, key, tags());
  if (!twice || twice->from != p->from || twice->to != p->to || twice->target != p->target || twice->seq != p->seq
      || twice->gossip != p->gossip)
    std::abort();
  swim_node node{p->to, members, config{}, 1};
  std::vector<packet> out;
  node.tick(time_point{}, out);
  node.receive(*p, time_point{std::chrono::seconds{1}}, out);
  node.tick(time_point{std::chrono::seconds{10}}, out);
  return 0;
}
