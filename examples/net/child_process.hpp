// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The process plumbing of the network examples: each demo runs this same
// program again in child processes (a server, several clients) and talks to
// them through pipes.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace example {

// Runs this program with `args` in a child process, with the given stdin and
// stdout (-1: inherited); its pid.
inline pid_t spawn_self(const std::vector<std::string>& args, int stdin_fd = -1, int stdout_fd = -1) {
  auto pid = fork();
  if (pid != 0)
    return pid;
  if (stdin_fd >= 0)
    dup2(stdin_fd, 0);
  if (stdout_fd >= 0)
    dup2(stdout_fd, 1);
  std::vector<std::string> all{"/proc/self/exe"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  execv("/proc/self/exe", argv.data());
  _exit(127);
}

inline int exit_code(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

// A server child: it prints "port=N" first and runs until its stdin closes.
struct server_process {
  pid_t pid = -1;
  int stdin_fd = -1;
  std::string port; // empty: it did not start

  // Closes its stdin and waits for it; its exit code.
  int stop() {
    close(stdin_fd);
    return exit_code(pid);
  }
};

inline server_process start_server(const std::vector<std::string>& args) {
  int to_server[2], from_server[2];
  // Close-on-exec: only the server's stdin and stdout survive its exec, so
  // closing our end of its stdin is what it sees as the end.
  if (pipe2(to_server, O_CLOEXEC) != 0 || pipe2(from_server, O_CLOEXEC) != 0)
    return {};
  server_process result;
  result.pid = spawn_self(args, to_server[0], from_server[1]);
  close(to_server[0]);
  close(from_server[1]);
  result.stdin_fd = to_server[1];
  std::string first_line;
  char c;
  while (read(from_server[0], &c, 1) == 1 && c != '\n')
    first_line += c;
  close(from_server[0]);
  if (first_line.rfind("port=", 0) == 0)
    result.port = first_line.substr(5);
  return result;
}

} // namespace example
