// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "etcd_answers.hpp"

#include <nlohmann/json.hpp>

#include "../endpoint.hpp"
#include "base64.hpp"

namespace troupe::cluster {

namespace {

using json = nlohmann::json;

expected<json> parse(std::string_view body, const char* what) {
  auto j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return error{sec::malformed_message, std::string{"etcd: the answer to "} + what + " is not a JSON object"};
  return j;
}

// etcd's JSON gateway writes 64-bit integers as strings; an integer is taken too.
std::string text_of(const json& j, const char* key) {
  auto i = j.find(key);
  if (i == j.end())
    return {};
  if (i->is_string())
    return i->get<std::string>();
  if (i->is_number_integer())
    return std::to_string(i->get<std::int64_t>());
  return {};
}

} // namespace

std::string prefix_range_end(std::string prefix) {
  while (!prefix.empty()) {
    auto& last = prefix.back();
    if (static_cast<unsigned char>(last) < 0xff) {
      last = static_cast<char>(static_cast<unsigned char>(last) + 1);
      return prefix;
    }
    prefix.pop_back();
  }
  return std::string(1, '\0'); // every key
}

expected<std::string> granted_lease(std::string_view body) {
  auto grant = parse(body, "a lease grant");
  if (!grant)
    return grant.error();
  auto id = text_of(*grant, "ID");
  if (id.empty())
    return error{sec::malformed_message, "etcd: a lease grant without an ID"};
  return id;
}

expected<bool> lease_alive(std::string_view body) {
  auto answer = parse(body, "a lease renewal");
  if (!answer)
    return answer.error();
  // {"result":{"ID":..,"TTL":"10"}}; without a TTL the lease ran out. An error in place of the result says
  // the lease is not known (etcd lost it): as good as run out.
  auto result = answer->find("result");
  if (result == answer->end() || !result->is_object()) {
    if (answer->contains("error"))
      return false;
    return error{sec::malformed_message, "etcd: a lease renewal without a result"};
  }
  auto ttl = text_of(*result, "TTL");
  return !ttl.empty() && ttl != "0" && ttl.front() != '-';
}

expected<std::vector<std::string>> listed_endpoints(std::string_view body) {
  auto answer = parse(body, "a range");
  if (!answer)
    return answer.error();
  std::vector<std::string> out;
  auto kvs = answer->find("kvs"); // absent when no key matched
  if (kvs == answer->end())
    return out;
  if (!kvs->is_array())
    return error{sec::malformed_message, "etcd: a range whose kvs is not an array"};
  for (const auto& kv : *kvs) {
    auto value = kv.is_object() ? base64_decode(text_of(kv, "value")) : std::nullopt;
    if (!value)
      continue;
    // Someone else's key under the prefix: not a member, and no reason to leave out the others.
    auto ep = parse_endpoint(*value);
    if (ep && ep->port != 0)
      out.push_back(to_string(*ep));
  }
  return out;
}

} // namespace troupe::cluster
