// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "shell_session.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iomanip>

#include "troupe/actor_system.hpp"
#include "troupe/config_option_set.hpp"
#include "troupe/inspection/mirror_level.hpp"

#include "../unsigned_text.hpp"
#include "node_resolver.hpp"
#include "shell_text.hpp"

namespace troupe::inspection {

namespace {

using namespace std::chrono_literals;

// How long the shell waits for the nexus (and, through it, a node) to answer.
constexpr auto answer_timeout = 10s;
// await-msg without a timeout waits this long.
constexpr auto default_await = 5s;
// Rows top shows.
constexpr std::size_t top_rows = 10;

struct command_entry {
  const char* name;
  const char* usage;
  const char* what;
};

constexpr command_entry command_table[] = {
  {"help", "help", "this list"},
  {"list-nodes", "list-nodes", "every node the nexus knows: id, host, process id, up or down"},
  {"change-node", "change-node NODE", "enter node mode (NODE: an id, a unique prefix of one, or HOST:PID)"},
  {"back", "back", "leave node mode"},
  {"statistics", "statistics", "the node's CPU, RAM, actors and connections (every node's in global mode)"},
  {"list-actors", "list-actors", "the node's live actors: id, name, state, mailbox depth"},
  {"top", "top [depth|time|messages]",
   "the node's busiest actors, by mailbox depth (default), handler time or "
   "messages processed"},
  {"info", "info ID", "one actor: name, state, statistics, links and monitors"},
  {"peek", "peek ID", "the messages waiting in an actor's mailbox"},
  {"send", "send ID MESSAGE",
   "send MESSAGE (text format, e.g. ('ping')) to an actor; answers come to the shell's "
   "mailbox (needs inspect.allow-control on the node)"},
  {"kill", "kill ID [REASON]", "end an actor with REASON (default kill; needs inspect.allow-control on the node)"},
  {"mirror", "mirror LEVEL [NODE]",
   "set what nodes report: off, events, headers or full (this node in node mode, "
   "else every node)"},
  {"dump", "dump",
   "have the node's flight recorder write its last events to its file now (needs "
   "inspect.recorder-file on the node)"},
  {"mailbox", "mailbox", "the messages in the shell's own mailbox"},
  {"dequeue", "dequeue N", "take and print the N oldest messages of the shell's mailbox"},
  {"pop-front", "pop-front", "take and print the oldest message of the shell's mailbox"},
  {"await-msg", "await-msg [TIMEOUT]",
   "wait for a message in the shell's mailbox (default 5s) and print the "
   "oldest"},
  {"quit", "quit", "leave the shell"},
};

std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
      ++i;
    auto start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t')
      ++i;
    if (i > start)
      out.emplace_back(line.substr(start, i - start));
  }
  return out;
}

// What follows the first `n` words of `line`, with the blanks before it removed,
// and where it starts (for columns in parse errors).
std::string_view rest_after(std::string_view line, std::size_t n, std::size_t& offset) {
  std::size_t i = 0;
  for (std::size_t w = 0; w < n; ++w) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
      ++i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t')
      ++i;
  }
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
    ++i;
  offset = i;
  return line.substr(i);
}

std::optional<actor_id> parse_id(const std::string& text) {
  return parse_unsigned(text);
}

} // namespace

shell_session::shell_session(actor_system& sys, nexus_actor nexus, std::ostream& out)
  : sys_(sys), nexus_(std::move(nexus)), out_(out), self_(sys), mailbox_(self_) {}

const std::vector<std::string>& shell_session::commands() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (auto& c : command_table)
      out.emplace_back(c.name);
    return out;
  }();
  return names;
}

std::string shell_session::prompt() const {
  if (!node_)
    return "troupe> ";
  return node_->host + ":" + std::to_string(node_->pid) + "> ";
}

void shell_session::fail(const std::string& what) {
  out_ << "error: " << what << '\n';
}

void shell_session::fail(const error& err) {
  fail(err.context().empty() ? to_string(err) : err.context());
}

bool shell_session::run(std::string_view line) {
  auto xs = split_words(line);
  if (xs.empty())
    return true;
  const auto& cmd = xs.front();
  args rest(xs.begin() + 1, xs.end());
  if (cmd == "quit" || cmd == "exit")
    return false;
  if (cmd == "help")
    help();
  else if (cmd == "list-nodes")
    list_nodes();
  else if (cmd == "change-node")
    change_node(rest);
  else if (cmd == "back")
    back();
  else if (cmd == "statistics")
    statistics();
  else if (cmd == "list-actors")
    list_actors();
  else if (cmd == "top")
    top(rest);
  else if (cmd == "info")
    info(rest);
  else if (cmd == "peek")
    peek(rest);
  else if (cmd == "send")
    send(line);
  else if (cmd == "kill")
    kill(rest);
  else if (cmd == "mirror")
    mirror(rest);
  else if (cmd == "dump")
    dump(rest);
  else if (cmd == "mailbox")
    mailbox();
  else if (cmd == "dequeue")
    dequeue(rest);
  else if (cmd == "pop-front")
    pop_front();
  else if (cmd == "await-msg")
    await_msg(rest);
  else
    fail("unknown command " + cmd + " (help lists the commands)");
  out_.flush();
  return true;
}

void shell_session::help() {
  for (auto& c : command_table)
    out_ << "  " << std::left << std::setw(28) << c.usage << c.what << '\n';
}

std::optional<std::vector<node_info>> shell_session::nodes() {
  std::optional<std::vector<node_info>> out;
  self_->request(nexus_, answer_timeout, list_nodes_atom{})
    .receive([&](std::vector<node_info>& xs) { out = std::move(xs); }, [&](error& err) { fail(err); });
  return out;
}

const node_info* shell_session::current_node(std::string_view command) {
  if (!node_) {
    fail(std::string{command} + " needs a node: change-node NODE first (list-nodes shows them)");
    return nullptr;
  }
  return &*node_;
}

void shell_session::list_nodes() {
  auto xs = nodes();
  if (!xs)
    return;
  if (xs->empty())
    out_ << "(no nodes)\n";
  for (auto& n : *xs)
    out_ << n.node << ' ' << n.host << ' ' << n.pid << ' ' << (n.up ? "up" : "down") << '\n';
}

void shell_session::change_node(const args& xs) {
  if (xs.size() != 1) {
    fail("usage: change-node NODE");
    return;
  }
  auto all = nodes();
  if (!all)
    return;
  auto n = resolve_node(*all, xs.front());
  if (!n) {
    fail(n.error());
    return;
  }
  node_ = std::move(*n);
  out_ << "node " << node_->node << " (" << node_->host << ':' << node_->pid << ", " << (node_->up ? "up" : "down")
       << ")\n";
}

void shell_session::back() {
  if (!node_) {
    fail("back: already in global mode");
    return;
  }
  node_.reset();
}

void shell_session::statistics() {
  if (node_) {
    self_->request(nexus_, answer_timeout, statistics_atom{}, node_->node)
      .receive([&](node_statistics& s) { print_statistics(out_, *node_, s); }, [&](error& err) { fail(err); });
    return;
  }
  auto all = nodes();
  if (!all)
    return;
  for (auto& n : *all)
    self_->request(nexus_, answer_timeout, statistics_atom{}, n.node)
      .receive([&](node_statistics& s) { print_statistics_line(out_, n, s); }, [&](error& err) { fail(err); });
}

void shell_session::list_actors() {
  auto* n = current_node("list-actors");
  if (n == nullptr)
    return;
  self_->request(nexus_, answer_timeout, list_actors_atom{}, n->node)
    .receive([&](node_snapshot& s) { print_actor_list(out_, s); }, [&](error& err) { fail(err); });
}

void shell_session::top(const args& xs) {
  auto* n = current_node("top");
  if (n == nullptr)
    return;
  auto order = xs.empty() ? std::string{"depth"} : xs.front();
  if (order != "depth" && order != "time" && order != "messages") {
    fail("usage: top [depth|time|messages]");
    return;
  }
  self_->request(nexus_, answer_timeout, list_actors_atom{}, n->node)
    .receive([&](node_snapshot& s) { print_top(out_, s, order, top_rows); }, [&](error& err) { fail(err); });
}

void shell_session::info(const args& xs) {
  auto* n = current_node("info");
  if (n == nullptr)
    return;
  auto id = xs.size() == 1 ? parse_id(xs.front()) : std::nullopt;
  if (!id) {
    fail("usage: info ID (an actor id, as list-actors shows it)");
    return;
  }
  self_->request(nexus_, answer_timeout, info_atom{}, n->node, *id)
    .receive([&](actor_details& d) { print_details(out_, d); }, [&](error& err) { fail(err); });
}

void shell_session::peek(const args& xs) {
  auto* n = current_node("peek");
  if (n == nullptr)
    return;
  auto id = xs.size() == 1 ? parse_id(xs.front()) : std::nullopt;
  if (!id) {
    fail("usage: peek ID (an actor id, as list-actors shows it)");
    return;
  }
  self_->request(nexus_, answer_timeout, peek_atom{}, n->node, *id)
    .receive(
      [&](std::vector<std::string>& lines) {
        if (lines.empty())
          out_ << "(no messages waiting)\n";
        for (auto& l : lines)
          out_ << l << '\n';
      },
      [&](error& err) { fail(err); });
}

void shell_session::send(std::string_view line) {
  auto* n = current_node("send");
  if (n == nullptr)
    return;
  auto xs = split_words(line);
  auto id = xs.size() >= 3 ? parse_id(xs[1]) : std::nullopt;
  if (!id) {
    fail("usage: send ID MESSAGE (e.g. send 4 ('ping'))");
    return;
  }
  std::size_t offset = 0;
  auto text = std::string{rest_after(line, 2, offset)};
  self_->request(nexus_, answer_timeout, send_atom{}, n->node, *id, text, actor_cast<actor>(self_.ctrl()))
    .receive([&](std::string&) { out_ << "sent\n"; }, [&](error& err) { fail(parse_error_with_column(err, offset)); });
}

void shell_session::kill(const args& xs) {
  auto* n = current_node("kill");
  if (n == nullptr)
    return;
  auto id = !xs.empty() && xs.size() <= 2 ? parse_id(xs.front()) : std::nullopt;
  if (!id) {
    fail("usage: kill ID [REASON]");
    return;
  }
  auto reason = xs.size() == 2 ? xs[1] : std::string{};
  self_->request(nexus_, answer_timeout, kill_atom{}, n->node, *id, reason)
    .receive([&](std::string& who) { out_ << "killed " << who << '\n'; }, [&](error& err) { fail(err); });
}

void shell_session::dump(const args& xs) {
  auto* n = current_node("dump");
  if (n == nullptr)
    return;
  if (!xs.empty()) {
    fail("usage: dump (in node mode)");
    return;
  }
  self_->request(nexus_, answer_timeout, dump_atom{}, n->node)
    .receive([&](std::string& file) { out_ << "the flight recorder wrote " << file << '\n'; },
             [&](error& err) { fail(err); });
}

void shell_session::mirror(const args& xs) {
  if (xs.empty() || xs.size() > 2 || !parse_mirror_level(xs.front())) {
    fail("usage: mirror off|events|headers|full [NODE]");
    return;
  }
  std::string target;
  if (xs.size() == 2) {
    auto all = nodes();
    if (!all)
      return;
    auto n = resolve_node(*all, xs[1]);
    if (!n) {
      fail(n.error());
      return;
    }
    target = n->node;
  } else if (node_) {
    target = node_->node;
  }
  self_->request(nexus_, answer_timeout, mirror_atom{}, xs.front(), target)
    .receive([&](std::string& which) { out_ << "mirror " << xs.front() << " on " << which << '\n'; },
             [&](error& err) { fail(err); });
}

void shell_session::mailbox() {
  mailbox_.collect();
  if (mailbox_.messages().empty())
    out_ << "(empty)\n";
  for (auto& m : mailbox_.messages())
    out_ << m << '\n';
}

void shell_session::dequeue(const args& xs) {
  auto n = xs.size() == 1 ? parse_id(xs.front()) : std::nullopt;
  if (!n || *n == 0) {
    fail("usage: dequeue N (N > 0)");
    return;
  }
  auto taken = mailbox_.take(*n);
  if (taken.empty())
    out_ << "(empty)\n";
  for (auto& m : taken)
    out_ << m << '\n';
}

void shell_session::pop_front() {
  auto taken = mailbox_.take(1);
  out_ << (taken.empty() ? std::string{"(empty)"} : taken.front()) << '\n';
}

void shell_session::await_msg(const args& xs) {
  std::chrono::nanoseconds timeout = default_await;
  if (xs.size() > 1 || (xs.size() == 1 && !troupe::detail::parse_duration(xs.front(), timeout))) {
    fail("usage: await-msg [TIMEOUT] (e.g. 5s or 250ms)");
    return;
  }
  if (!mailbox_.await(timeout)) {
    fail("no message within " + troupe::detail::duration_text(timeout));
    return;
  }
  out_ << mailbox_.messages().front() << '\n';
}

std::vector<std::string> shell_session::completions(std::string_view line) {
  auto xs = split_words(line);
  bool fresh_word = line.empty() || line.back() == ' ' || line.back() == '\t';
  auto word = fresh_word || xs.empty() ? std::string{} : xs.back();
  auto position = fresh_word ? xs.size() : xs.size() - 1;
  std::vector<std::string> candidates;
  if (position == 0) {
    candidates = commands();
  } else if (xs.front() == "change-node" || (xs.front() == "mirror" && position == 2)) {
    if (auto all = nodes())
      for (auto& n : *all)
        candidates.push_back(n.node);
  } else if (xs.front() == "mirror" && position == 1) {
    candidates = {"off", "events", "headers", "full"};
  } else if (xs.front() == "top" && position == 1) {
    candidates = {"depth", "time", "messages"};
  }
  std::vector<std::string> out;
  for (auto& c : candidates)
    if (c.starts_with(word))
      out.push_back(c);
  return out;
}

} // namespace troupe::inspection
