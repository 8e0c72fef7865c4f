// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "http_request.hpp"

#include <algorithm>

namespace troupe::inspection {

namespace {

constexpr std::size_t max_target = 2048;
constexpr std::size_t max_headers = 64;

// RFC 9110 token characters.
bool is_token_char(char c) noexcept {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
    return true;
  return std::string_view{"!#$%&'*+-.^_`|~"}.find(c) != std::string_view::npos;
}

bool is_token(std::string_view s) noexcept {
  return !s.empty() && std::all_of(s.begin(), s.end(), is_token_char);
}

// Visible ASCII: what a request target may hold.
bool is_visible(char c) noexcept {
  return c > 0x20 && c < 0x7f;
}

// A field value: visible characters, spaces and tabs, and bytes above 0x7f.
bool is_field_value_char(char c) noexcept {
  auto u = static_cast<unsigned char>(c);
  return u == '\t' || (u >= 0x20 && u != 0x7f);
}

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%') {
      if (i + 2 >= s.size())
        return std::nullopt;
      int hi = hex_value(s[i + 1]);
      int lo = hex_value(s[i + 2]);
      if (hi < 0 || lo < 0)
        return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

} // namespace

const std::string* http_request::header(std::string_view name) const noexcept {
  for (auto& [k, v] : headers)
    if (k == name)
      return &v;
  return nullptr;
}

std::optional<http_request> parse_request_head(std::string_view head, std::string& why) {
  if (head.size() > max_request_head) {
    why = "request head too long";
    return std::nullopt;
  }
  if (head.size() < 4 || head.substr(head.size() - 4) != "\r\n\r\n") {
    why = "request head does not end with an empty line";
    return std::nullopt;
  }
  head.remove_suffix(2); // keep the last field's CRLF
  auto line_end = head.find("\r\n");
  auto line = head.substr(0, line_end);
  head.remove_prefix(line_end + 2);
  http_request req;
  // The request line: METHOD SP TARGET SP HTTP/1.x
  auto sp1 = line.find(' ');
  auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos) {
    why = "malformed request line";
    return std::nullopt;
  }
  auto method = line.substr(0, sp1);
  auto target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  auto version = line.substr(sp2 + 1);
  if (!is_token(method)) {
    why = "malformed method";
    return std::nullopt;
  }
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    why = "unsupported HTTP version";
    return std::nullopt;
  }
  if (target.empty() || target.front() != '/' || target.size() > max_target
      || !std::all_of(target.begin(), target.end(), is_visible)) {
    why = "malformed request target";
    return std::nullopt;
  }
  req.method = std::string{method};
  auto question = target.find('?');
  req.path = std::string{target.substr(0, question)};
  if (question != std::string_view::npos)
    req.query = std::string{target.substr(question + 1)};
  // The header fields, each "name: value" CRLF.
  while (!head.empty()) {
    auto end = head.find("\r\n");
    auto field = head.substr(0, end);
    head.remove_prefix(end + 2);
    auto colon = field.find(':');
    if (colon == std::string_view::npos || !is_token(field.substr(0, colon))) {
      why = "malformed header field";
      return std::nullopt;
    }
    auto value = field.substr(colon + 1);
    if (!std::all_of(value.begin(), value.end(), is_field_value_char)) {
      why = "malformed header value";
      return std::nullopt;
    }
    if (req.headers.size() == max_headers) {
      why = "too many header fields";
      return std::nullopt;
    }
    std::string name{field.substr(0, colon)};
    std::transform(name.begin(), name.end(), name.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    req.headers.emplace_back(std::move(name), std::string{trim(value)});
  }
  return req;
}

std::optional<std::size_t> body_length(const http_request& req, int& status, std::string& why) {
  status = 400;
  if (req.header("transfer-encoding") != nullptr) {
    why = "chunked bodies are not accepted: send Content-Length";
    return std::nullopt;
  }
  const std::string* text = nullptr;
  for (auto& [k, v] : req.headers) {
    if (k != "content-length")
      continue;
    if (text != nullptr) {
      why = "more than one Content-Length";
      return std::nullopt;
    }
    text = &v;
  }
  if (text == nullptr)
    return std::size_t{0};
  if (text->empty() || text->size() > 9
      || !std::all_of(text->begin(), text->end(), [](char c) { return c >= '0' && c <= '9'; })) {
    why = "malformed Content-Length";
    return std::nullopt;
  }
  auto n = static_cast<std::size_t>(std::stoul(*text));
  if (n > max_request_body) {
    status = 413;
    why = "request body too long (at most " + std::to_string(max_request_body) + " bytes)";
    return std::nullopt;
  }
  return n;
}

std::optional<std::string> query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    auto amp = query.find('&');
    auto pair = query.substr(0, amp);
    query.remove_prefix(amp == std::string_view::npos ? query.size() : amp + 1);
    auto eq = pair.find('=');
    auto name = pair.substr(0, eq);
    if (name != key)
      continue;
    return percent_decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1));
  }
  return std::nullopt;
}

} // namespace troupe::inspection
