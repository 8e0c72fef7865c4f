// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// inspection::host_sampler against what libc says directly, and its loads and resident set after known work.
#include <troupe/inspection/host_statistics.hpp>

#include <gtest/gtest.h>

#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <string>

namespace host_statistics_test {

using troupe::inspection::host_sampler;
using troupe::inspection::host_statistics;

constexpr std::uint64_t mib = 1024 * 1024;

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// Spins until this process has used `seconds` of CPU time, or a generous iteration bound runs out.
void burn_cpu(double seconds) {
  volatile std::uint64_t sink = 0;
  auto until = process_cpu_seconds() + seconds;
  for (std::uint64_t round = 0; round < 100'000 && process_cpu_seconds() < until; ++round)
    for (int i = 0; i < 100'000; ++i)
      sink = sink + static_cast<std::uint64_t>(i);
}

TEST(HostStatistics, host_os_and_cpus_match_libc) {
  host_sampler sampler;
  auto x = sampler.sample();
  std::array<char, 256> name{};
  ASSERT_EQ(gethostname(name.data(), name.size() - 1), 0);
  EXPECT_EQ(x.host, std::string{name.data()});
  utsname u{};
  ASSERT_EQ(uname(&u), 0);
  EXPECT_TRUE(x.os.starts_with(std::string{u.sysname} + ' ')) << x.os;
  EXPECT_NE(x.os.find(u.release), std::string::npos) << x.os;
  EXPECT_EQ(x.cpus, static_cast<std::uint32_t>(sysconf(_SC_NPROCESSORS_ONLN)));
}

TEST(HostStatistics, memory_figures_are_consistent) {
  host_sampler sampler;
  auto x = sampler.sample();
  EXPECT_GT(x.ram_total, 0u);
  EXPECT_LE(x.ram_available, x.ram_total);
  EXPECT_EQ(x.ram_used, x.ram_total - x.ram_available);
  EXPECT_GT(x.rss, 0u);
}

TEST(HostStatistics, rss_grows_with_touched_memory) {
  host_sampler sampler;
  auto before = sampler.sample();
  constexpr std::size_t size = 64 * mib;
  auto buffer = std::make_unique_for_overwrite<char[]>(size);
  std::memset(buffer.get(), 0x5a, size);
  auto after = sampler.sample();
  EXPECT_EQ(buffer[size / 2], 0x5a); // keeps the buffer (and its pages) alive past the second sample
  ASSERT_GT(before.rss, 0u);
  EXPECT_GE(after.rss, before.rss + 40 * mib) << "before " << before.rss << ", after " << after.rss;
}

TEST(HostStatistics, process_cpu_reflects_a_busy_loop) {
  host_sampler sampler;
  auto start = process_cpu_seconds();
  burn_cpu(0.2);
  ASSERT_GE(process_cpu_seconds() - start, 0.15) << "the busy loop ran out of iterations";
  auto x = sampler.sample();
  EXPECT_GT(x.process_cpu, 0.3);
  EXPECT_LE(x.process_cpu, static_cast<double>(x.cpus));
  EXPECT_GE(x.machine_cpu, 0.0);
  EXPECT_LE(x.machine_cpu, 1.0);
}

TEST(HostStatistics, cumulative_cpu_seconds_grow_with_a_busy_loop) {
  auto before = troupe::inspection::host_figures();
  burn_cpu(0.2);
  auto after = troupe::inspection::host_figures();
  EXPECT_GE(after.process_cpu_seconds - before.process_cpu_seconds, 0.15);
  EXPECT_NEAR(after.process_cpu_seconds, process_cpu_seconds(), 0.05);
  EXPECT_EQ(after.process_cpu, 0.0); // a load needs an earlier sample
  EXPECT_GT(after.rss, 0u);
  EXPECT_GT(after.ram_total, 0u);
  host_sampler sampler;
  EXPECT_GE(sampler.sample().process_cpu_seconds, after.process_cpu_seconds);
}

TEST(HostStatistics, first_sample_measures_from_construction) {
  host_sampler sampler;
  auto x = sampler.sample();
  EXPECT_GE(x.process_cpu, 0.0);
  EXPECT_LE(x.process_cpu, static_cast<double>(x.cpus));
  EXPECT_GE(x.machine_cpu, 0.0);
  EXPECT_LE(x.machine_cpu, 1.0);
}

TEST(HostStatistics, interfaces_are_sorted_unique_and_include_loopback) {
  host_sampler sampler;
  auto x = sampler.sample();
  auto by_name = [](const auto& a, const auto& b) { return a.name < b.name; };
  auto same_name = [](const auto& a, const auto& b) { return a.name == b.name; };
  EXPECT_TRUE(std::is_sorted(x.interfaces.begin(), x.interfaces.end(), by_name));
  EXPECT_EQ(std::adjacent_find(x.interfaces.begin(), x.interfaces.end(), same_name), x.interfaces.end());
  auto lo = std::find_if(x.interfaces.begin(), x.interfaces.end(), [](const auto& i) { return i.name == "lo"; });
  ASSERT_NE(lo, x.interfaces.end());
  EXPECT_TRUE(lo->up);
  EXPECT_NE(std::find(lo->addresses.begin(), lo->addresses.end(), "127.0.0.1"), lo->addresses.end());
}

} // namespace host_statistics_test
