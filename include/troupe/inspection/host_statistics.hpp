// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The figures of the machine and the process that an operator wants to see for a node (host, OS, CPU load, memory,
// network interfaces), read on Linux from /proc and libc only. A missing or malformed source leaves its figure 0.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One network interface of the host.
struct network_interface {
  std::string name;                   ///< e.g. "lo", "eth0"
  std::vector<std::string> addresses; ///< its IPv4 and IPv6 addresses as text (inet_ntop), may be empty
  bool up = false;                    ///< IFF_UP set
};

/// The machine and the process at one moment.
struct host_statistics {
  std::string host;                          ///< as `hostname` prints it
  std::string os;                            ///< uname: "Linux 6.1.0-18-amd64 x86_64" (sysname release machine)
  std::uint32_t cpus = 0;                    ///< online CPUs
  double machine_cpu = 0;                    ///< share of all CPUs' time busy since the previous sample, 0..1
  double process_cpu = 0;                    ///< this process's CPU time / wall time since the previous sample, 0..cpus
  double process_cpu_seconds = 0;            ///< this process's CPU time (user and system) since it started
  std::uint64_t ram_total = 0;               ///< bytes, MemTotal
  std::uint64_t ram_available = 0;           ///< bytes, MemAvailable
  std::uint64_t ram_used = 0;                ///< bytes, ram_total - ram_available
  std::uint64_t rss = 0;                     ///< bytes, this process's resident set
  std::vector<network_interface> interfaces; ///< sorted by name, one entry per interface name
};

/// Takes samples; keeps the previous CPU counters so that loads cover the time between two samples
/// (the first sample covers the time since the sampler was made). Not thread-safe: one owner.
class host_sampler {
public:
  /// Reads the CPU counters that the first sample measures from.
  host_sampler();

  /// The figures now, with the loads since the previous sample (or since construction).
  host_statistics sample();

private:
  std::uint64_t machine_busy_ = 0;                  // jiffies all CPUs spent busy, at the previous sample
  std::uint64_t machine_total_ = 0;                 // jiffies all CPUs spent in total, at the previous sample
  std::chrono::nanoseconds process_time_{0};        // this process's user+system time, at the previous sample
  std::chrono::steady_clock::time_point wall_time_; // when the previous sample was taken
};

/// The figures that need no earlier sample (everything but the two loads, which stay 0): for a reader that
/// wants them now, such as a metrics scrape, without disturbing a sampler's intervals.
host_statistics host_figures();

/// Field list of a network_interface for troupe's serialization (saving and loading alike).
template <class Inspector>
bool inspect(Inspector& f, network_interface& x) {
  return f(field("name", x.name), field("addresses", x.addresses), field("up", x.up));
}

/// Field list of a host_statistics for troupe's serialization (saving and loading alike).
template <class Inspector>
bool inspect(Inspector& f, host_statistics& x) {
  return f(field("host", x.host), field("os", x.os), field("cpus", x.cpus), field("machine_cpu", x.machine_cpu),
           field("process_cpu", x.process_cpu), field("process_cpu_seconds", x.process_cpu_seconds),
           field("ram_total", x.ram_total), field("ram_available", x.ram_available), field("ram_used", x.ram_used),
           field("rss", x.rss), field("interfaces", x.interfaces));
}

} // namespace troupe::inspection
