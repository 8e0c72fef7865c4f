// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the cluster tests share: a server started quietly in a child process
// that goes when the test does, and the error a system with given options
// fails to start with.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

namespace troupe::test {

/// Starts `args` (a program's path, then its arguments) with its standard streams on /dev/null; it is killed
/// when the test's process ends, even one that crashed. Its process id.
inline pid_t spawn_quietly(std::vector<std::string> args) {
  auto pid = ::fork();
  if (pid < 0)
    throw std::runtime_error("fork failed");
  if (pid == 0) {
    int null = ::open("/dev/null", O_RDWR);
    ::dup2(null, 0);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    std::vector<char*> argv;
    for (auto& a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

/// Stops process `pid` (SIGSTOP), and returns once it has stopped: kill() returns before that.
inline void freeze_process(pid_t pid) {
  ::kill(pid, SIGSTOP);
  int status = 0;
  ::waitpid(pid, &status, WUNTRACED);
}

/// What a system with the middleman, the cluster module and the command-line options `args` fails to start with
/// (an empty string when it starts).
inline std::string start_error(const std::vector<std::string>& args) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  if (auto err = cfg.parse(args))
    return "bad options: " + to_string(err);
  try {
    actor_system sys{cfg};
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

} // namespace troupe::test
