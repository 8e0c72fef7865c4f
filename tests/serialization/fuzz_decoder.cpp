// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// libFuzzer target for the binary message decoder (CMake target fuzz_decoder with
// -DTROUPE_BUILD_FUZZERS=ON; scripts/fuzz.sh builds and runs it). Every input must
// either decode or yield an error; a decoded message must re-encode and decode to an
// equal message. The same input, behind a recording's header, goes to the message
// recording's reader, whose entries must re-encode and read back the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "troupe/serialization.hpp"

namespace {

struct fuzz_record {
  std::int32_t a = 0;
  std::string b;
  std::vector<std::optional<std::int16_t>> c;
  friend bool operator==(const fuzz_record&, const fuzz_record&) = default;
};

struct fuzz_nested {
  fuzz_record r;
  std::map<std::string, std::variant<std::int64_t, double, std::string>> m;
  friend bool operator==(const fuzz_nested&, const fuzz_nested&) = default;
};

template <class Inspector>
bool inspect(Inspector& f, fuzz_nested& x) {
  return f(troupe::field("r", x.r), troupe::field("m", x.m));
}

bool same_entry(const troupe::recorded_message& a, const troupe::recorded_message& b) {
  return a.receiver == b.receiver && a.receiver_name == b.receiver_name && a.at_ns == b.at_ns
         && a.sender_node == b.sender_node && a.sender == b.sender && a.message_id == b.message_id
         && a.content == b.content && a.content_text == b.content_text && a.lost == b.lost;
}

void fuzz_recording(std::span<const std::byte> input) {
  std::vector<std::byte> file;
  troupe::append_recording_header(file);
  file.insert(file.end(), input.begin(), input.end());
  auto rec = troupe::read_recording(file);
  if (!rec) {
    if (!rec.error())
      std::abort();
    return;
  }
  std::vector<std::byte> again;
  troupe::append_recording_header(again);
  for (auto& e : rec->entries)
    troupe::append_recorded(again, e);
  auto back = troupe::read_recording(again);
  if (!back || back->trailing_bytes != 0 || back->entries.size() != rec->entries.size())
    std::abort();
  for (std::size_t i = 0; i < back->entries.size(); ++i)
    if (!same_entry(back->entries[i], rec->entries[i]))
      std::abort();
}

bool setup() {
  using namespace troupe;
  announce<fuzz_record>("fuzz_record", field("a", &fuzz_record::a), field("b", &fuzz_record::b),
                        field("c", &fuzz_record::c));
  announce<fuzz_nested>("fuzz_nested");
  announce<std::vector<fuzz_record>>();
  announce<std::map<std::string, std::int32_t>>();
  announce<std::tuple<std::uint8_t, std::array<std::int32_t, 4>>>();
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static bool ready = setup();
  (void)ready;
  auto input = std::span<const std::byte>{reinterpret_cast<const std::byte*>(data), size};
  fuzz_recording(input);
  auto res = troupe::deserialize(input);
  if (!res) {
    if (!res.err())
      std::abort();
    return 0;
  }
  std::vector<std::byte> again;
  if (auto err = troupe::serialize(*res, again))
    std::abort();
  auto res2 = troupe::deserialize(again);
  if (!res2)
    std::abort();
  // NaN payloads compare unequal; compare the encodings instead.
  std::vector<std::byte> third;
  if (troupe::serialize(*res2, third) || third != again)
    std::abort();
  (void)to_string(*res); // the printer must cope with anything that decodes
  return 0;
}
