// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "dns_answers.hpp"

#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <netinet/in.h>
#include <resolv.h>
#include <strings.h>

namespace troupe::cluster {

namespace {

error malformed_dns(const char* why) {
  return error{sec::malformed_message, std::string{"DNS answer: "} + why};
}

expected<ns_msg> open_answer(std::span<const unsigned char> answer) {
  ns_msg msg{};
  if (answer.size() > 65535 || ns_initparse(answer.data(), static_cast<int>(answer.size()), &msg) < 0)
    return malformed_dns("not a DNS message");
  return msg;
}

// Names compare without case and without a final dot.
bool same_name(std::string a, std::string b) {
  if (!a.empty() && a.back() == '.')
    a.pop_back();
  if (!b.empty() && b.back() == '.')
    b.pop_back();
  return a.size() == b.size() && ::strncasecmp(a.c_str(), b.c_str(), a.size()) == 0;
}

} // namespace

expected<std::vector<srv_record>> srv_records(std::span<const unsigned char> answer) {
  auto msg = open_answer(answer);
  if (!msg)
    return msg.error();
  std::vector<srv_record> out;
  int count = ns_msg_count(*msg, ns_s_an);
  for (int i = 0; i < count; ++i) {
    ns_rr rr{};
    if (ns_parserr(&*msg, ns_s_an, i, &rr) < 0)
      return malformed_dns("a record that does not parse");
    if (ns_rr_type(rr) != ns_t_srv || ns_rr_class(rr) != ns_c_in)
      continue; // a CNAME on the way, say
    const unsigned char* rdata = ns_rr_rdata(rr);
    if (ns_rr_rdlen(rr) < 7)
      return malformed_dns("an SRV record shorter than its fields");
    srv_record r;
    r.priority = ns_get16(rdata);
    r.weight = ns_get16(rdata + 2);
    r.port = ns_get16(rdata + 4);
    char target[NS_MAXDNAME];
    if (ns_name_uncompress(ns_msg_base(*msg), ns_msg_end(*msg), rdata + 6, target, sizeof target) < 0)
      return malformed_dns("an SRV target that does not parse");
    r.target = target;
    if (!r.target.empty() && r.target.back() == '.')
      r.target.pop_back();
    out.push_back(std::move(r));
  }
  return out;
}

expected<std::vector<std::string>> address_records(std::span<const unsigned char> answer, const std::string& name) {
  auto msg = open_answer(answer);
  if (!msg)
    return msg.error();
  std::vector<std::string> out;
  for (auto section : {ns_s_an, ns_s_ar}) {
    int count = ns_msg_count(*msg, section);
    for (int i = 0; i < count; ++i) {
      ns_rr rr{};
      if (ns_parserr(&*msg, section, i, &rr) < 0)
        return malformed_dns("a record that does not parse");
      if (ns_rr_class(rr) != ns_c_in || (!name.empty() && !same_name(ns_rr_name(rr), name)))
        continue;
      char text[INET6_ADDRSTRLEN] = {};
      if (ns_rr_type(rr) == ns_t_a) {
        if (ns_rr_rdlen(rr) != 4)
          return malformed_dns("an A record that is not 4 bytes");
        ::inet_ntop(AF_INET, ns_rr_rdata(rr), text, sizeof text);
      } else if (ns_rr_type(rr) == ns_t_aaaa) {
        if (ns_rr_rdlen(rr) != 16)
          return malformed_dns("an AAAA record that is not 16 bytes");
        ::inet_ntop(AF_INET6, ns_rr_rdata(rr), text, sizeof text);
      } else {
        continue;
      }
      out.emplace_back(text);
    }
  }
  return out;
}

} // namespace troupe::cluster
