// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/node_id.hpp"

#include <array>
#include <atomic>
#include <fstream>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>

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

namespace {

// Remote nodes a proxy has stood for, interned for the process's lifetime (a
// node id is 28 bytes; a process meets few nodes). Readers index without a
// lock: chunks are never moved or freed once published.
class remote_node_table {
public:
  static constexpr std::uint32_t chunk_size = 256;
  static constexpr std::uint32_t max_chunks = 4096;

  std::uint32_t intern(const node_id& x) {
    std::lock_guard guard{mtx_};
    if (auto i = index_.find(x); i != index_.end())
      return i->second;
    auto n = size_ + 1; // index 0 means "local"
    auto chunk = n / chunk_size;
    if (chunk >= max_chunks)
      throw std::length_error("troupe: too many distinct remote nodes in one process");
    if (chunks_[chunk].load(std::memory_order_relaxed) == nullptr)
      chunks_[chunk].store(new node_id[chunk_size], std::memory_order_release);
    chunks_[chunk].load(std::memory_order_relaxed)[n % chunk_size] = x;
    size_ = n;
    index_.emplace(x, n);
    return n;
  }

  // Only indices returned by intern(), after the block that stores them was
  // published to this thread.
  const node_id& get(std::uint32_t n) const noexcept {
    return chunks_[n / chunk_size].load(std::memory_order_acquire)[n % chunk_size];
  }

private:
  std::mutex mtx_;
  std::unordered_map<node_id, std::uint32_t> index_;
  std::uint32_t size_ = 0;
  std::array<std::atomic<node_id*>, max_chunks> chunks_{};
};

remote_node_table& remote_nodes() {
  static auto* table = new remote_node_table; // never destroyed: proxies may outlive statics
  return *table;
}

} // namespace

// A local actor belongs to the node of its system; the control block reaches
// it through its system pointer instead of storing a copy.
node_id actor_control_block::node() const noexcept {
  if (node_index_ != 0)
    return remote_nodes().get(node_index_);
  return system_ ? system_->node() : node_id{};
}

void actor_control_block::set_remote_node(const node_id& node) {
  node_index_ = remote_nodes().intern(node);
}

} // namespace troupe
