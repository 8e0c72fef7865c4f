// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The message recording's file format: entries read back as written, a file
// cut short reads up to its last whole entry, and what is not a recording
// gets a clear error.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "troupe/serialization.hpp"

namespace message_recording_test {

using namespace troupe;

namespace {

recorded_message sample(std::uint64_t n) {
  recorded_message x;
  x.receiver = 7;
  x.receiver_name = "account";
  x.at_ns = 1000 * n;
  x.sender = 3;
  x.message_id = n;
  auto bytes = serialize(make_message(std::string{"deposit"}, static_cast<std::int32_t>(n)));
  x.content.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  x.content_text = "(\"deposit\", " + std::to_string(n) + ")";
  return x;
}

std::vector<std::byte> file_of(const std::vector<recorded_message>& xs) {
  std::vector<std::byte> out;
  append_recording_header(out);
  for (auto& x : xs)
    append_recorded(out, x);
  return out;
}

} // namespace

TEST(MessageRecording, EntriesReadBackInOrder) {
  auto gap = recorded_message{};
  gap.receiver = 7;
  gap.lost = 12;
  auto file = file_of({sample(1), sample(2), gap, sample(3)});
  auto rec = read_recording(file);
  ASSERT_TRUE(rec) << to_string(rec.error());
  ASSERT_EQ(rec->entries.size(), 4u);
  EXPECT_EQ(rec->trailing_bytes, 0u);
  EXPECT_EQ(rec->entries[1].at_ns, 2000u);
  EXPECT_EQ(rec->entries[1].receiver_name, "account");
  EXPECT_EQ(rec->entries[2].lost, 12u);
  auto msg = deserialize(std::as_bytes(std::span{rec->entries[3].content.data(), rec->entries[3].content.size()}));
  ASSERT_TRUE(msg);
  EXPECT_EQ(msg->get_as<std::int32_t>(1), 3);
}

TEST(MessageRecording, AFileCutShortReadsUpToItsLastWholeEntry) {
  auto file = file_of({sample(1), sample(2)});
  auto whole = file.size();
  file.resize(whole - 5);
  auto rec = read_recording(file);
  ASSERT_TRUE(rec) << to_string(rec.error());
  EXPECT_EQ(rec->entries.size(), 1u);
  EXPECT_GT(rec->trailing_bytes, 0u);
  // Only the header: no entries, nothing trailing.
  file.resize(recording_magic.size() + 1);
  rec = read_recording(file);
  ASSERT_TRUE(rec);
  EXPECT_TRUE(rec->entries.empty());
}

TEST(MessageRecording, WhatIsNotARecordingGetsAClearError) {
  std::vector<std::byte> junk(40, std::byte{0x41});
  auto rec = read_recording(junk);
  ASSERT_FALSE(rec);
  EXPECT_NE(rec.error().context().find("not a message recording"), std::string::npos);
  auto file = file_of({sample(1)});
  file[recording_magic.size()] = std::byte{9}; // a version this build does not read
  rec = read_recording(file);
  ASSERT_FALSE(rec);
  EXPECT_NE(rec.error().context().find("format version 9"), std::string::npos) << rec.error().context();
  // An entry whose fields do not fill its length.
  file = file_of({sample(1)});
  file.push_back(std::byte{0});
  auto at = recording_magic.size() + 1;
  file[at] = std::byte{static_cast<unsigned char>(static_cast<unsigned char>(file[at]) + 1)};
  rec = read_recording(file);
  ASSERT_FALSE(rec);
  EXPECT_NE(rec.error().context().find("entry 1"), std::string::npos) << rec.error().context();
  // A length beyond any entry.
  file = file_of({});
  for (int i = 0; i < 4; ++i)
    file.push_back(std::byte{0xff});
  rec = read_recording(file);
  ASSERT_FALSE(rec);
  EXPECT_NE(rec.error().context().find("claims"), std::string::npos) << rec.error().context();
}

} // namespace message_recording_test
