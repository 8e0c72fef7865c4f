// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A real etcd (Debian's etcd-server) for a test: one member on loopback at
// two free ports, its data in a folder of its own that goes with it. The test
// may freeze it (SIGSTOP) to make it unreachable, and thaw it again.
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cluster_test_support.hpp"
#include "etcd/http_client.hpp"
#include "support/loopback.hpp"

namespace troupe::test {

class etcd_server {
public:
  /// The etcd program on the PATH, or an empty string.
  static std::string program() {
    for (const char* dir : {"/usr/bin", "/usr/local/bin", "/usr/sbin"}) {
      auto path = std::string{dir} + "/etcd";
      if (::access(path.c_str(), X_OK) == 0)
        return path;
    }
    return {};
  }

  etcd_server() {
    char pattern[] = "/tmp/troupe-etcd.XXXXXX";
    if (::mkdtemp(pattern) == nullptr)
      throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    auto ports = test_support::free_ports(2);
    client_port_ = ports[0];
    auto client = "http://127.0.0.1:" + std::to_string(ports[0]);
    auto peer = "http://127.0.0.1:" + std::to_string(ports[1]);
    std::vector<std::string> args{program(),
                                  "--name=t",
                                  "--data-dir=" + dir_ + "/data",
                                  "--listen-client-urls=" + client,
                                  "--advertise-client-urls=" + client,
                                  "--listen-peer-urls=" + peer,
                                  "--initial-advertise-peer-urls=" + peer,
                                  "--initial-cluster=t=" + peer,
                                  "--logger=zap",
                                  "--log-outputs=" + dir_ + "/etcd.log"};
    pid_ = spawn_quietly(std::move(args));
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
    while (!answers()) {
      if (std::chrono::steady_clock::now() > deadline)
        throw std::runtime_error("etcd did not start; see " + dir_ + "/etcd.log");
      std::this_thread::sleep_for(std::chrono::milliseconds{50});
    }
  }

  etcd_server(const etcd_server&) = delete;
  etcd_server& operator=(const etcd_server&) = delete;

  ~etcd_server() {
    ::kill(pid_, SIGCONT);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  /// http://127.0.0.1:PORT, for cluster.etcd.endpoints.
  std::string url() const { return "http://127.0.0.1:" + std::to_string(client_port_); }
  cluster::http_url address() const { return {"127.0.0.1", client_port_}; }

  /// Whether it answers a status request now.
  bool answers() const {
    auto a = cluster::http_post(address(), "/v3/maintenance/status", "{}", std::chrono::milliseconds{500});
    return a && a->status == 200;
  }

  void freeze() { freeze_process(pid_); }
  void thaw() { ::kill(pid_, SIGCONT); }

private:
  std::string dir_;
  std::uint16_t client_port_ = 0;
  pid_t pid_ = -1;
};

} // namespace troupe::test
