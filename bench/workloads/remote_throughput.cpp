// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Remote throughput: one sender here, one receiver in a second process (this
// program run with --serve) on a loopback port; the sender sends N small
// messages (an atom and an int) as fast as the connection takes them, then
// asks the receiver how many arrived. Work time: from the first send to that
// answer. Built with TROUPE_BENCH_TLS (remote_throughput_tls), the program
// first makes a CA and a node certificate (the openssl command) in a
// temporary folder, and both processes talk over TLS 1.3.
//   remote_throughput [--workers=W] [N=200000]
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "troupe_remote.hpp"

using namespace troupe;

namespace {

struct sink_state {
  std::int64_t received = 0;
  bool in_order = true;
};

behavior sink(stateful_actor<sink_state>* self) {
  return {
    on(atom("msg"), arg_match) >>
      [=](int k) {
        if (k != self->state.received)
          self->state.in_order = false;
        ++self->state.received;
      },
    // The sender's last message: everything before it has arrived (one pair,
    // one order).
    on(atom("count")) >> [=] { return self->state.in_order ? self->state.received : -self->state.received; },
  };
}

behavior sender(event_based_actor* self, actor receiver, int n, actor report_to) {
  for (int k = 0; k < n; ++k)
    self->send(receiver, atom("msg"), k);
  self->request(receiver, bench::result_timeout, atom("count")).then([=](std::int64_t count) {
    self->send(report_to, atom("done"), count);
    self->quit();
  });
  return {};
}

// The folder of the TLS certificates, handed to the server process through
// the environment.
constexpr const char* tls_dir_variable = "TROUPE_BENCH_TLS_DIR";

#ifdef TROUPE_BENCH_TLS
std::string make_certificates() {
  auto dir = (std::filesystem::temp_directory_path() / ("troupe_bench_tls_" + std::to_string(::getpid()))).string();
  std::filesystem::create_directories(dir);
  const std::string key = " -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes";
  const std::string cmd = "cd '" + dir + "' && openssl req -x509" + key
                          + " -days 2 -keyout ca.key -out ca.pem -subj /CN=bench-ca && openssl req" + key
                          + " -keyout node.key -out node.csr -subj /CN=node && openssl x509 -req -days 2 -in node.csr"
                            " -CA ca.pem -CAkey ca.key -CAcreateserial -out node.pem >/dev/null 2>&1";
  if (std::system(cmd.c_str()) != 0)
    std::exit(bench::check(false, "made the TLS certificates (openssl)"));
  return dir;
}
#endif

actor_system_config net_config(const bench::args& a) {
  auto cfg = bench::troupe_net_config(a);
  if (const char* dir = std::getenv(tls_dir_variable)) {
    std::string d = dir;
    if (cfg.set("middleman.tls.certificate", d + "/node.pem") || cfg.set("middleman.tls.key", d + "/node.key")
        || cfg.set("middleman.tls.ca", d + "/ca.pem"))
      std::exit(2);
  }
  return cfg;
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_troupe_actor(argc, argv, net_config, sink);
  bench::args a{argc, argv, {200000}, "[MESSAGES]"};
  const int n = static_cast<int>(a[0]);
  if (n < 1)
    return 2;
#ifdef TROUPE_BENCH_TLS
  const auto tls_dir = make_certificates();
  ::setenv(tls_dir_variable, tls_dir.c_str(), 1);
#endif
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  std::int64_t count = -1;
  double secs = 0;
  {
    auto cfg = net_config(a);
    actor_system sys{cfg};
    auto receiver = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!receiver)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    sys.spawn(sender, *receiver, n, actor{self});
    self->receive(
      on(atom("done"), arg_match) >> [&](std::int64_t c) { count = c; },
      after(bench::result_timeout) >> [] { bench::timed_out("remote_throughput"); });
    secs = sw.seconds();
    work.done();
  }
#ifdef TROUPE_BENCH_TLS
  std::filesystem::remove_all(tls_dir);
#endif
  bench::metric("ns_per_msg", secs * 1e9 / n);
  return bench::check(count == n, "every message arrived, in order");
}
