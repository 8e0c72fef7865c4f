// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// libFuzzer target for the records probes, the nexus and the shell exchange
// (CMake target fuzz_inspection with -DTROUPE_BUILD_FUZZERS=ON; scripts/fuzz.sh
// builds and runs it). The input is a message payload as a connection decodes
// it: every input must decode or yield an error, and a decoded message must
// re-encode to the same bytes. With TROUPE_FUZZ_SEEDS=DIR it first writes one
// well-formed message of each record into DIR, so that the fuzzer starts from
// the type names it cannot guess. Every input is also read as the head of an
// HTTP request (the web endpoint's parser): it parses or is refused with a
// reason, and a parsed one holds what the parser promises.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/inspection/nexus.hpp"
#include "troupe/inspection/node_statistics.hpp"
#include "troupe/serialization.hpp"

#include "http/http_request.hpp"

namespace {

using namespace troupe;
namespace ins = troupe::inspection;

void write_seed(const std::string& dir, const std::string& name, const message& msg) {
  auto bytes = serialize(msg);
  std::ofstream out{dir + "/" + name, std::ios::binary};
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void write_seeds(const std::string& dir) {
  ins::node_info info{"node", "host", 42, "Linux", true, "events", true};
  write_seed(dir, "node_info", make_message(ins::hello_atom{}, info));
  write_seed(dir, "node_infos", make_message(std::vector<ins::node_info>{info, info}));
  ins::node_statistics stats;
  stats.node = "node";
  stats.host.host = "host";
  stats.host.interfaces.push_back({"lo", {"127.0.0.1"}, true});
  stats.connected_nodes = {"a", "b"};
  stats.workers_since_start.push_back({1.5, 0.25, 0.25, 3});
  stats.actor_groups.push_back({"ping_server", 2, 3, 2, 40});
  write_seed(dir, "node_statistics", make_message(stats));
  write_seed(dir, "probe_event", make_message(ins::probe_event{"node", {}, ins::event_kind::dead_letter, "x"}));
  ins::node_snapshot snap;
  ins::actor_snapshot row;
  row.id = 4;
  row.name = "ping_server";
  row.processing.buckets.push_back({std::chrono::nanoseconds{128}, 3});
  snap.actors.push_back(row);
  write_seed(dir, "node_snapshot", make_message(snap));
  write_seed(dir, "actor_details", make_message(ins::actor_details{row, {"a"}, {"b"}}));
  std::ofstream{dir + "/http_get"} << "GET /metrics?name=a%20b HTTP/1.1\r\nHost: localhost\r\n\r\n";
  std::ofstream{dir + "/http_post"} << "POST /api/send HTTP/1.1\r\nContent-Length: 12\r\n\r\n";
}

// The web endpoint's parser on the same bytes.
void check_http(const std::uint8_t* data, std::size_t size) {
  std::string_view head{reinterpret_cast<const char*>(data), size};
  std::string why;
  auto req = ins::parse_request_head(head, why);
  if (!req) {
    if (why.empty())
      std::abort();
    return;
  }
  if (req->method.empty() || req->path.empty() || req->path.front() != '/')
    std::abort();
  (void)ins::query_value(req->query, "name");
  int status = 0;
  auto length = ins::body_length(*req, status, why);
  if (!length && (why.empty() || (status != 400 && status != 413)))
    std::abort();
  if (length && *length > ins::max_request_body)
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ins::announce_types();
  if (const char* dir = std::getenv("TROUPE_FUZZ_SEEDS"))
    write_seeds(dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_http(data, size);
  auto input = std::span<const std::byte>{reinterpret_cast<const std::byte*>(data), size};
  auto res = deserialize(input);
  if (!res) {
    if (!res.error())
      std::abort();
    return 0;
  }
  std::vector<std::byte> again;
  if (auto err = serialize(*res, again))
    std::abort();
  auto res2 = deserialize(again);
  if (!res2)
    std::abort();
  std::vector<std::byte> third;
  if (serialize(*res2, third) || third != again)
    std::abort();
  (void)to_string(*res);
  return 0;
}
