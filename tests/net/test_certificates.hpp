// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Certificates for the TLS tests, made fresh in a temporary folder by the
// openssl command (valid for two days, so no expiry date lurks in the tree):
// two CAs, each with a node certificate it signed.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace troupe::test {

struct node_certificate {
  std::string certificate, key, ca;
};

class test_certificates {
public:
  test_certificates() {
    dir_ = std::filesystem::path{::testing::TempDir()} / ("troupe_tls_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    make_ca("ca");
    make_ca("other_ca");
    make_node("node", "ca");
    make_node("stranger", "other_ca");
  }
  ~test_certificates() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  test_certificates(const test_certificates&) = delete;
  test_certificates& operator=(const test_certificates&) = delete;

  // Signed by the CA that `trusted()` and `stranger()`'s peers trust.
  node_certificate trusted() const { return {file("node.pem"), file("node.key"), file("ca.pem")}; }
  // Signed by another CA, and trusting only that one.
  node_certificate stranger() const { return {file("stranger.pem"), file("stranger.key"), file("other_ca.pem")}; }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

private:
  void run(const std::string& cmd) const {
    auto full = "cd '" + dir_.string() + "' && " + cmd + " >/dev/null 2>&1";
    if (std::system(full.c_str()) != 0)
      throw std::runtime_error("test_certificates: failed: " + cmd);
  }
  void make_ca(const std::string& name) const {
    run("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -keyout " + name + ".key -out "
        + name + ".pem -subj /CN=troupe-test-" + name);
  }
  void make_node(const std::string& name, const std::string& ca) const {
    run("openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout " + name + ".key -out " + name
        + ".csr -subj /CN=" + name);
    run("openssl x509 -req -days 2 -in " + name + ".csr -CA " + ca + ".pem -CAkey " + ca + ".key -CAcreateserial -out "
        + name + ".pem");
  }

  std::filesystem::path dir_;
};

} // namespace troupe::test
