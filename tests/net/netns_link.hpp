// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A Linux network namespace of the test's own, joined to the test's namespace
// by a veth pair on a /30 subnet derived from the process id (so that tests
// running in parallel do not collide): this side .1, the namespace .2. The
// test can take the link down (a partition), drop a share of the packets
// entering the namespace (nftables), and run a program inside it. The
// destructor removes the namespace, which removes the pair and the rules.
// Needs root and iproute2; available() says whether this machine allows it.
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace troupe::test {

class netns_link {
public:
  // Whether namespaces can be made here (root, iproute2, kernel support).
  static bool available() {
    if (geteuid() != 0)
      return false;
    auto probe = "trprobe" + std::to_string(getpid());
    if (!run("ip netns add " + probe))
      return false;
    run("ip netns del " + probe);
    return true;
  }

  // Whether nftables is installed (for drop_percent).
  static bool has_nft() { return run("command -v nft"); }

  netns_link() {
    remove_orphans();
    auto pid = static_cast<unsigned>(getpid());
    // A /30 that no link here uses: pids repeat modulo the subnet count, and
    // an overlapping subnet would route this test's packets elsewhere.
    auto idx = pid % 16384;
    for (int tries = 0; tries < 16384; ++tries, idx = (idx + 1) % 16384) {
      prefix_ = "10.213." + std::to_string(idx >> 6) + ".";
      auto base = (idx & 63) * 4;
      outer_address_ = prefix_ + std::to_string(base + 1);
      inner_address_ = prefix_ + std::to_string(base + 2);
      if (!subnet_in_use(prefix_ + std::to_string(base)))
        break;
    }
    name_ = "trns" + std::to_string(pid);
    outer_ = "trv" + std::to_string(pid) + "o";
    inner_ = "trv" + std::to_string(pid) + "i";
    // A leftover of an earlier process with this pid.
    run("ip netns del " + name_);
    run("ip link del " + outer_);
    must("ip netns add " + name_);
    must("ip link add " + outer_ + " type veth peer name " + inner_);
    must("ip link set " + inner_ + " netns " + name_);
    must("ip addr add " + outer_address_ + "/30 dev " + outer_);
    must("ip link set " + outer_ + " up");
    must(in_ns("ip addr add " + inner_address_ + "/30 dev " + inner_));
    must(in_ns("ip link set " + inner_ + " up"));
    must(in_ns("ip link set lo up"));
  }

  netns_link(const netns_link&) = delete;
  netns_link& operator=(const netns_link&) = delete;

  ~netns_link() {
    run("ip link del " + outer_);
    run("ip netns del " + name_);
  }

  const std::string& name() const noexcept { return name_; }
  // The namespace's address, reachable from the test.
  const std::string& inner_address() const noexcept { return inner_address_; }

  // The argument vector prefix that runs a program inside the namespace.
  std::vector<std::string> exec_prefix() const { return {"/usr/sbin/ip", "netns", "exec", name_}; }

  // A partition: no packet crosses while the link is down.
  void set_link(bool up) { must("ip link set " + outer_ + (up ? " up" : " down")); }

  // Drops `percent` % of the TCP packets entering the namespace, at random.
  void drop_percent(int percent) {
    must(in_ns("nft add table inet troupe_loss"));
    must(in_ns("nft add chain inet troupe_loss input '{ type filter hook input priority 0; policy accept; }'"));
    must(in_ns("nft add rule inet troupe_loss input meta l4proto tcp numgen random mod 100 lt "
               + std::to_string(percent) + " drop"));
  }

  // New TCP connections into the namespace go unanswered (their SYN is
  // dropped); established ones carry on.
  void refuse_new_connections() {
    must(in_ns("nft add table inet troupe_refuse"));
    must(in_ns("nft add chain inet troupe_refuse input '{ type filter hook input priority 0; policy accept; }'"));
    must(in_ns("nft add rule inet troupe_refuse input tcp flags '& (syn | ack) == syn' drop"));
  }

  // Undoes refuse_new_connections.
  void allow_new_connections() { must(in_ns("nft delete table inet troupe_refuse")); }

private:
  static bool run(const std::string& cmd) { return std::system((cmd + " >/dev/null 2>&1").c_str()) == 0; }

  static std::string output_of(const std::string& cmd) {
    std::string out;
    if (FILE* f = ::popen((cmd + " 2>/dev/null").c_str(), "r")) {
      char buf[512];
      while (auto n = std::fread(buf, 1, sizeof(buf), f))
        out.append(buf, n);
      ::pclose(f);
    }
    return out;
  }

  static bool subnet_in_use(const std::string& network) {
    return !output_of("ip -o addr show to " + network + "/30").empty();
  }

  // Namespaces of test processes that no longer run (killed by a timeout
  // before their destructor ran): deleting one removes its veth pair too.
  static void remove_orphans() {
    std::istringstream list{output_of("ip netns list")};
    std::string name;
    while (list >> name) {
      if (name.rfind("trns", 0) != 0 || name.size() <= 4)
        continue;
      auto digits = name.substr(4);
      if (digits.find_first_not_of("0123456789") != std::string::npos)
        continue;
      auto owner = static_cast<pid_t>(std::stol(digits));
      if (::kill(owner, 0) != 0 && errno == ESRCH)
        run("ip netns del " + name);
      std::getline(list, name); // the rest of the line, e.g. "(id: 3)"
    }
  }
  static void must(const std::string& cmd) {
    if (!run(cmd))
      throw std::runtime_error("netns_link: failed: " + cmd);
  }
  std::string in_ns(const std::string& cmd) const { return "ip netns exec " + name_ + " " + cmd; }

  std::string prefix_;
  std::string name_;
  std::string outer_;
  std::string inner_;
  std::string outer_address_;
  std::string inner_address_;
};

} // namespace troupe::test
