// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "message_log.hpp"

#include <cerrno>
#include <cstring>

#include "troupe/actor_addr.hpp"
#include "troupe/message.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/serialization/message_recording.hpp"

namespace troupe::inspection {

namespace {

using namespace std::chrono_literals;

// The writer wakes at least this often, so that a quiet actor's last messages
// reach the file soon.
constexpr auto write_period = 100ms;
// Or sooner, once this much waits.
constexpr std::size_t write_batch = std::size_t{1} << 20;

// Scratch buffers of the thread that runs a recorded actor: the encoding of a
// message reuses their memory from one message to the next.
thread_local std::vector<std::byte> encoded_content;
thread_local std::vector<std::byte> encoded_entry;
// The name of the last actor recorded on this thread (a name can cost a lock).
thread_local std::uint64_t named_actor = 0;
thread_local std::string actor_name;

} // namespace

expected<std::unique_ptr<message_log>> message_log::open(const std::string& path, std::set<std::string> names,
                                                         std::size_t bound) {
  auto* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr)
    return error{sec::runtime_error, "cannot write the message recording " + path + ": " + std::strerror(errno)};
  std::vector<std::byte> header;
  append_recording_header(header);
  if (std::fwrite(header.data(), 1, header.size(), file) != header.size() || std::fflush(file) != 0) {
    std::fclose(file);
    return error{sec::runtime_error, "cannot write the message recording " + path + ": " + std::strerror(errno)};
  }
  return std::unique_ptr<message_log>{new message_log(path, file, std::move(names), bound)};
}

message_log::message_log(std::string path, std::FILE* file, std::set<std::string> names, std::size_t bound)
  : path_(std::move(path)), file_(file), names_(std::move(names)), bound_(bound),
    started_(std::chrono::steady_clock::now()) {
  writer_ = std::thread{[this] { write_loop(); }};
}

message_log::~message_log() {
  {
    std::lock_guard guard{mtx_};
    stopping_ = true;
  }
  wake_writer_.notify_one();
  writer_.join();
  std::fclose(file_);
}

bool message_log::wants(const abstract_actor& who) const {
  const char* name = who.name();
  return name != nullptr && names_.count(name) > 0;
}

void message_log::add(const abstract_actor& receiver, const mailbox_element& e) noexcept {
  try {
    recorded_message entry;
    entry.receiver = receiver.id();
    if (named_actor != receiver.id()) {
      actor_name = receiver.name() != nullptr ? receiver.name() : "";
      named_actor = receiver.id();
    }
    entry.receiver_name = actor_name;
    entry.at_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started_).count());
    if (e.sender) {
      entry.sender = e.sender->id();
      if (e.sender->node() != receiver.node()) // a local sender goes without its node
        entry.sender_node = to_string(e.sender->node());
    }
    entry.message_id = e.mid.value();
    encoded_content.clear();
    if (!serialize(e.content, encoded_content))
      entry.content.assign(reinterpret_cast<const char*>(encoded_content.data()), encoded_content.size());
    else
      entry.content_text = to_string(e.content); // not encodable: kept for people, and replay says why it stops
    encoded_entry.clear();
    append_recorded(encoded_entry, entry);
    bool wake = false;
    {
      std::lock_guard guard{mtx_};
      if (pending_.size() + encoded_entry.size() > bound_) {
        ++gaps_[entry.receiver];
        ++lost_;
        return;
      }
      if (auto gap = gaps_.find(entry.receiver); gap != gaps_.end()) [[unlikely]] {
        recorded_message marker;
        marker.receiver = entry.receiver;
        marker.receiver_name = entry.receiver_name;
        marker.at_ns = entry.at_ns;
        marker.lost = gap->second;
        append_recorded(pending_, marker);
        gaps_.erase(gap);
      }
      auto before = pending_.size();
      pending_.insert(pending_.end(), encoded_entry.begin(), encoded_entry.end());
      ++recorded_;
      wake = before < write_batch && pending_.size() >= write_batch;
    }
    if (wake)
      wake_writer_.notify_one();
  } catch (...) {
    std::lock_guard guard{mtx_};
    ++lost_;
  }
}

void message_log::flush() {
  std::unique_lock guard{mtx_};
  auto target = handed_ + (pending_.empty() ? 0 : 1);
  flush_wanted_ = true;
  wake_writer_.notify_one();
  written_.wait(guard, [&] { return written_count_ >= target || stopping_; });
}

std::uint64_t message_log::recorded() const {
  std::lock_guard guard{mtx_};
  return recorded_;
}

std::uint64_t message_log::lost() const {
  std::lock_guard guard{mtx_};
  return lost_;
}

void message_log::write_loop() {
  std::vector<std::byte> batch;
  std::unique_lock guard{mtx_};
  for (;;) {
    wake_writer_.wait_for(guard, write_period,
                          [&] { return stopping_ || flush_wanted_ || pending_.size() >= write_batch; });
    flush_wanted_ = false;
    // Gaps still open at the end are written too: the file says what it lacks.
    if (stopping_) {
      for (auto& [receiver, n] : gaps_) {
        recorded_message marker;
        marker.receiver = receiver;
        marker.lost = n;
        append_recorded(pending_, marker);
      }
      gaps_.clear();
    }
    batch.clear();
    batch.swap(pending_);
    bool had = !batch.empty();
    if (had)
      ++handed_;
    bool stop = stopping_;
    guard.unlock();
    if (had) {
      std::fwrite(batch.data(), 1, batch.size(), file_);
      std::fflush(file_);
    }
    guard.lock();
    if (had)
      ++written_count_;
    written_.notify_all();
    if (stop && pending_.empty())
      return;
  }
}

} // namespace troupe::inspection
