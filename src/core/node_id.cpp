// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/node_id.hpp"

#include <atomic>
#include <fstream>
#include <random>
#include <string>

#include <unistd.h>

#include "troupe/actor_control_block.hpp"
#include "troupe/actor_system.hpp"

namespace troupe {

namespace {

// The text that identifies this machine: its systemd/dbus machine id, which
// survives host renames, or else the host name.
std::string host_identity() {
  for (const char* path : {"/etc/machine-id", "/var/lib/dbus/machine-id"}) {
    std::ifstream in{path};
    std::string id;
    if (in && std::getline(in, id) && !id.empty())
      return id;
  }
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) == 0 && name[0] != '\0')
    return name;
  return "localhost";
}

std::uint64_t splitmix64(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// 20 bytes from `text`: three differently seeded FNV-1a lanes, each finished
// by splitmix64 to spread the bits. An identifier, not a cryptographic hash.
node_id::host_id_type hash_to_host_id(const std::string& text) {
  node_id::host_id_type result{};
  std::size_t pos = 0;
  for (std::uint64_t lane = 0; pos < result.size(); ++lane) {
    std::uint64_t h = 0xcbf29ce484222325ULL ^ splitmix64(lane);
    for (unsigned char c : text)
      h = (h ^ c) * 0x100000001b3ULL;
    h = splitmix64(h);
    for (int i = 0; i < 8 && pos < result.size(); ++i, ++pos)
      result[pos] = static_cast<std::uint8_t>(h >> (8 * i));
  }
  return result;
}

std::uint32_t next_instance() {
  static std::atomic<std::uint32_t> counter{std::random_device{}()};
  return counter.fetch_add(1, std::memory_order_relaxed);
}

} // namespace

const node_id::host_id_type& node_id::local_host_id() {
  static const host_id_type id = hash_to_host_id(host_identity());
  return id;
}

node_id node_id::make_local() {
  return node_id{local_host_id(), static_cast<std::uint32_t>(getpid()), next_instance()};
}

std::string to_string(const node_id& x) {
  if (!x)
    return "invalid-node";
  constexpr char hex[] = "0123456789abcdef";
  std::string result;
  for (auto b : x.host_id()) {
    result += hex[b >> 4];
    result += hex[b & 0xF];
  }
  result += '#';
  result += std::to_string(x.process_id());
  result += '.';
  result += std::to_string(x.instance());
  return result;
}

// Every local actor belongs to the node of its system; the control block
// reaches it through its system pointer instead of storing a copy.
node_id actor_control_block::node() const noexcept {
  return system_ ? system_->node() : node_id{};
}

} // namespace troupe
