// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A real DNS server for a test: dnsmasq (Debian's dnsmasq-base) in a network
// namespace the test creates, reached over a veth pair at an address of its
// own. It answers for troupe.test only, from a hosts file (A records, which
// the test may rewrite and reload) and the SRV records it was started with.
// The namespace, the veth pair and the server go with it. Needs root.
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cluster_test_support.hpp"

namespace troupe::test {

class dns_server {
public:
  /// Why this machine cannot run one (not root, no ip or dnsmasq), or an empty string.
  static std::string missing() {
    if (::geteuid() != 0)
      return "network namespaces need root";
    if (::access("/usr/sbin/dnsmasq", X_OK) != 0)
      return "no dnsmasq here (Debian's dnsmasq-base; scripts/install-deps.sh installs it)";
    if (std::system("ip netns list >/dev/null 2>&1") != 0)
      return "no usable ip netns";
    return {};
  }

  /// A server whose SRV records are `srv` (NAME,TARGET,PORT as dnsmasq's --srv-host takes them) and whose hosts
  /// file maps `hosts` (ADDRESS NAME lines) and `targets` (NAME,ADDRESS as --host-record takes them).
  dns_server(const std::vector<std::string>& hosts, const std::vector<std::string>& srv = {},
             const std::vector<std::string>& targets = {}) {
    // Names and a /30 of this server's own: the previous one's may still be going away.
    static int servers = 0;
    auto n = servers++ % 60;
    auto id = std::to_string(::getpid()) + "x" + std::to_string(n);
    ns_ = "troupe-dns-" + id;
    auto outer = "tdn" + id + "a";
    auto inner = "tdn" + id + "b";
    auto subnet = "10.213." + std::to_string(::getpid() % 250) + ".";
    auto host = [&](int i) { return subnet + std::to_string(n * 4 + i); };
    address_ = host(2);
    char pattern[] = "/tmp/troupe-dns.XXXXXX";
    if (::mkdtemp(pattern) == nullptr)
      throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    set_hosts(hosts);
    try {
      run("ip netns add " + ns_);
      run("ip link add " + outer + " type veth peer name " + inner + " netns " + ns_);
      run("ip addr add " + host(1) + "/30 dev " + outer);
      run("ip link set " + outer + " up");
      run("ip -n " + ns_ + " addr add " + address_ + "/30 dev " + inner);
      run("ip -n " + ns_ + " link set " + inner + " up");
      run("ip -n " + ns_ + " link set lo up");
    } catch (...) {
      remove_namespace();
      throw;
    }
    std::vector<std::string> args{"/usr/sbin/ip",
                                  "netns",
                                  "exec",
                                  ns_,
                                  "/usr/sbin/dnsmasq",
                                  "--keep-in-foreground",
                                  "--conf-file=/dev/null",
                                  "--no-resolv",
                                  "--no-hosts",
                                  "--local=/troupe.test/",
                                  "--bind-interfaces",
                                  "--listen-address=" + address_,
                                  "--port=53",
                                  "--user=root",
                                  "--pid-file=",
                                  "--addn-hosts=" + dir_ + "/hosts"};
    for (const auto& s : srv)
      args.push_back("--srv-host=" + s);
    for (const auto& t : targets)
      args.push_back("--host-record=" + t);
    if (::access(args[0].c_str(), X_OK) != 0)
      args[0] = "/usr/bin/ip";
    pid_ = spawn_quietly(std::move(args));
  }

  dns_server(const dns_server&) = delete;
  dns_server& operator=(const dns_server&) = delete;

  ~dns_server() {
    if (pid_ > 0) {
      ::kill(pid_, SIGCONT);
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    remove_namespace();
  }

  /// ADDRESS:53, for cluster.dns.server.
  std::string server() const { return address_ + ":53"; }

  /// Rewrites the hosts file and has the server read it again.
  void set_hosts(const std::vector<std::string>& lines) {
    std::ofstream out{dir_ + "/hosts", std::ios::trunc};
    for (const auto& l : lines)
      out << l << '\n';
    out.close();
    if (pid_ > 0)
      ::kill(pid_, SIGHUP);
  }

  void freeze() { freeze_process(pid_); }
  void thaw() { ::kill(pid_, SIGCONT); }

private:
  // Deleting the namespace deletes the veth pair with it.
  void remove_namespace() {
    [[maybe_unused]] auto ignored = std::system(("ip netns delete " + ns_ + " 2>/dev/null").c_str());
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  static void run(const std::string& command) {
    if (std::system((command + " 2>&1").c_str()) != 0)
      throw std::runtime_error("failed: " + command);
  }

  std::string ns_;
  std::string address_;
  std::string dir_;
  pid_t pid_ = -1;
};

} // namespace troupe::test
