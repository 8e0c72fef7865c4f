// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/net.md: TLS between nodes. The program makes a throwaway CA and a node
// certificate with the openssl command (as the shell lines in the docs do),
// then runs a server and a client system over TLS on loopback, and shows that
// a plaintext client is refused.
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// The shell lines of docs/net.md, run in `dir`.
bool make_certificates(const std::string& dir) {
  const std::string key = "-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes";
  const std::string cmd = "cd '" + dir + "' && openssl req -x509 " + key
                          + " -days 365 -keyout ca.key -out ca.pem -subj /CN=my-ca"
                            " && openssl req "
                          + key
                          + " -keyout node.key -out node.csr -subj /CN=node"
                            " && openssl x509 -req -days 365 -in node.csr -CA ca.pem -CAkey ca.key"
                            " -CAcreateserial -out node.pem";
  return std::system((cmd + " >/dev/null 2>&1").c_str()) == 0;
}

// [snippet config]
actor_system_config tls_node(const std::string& dir) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  // All three, or the system refuses to start: half a TLS setup is an error,
  // never a silent fallback to plaintext.
  cfg.set("middleman.tls.certificate", dir + "/node.pem"); // this node's chain
  cfg.set("middleman.tls.key", dir + "/node.key");
  cfg.set("middleman.tls.ca", dir + "/ca.pem"); // peers must be signed by it
  return cfg;
}
// [/snippet]

} // namespace

int main() {
  auto dir = (std::filesystem::temp_directory_path() / ("troupe_tls_doc_" + std::to_string(::getpid()))).string();
  std::filesystem::create_directories(dir);
  DOC_CHECK(make_certificates(dir));
  {
    actor_system server{tls_node(dir)};
    actor_system client{tls_node(dir)};
    auto adder = server.spawn([] { return behavior{[](int a, int b) { return a + b; }}; });
    auto port = server.middleman().publish(adder, 0, "127.0.0.1");
    DOC_CHECK(port.has_value());
    auto remote = client.middleman().remote_actor("127.0.0.1", *port);
    DOC_CHECK(remote.has_value());
    scoped_actor self{client};
    self->request(*remote, 5s, 40, 2)
      .receive([](int sum) { std::cout << "over TLS: 40 + 2 = " << sum << '\n'; },
               [](const error& err) { std::cerr << to_string(err) << '\n'; });
    // [snippet plaintext]
    actor_system_config plain_cfg;
    plain_cfg.load<net::middleman>();
    actor_system plain{plain_cfg};
    auto refused = plain.middleman().remote_actor("127.0.0.1", *port);
    // !refused: the TLS node drops a connection that does not start with a TLS
    // handshake; a TLS node dialing a plaintext one gets sec::authentication_failed
    // [/snippet]
    DOC_CHECK(!refused);
    scoped_actor(server)->send_exit(adder, exit_reason::user_shutdown);
  }
  std::filesystem::remove_all(dir);
  return doc::result();
}
