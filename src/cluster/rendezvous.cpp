// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "rendezvous.hpp"

#include <charconv>
#include <memory>
#include <thread>

#include <asio.hpp>

#include "troupe/log.hpp"

namespace troupe::cluster {

namespace {

using tcp = asio::ip::tcp;

constexpr std::string_view magic = "troupe-rendezvous/1";
constexpr std::size_t max_hello = 4096;
constexpr std::size_t max_table = 64 << 20; // far above a million ranks' entries

error malformed_line(const std::string& why) {
  return error{sec::malformed_message, "rendezvous: " + why};
}

bool valid_entry(std::string_view e) {
  return !e.empty() && e.front() != ' ' && e.back() != ' ' && e.find_first_of("\r\n") == std::string_view::npos;
}

std::optional<std::uint32_t> rank_number(std::string_view s) {
  std::uint32_t x = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc{} || end != s.data() + s.size())
    return std::nullopt;
  return x;
}

// The word of `s` up to the next space, taken off `s`.
std::string_view next_word(std::string_view& s) {
  auto space = s.find(' ');
  auto word = s.substr(0, space);
  s = space == std::string_view::npos ? std::string_view{} : s.substr(space + 1);
  return word;
}

tcp::endpoint resolve_rank0(asio::io_context& io, const endpoint& at, error& failure) {
  asio::error_code ec;
  tcp::resolver resolver{io};
  auto found = resolver.resolve(at.host, std::to_string(at.port), ec);
  if (ec || found.empty()) {
    failure = error{sec::cannot_connect_to_node, "rendezvous: cannot resolve " + to_string(at) + ": " + ec.message()};
    return {};
  }
  return found.begin()->endpoint();
}

} // namespace

std::string hello_line(const rendezvous_hello& h) {
  return std::string{magic} + " " + std::to_string(h.rank) + " " + std::to_string(h.size) + " " + h.entry + "\n";
}

expected<rendezvous_hello> parse_hello(std::string_view line) {
  if (next_word(line) != magic)
    return malformed_line("not a hello");
  auto rank = rank_number(next_word(line));
  auto size = rank_number(next_word(line));
  if (!rank || !size || *size == 0 || *rank >= *size)
    return malformed_line("a hello without a rank within a job");
  if (!valid_entry(line))
    return malformed_line("a hello without an entry");
  return rendezvous_hello{*rank, *size, std::string{line}};
}

expected<std::vector<std::string>> parse_table(std::string_view text, std::uint32_t size) {
  std::vector<std::string> out;
  while (!text.empty()) {
    auto eol = text.find('\n');
    if (eol == std::string_view::npos)
      return malformed_line("an entry without its newline");
    auto entry = text.substr(0, eol);
    if (!valid_entry(entry))
      return malformed_line("an empty entry");
    out.emplace_back(entry);
    text.remove_prefix(eol + 1);
  }
  if (out.size() != size)
    return malformed_line(std::to_string(out.size()) + " entries for a job of " + std::to_string(size));
  return out;
}

expected<std::vector<std::string>> rendezvous_serve(const endpoint& at, std::uint32_t size, const std::string& mine,
                                                    std::chrono::nanoseconds timeout) {
  std::vector<std::string> table(size);
  table[0] = mine;
  if (size == 1)
    return table;
  struct connection {
    explicit connection(tcp::socket s) : socket(std::move(s)) {}
    tcp::socket socket;
    std::string line;
  };
  asio::io_context io;
  // Rank 0 listens on every interface unless the rendezvous is on loopback: its host name may resolve to a
  // loopback address here and to another one on the other hosts.
  asio::error_code parse_ec;
  auto literal = asio::ip::make_address(at.host, parse_ec);
  bool loopback = at.host == "localhost" || (!parse_ec && literal.is_loopback());
  tcp::endpoint where{loopback ? (parse_ec ? asio::ip::address{asio::ip::address_v4::loopback()} : literal)
                               : asio::ip::address{asio::ip::address_v4::any()},
                      at.port};
  tcp::acceptor acceptor{io};
  asio::error_code ec;
  acceptor.open(where.protocol(), ec);
  if (!ec)
    acceptor.set_option(asio::socket_base::reuse_address{true}, ec);
  if (!ec)
    acceptor.bind(where, ec);
  if (!ec)
    acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    return error{sec::runtime_error, "rendezvous: rank 0 cannot listen at " + to_string(at) + ": " + ec.message()};
  std::vector<bool> said(size, false);
  said[0] = true;
  std::uint32_t missing = size - 1;
  std::vector<std::shared_ptr<connection>> joined;
  auto answer = std::make_shared<std::string>();
  std::function<void()> accept_next = [&] {
    acceptor.async_accept([&](const asio::error_code& e, tcp::socket s) {
      if (e)
        return;
      auto c = std::make_shared<connection>(std::move(s));
      asio::async_read_until(
        c->socket, asio::dynamic_buffer(c->line, max_hello), '\n', [&, c](const asio::error_code& e2, std::size_t n) {
          if (e2 || missing == 0)
            return; // the connection closes as `c` goes
          auto h = parse_hello(std::string_view{c->line}.substr(0, n - 1));
          if (!h || h->size != size || h->rank == 0 || said[h->rank]) {
            TROUPE_LOG_WARNING("cluster", "rendezvous: a hello refused: " << (h ? "rank " + std::to_string(h->rank)
                                                                                    + " again, or of a job of "
                                                                                    + std::to_string(h->size)
                                                                                : to_string(h.error())));
            return;
          }
          said[h->rank] = true;
          table[h->rank] = std::move(h->entry);
          joined.push_back(c);
          if (--missing > 0)
            return;
          acceptor.close();
          for (const auto& entry : table)
            *answer += entry + "\n";
          for (auto& j : joined)
            asio::async_write(j->socket, asio::buffer(*answer), [j, answer](const asio::error_code&, std::size_t) {
              asio::error_code ignored;
              j->socket.shutdown(tcp::socket::shutdown_send, ignored);
            });
        });
      accept_next();
    });
  };
  accept_next();
  io.run_for(timeout);
  if (missing > 0)
    return error{sec::request_timeout, "rendezvous: " + std::to_string(missing) + " of " + std::to_string(size - 1)
                                         + " ranks did not say hello to rank 0 at " + to_string(at) + " in time"};
  return table;
}

expected<std::vector<std::string>> rendezvous_join(const endpoint& at, std::uint32_t rank, std::uint32_t size,
                                                   const std::string& mine, std::chrono::nanoseconds timeout) {
  auto give_up = std::chrono::steady_clock::now() + timeout;
  auto hello = hello_line(rendezvous_hello{rank, size, mine});
  error last{sec::cannot_connect_to_node, "rendezvous: rank 0 at " + to_string(at) + " did not answer"};
  while (std::chrono::steady_clock::now() < give_up) {
    asio::io_context io;
    error failure;
    auto where = resolve_rank0(io, at, failure);
    if (failure)
      return failure;
    tcp::socket socket{io};
    std::string text;
    bool connected = false;
    bool done = false;
    asio::error_code outcome;
    socket.async_connect(where, [&](const asio::error_code& e) {
      if (e) {
        outcome = e;
        done = true;
        return;
      }
      connected = true;
      asio::async_write(socket, asio::buffer(hello), [&](const asio::error_code& e2, std::size_t) {
        if (e2) {
          outcome = e2;
          done = true;
          return;
        }
        asio::async_read(socket, asio::dynamic_buffer(text, max_table), [&](const asio::error_code& e3, std::size_t) {
          if (e3 && e3 != asio::error::eof)
            outcome = e3;
          done = true;
        });
      });
    });
    io.run_for(give_up - std::chrono::steady_clock::now());
    if (done && !outcome)
      return parse_table(text, size);
    if (connected)
      return error{sec::runtime_error, "rendezvous: rank 0 at " + to_string(at) + " closed without the table"
                                         + (outcome ? ": " + outcome.message() : std::string{})};
    // Rank 0 is not listening yet.
    last = error{sec::cannot_connect_to_node,
                 "rendezvous: rank 0 at " + to_string(at) + ": " + (outcome ? outcome.message() : "no answer")};
    std::this_thread::sleep_for(std::chrono::milliseconds{100});
  }
  return last;
}

} // namespace troupe::cluster
