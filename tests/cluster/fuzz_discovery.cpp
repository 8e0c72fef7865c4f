// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// libFuzzer target for what the etcd provider reads from the network (CMake
// target fuzz_discovery with -DTROUPE_BUILD_FUZZERS=ON; scripts/fuzz.sh
// builds and runs it): HTTP answers, base64, etcd's JSON answers, and DNS
// answers (SRV and address records), and the launcher rendezvous's hello and
// table. Every input must give a value or an error; base64 that decodes must
// encode back to the same text, and so must a hello that parses.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

#include "dns/dns_answers.hpp"
#include "etcd/base64.hpp"
#include "etcd/etcd_answers.hpp"
#include "etcd/http_client.hpp"
#include "rendezvous.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace troupe::cluster;
  std::string_view in{reinterpret_cast<const char*>(data), size};
  if (auto answer = parse_http_answer(in)) {
    // What a server's answer carries goes on to the JSON readers, as in the provider.
    (void)granted_lease(answer->body);
    (void)lease_alive(answer->body);
    (void)listed_endpoints(answer->body);
  }
  (void)granted_lease(in);
  (void)lease_alive(in);
  (void)listed_endpoints(in);
  (void)parse_http_url(in);
  if (auto bytes = base64_decode(in); bytes && base64_encode(*bytes) != in)
    std::abort();
  if (auto h = parse_hello(in); h && hello_line(*h) != std::string{in} + "\n")
    std::abort();
  (void)parse_table(in, 3);
  std::span<const unsigned char> dns{data, size};
  if (auto records = srv_records(dns)) {
    for (const auto& r : *records)
      (void)address_records(dns, r.target);
  }
  (void)address_records(dns);
  return 0;
}
