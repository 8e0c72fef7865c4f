// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What the etcd provider decodes from the network: base64 keys and values,
// http:// URLs in the options, HTTP answers (by length, in chunks, or to the
// end of the stream) and etcd's JSON answers; anything else is refused,
// never misread.
#include <gtest/gtest.h>

#include <string>

#include "dns/dns_answers.hpp"
#include "etcd/base64.hpp"
#include "etcd/etcd_answers.hpp"
#include "etcd/http_client.hpp"
#include "troupe/error.hpp"

namespace discovery_codec_test {

using namespace troupe;
using namespace troupe::cluster;

TEST(base64, round_trips_every_length_and_refuses_what_is_not_base64) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foo"), "Zm9v");
  EXPECT_EQ(base64_encode("/troupe/members/127.0.0.1:4000"), "L3Ryb3VwZS9tZW1iZXJzLzEyNy4wLjAuMTo0MDAw");
  std::string all;
  for (int c = 0; c < 256; ++c)
    all += static_cast<char>(c);
  for (std::size_t n = 0; n <= all.size(); n += 37)
    EXPECT_EQ(base64_decode(base64_encode(all.substr(0, n))), all.substr(0, n)) << n;
  EXPECT_FALSE(base64_decode("Zm9"));      // not a multiple of 4
  EXPECT_FALSE(base64_decode("Zm9*"));     // not in the alphabet
  EXPECT_FALSE(base64_decode("Z==="));     // too much padding
  EXPECT_FALSE(base64_decode("Zg==Zm9v")); // padding before the end
  EXPECT_FALSE(base64_decode("Zh=="));     // bits the padding drops that are not zero
}

TEST(http_url, takes_host_and_port_and_refuses_the_rest) {
  auto u = parse_http_url("http://127.0.0.1:2379");
  ASSERT_TRUE(u);
  EXPECT_EQ(*u, (http_url{"127.0.0.1", 2379}));
  EXPECT_EQ(*parse_http_url("http://etcd.local/"), (http_url{"etcd.local", 80}));
  EXPECT_EQ(*parse_http_url("http://[::1]:2379"), (http_url{"::1", 2379}));
  EXPECT_EQ(parse_http_url("https://127.0.0.1:2379").error(), sec::invalid_argument);
  EXPECT_EQ(parse_http_url("http://127.0.0.1:0").error(), sec::invalid_argument);
  EXPECT_EQ(parse_http_url("http://127.0.0.1:70000").error(), sec::invalid_argument);
  EXPECT_EQ(parse_http_url("http://:2379").error(), sec::invalid_argument);
  EXPECT_EQ(parse_http_url("http://h:1/v3/kv").error(), sec::invalid_argument);
}

TEST(http_answer, reads_a_body_by_length_in_chunks_or_to_the_end) {
  auto sized = parse_http_answer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}trailing");
  ASSERT_TRUE(sized);
  EXPECT_EQ(sized->status, 200);
  EXPECT_EQ(sized->body, "{}");
  auto chunked = parse_http_answer(
    "HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\n\r\n3\r\n{\"a\r\n5;x=y\r\n\":1}\n\r\n0\r\n\r\n");
  ASSERT_TRUE(chunked);
  EXPECT_EQ(chunked->body, "{\"a\":1}\n");
  auto closed = parse_http_answer("HTTP/1.0 404 Not Found\r\nServer: x\r\n\r\nnope");
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->status, 404);
  EXPECT_EQ(closed->body, "nope");
}

TEST(http_answer, refuses_what_is_not_a_whole_answer) {
  EXPECT_EQ(parse_http_answer("").error(), sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 200 OK\r\n").error(), sec::malformed_message);
  EXPECT_EQ(parse_http_answer("SSH-2.0-OpenSSH\r\n\r\n").error(), sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 2x0 OK\r\n\r\n").error(), sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{}").error(), sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n").error(), sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n").error(),
            sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nshort\r\n").error(),
            sec::malformed_message);
  EXPECT_EQ(parse_http_answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}").error(),
            sec::malformed_message);
}

TEST(etcd_answers, read_grants_renewals_and_ranges) {
  EXPECT_EQ(*granted_lease(R"({"header":{"revision":"3"},"ID":"7587869786571239436","TTL":"10"})"),
            "7587869786571239436");
  EXPECT_EQ(*granted_lease(R"({"ID":42})"), "42");
  EXPECT_TRUE(*lease_alive(R"({"result":{"ID":"1","TTL":"10"}})"));
  EXPECT_FALSE(*lease_alive(R"({"result":{"ID":"1"}})")) << "ran out";
  EXPECT_FALSE(*lease_alive(R"({"result":{"ID":"1","TTL":"-1"}})"));
  EXPECT_FALSE(*lease_alive(R"({"error":{"grpc_code":5,"message":"requested lease not found"}})"));
  auto listed = listed_endpoints(R"({"kvs":[{"key":"eA==","value":")" + base64_encode("127.0.0.1:4000") + R"("},)"
                                 + R"({"key":"eQ==","value":")" + base64_encode("not an endpoint") + R"("},)"
                                 + R"({"key":"eg==","value":"***"},)" + R"({"key":"eg==","value":")"
                                 + base64_encode("[::1]:5") + R"("}]})");
  ASSERT_TRUE(listed);
  EXPECT_EQ(*listed, (std::vector<std::string>{"127.0.0.1:4000", "[::1]:5"})) << "what is not HOST:PORT is left out";
  EXPECT_TRUE(listed_endpoints(R"({"header":{},"count":"0"})")->empty()) << "no key matched";
}

TEST(etcd_answers, the_range_end_of_a_prefix) {
  EXPECT_EQ(prefix_range_end("/troupe/members/"), "/troupe/members0");
  EXPECT_EQ(prefix_range_end("a\xff"), "b");
  EXPECT_EQ(prefix_range_end("\xff\xff"), std::string(1, '\0')) << "every key";
}

TEST(etcd_answers, refuse_what_is_not_an_answer) {
  EXPECT_EQ(granted_lease("").error(), sec::malformed_message);
  EXPECT_EQ(granted_lease("[1,2]").error(), sec::malformed_message);
  EXPECT_EQ(granted_lease(R"({"TTL":"10"})").error(), sec::malformed_message);
  EXPECT_EQ(granted_lease(R"({"ID":{"x":1}})").error(), sec::malformed_message);
  EXPECT_EQ(lease_alive(R"({"result":)").error(), sec::malformed_message);
  EXPECT_EQ(lease_alive(R"({})").error(), sec::malformed_message);
  EXPECT_EQ(listed_endpoints(R"({"kvs":{"key":"eA=="}})").error(), sec::malformed_message);
  EXPECT_EQ(listed_endpoints("\xff\xfe").error(), sec::malformed_message);
}

// An answer for the SRV records of _t._tcp.s: one record (port 7001, target n.s), and n.s's A record in the
// additional section; names compressed as servers write them.
const std::vector<unsigned char> srv_answer{
  0x12, 0x34, 0x85, 0x80, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,                      // header
  0x02, '_',  't',  0x04, '_',  't',  'c',  'p',  0x01, 's',  0x00, 0x00, 0x21, 0x00, 0x01,    // question
  0xc0, 0x0c, 0x00, 0x21, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a,                      // SRV, 10 bytes
  0x00, 0x00, 0x00, 0x00, 0x1b, 0x59, 0x01, 'n',  0xc0, 0x14,                                  // 0 0 7001 n.s
  0xc0, 0x2d, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 127,  0,    0,    1, // n.s A 127.0.0.1
};

TEST(dns_answers, read_srv_records_and_the_addresses_of_their_targets) {
  auto records = srv_records(srv_answer);
  ASSERT_TRUE(records) << to_string(records.error());
  ASSERT_EQ(records->size(), 1u);
  EXPECT_EQ((*records)[0].port, 7001);
  EXPECT_EQ((*records)[0].target, "n.s");
  EXPECT_EQ(*address_records(srv_answer, "n.s"), std::vector<std::string>{"127.0.0.1"});
  EXPECT_EQ(*address_records(srv_answer, "N.S."), std::vector<std::string>{"127.0.0.1"}) << "names ignore case";
  EXPECT_TRUE(address_records(srv_answer, "m.s")->empty());
}

TEST(dns_answers, refuse_what_is_not_a_dns_answer) {
  EXPECT_EQ(srv_records(std::vector<unsigned char>{}).error(), sec::malformed_message);
  auto cut = srv_answer;
  cut.resize(40); // in the middle of the SRV record
  EXPECT_EQ(srv_records(cut).error(), sec::malformed_message);
  auto short_srv = srv_answer;
  short_srv[38] = 0x03; // an SRV record of 3 bytes
  EXPECT_FALSE(srv_records(short_srv));
  auto loop = srv_answer;
  loop[47] = 0xc0;
  loop[48] = 0x2f; // a target that points at itself
  EXPECT_EQ(srv_records(loop).error(), sec::malformed_message);
  auto bad_a = srv_answer;
  bad_a[60] = 0x05; // an A record of 5 bytes
  EXPECT_FALSE(address_records(bad_a));
}

TEST(http_post, a_port_where_nobody_listens_is_a_connection_error) {
  // Port 1 on loopback: refused at once.
  auto a = http_post(http_url{"127.0.0.1", 1}, "/v3/kv/range", "{}", std::chrono::milliseconds{2000});
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), sec::cannot_connect_to_node);
}

} // namespace discovery_codec_test
