// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A line-based chat server as a broker: a client's first line is its name,
// every further line goes to everybody else, and "/quit" leaves. The demo
// talks to it through three `nc` (netcat) clients, each a separate process.
//
//   troupe_example_chat_broker       the demo: a server and three nc clients
//   troupe_example_chat_broker PORT  serves on PORT (0: any) until stdin closes
#include <troupe/net.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace troupe;
using namespace troupe::net;

namespace {

// ---- the server -----------------------------------------------------------------------

struct member {
  std::string name;    // empty until the first line arrived
  std::string partial; // the start of a line still missing its end
};

struct chat_state {
  std::map<connection_handle, member> members;
};

using chat_broker = stateful_actor<chat_state, broker>;

void say(chat_broker* self, connection_handle to, const std::string& line) {
  self->write(to, line + "\n");
  self->flush(to);
}

// To every named member but `except`.
void broadcast(chat_broker* self, connection_handle except, const std::string& line) {
  for (auto& [hdl, m] : self->state.members)
    if (hdl != except && !m.name.empty())
      say(self, hdl, line);
}

std::size_t online(chat_broker* self) {
  std::size_t n = 0;
  for (auto& [hdl, m] : self->state.members)
    n += m.name.empty() ? 0 : 1;
  return n;
}

void on_line(chat_broker* self, connection_handle from, const std::string& line) {
  auto& m = self->state.members[from];
  if (m.name.empty()) {
    if (line.empty()) {
      say(self, from, "name?");
      return;
    }
    m.name = line;
    say(self, from, "welcome " + line + ", " + std::to_string(online(self)) + " online");
    broadcast(self, from, "* " + line + " joined");
  } else if (line == "/quit") {
    say(self, from, "bye");
    broadcast(self, from, "* " + m.name + " left");
    self->state.members.erase(from);
    self->close(from);
  } else {
    broadcast(self, from, m.name + ": " + line);
  }
}

behavior chat_server(chat_broker* self) {
  return {
    [=](const new_connection_msg& m) {
      self->state.members.emplace(m.handle, member{});
      self->configure_read(m.handle, receive_policy::at_most(1024));
      say(self, m.handle, "name?");
    },
    [=](const new_data_msg& m) {
      auto& partial = self->state.members[m.handle].partial;
      partial += m.text();
      std::vector<std::string> lines;
      for (auto end = partial.find('\n'); end != std::string::npos; end = partial.find('\n')) {
        auto line = partial.substr(0, end);
        if (!line.empty() && line.back() == '\r')
          line.pop_back();
        lines.push_back(line);
        partial.erase(0, end + 1);
      }
      for (auto& line : lines)
        if (self->state.members.count(m.handle) != 0) // "/quit" ends the rest
          on_line(self, m.handle, line);
    },
    [=](const connection_closed_msg& m) {
      auto i = self->state.members.find(m.handle);
      if (i == self->state.members.end())
        return; // left with /quit
      auto name = i->second.name;
      self->state.members.erase(i);
      if (!name.empty())
        broadcast(self, m.handle, "* " + name + " left");
    },
  };
}

// ---- the demo: nc clients in their own processes ---------------------------------------

// One `nc` process, with its stdin and stdout on pipes.
class nc_client {
public:
  nc_client(std::string name, std::uint16_t port) : name_(std::move(name)) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
      return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      auto port_text = std::to_string(port);
      // -N: shut the connection down for writing when stdin ends, so the
      // server sees this client leave.
      execlp("nc", "nc", "-N", "127.0.0.1", port_text.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_nc_ = in[1];
    from_nc_ = out[0];
  }
  nc_client(const nc_client&) = delete;
  nc_client& operator=(const nc_client&) = delete;
  ~nc_client() {
    end_input();
    if (from_nc_ >= 0)
      ::close(from_nc_);
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  const std::string& name() const noexcept { return name_; }

  void send(const std::string& line) {
    auto text = line + "\n";
    if (::write(to_nc_, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
      std::cerr << name_ << ": cannot write to nc\n";
  }

  // The next line nc printed, or "(timeout)"/"(eof)" after 10 s or at its end.
  std::string next_line() {
    std::string line;
    for (;;) {
      pollfd p{from_nc_, POLLIN, 0};
      if (poll(&p, 1, 10'000) <= 0)
        return "(timeout)";
      char c;
      if (::read(from_nc_, &c, 1) != 1)
        return line.empty() ? "(eof)" : line;
      if (c == '\n')
        return line;
      line += c;
    }
  }

  // Reads the next line and checks it.
  bool expect(const std::string& want) {
    auto got = next_line();
    std::cout << name_ << " reads: " << got << '\n';
    if (got != want)
      std::cout << "  expected: " << want << '\n';
    return got == want;
  }

  void end_input() {
    if (to_nc_ >= 0)
      ::close(to_nc_);
    to_nc_ = -1;
  }

  // Whether nc exited (on its own) within 10 s.
  bool exits() {
    for (int i = 0; i < 1000; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        reaped_ = true;
        return true;
      }
      usleep(10'000);
    }
    return false;
  }

private:
  std::string name_;
  pid_t pid_ = -1;
  int to_nc_ = -1;
  int from_nc_ = -1;
  bool reaped_ = false;
};

// Three nc clients talk through the server on `port`.
int run_demo(std::uint16_t port) {
  if (std::system("command -v nc > /dev/null 2>&1") != 0) {
    std::cout << "skipped: nc is not installed (scripts/install-deps.sh installs netcat-openbsd)\n";
    return 0;
  }
  std::cout << "chat server on port " << port << std::endl;
  bool ok = true;
  nc_client alice{"alice", port}, bob{"bob", port}, carol{"carol", port};
  // Join one after the other, so that every transcript has a fixed order.
  ok &= alice.expect("name?");
  alice.send("alice");
  ok &= alice.expect("welcome alice, 1 online");
  ok &= bob.expect("name?");
  bob.send("bob");
  ok &= bob.expect("welcome bob, 2 online");
  ok &= alice.expect("* bob joined");
  ok &= carol.expect("name?");
  carol.send("carol");
  ok &= carol.expect("welcome carol, 3 online");
  ok &= alice.expect("* carol joined");
  ok &= bob.expect("* carol joined");

  alice.send("hello everyone");
  ok &= bob.expect("alice: hello everyone");
  ok &= carol.expect("alice: hello everyone");
  bob.send("hi alice");
  ok &= alice.expect("bob: hi alice");
  ok &= carol.expect("bob: hi alice");

  carol.send("/quit"); // the server says bye and closes the connection
  ok &= carol.expect("bye");
  carol.end_input(); // nc itself runs until its input ends, too
  ok &= carol.expect("(eof)");
  ok &= alice.expect("* carol left");
  ok &= bob.expect("* carol left");

  alice.end_input(); // nc -N shuts the connection down: the server sees alice leave
  ok &= bob.expect("* alice left");
  ok &= alice.expect("(eof)");
  bob.end_input();
  ok &= bob.expect("(eof)");
  for (auto* c : {&alice, &bob, &carol})
    if (!c->exits()) {
      std::cout << c->name() << "'s nc did not exit\n";
      ok = false;
    }
  std::cout << (ok ? "chat demo done" : "chat demo failed") << std::endl;
  return ok ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  if (argc > 2) {
    std::cerr << "usage: " << argv[0] << " [PORT]\n";
    return 2;
  }
  actor_system_config cfg;
  cfg.load<middleman>();
  actor_system sys{cfg};
  std::uint16_t port = argc == 2 ? static_cast<std::uint16_t>(std::stoi(argv[1])) : 0;
  auto server = sys.middleman().spawn_server(chat_server, port); // sets port to the one bound
  if (!server) {
    std::cerr << "cannot serve: " << to_string(server.error()) << '\n';
    return 1;
  }
  if (argc == 1)
    return run_demo(port);
  std::cout << "port=" << port << std::endl;
  for (std::string line; std::getline(std::cin, line);) {}
  return 0; // the system's shutdown ends the broker
}
