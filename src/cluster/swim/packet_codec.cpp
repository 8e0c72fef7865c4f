// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "packet_codec.hpp"

#include <algorithm>
#include <string>

namespace troupe::cluster::swim {

namespace {

constexpr std::uint8_t magic[2] = {'T', 'M'};
constexpr std::uint8_t version = 2;
// magic, version, key, kind, from, to, target, seq, count
constexpr std::size_t header_size = 2 + 1 + 8 + 1 + 8 + 8 + 8 + 4 + 2;
// who, what, incarnation, source
constexpr std::size_t update_size = 8 + 1 + 8 + 8;

template <class T>
void put(std::vector<std::byte>& out, T x) {
  for (std::size_t i = 0; i < sizeof(T); ++i)
    out.push_back(static_cast<std::byte>((static_cast<std::uint64_t>(x) >> (8 * i)) & 0xff));
}

template <class T>
T take(std::span<const std::byte>& in) {
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    x |= static_cast<std::uint64_t>(in[i]) << (8 * i);
  in = in.subspan(sizeof(T));
  return static_cast<T>(x);
}

error malformed(const std::string& why) {
  return error{sec::malformed_message, "membership packet: " + why};
}

} // namespace

void encode(const packet& p, std::uint64_t key, const member_tags& tags, std::vector<std::byte>& out) {
  auto count = std::min(p.gossip.size(), max_updates_per_packet);
  out.reserve(out.size() + header_size + count * update_size);
  put<std::uint8_t>(out, magic[0]);
  put<std::uint8_t>(out, magic[1]);
  put<std::uint8_t>(out, version);
  put<std::uint64_t>(out, key);
  put<std::uint8_t>(out, static_cast<std::uint8_t>(p.kind));
  put<std::uint64_t>(out, tags.tag_of(p.from));
  put<std::uint64_t>(out, tags.tag_of(p.to));
  put<std::uint64_t>(out, tags.tag_of(p.target));
  put<std::uint32_t>(out, p.seq);
  put<std::uint16_t>(out, static_cast<std::uint16_t>(count));
  for (std::size_t i = 0; i < count; ++i) {
    const auto& u = p.gossip[i];
    put<std::uint64_t>(out, tags.tag_of(u.who));
    put<std::uint8_t>(out, static_cast<std::uint8_t>(u.what));
    put<std::uint64_t>(out, u.incarnation);
    put<std::uint64_t>(out, tags.tag_of(u.source));
  }
}

expected<packet> decode(std::span<const std::byte> in, std::uint64_t key, const member_tags& tags,
                        std::size_t* left_out) {
  if (in.size() < header_size)
    return malformed("shorter than its header");
  if (take<std::uint8_t>(in) != magic[0] || take<std::uint8_t>(in) != magic[1])
    return malformed("not one (bad magic)");
  if (auto v = take<std::uint8_t>(in); v != version)
    return malformed("version " + std::to_string(v) + ", not " + std::to_string(version));
  if (take<std::uint64_t>(in) != key)
    return error{sec::invalid_argument, "membership packet of another cluster"};
  packet p;
  auto kind = take<std::uint8_t>(in);
  if (kind > static_cast<std::uint8_t>(packet_kind::gossip))
    return malformed("unknown kind " + std::to_string(kind));
  p.kind = static_cast<packet_kind>(kind);
  auto from = tags.index_of(take<std::uint64_t>(in));
  auto to = tags.index_of(take<std::uint64_t>(in));
  auto target = tags.index_of(take<std::uint64_t>(in));
  p.seq = take<std::uint32_t>(in);
  auto count = take<std::uint16_t>(in);
  if (count > max_updates_per_packet || in.size() != count * update_size)
    return malformed("its updates do not fill it exactly");
  if (!from || !to || !target)
    return error{sec::out_of_range, "membership packet about a member this node does not know"};
  p.from = *from;
  p.to = *to;
  p.target = *target;
  p.gossip.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    auto who = tags.index_of(take<std::uint64_t>(in));
    auto what = take<std::uint8_t>(in);
    auto incarnation = take<std::uint64_t>(in);
    auto source = tags.index_of(take<std::uint64_t>(in));
    if (what > static_cast<std::uint8_t>(status::left))
      return malformed("unknown status " + std::to_string(what));
    // News of a member this node has not heard of from the discovery provider yet: the provider will tell.
    if (who && source)
      p.gossip.push_back(update{*who, static_cast<status>(what), incarnation, *source});
    else if (left_out != nullptr)
      ++*left_out;
  }
  return p;
}

} // namespace troupe::cluster::swim
