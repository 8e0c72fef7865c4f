// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A message recording (inspect.record=NAME,...): every message that an actor
// of a chosen name takes from its mailbox, encoded on the thread that runs the
// actor and appended to a buffer that a thread of the log's own writes to the
// file. An actor never waits for the disk: when the buffer holds its bound,
// messages are counted as lost, and the file marks the gap.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "troupe/abstract_actor.hpp"
#include "troupe/expected.hpp"
#include "troupe/mailbox_element.hpp"

namespace troupe::inspection {

class message_log {
public:
  /// The most bytes waiting for the disk before messages are lost.
  static constexpr std::size_t default_bound = std::size_t{64} << 20;

  /// Opens (replaces) `path` and starts the writer; an error names the path and why it cannot be written.
  static expected<std::unique_ptr<message_log>> open(const std::string& path, std::set<std::string> names,
                                                     std::size_t bound = default_bound);

  /// Writes what is buffered and closes the file.
  ~message_log();

  message_log(const message_log&) = delete;
  message_log& operator=(const message_log&) = delete;

  /// Whether `who` is to be recorded (its name is one of the names).
  bool wants(const abstract_actor& who) const;

  /// Records that `receiver` took `e` (on the thread that runs it). Never throws and never waits for the disk.
  void add(const abstract_actor& receiver, const mailbox_element& e) noexcept;

  /// Hands everything recorded so far to the file and waits until it is written.
  void flush();

  /// Messages recorded (written or waiting) and messages lost so far.
  std::uint64_t recorded() const;
  std::uint64_t lost() const;

  /// The file.
  const std::string& path() const noexcept { return path_; }

private:
  message_log(std::string path, std::FILE* file, std::set<std::string> names, std::size_t bound);
  void write_loop();

  std::string path_;
  std::FILE* file_;
  std::set<std::string> names_;
  std::size_t bound_;
  std::chrono::steady_clock::time_point started_;

  mutable std::mutex mtx_;
  std::condition_variable wake_writer_;
  std::condition_variable written_;
  std::vector<std::byte> pending_;                        // entries waiting for the writer
  std::unordered_map<std::uint64_t, std::uint64_t> gaps_; // per actor: messages lost since its last entry
  std::uint64_t recorded_ = 0;
  std::uint64_t lost_ = 0;
  std::uint64_t handed_ = 0;        // buffers handed to the writer
  std::uint64_t written_count_ = 0; // of them, written
  bool flush_wanted_ = false;
  bool stopping_ = false;
  std::thread writer_;
};

} // namespace troupe::inspection
