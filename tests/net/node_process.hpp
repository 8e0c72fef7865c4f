// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A node in a child process (the troupe_test_node program): started with a
// pipe on its stdin and stdout, it reports its port; closing stdin ends it in
// order, and the test may freeze (SIGSTOP) or kill (SIGKILL) it instead.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace troupe::test {

class node_process {
public:
  explicit node_process(std::vector<std::string> args) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
      throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0)
      throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      std::vector<char*> argv;
      for (auto& a : args)
        argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    stdin_ = in[1];
    stdout_ = out[0];
    port_ = read_port();
  }

  node_process(const node_process&) = delete;
  node_process& operator=(const node_process&) = delete;

  ~node_process() {
    if (pid_ > 0) {
      kill(pid_, SIGCONT);
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (stdin_ >= 0)
      close(stdin_);
    if (stdout_ >= 0)
      close(stdout_);
  }

  std::uint16_t port() const noexcept { return port_; }
  pid_t pid() const noexcept { return pid_; }

  void signal(int sig) { kill(pid_, sig); }

  // SIGSTOP, and returns once every thread of the node has stopped: kill()
  // returns before that, and until then a thread that runs may still answer.
  void freeze() {
    kill(pid_, SIGSTOP);
    int status = 0;
    while (waitpid(pid_, &status, WUNTRACED) < 0 && errno == EINTR) {}
  }
  void thaw() { kill(pid_, SIGCONT); }

  // Kills the node and reaps it.
  void kill_now() {
    kill(pid_, SIGCONT);
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  // Closes its stdin and waits for it to exit (30 s at most: then it is
  // killed, and a test fails instead of hanging); its exit status.
  int stop() {
    close(stdin_);
    stdin_ = -1;
    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
        return -1;
      }
      poll(nullptr, 0, 5);
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

private:
  std::uint16_t read_port() {
    std::string text;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
    while (text.find('\n') == std::string::npos) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      pollfd p{stdout_, POLLIN, 0};
      if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0)
        throw std::runtime_error("node did not report its port");
      char buf[64];
      auto n = read(stdout_, buf, sizeof(buf));
      if (n <= 0)
        throw std::runtime_error("node exited before reporting its port");
      text.append(buf, static_cast<std::size_t>(n));
    }
    if (text.rfind("port=", 0) != 0)
      throw std::runtime_error("unexpected node output: " + text);
    return static_cast<std::uint16_t>(std::stoi(text.substr(5)));
  }

  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
  std::uint16_t port_ = 0;
};

// The troupe_test_node program (TROUPE_TEST_NODE) in `mode`, on `port` (0:
// any), with a connection timeout generous enough that a loaded machine (or
// a sanitizer) does not make the node give up on a client that is merely slow.
// `options`: more settings for the node (--middleman.*=..., --bind=...).
inline node_process start_test_node(const char* program, const std::string& mode, std::uint16_t port = 0,
                                    const std::vector<std::string>& options = {}) {
  std::vector<std::string> args{program, mode};
  if (port != 0)
    args.push_back(std::to_string(port));
  args.emplace_back("--middleman.connection-timeout=30s");
  args.insert(args.end(), options.begin(), options.end());
  return node_process{std::move(args)};
}

} // namespace troupe::test
