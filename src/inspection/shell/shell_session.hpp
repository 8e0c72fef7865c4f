// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One troupe-shell session: the paper's commands against a nexus. In global
// mode commands see every node; change-node enters node mode, where commands
// see one node's actors, and back leaves it. Bad input gets one line that
// says what is wrong, and the session goes on.
#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/inspection/nexus.hpp"
#include "troupe/scoped_actor.hpp"

#include "shell_mailbox.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

class shell_session {
public:
  /// A session of `sys` against `nexus`, printing to `out`.
  shell_session(actor_system& sys, nexus_actor nexus, std::ostream& out);

  /// Runs one command line; false after quit.
  bool run(std::string_view line);

  /// "troupe> " in global mode, "HOST:PID> " in node mode.
  std::string prompt() const;

  /// What may complete the last word of `line` (commands first, then node and actor ids).
  std::vector<std::string> completions(std::string_view line);

  /// The command names, for help and completion.
  static const std::vector<std::string>& commands();

private:
  using args = std::vector<std::string>;

  void help();
  void list_nodes();
  void change_node(const args& xs);
  void back();
  void statistics();
  void list_actors();
  void top(const args& xs);
  void info(const args& xs);
  void peek(const args& xs);
  void send(std::string_view rest);
  void kill(const args& xs);
  void mirror(const args& xs);
  void dump(const args& xs);
  void mailbox();
  void dequeue(const args& xs);
  void pop_front();
  void await_msg(const args& xs);

  // The nodes the nexus knows; empty after printing why when it does not answer.
  std::optional<std::vector<node_info>> nodes();
  // The node of node mode, after printing why not when there is none.
  const node_info* current_node(std::string_view command);
  void fail(const std::string& what);
  void fail(const error& err);

  actor_system& sys_;
  nexus_actor nexus_;
  std::ostream& out_;
  scoped_actor self_;
  shell_mailbox mailbox_;
  std::optional<node_info> node_; // set in node mode
};

} // namespace troupe::inspection
