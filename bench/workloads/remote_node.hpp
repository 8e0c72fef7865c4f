// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The second process of a remote workload: the program runs itself with
// --serve as a server node, which publishes its actor on a loopback port,
// prints "port=N" and runs until its stdin closes. POSIX only, shared by the
// troupe and the CAF programs so that both measure the same set-up.
//
// BENCH_NETNS="ns1=10.215.0.2,ns2=10.215.0.6,..." (set by the runner, as
// root) puts server i into network namespace i (round robin), where it
// publishes on that namespace's address; the client connects there.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// Whether this process is the server (argv[1] == "--serve").
inline bool is_server(int argc, char** argv) {
  return argc > 1 && std::strcmp(argv[1], "--serve") == 0;
}

// Where server processes run: a network namespace (empty: this one) and the
// address they publish on.
struct placement {
  std::string netns;
  std::string host = "127.0.0.1";
};

// The placements BENCH_NETNS names, or one on loopback.
inline std::vector<placement> placements() {
  std::vector<placement> out;
  const char* env = std::getenv("BENCH_NETNS");
  std::string list = env != nullptr ? env : "";
  for (std::size_t begin = 0; begin < list.size();) {
    auto end = list.find(',', begin);
    if (end == std::string::npos)
      end = list.size();
    auto item = list.substr(begin, end - begin);
    auto eq = item.find('=');
    if (eq != std::string::npos && eq > 0 && eq + 1 < item.size())
      out.push_back(placement{item.substr(0, eq), item.substr(eq + 1)});
    begin = end + 1;
  }
  if (out.empty())
    out.emplace_back();
  return out;
}

// The address a server publishes on: its placement's (BENCH_PUBLISH_HOST, set
// for it by server_process), loopback by default.
inline std::string publish_host() {
  const char* host = std::getenv("BENCH_PUBLISH_HOST");
  return host != nullptr && *host != '\0' ? std::string{host} : std::string{"127.0.0.1"};
}

// Server side: report the port, then block until the client closes our stdin.
inline void serve_until_stdin_closes(unsigned port) {
  std::printf("port=%u\n", port);
  std::fflush(stdout);
  char buf[64];
  while (read(0, buf, sizeof(buf)) > 0) {}
}

class server_process {
public:
  // Starts this program with --serve and the worker option where `where`
  // says; waits for its port.
  server_process(const char* workers_option, const placement& where = {}) : host_(where.host) {
    // Close-on-exec: a later server process must not inherit this one's pipe
    // ends, or this one's stdin would stay open after the client closes it.
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
      std::exit(3);
    // The program's path rather than /proc/self/exe itself, which under
    // valgrind names valgrind: `valgrind --trace-children=yes` then profiles
    // the server too.
    char self[4096];
    auto len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
      std::exit(3);
    self[len] = '\0';
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      setenv("BENCH_PUBLISH_HOST", where.host.c_str(), 1);
      if (where.netns.empty())
        execl(self, "server", "--serve", workers_option, static_cast<char*>(nullptr));
      else
        execlp("ip", "ip", "netns", "exec", where.netns.c_str(), self, "--serve", workers_option,
               static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    stdin_ = in[1];
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n')
      line += c;
    close(out[0]);
    if (line.rfind("port=", 0) != 0) {
      std::printf("CHECK FAILED: the server process did not start\n");
      std::exit(1);
    }
    port_ = static_cast<unsigned short>(std::atoi(line.c_str() + 5));
  }
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;
  ~server_process() {
    close(stdin_);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  unsigned short port() const noexcept { return port_; }
  const std::string& host() const noexcept { return host_; }
  // For a measurement that kills or stops the server; one that stops it
  // kills it too before the destructor, which waits for it to exit.
  pid_t pid() const noexcept { return pid_; }

private:
  std::string host_;
  pid_t pid_ = -1;
  int stdin_ = -1;
  unsigned short port_ = 0;
};

// `count` server processes, each started as server_process(workers_option) does,
// server i at placement i (round robin).
inline std::vector<std::unique_ptr<server_process>> start_servers(int count, const char* workers_option) {
  auto where = placements();
  std::vector<std::unique_ptr<server_process>> servers;
  for (int i = 0; i < count; ++i)
    servers.push_back(
      std::make_unique<server_process>(workers_option, where[static_cast<std::size_t>(i) % where.size()]));
  return servers;
}

// Handles to the actors that `servers` publish, through `sys`'s middleman (troupe
// or CAF); empty when a connection fails.
template <class Actor, class System>
std::vector<Actor> connect_to_servers(System& sys, const std::vector<std::unique_ptr<server_process>>& servers) {
  std::vector<Actor> handles;
  for (const auto& server : servers) {
    auto handle = sys.middleman().remote_actor(server->host(), server->port());
    if (!handle)
      return {};
    handles.push_back(*handle);
  }
  return handles;
}

// "--workers=N" for the server, the same as the client's (empty: the default).
inline std::string workers_option(std::size_t workers) {
  return workers != 0 ? "--workers=" + std::to_string(workers) : std::string{"--workers=0"};
}

} // namespace bench
