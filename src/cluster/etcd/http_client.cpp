// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "http_client.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <optional>

#include <asio.hpp>

namespace troupe::cluster {

namespace {

error malformed_answer(const std::string& why) {
  return error{sec::malformed_message, "HTTP answer: " + why};
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

template <class T>
std::optional<T> parse_number(std::string_view text, int base = 10) {
  T x{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x, base);
  if (ec != std::errc{} || end != text.data() + text.size())
    return std::nullopt;
  return x;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The body sent in chunks: each a hexadecimal size line, the bytes, CRLF; a zero size ends it.
expected<std::string> unchunk(std::string_view in) {
  std::string out;
  for (;;) {
    auto eol = in.find("\r\n");
    if (eol == std::string_view::npos)
      return malformed_answer("a chunk without its size line");
    auto size_text = trim(in.substr(0, in.find(';') < eol ? in.find(';') : eol));
    auto size = parse_number<std::size_t>(size_text, 16);
    if (!size)
      return malformed_answer("a chunk size that is not a number");
    in.remove_prefix(eol + 2);
    if (*size == 0)
      return out;
    if (in.size() < *size + 2)
      return malformed_answer("a chunk cut short");
    out.append(in.substr(0, *size));
    in.remove_prefix(*size + 2);
  }
}

} // namespace

expected<http_url> parse_http_url(std::string_view url) {
  constexpr std::string_view scheme = "http://";
  if (!url.starts_with(scheme))
    return error{sec::invalid_argument, "not an http:// URL: " + std::string{url}};
  auto rest = url.substr(scheme.size());
  if (auto slash = rest.find('/'); slash != std::string_view::npos) {
    if (slash + 1 != rest.size())
      return error{sec::invalid_argument, "a path where only http://HOST:PORT goes: " + std::string{url}};
    rest = rest.substr(0, slash);
  }
  http_url out;
  auto colon = rest.rfind(':');
  if (colon != std::string_view::npos && rest.find(']', colon) == std::string_view::npos) {
    auto port = parse_number<unsigned>(rest.substr(colon + 1));
    if (!port || *port == 0 || *port > 65535)
      return error{sec::invalid_argument, "a bad port in " + std::string{url}};
    out.port = static_cast<std::uint16_t>(*port);
    rest = rest.substr(0, colon);
  }
  if (rest.size() > 2 && rest.front() == '[' && rest.back() == ']')
    rest = rest.substr(1, rest.size() - 2);
  if (rest.empty())
    return error{sec::invalid_argument, "no host in " + std::string{url}};
  out.host = std::string{rest};
  return out;
}

expected<http_answer> parse_http_answer(std::string_view raw) {
  auto head_end = raw.find("\r\n\r\n");
  if (head_end == std::string_view::npos)
    return malformed_answer("no end of its header");
  auto head = raw.substr(0, head_end);
  auto body = raw.substr(head_end + 4);
  auto line_end = head.find("\r\n");
  auto status_line = head.substr(0, line_end);
  // "HTTP/1.1 200 OK"
  if (!status_line.starts_with("HTTP/1.") || status_line.size() < 12 || status_line[8] != ' ')
    return malformed_answer("not a status line: " + std::string{status_line.substr(0, 40)});
  auto status = parse_number<int>(status_line.substr(9, 3));
  if (!status)
    return malformed_answer("a status that is not a number");
  std::optional<std::size_t> length;
  bool chunked = false;
  while (line_end != std::string_view::npos) {
    head.remove_prefix(line_end + 2);
    line_end = head.find("\r\n");
    auto line = head.substr(0, line_end);
    auto colon = line.find(':');
    if (colon == std::string_view::npos)
      continue;
    auto name = line.substr(0, colon);
    auto value = trim(line.substr(colon + 1));
    if (equal_ignoring_case(name, "content-length")) {
      length = parse_number<std::size_t>(value);
      if (!length)
        return malformed_answer("a Content-Length that is not a number");
    } else if (equal_ignoring_case(name, "transfer-encoding")) {
      chunked = equal_ignoring_case(value, "chunked");
    }
  }
  http_answer out;
  out.status = *status;
  if (chunked) {
    auto whole = unchunk(body);
    if (!whole)
      return whole.error();
    out.body = std::move(*whole);
  } else if (length) {
    if (body.size() < *length)
      return malformed_answer("a body shorter than its Content-Length");
    out.body = std::string{body.substr(0, *length)};
  } else {
    out.body = std::string{body};
  }
  return out;
}

expected<http_answer> http_post(const http_url& to, std::string_view path, std::string_view body,
                                std::chrono::milliseconds deadline) {
  asio::io_context io;
  asio::ip::tcp::resolver resolver{io};
  asio::ip::tcp::socket socket{io};
  auto where = to.host + ":" + std::to_string(to.port);
  std::string request = "POST " + std::string{path} + " HTTP/1.1\r\nHost: " + where
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size())
                        + "\r\nConnection: close\r\n\r\n";
  request += body;
  std::string raw;
  std::error_code failure;
  bool connected = false;
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
      connected = true;
      asio::async_write(socket, asio::buffer(request), [&](std::error_code ec, std::size_t) {
        if (ec)
          return fail(ec);
        // Connection: close: the answer ends where the stream does (a membership list stays far below the cap).
        asio::async_read(socket, asio::dynamic_buffer(raw, 16 << 20), [&](std::error_code ec, std::size_t) {
          if (ec && ec != asio::error::eof)
            return fail(ec);
          done = true;
        });
      });
    });
  });
  io.run_for(deadline);
  if (!done)
    return error{connected ? sec::request_timeout : sec::cannot_connect_to_node,
                 where + " did not answer within " + std::to_string(deadline.count()) + " ms"};
  if (failure)
    return error{connected ? sec::runtime_error : sec::cannot_connect_to_node, where + ": " + failure.message()};
  return parse_http_answer(raw);
}

} // namespace troupe::cluster
