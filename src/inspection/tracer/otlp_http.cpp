// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "otlp_http.hpp"

#include <charconv>

#include <asio.hpp>

namespace troupe::inspection {

expected<otlp_endpoint> parse_otlp_url(const std::string& url) {
  constexpr std::string_view scheme = "http://";
  std::string_view rest{url};
  if (!rest.starts_with(scheme))
    return error{sec::invalid_argument, "not an http:// URL: " + url};
  rest.remove_prefix(scheme.size());
  otlp_endpoint out;
  auto slash = rest.find('/');
  auto authority = rest.substr(0, slash);
  if (slash != std::string_view::npos)
    out.path = std::string{rest.substr(slash)};
  auto colon = authority.rfind(':');
  if (colon != std::string_view::npos && authority.find(']', colon) == std::string_view::npos) {
    auto port_text = authority.substr(colon + 1);
    unsigned port = 0;
    auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc{} || end != port_text.data() + port_text.size() || port == 0 || port > 65535)
      return error{sec::invalid_argument, "bad port in " + url};
    out.port = static_cast<std::uint16_t>(port);
    authority = authority.substr(0, colon);
  }
  if (authority.size() > 2 && authority.front() == '[' && authority.back() == ']')
    authority = authority.substr(1, authority.size() - 2);
  if (authority.empty())
    return error{sec::invalid_argument, "no host in " + url};
  out.host = std::string{authority};
  return out;
}

error post_otlp(const otlp_endpoint& to, const std::string& body, std::chrono::milliseconds deadline) {
  asio::io_context io;
  asio::ip::tcp::resolver resolver{io};
  asio::ip::tcp::socket socket{io};
  std::string request = "POST " + to.path + " HTTP/1.1\r\nHost: " + to.host + ":" + std::to_string(to.port)
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size())
                        + "\r\nConnection: close\r\n\r\n";
  std::string answer;
  std::error_code failure;
  bool done = false;
  auto fail = [&](std::error_code ec) {
    failure = ec;
    done = true;
  };
  resolver.async_resolve(to.host, std::to_string(to.port), [&](std::error_code ec, auto endpoints) {
    if (ec)
      return fail(ec);
    asio::async_connect(socket, endpoints, [&](std::error_code ec, const auto&) {
      if (ec)
        return fail(ec);
      std::array<asio::const_buffer, 2> parts{asio::buffer(request), asio::buffer(body)};
      asio::async_write(socket, parts, [&](std::error_code ec, std::size_t) {
        if (ec)
          return fail(ec);
        asio::async_read(socket, asio::dynamic_buffer(answer, 64 << 10), [&](std::error_code ec, std::size_t) {
          if (ec && ec != asio::error::eof)
            return fail(ec);
          done = true;
        });
      });
    });
  });
  io.run_for(deadline);
  if (!done)
    return error{sec::runtime_error, "no answer from " + to.host + ":" + std::to_string(to.port) + " within "
                                       + std::to_string(deadline.count()) + " ms"};
  if (failure)
    return error{sec::runtime_error, to.host + ":" + std::to_string(to.port) + ": " + failure.message()};
  // "HTTP/1.1 200 OK": the status is the second word.
  auto space = answer.find(' ');
  if (space == std::string::npos || answer.size() < space + 4 || answer[space + 1] != '2')
    return error{sec::runtime_error, "the collector answered: " + answer.substr(0, answer.find('\r'))};
  return error{};
}

} // namespace troupe::inspection
