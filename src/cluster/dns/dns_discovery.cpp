// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "dns_discovery.hpp"

#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <netdb.h>
#include <netinet/in.h>
#include <resolv.h>

#include <algorithm>
#include <cstring>

#include "../listed_formation.hpp"
#include "dns_answers.hpp"

namespace troupe::cluster {

namespace {

// One second per try, two tries: a server that does not answer costs a refresh about 2 s per query.
constexpr int retransmit_seconds = 1;
constexpr int tries = 2;

} // namespace

expected<std::unique_ptr<discovery>> dns_discovery::make(const cluster_settings& s) {
  if (s.dns_name.empty())
    return error{sec::invalid_argument, "cluster.discovery=dns needs cluster.dns.name"};
  std::optional<endpoint> server;
  if (!s.dns_server.empty()) {
    auto ep = parse_endpoint(s.dns_server);
    in_addr ignored{};
    if (!ep || ep->port == 0 || ::inet_pton(AF_INET, ep->host.c_str(), &ignored) != 1)
      return error{sec::invalid_argument,
                   "cluster.dns.server=" + s.dns_server + ": an IPv4 ADDRESS:PORT, such as 10.0.0.10:53"};
    server = *ep;
  }
  return std::unique_ptr<discovery>{new dns_discovery{s.dns_name, std::move(server)}};
}

expected<std::vector<unsigned char>> dns_discovery::query(const std::string& name, int type) const {
  // A state of this query's own: res_n* calls on separate states are safe from any thread.
  struct __res_state st;
  std::memset(&st, 0, sizeof st);
  if (::res_ninit(&st) != 0)
    return error{sec::runtime_error, "DNS: cannot read the resolver's configuration"};
  st.retrans = retransmit_seconds;
  st.retry = tries;
  if (server_) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(server_->port);
    ::inet_pton(AF_INET, server_->host.c_str(), &addr.sin_addr);
    st.nsaddr_list[0] = addr;
    st.nscount = 1;
  }
  std::vector<unsigned char> answer(65535);
  int n = ::res_nquery(&st, name.c_str(), ns_c_in, type, answer.data(), static_cast<int>(answer.size()));
  auto why = st.res_h_errno;
  ::res_nclose(&st);
  if (n < 0) {
    // No such name, or no records of this type: an answer, just an empty one.
    if (why == HOST_NOT_FOUND || why == NO_DATA)
      return std::vector<unsigned char>{};
    return error{sec::cannot_connect_to_node,
                 "DNS: no answer about " + name + (server_ ? " from " + to_string(*server_) : std::string{})};
  }
  answer.resize(static_cast<std::size_t>(n));
  return answer;
}

expected<std::vector<std::string>> dns_discovery::list() const {
  std::vector<std::string> out;
  auto srv_answer = query(service_, ns_t_srv);
  if (!srv_answer)
    return srv_answer.error();
  std::vector<srv_record> records;
  if (!srv_answer->empty()) {
    auto parsed = srv_records(*srv_answer);
    if (!parsed)
      return parsed.error();
    records = std::move(*parsed);
  }
  if (!records.empty()) {
    for (const auto& r : records) {
      // The target's addresses ride along in the additional section, or take a query of their own.
      auto addresses = address_records(*srv_answer, r.target);
      if (addresses && addresses->empty()) {
        auto a = query(r.target, ns_t_a);
        if (!a)
          return a.error();
        addresses = a->empty() ? expected<std::vector<std::string>>{std::vector<std::string>{}} : address_records(*a);
      }
      if (!addresses)
        return addresses.error();
      for (const auto& address : *addresses)
        out.push_back(to_string(endpoint{address, r.port}));
    }
  } else {
    for (int type : {ns_t_a, ns_t_aaaa}) {
      auto answer = query(service_, type);
      if (!answer)
        return answer.error();
      if (answer->empty())
        continue;
      auto addresses = address_records(*answer);
      if (!addresses)
        return addresses.error();
      for (const auto& address : *addresses)
        out.push_back(to_string(endpoint{address, port_}));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

expected<formation> dns_discovery::form(const std::string& endpoint_text, const node_id& me,
                                        std::chrono::nanoseconds timeout) {
  auto self = parse_endpoint(endpoint_text);
  if (!self)
    return self.error();
  port_ = self->port;
  return listed_formation([this] { return list(); }, timeout, "cannot ask DNS for " + service_, endpoint_text, me,
                          "dns:" + service_);
}

expected<std::vector<std::string>> dns_discovery::refresh() {
  return list();
}

} // namespace troupe::cluster
