// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// node_id names one actor system: the host it runs on, the process and which
// system of that process (two systems in one process differ). Every local
// actor's node() is its system's node(); a handle to a remote actor will carry
// the node of the system the actor lives in. A default-constructed node_id is
// invalid and equals `none`.
//
// It is a plain value of 28 bytes (a 20-byte host id, the process id and a
// per-system instance number) so that it can travel between processes as is.
#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "troupe/detail/export.hpp"
#include "troupe/none.hpp"

namespace troupe {

/// Names one actor system: the host it runs on, the process, and which system of that process (two systems in one
/// process differ). Every local actor's node() is its system's node(). A plain 28-byte value that travels between
/// processes as is; a default-constructed node_id is invalid and equals `none`.
class TROUPE_CORE_API node_id {
public:
  /// The size of a host id in bytes.
  static constexpr std::size_t host_id_size = 20;
  /// A host id: 20 bytes hashed from the machine's identity.
  using host_id_type = std::array<std::uint8_t, host_id_size>;

  constexpr node_id() noexcept = default;
  /// The invalid node id, as the default constructor makes it.
  constexpr node_id(none_t) noexcept {} // NOLINT: implicit on purpose
  /// The node id with these parts; all zero gives the invalid one.
  constexpr node_id(const host_id_type& host, std::uint32_t process, std::uint32_t instance) noexcept
    : host_(host), process_(process), instance_(instance) {}

  /// A node id for a new actor system of this process: this host's id, this
  /// process's id and an instance number no other call in this process returns
  /// (its start is random, so a restarted process with the same pid differs too).
  static node_id make_local();

  /// The host id of this machine, from /etc/machine-id or else the host name,
  /// hashed to 20 bytes (the same for every call).
  static const host_id_type& local_host_id();

  /// The host part.
  const host_id_type& host_id() const noexcept { return host_; }
  /// The process id part.
  std::uint32_t process_id() const noexcept { return process_; }
  /// The instance part: which system of the process.
  std::uint32_t instance() const noexcept { return instance_; }

  /// Whether this is a valid node id (some part not zero). Cheaper than a comparison with `none`: every header
  /// of the wire asks this of its node fields.
  bool valid() const noexcept {
    auto w = std::bit_cast<host_words>(host_);
    return (process_ | instance_ | w[0] | w[1] | w[2] | w[3] | w[4]) != 0;
  }
  /// Whether valid().
  explicit operator bool() const noexcept { return valid(); }

  /// Whether all three parts are equal.
  /// By hand: the defaulted form compares the host id with a call to memcmp,
  /// and the middleman compares node ids several times per message. The
  /// instance differs first between two systems of one host.
  friend constexpr bool operator==(const node_id& x, const node_id& y) noexcept {
    if (x.instance_ != y.instance_ || x.process_ != y.process_)
      return false;
    auto a = std::bit_cast<host_words>(x.host_);
    auto b = std::bit_cast<host_words>(y.host_);
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3] && a[4] == b[4];
  }
  /// Ordered by host id, then process id, then instance.
  friend constexpr std::strong_ordering operator<=>(const node_id&, const node_id&) noexcept = default;
  /// Whether `x` is the invalid node id.
  friend constexpr bool operator==(const node_id& x, none_t) noexcept { return x == node_id{}; }

private:
  using host_words = std::array<std::uint32_t, host_id_size / 4>;
  static_assert(sizeof(host_words) == sizeof(host_id_type));

  host_id_type host_{};
  std::uint32_t process_ = 0;
  std::uint32_t instance_ = 0;
};

/// "invalid-node" for none, else the host id in hex, '#', the process id, '.'
/// and the instance: "3f9a...c2#4711.2".
TROUPE_CORE_API std::string to_string(const node_id& x);

} // namespace troupe

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::node_id> {
  std::size_t operator()(const troupe::node_id& x) const noexcept {
    // The host id is a hash already: eight of its bytes, mixed with the
    // process and instance (Fibonacci hashing spreads their low bits).
    std::uint64_t host = 0;
    for (std::size_t i = 0; i < 8; ++i)
      host |= std::uint64_t{x.host_id()[i]} << (8 * i);
    std::uint64_t local = (std::uint64_t{x.process_id()} << 32) | x.instance();
    return static_cast<std::size_t>(host ^ (local * 0x9E3779B97F4A7C15ULL));
  }
};
/// \endcond
