// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The frames of the node services without any I/O: each kind survives a round
// trip, and a decoder refuses what is truncated, oversized or inconsistent.
#include <gtest/gtest.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "net/service_wire.hpp"
#include "net/wire.hpp"
#include "troupe/serialization.hpp"

namespace service_wire_test {

using namespace troupe;
namespace wire = troupe::net::wire;

namespace {

// The kind and body of the one frame in `bytes`.
wire::frame_view frame_of(const std::vector<std::byte>& bytes) {
  auto n = wire::read_length(std::span<const std::byte, wire::length_size>{bytes.data(), wire::length_size}, 1 << 20);
  EXPECT_TRUE(n);
  EXPECT_EQ(*n, bytes.size() - wire::length_size);
  auto f = wire::read_frame(std::span<const std::byte>{bytes}.subspan(wire::length_size));
  EXPECT_TRUE(f);
  return *f;
}

std::vector<std::byte> without_last_byte(std::span<const std::byte> body) {
  return {body.begin(), body.end() - 1};
}

} // namespace

TEST(service_wire, lookup_request_round_trip) {
  std::vector<std::byte> out;
  wire::write_lookup_request(out, wire::lookup_request{7, wire::lookup_kind::group, "chat"});
  auto f = frame_of(out);
  EXPECT_EQ(f.kind, wire::frame_kind::lookup_request);
  auto x = wire::read_lookup_request(f.body);
  ASSERT_TRUE(x) << to_string(x.error());
  EXPECT_EQ(x->request_id, 7u);
  EXPECT_EQ(x->what, wire::lookup_kind::group);
  EXPECT_EQ(x->name, "chat");
  EXPECT_FALSE(wire::read_lookup_request(without_last_byte(f.body)));
}

TEST(service_wire, an_unknown_lookup_kind_is_refused) {
  std::vector<std::byte> out;
  wire::write_lookup_request(out, wire::lookup_request{1, wire::lookup_kind::actor, "x"});
  auto body = std::vector<std::byte>{out.begin() + wire::length_size + 1, out.end()};
  body[1] = std::byte{9}; // after the one-byte request id
  auto x = wire::read_lookup_request(body);
  ASSERT_FALSE(x);
  EXPECT_EQ(x.error(), sec::malformed_message);
}

TEST(service_wire, service_responses_carry_an_actor_or_an_error) {
  std::vector<std::byte> out;
  wire::write_service_response(out, wire::frame_kind::spawn_response,
                               wire::service_response{3, 42, {"(int32) -> (int32)"}, error{}});
  auto f = frame_of(out);
  EXPECT_EQ(f.kind, wire::frame_kind::spawn_response);
  auto ok = wire::read_service_response(f.body);
  ASSERT_TRUE(ok) << to_string(ok.error());
  EXPECT_EQ(ok->request_id, 3u);
  EXPECT_EQ(ok->actor, 42u);
  EXPECT_EQ(ok->interface, std::vector<std::string>{"(int32) -> (int32)"});
  EXPECT_FALSE(ok->reason);
  out.clear();
  wire::write_service_response(out, wire::frame_kind::lookup_response,
                               wire::service_response{4, 0, {}, error{sec::invalid_argument, "no such name"}});
  auto failed = wire::read_service_response(frame_of(out).body);
  ASSERT_TRUE(failed) << to_string(failed.error());
  EXPECT_EQ(failed->reason, sec::invalid_argument);
  EXPECT_EQ(failed->reason.context(), "no such name");
  EXPECT_FALSE(wire::read_service_response(without_last_byte(frame_of(out).body)));
}

TEST(service_wire, a_response_naming_actor_zero_is_refused) {
  std::vector<std::byte> out;
  wire::write_service_response(out, wire::frame_kind::lookup_response, wire::service_response{1, 0, {}, error{}});
  auto x = wire::read_service_response(frame_of(out).body);
  ASSERT_FALSE(x);
  EXPECT_EQ(x.error(), sec::malformed_message);
}

TEST(service_wire, spawn_request_round_trip_with_its_arguments) {
  std::vector<std::byte> out;
  auto start = wire::begin_spawn_request(out, wire::spawn_request{9, "adder", {"(int32) -> (int32)"}});
  ASSERT_FALSE(serialize(make_message(10, std::string{"x"}), out));
  wire::finish_frame(out, start);
  auto f = frame_of(out);
  EXPECT_EQ(f.kind, wire::frame_kind::spawn_request);
  std::span<const std::byte> payload;
  auto x = wire::read_spawn_request(f.body, payload);
  ASSERT_TRUE(x) << to_string(x.error());
  EXPECT_EQ(x->request_id, 9u);
  EXPECT_EQ(x->type, "adder");
  EXPECT_EQ(x->expected_interface, std::vector<std::string>{"(int32) -> (int32)"});
  auto args = deserialize(payload);
  ASSERT_TRUE(args) << to_string(args.error());
  EXPECT_TRUE((args->match_elements<int, std::string>()));
}

TEST(service_wire, group_membership_round_trip) {
  for (auto kind : {wire::frame_kind::group_join, wire::frame_kind::group_leave}) {
    std::vector<std::byte> out;
    wire::write_group_membership(out, kind, wire::group_membership{5, 300});
    auto f = frame_of(out);
    EXPECT_EQ(f.kind, kind);
    auto x = wire::read_group_membership(f.body);
    ASSERT_TRUE(x) << to_string(x.error());
    EXPECT_EQ(x->group, 5u);
    EXPECT_EQ(x->member, 300u);
    EXPECT_FALSE(wire::read_group_membership(without_last_byte(f.body)));
    auto longer = std::vector<std::byte>{f.body.begin(), f.body.end()};
    longer.push_back(std::byte{0});
    EXPECT_FALSE(wire::read_group_membership(longer));
  }
}

TEST(service_wire, kinds_between_the_ranges_are_unknown) {
  for (std::uint8_t kind : {0, 15, 22, 255}) {
    std::vector<std::byte> frame{std::byte{kind}};
    EXPECT_FALSE(wire::read_frame(frame)) << int{kind};
  }
  for (std::uint8_t kind = 16; kind <= 21; ++kind)
    EXPECT_TRUE(wire::is_known_kind(kind)) << int{kind};
}

} // namespace service_wire_test
