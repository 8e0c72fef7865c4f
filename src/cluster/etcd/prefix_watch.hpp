// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A watch on an etcd key prefix through the JSON gateway (/v3/watch): one
// long-lived request whose answer streams a JSON object per change. Each
// change calls back, so that the cluster module lists the members at once;
// the watch carries no membership itself, so a change it misses costs only
// the wait for the next refresh. It runs on a thread of its own, and
// reconnects (to the next server, after a second) when the stream breaks.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "http_client.hpp"

namespace asio {
class io_context;
} // namespace asio

namespace troupe::cluster {

class prefix_watch {
public:
  prefix_watch(std::vector<http_url> servers, std::string prefix, std::function<void()> changed);
  ~prefix_watch();

  prefix_watch(const prefix_watch&) = delete;
  prefix_watch& operator=(const prefix_watch&) = delete;

  /// Ends the watch; `changed` is not called once this returns.
  void stop();

private:
  void run();
  /// Watches through `server` until the stream breaks or stop().
  void watch_once(const http_url& server);

  std::vector<http_url> servers_;
  std::string prefix_;
  std::function<void()> changed_;
  std::mutex mtx_;
  std::condition_variable cv_;
  bool stopping_ = false;
  asio::io_context* current_ = nullptr; // the running stream's, so that stop() can end a read that waits
  std::thread thread_;
};

} // namespace troupe::cluster
