// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A broker that serves a small HTTP page on loopback: it opens its listening
// socket itself, owns the connections, reads each request up to its blank
// line, answers, and closes. The demo fetches the page with curl, a real
// HTTP client.
//
//   troupe_example_http_broker       serves on a free port and asks curl for / and /missing
//   troupe_example_http_broker PORT  serves on PORT (0: any) until stdin closes
#include <troupe/net.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unordered_map>

using namespace troupe;
using namespace troupe::net;

namespace {

struct http_state {
  std::unordered_map<connection_handle, std::string> requests; // what arrived so far, per connection
  int pages_served = 0;
};

using http_broker = stateful_actor<http_state, broker>;

std::string response(int status, const std::string& reason, const std::string& body) {
  return "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\n" + "Content-Type: text/html\r\n"
         + "Content-Length: " + std::to_string(body.size()) + "\r\n" + "Connection: close\r\n\r\n" + body;
}

// The answer to one request (its head, up to the blank line).
std::string answer(http_broker* self, const std::string& head) {
  auto line_end = head.find("\r\n");
  auto request_line = head.substr(0, line_end);
  if (request_line.rfind("GET / ", 0) == 0) {
    ++self->state.pages_served;
    return response(200, "OK",
                    "<html><body><h1>Hello from a troupe broker</h1><p>page " + std::to_string(self->state.pages_served)
                      + "</p></body></html>\n");
  }
  if (request_line.rfind("GET ", 0) == 0)
    return response(404, "Not Found", "<html><body><h1>404: no such page</h1></body></html>\n");
  return response(405, "Method Not Allowed", "<html><body><h1>405: only GET</h1></body></html>\n");
}

using port_atom = atom_constant<atom("port")>;

// Listens on `port` of the loopback interface only; asked with port_atom, it
// tells the port it bound.
behavior http_server(http_broker* self, std::uint16_t port) {
  auto acceptor = self->add_tcp_doorman(port, "127.0.0.1");
  if (!acceptor) {
    std::cerr << "cannot serve: " << to_string(acceptor.error()) << '\n';
    return {}; // no behavior: the broker ends at once
  }
  return {
    [=](port_atom) { return self->local_port(*acceptor); },
    [=](const new_connection_msg& m) {
      self->state.requests.emplace(m.handle, std::string{});
      self->configure_read(m.handle, receive_policy::at_most(4096));
    },
    [=](const new_data_msg& m) {
      auto& request = self->state.requests[m.handle];
      request += m.text();
      if (auto end = request.find("\r\n\r\n"); end != std::string::npos) {
        self->write(m.handle, answer(self, request.substr(0, end)));
        self->close(m.handle); // sends the answer, then closes
      } else if (request.size() > 64 * 1024) {
        self->write(m.handle, response(431, "Request Header Fields Too Large", ""));
        self->close(m.handle);
      }
    },
    [=](const connection_closed_msg& m) { self->state.requests.erase(m.handle); },
  };
}

// curl's output for `url`, with its options; empty if it could not run.
std::string curl(const std::string& options, const std::string& url) {
  std::string cmd = "curl --silent --show-error --max-time 10 " + options + " '" + url + "' 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[512];
    while (auto n = fread(buf, 1, sizeof(buf), p))
      out.append(buf, n);
    pclose(p);
  }
  return out;
}

// Asks the server on `port` with curl.
int run_demo(std::uint16_t port) {
  if (std::system("command -v curl > /dev/null 2>&1") != 0) {
    std::cout << "skipped: curl is not installed (scripts/install-deps.sh installs it)\n";
    return 0;
  }
  auto base = "http://127.0.0.1:" + std::to_string(port);
  std::cout << "serving on port " << port << "\n";
  auto page = curl("--include", base + "/");
  std::cout << "GET /:\n" << page;
  auto status = curl("--output /dev/null --write-out '%{http_code}'", base + "/missing");
  std::cout << "\nGET /missing: status " << status << "\n";
  bool ok = page.find("HTTP/1.1 200 OK") != std::string::npos
            && page.find("Hello from a troupe broker") != std::string::npos && status == "404";
  std::cout << (ok ? "http demo done" : "http demo failed") << std::endl;
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
  auto server =
    sys.middleman().spawn_broker(http_server, static_cast<std::uint16_t>(argc == 2 ? std::stoi(argv[1]) : 0));
  // The broker is an actor like any other: it answers requests.
  std::uint16_t port = 0;
  scoped_actor self{sys};
  self->request(server, std::chrono::seconds{5}, port_atom{})
    .receive([&](std::uint16_t bound) { port = bound; }, [](const error&) {});
  if (port == 0)
    return 1;
  if (argc == 1)
    return run_demo(port);
  std::cout << "port=" << port << std::endl;
  for (std::string line; std::getline(std::cin, line);) {}
  return 0; // the system's shutdown ends the broker
}
