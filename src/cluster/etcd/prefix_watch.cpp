// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "prefix_watch.hpp"

#include <array>

#include <asio.hpp>
#include <nlohmann/json.hpp>

#include "base64.hpp"
#include "etcd_answers.hpp"

namespace troupe::cluster {

namespace {

constexpr std::string_view change_marker = "\"events\"";

} // namespace

prefix_watch::prefix_watch(std::vector<http_url> servers, std::string prefix, std::function<void()> changed)
  : servers_(std::move(servers)), prefix_(std::move(prefix)), changed_(std::move(changed)) {
  thread_ = std::thread{[this] { run(); }};
}

prefix_watch::~prefix_watch() {
  stop();
}

void prefix_watch::stop() {
  {
    std::lock_guard guard{mtx_};
    stopping_ = true;
    if (current_ != nullptr)
      current_->stop();
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void prefix_watch::run() {
  for (std::size_t i = 0;; i = (i + 1) % servers_.size()) {
    watch_once(servers_[i]);
    std::unique_lock guard{mtx_};
    if (cv_.wait_for(guard, std::chrono::seconds{1}, [this] { return stopping_; }))
      return;
  }
}

void prefix_watch::watch_once(const http_url& server) {
  asio::io_context io;
  {
    std::lock_guard guard{mtx_};
    if (stopping_)
      return;
    current_ = &io;
  }
  auto body =
    nlohmann::json{
      {"create_request", {{"key", base64_encode(prefix_)}, {"range_end", base64_encode(prefix_range_end(prefix_))}}}}
      .dump();
  auto request = "POST /v3/watch HTTP/1.1\r\nHost: " + server.host + ":" + std::to_string(server.port)
                 + "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n"
                 + body;
  asio::ip::tcp::resolver resolver{io};
  asio::ip::tcp::socket socket{io};
  std::array<char, 4096> buffer{};
  std::string seen; // what came since the last change, less what cannot hold the start of a marker
  std::function<void()> read_more = [&] {
    socket.async_read_some(asio::buffer(buffer), [&](const asio::error_code& e, std::size_t n) {
      if (e)
        return; // the stream broke: run() reconnects
      seen.append(buffer.data(), n);
      if (seen.find(change_marker) != std::string::npos) {
        seen.clear();
        changed_();
      } else if (seen.size() > change_marker.size()) {
        seen.erase(0, seen.size() - change_marker.size());
      }
      read_more();
    });
  };
  resolver.async_resolve(server.host, std::to_string(server.port), [&](const asio::error_code& e, auto endpoints) {
    if (e)
      return;
    asio::async_connect(socket, endpoints, [&](const asio::error_code& e2, const auto&) {
      if (e2)
        return;
      asio::async_write(socket, asio::buffer(request), [&](const asio::error_code& e3, std::size_t) {
        if (!e3)
          read_more();
      });
    });
  });
  io.run();
  std::lock_guard guard{mtx_};
  current_ = nullptr;
}

} // namespace troupe::cluster
