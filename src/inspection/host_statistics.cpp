// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/host_statistics.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <string_view>

#include "host_name.hpp"

namespace troupe::inspection {

std::string host_name() {
  std::array<char, 256> buf{};
  if (::gethostname(buf.data(), buf.size() - 1) != 0)
    return "unknown";
  return buf.data();
}

namespace {

/// Busy and total jiffies of all CPUs together, from the first line of /proc/stat.
struct cpu_counters {
  std::uint64_t busy = 0;
  std::uint64_t total = 0;
};

// /proc files report size 0, so read until end of file rather than trusting stat().
std::string read_file(const char* path) {
  std::string result;
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return result;
  std::array<char, 4096> buf;
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n <= 0)
      break;
    result.append(buf.data(), static_cast<std::size_t>(n));
  }
  ::close(fd);
  return result;
}

// Skips blanks, then parses one unsigned number; advances `s` past it. False on no number.
bool next_number(std::string_view& s, std::uint64_t& out) {
  auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos)
    return false;
  s.remove_prefix(first);
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc{})
    return false;
  s.remove_prefix(static_cast<std::size_t>(end - s.data()));
  return true;
}

cpu_counters read_cpu_counters() {
  auto text = read_file("/proc/stat");
  std::string_view line{text};
  if (!line.starts_with("cpu "))
    return {};
  line.remove_prefix(4);
  // user nice system idle iowait irq softirq steal; guest time is already counted in user and nice.
  std::array<std::uint64_t, 8> v{};
  std::size_t n = 0;
  while (n < v.size() && next_number(line, v[n]))
    ++n;
  if (n < 4)
    return {};
  cpu_counters result;
  for (auto x : v)
    result.total += x;
  result.busy = result.total - v[3] - v[4];
  return result;
}

std::chrono::nanoseconds process_cpu_time() {
  timespec ts{};
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return std::chrono::nanoseconds{0};
  return std::chrono::seconds{ts.tv_sec} + std::chrono::nanoseconds{ts.tv_nsec};
}

// The value of `key` (e.g. "MemTotal:") in /proc/meminfo, in bytes; 0 if absent.
std::uint64_t meminfo_bytes(std::string_view text, std::string_view key) {
  for (std::size_t pos = 0; pos < text.size();) {
    auto eol = std::min(text.find('\n', pos), text.size());
    auto line = text.substr(pos, eol - pos);
    pos = eol + 1;
    if (!line.starts_with(key))
      continue;
    line.remove_prefix(key.size());
    std::uint64_t kib = 0;
    return next_number(line, kib) ? kib * 1024 : 0;
  }
  return 0;
}

std::uint64_t resident_set_bytes() {
  // statm: size resident shared text lib data dt, in pages.
  auto text = read_file("/proc/self/statm");
  std::string_view s{text};
  std::uint64_t size = 0;
  std::uint64_t resident = 0;
  auto page = ::sysconf(_SC_PAGESIZE);
  if (!next_number(s, size) || !next_number(s, resident) || page <= 0)
    return 0;
  return resident * static_cast<std::uint64_t>(page);
}

std::string os_name() {
  utsname u{};
  if (::uname(&u) != 0)
    return {};
  return std::string{u.sysname} + ' ' + u.release + ' ' + u.machine;
}

std::uint32_t online_cpus() {
  auto n = ::sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<std::uint32_t>(n) : 0;
}

// The address of `ifa` as text, or empty for families other than IPv4 and IPv6.
std::string address_text(const ifaddrs& ifa) {
  std::array<char, INET6_ADDRSTRLEN> buf{};
  const void* addr = nullptr;
  int family = ifa.ifa_addr != nullptr ? ifa.ifa_addr->sa_family : AF_UNSPEC;
  if (family == AF_INET)
    addr = &reinterpret_cast<const sockaddr_in*>(ifa.ifa_addr)->sin_addr;
  else if (family == AF_INET6)
    addr = &reinterpret_cast<const sockaddr_in6*>(ifa.ifa_addr)->sin6_addr;
  if (addr == nullptr || ::inet_ntop(family, addr, buf.data(), buf.size()) == nullptr)
    return {};
  return buf.data();
}

// getifaddrs lists an interface once per address (and once for its link layer); merge them by name.
std::vector<network_interface> interfaces() {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0)
    return {};
  std::map<std::string, network_interface> by_name;
  for (auto* ifa = list; ifa != nullptr; ifa = ifa->ifa_next) {
    if (ifa->ifa_name == nullptr)
      continue;
    auto& entry = by_name[ifa->ifa_name];
    entry.name = ifa->ifa_name;
    entry.up = entry.up || (ifa->ifa_flags & IFF_UP) != 0;
    if (auto text = address_text(*ifa); !text.empty())
      entry.addresses.push_back(std::move(text));
  }
  ::freeifaddrs(list);
  std::vector<network_interface> result;
  result.reserve(by_name.size());
  for (auto& [name, entry] : by_name)
    result.push_back(std::move(entry));
  return result;
}

// MemTotal, MemAvailable and the difference; MemAvailable is capped so that ram_used cannot wrap around.
void read_memory(host_statistics& x) {
  auto meminfo = read_file("/proc/meminfo");
  x.ram_total = meminfo_bytes(meminfo, "MemTotal:");
  x.ram_available = std::min(meminfo_bytes(meminfo, "MemAvailable:"), x.ram_total);
  x.ram_used = x.ram_total - x.ram_available;
}

// Counters that went backwards (or never were read) give no load rather than a huge one.
double share(std::uint64_t part_then, std::uint64_t part_now, std::uint64_t total_then, std::uint64_t total_now) {
  if (total_now <= total_then || part_now < part_then)
    return 0;
  double load = static_cast<double>(part_now - part_then) / static_cast<double>(total_now - total_then);
  return std::clamp(load, 0.0, 1.0);
}

} // namespace

host_sampler::host_sampler() {
  auto counters = read_cpu_counters();
  machine_busy_ = counters.busy;
  machine_total_ = counters.total;
  process_time_ = process_cpu_time();
  wall_time_ = std::chrono::steady_clock::now();
}

host_statistics host_figures() {
  host_statistics result;
  result.host = host_name();
  result.os = os_name();
  result.cpus = online_cpus();
  result.process_cpu_seconds = std::chrono::duration<double>(process_cpu_time()).count();
  read_memory(result);
  result.rss = resident_set_bytes();
  result.interfaces = interfaces();
  return result;
}

host_statistics host_sampler::sample() {
  host_statistics result;
  result.host = host_name();
  result.os = os_name();
  result.cpus = online_cpus();
  auto counters = read_cpu_counters();
  result.machine_cpu = share(machine_busy_, counters.busy, machine_total_, counters.total);
  machine_busy_ = counters.busy;
  machine_total_ = counters.total;
  auto cpu_now = process_cpu_time();
  auto wall_now = std::chrono::steady_clock::now();
  auto wall = std::chrono::duration<double>(wall_now - wall_time_).count();
  auto cpu = std::chrono::duration<double>(cpu_now - process_time_).count();
  result.process_cpu = wall > 0 ? std::clamp(cpu / wall, 0.0, static_cast<double>(result.cpus)) : 0.0;
  result.process_cpu_seconds = std::chrono::duration<double>(cpu_now).count();
  process_time_ = cpu_now;
  wall_time_ = wall_now;
  read_memory(result);
  result.rss = resident_set_bytes();
  result.interfaces = interfaces();
  return result;
}

} // namespace troupe::inspection
