// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The frame codec on its own: what is written reads back, and malformed,
// truncated or oversized input gives an error, never a crash.
#include "net/wire.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "troupe/error.hpp"

namespace wire_test {

using namespace troupe;
using namespace troupe::net;

namespace {

// The frame without its length prefix, after checking the prefix.
std::span<const std::byte> body_of(const std::vector<std::byte>& frame) {
  EXPECT_GE(frame.size(), wire::length_size);
  auto n = wire::read_length(std::span<const std::byte, wire::length_size>{frame.data(), wire::length_size}, 1 << 20);
  EXPECT_TRUE(n);
  EXPECT_EQ(*n, frame.size() - wire::length_size);
  return std::span<const std::byte>{frame}.subspan(wire::length_size);
}

wire::hello sample_hello() {
  wire::hello h;
  h.node = node_id::make_local();
  h.app_identifier = "calc";
  h.published_actor = 42;
  h.published_interface = {"(int32,int32) -> (int32)", "('sub',int32,int32) -> (int32)"};
  h.types = {{"point", 7}, {"shape", 9}};
  h.nonce = wire::make_nonce();
  h.authenticates = true;
  h.endpoints = {{"", 4242}, {"10.0.0.7", 80}};
  return h;
}

TEST(wire, hello_round_trips) {
  std::vector<std::byte> frame;
  auto h = sample_hello();
  wire::write_hello(frame, h);
  auto f = wire::read_frame(body_of(frame));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, wire::frame_kind::hello);
  auto back = wire::read_hello(f->body);
  ASSERT_TRUE(back) << to_string(back.error());
  EXPECT_EQ(back->node, h.node);
  EXPECT_EQ(back->app_identifier, "calc");
  EXPECT_EQ(back->published_actor, 42u);
  EXPECT_EQ(back->published_interface, h.published_interface);
  EXPECT_EQ(back->types, h.types);
  EXPECT_EQ(back->nonce, h.nonce);
  EXPECT_TRUE(back->authenticates);
  EXPECT_EQ(back->endpoints, h.endpoints);
}

TEST(wire, node_contacts_round_trip_with_and_without_a_node) {
  for (auto node : {node_id{}, node_id::make_local()}) {
    std::vector<std::byte> frame;
    wire::write_node_contact(frame, wire::node_contact{node, {{"127.0.0.1", 9000}, {"", 9001}}});
    auto f = wire::read_frame(body_of(frame));
    ASSERT_TRUE(f);
    EXPECT_EQ(f->kind, wire::frame_kind::node_contact);
    auto back = wire::read_node_contact(f->body);
    ASSERT_TRUE(back) << to_string(back.error());
    EXPECT_EQ(back->node, node);
    EXPECT_EQ(back->endpoints, (std::vector<wire::endpoint>{{"127.0.0.1", 9000}, {"", 9001}}));
  }
}

TEST(wire, malformed_node_contacts_are_refused) {
  auto decode = [](const wire::node_contact& c) {
    std::vector<std::byte> frame;
    wire::write_node_contact(frame, c);
    return wire::read_node_contact(wire::read_frame(body_of(frame))->body);
  };
  EXPECT_EQ(decode({node_id{}, {{"host", 0}}}).error(), sec::malformed_message);
  EXPECT_EQ(decode({node_id{}, {{std::string(300, 'h'), 1}}}).error(), sec::malformed_message);
  EXPECT_EQ(decode({node_id{}, std::vector<wire::endpoint>(wire::max_contact_endpoints + 1, {"h", 1})}).error(),
            sec::malformed_message);
  // Every truncation is an error.
  std::vector<std::byte> frame;
  wire::write_node_contact(frame, wire::node_contact{node_id::make_local(), {{"127.0.0.1", 9000}}});
  auto body = wire::read_frame(body_of(frame))->body;
  for (std::size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(wire::read_node_contact(body.first(n))) << n;
}

TEST(wire, auth_tags_bind_secret_nonce_and_both_nodes) {
  auto a = node_id::make_local();
  auto b = node_id::make_local();
  auto n1 = wire::make_nonce();
  auto n2 = wire::make_nonce();
  EXPECT_NE(n1, n2); // fresh per connection
  auto tag = wire::make_auth_tag("secret", n1, a, b);
  EXPECT_TRUE(wire::auth_tag_equal(tag, wire::make_auth_tag("secret", n1, a, b)));
  EXPECT_FALSE(wire::auth_tag_equal(tag, wire::make_auth_tag("Secret", n1, a, b)));
  EXPECT_FALSE(wire::auth_tag_equal(tag, wire::make_auth_tag("secret", n2, a, b)));
  EXPECT_FALSE(wire::auth_tag_equal(tag, wire::make_auth_tag("secret", n1, b, a))); // not the other direction
  std::vector<std::byte> frame;
  wire::write_auth(frame, tag);
  auto f = wire::read_frame(body_of(frame));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, wire::frame_kind::auth);
  auto back = wire::read_auth(f->body);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, tag);
  EXPECT_FALSE(wire::read_auth(f->body.first(31)));
}

TEST(wire, actor_message_header_round_trips_with_and_without_source_and_dest_node_and_hops) {
  for (int nodes = 0; nodes < 8; ++nodes) {
    std::vector<std::byte> frame;
    wire::actor_message_header hdr;
    hdr.source = 7;
    hdr.dest = 300;
    hdr.message_id = (std::uint64_t{1} << 63) | 5;
    if ((nodes & 1) != 0)
      hdr.source_node = node_id::make_local();
    if ((nodes & 2) != 0)
      hdr.dest_node = node_id::make_local();
    if ((nodes & 4) != 0)
      hdr.hops = 3;
    auto start = wire::begin_actor_message(frame, hdr);
    frame.push_back(std::byte{0xAB}); // stands for the message
    wire::finish_frame(frame, start);
    auto f = wire::read_frame(body_of(frame));
    ASSERT_TRUE(f);
    std::span<const std::byte> payload;
    auto back = wire::read_actor_message(f->body, payload);
    ASSERT_TRUE(back) << to_string(back.error());
    EXPECT_EQ(back->source, 7u);
    EXPECT_EQ(back->dest, 300u);
    EXPECT_EQ(back->message_id, hdr.message_id);
    EXPECT_EQ(back->source_node, hdr.source_node);
    EXPECT_EQ(back->dest_node, hdr.dest_node);
    EXPECT_EQ(back->hops, hdr.hops);
    ASSERT_EQ(payload.size(), 1u);
    EXPECT_EQ(payload[0], std::byte{0xAB});
  }
}

TEST(wire, an_actor_message_header_has_the_documented_bytes) {
  // protocol.md: length, kind 2, varint source, node flags, varint dest,
  // varint message id, then the message.
  wire::actor_message_header hdr;
  hdr.source = 7;
  hdr.dest = 300;
  hdr.message_id = 5;
  std::vector<std::byte> frame;
  auto start = wire::begin_actor_message(frame, hdr);
  frame.push_back(std::byte{0xAB});
  wire::finish_frame(frame, start);
  const std::vector<std::byte> expected{std::byte{7},    std::byte{0},    std::byte{0},   std::byte{0},
                                        std::byte{2},    std::byte{7},    std::byte{0},   std::byte{0xAC},
                                        std::byte{0x02}, std::byte{0x05}, std::byte{0xAB}};
  EXPECT_EQ(frame, expected);
  // With a source node: flag bit 0 and the node after the source.
  hdr.source_node = node_id::make_local();
  frame.clear();
  start = wire::begin_actor_message(frame, hdr);
  wire::finish_frame(frame, start);
  ASSERT_EQ(frame.size(), wire::length_size + 1 + 1 + 1 + 28 + 2 + 1);
  EXPECT_EQ(frame[wire::length_size + 2], std::byte{1});
}

TEST(wire, a_hop_count_of_zero_or_past_the_limit_is_refused) {
  for (std::uint8_t hops : {std::uint8_t{0}, static_cast<std::uint8_t>(wire::max_hops + 1)}) {
    wire::actor_message_header hdr;
    hdr.source = 7;
    hdr.dest = 300;
    hdr.hops = 1;
    std::vector<std::byte> frame;
    auto start = wire::begin_actor_message(frame, hdr);
    frame.back() = std::byte{hops}; // the hop count is the header's last byte
    wire::finish_frame(frame, start);
    std::span<const std::byte> payload;
    auto back = wire::read_actor_message(wire::read_frame(body_of(frame))->body, payload);
    ASSERT_FALSE(back) << int{hops};
    EXPECT_EQ(back.error(), sec::malformed_message);
  }
}

TEST(wire, route_hints_round_trip_and_malformed_ones_are_refused) {
  auto a = node_id::make_local();
  auto b = node_id{node_id::local_host_id(), a.process_id(), a.instance() + 1};
  auto decode = [](const wire::route_hint& h) {
    std::vector<std::byte> frame;
    wire::write_route_hint(frame, h);
    auto f = wire::read_frame(body_of(frame));
    EXPECT_TRUE(f);
    EXPECT_EQ(f->kind, wire::frame_kind::route_hint);
    return wire::read_route_hint(f->body);
  };
  auto back = decode({a, b, 5});
  ASSERT_TRUE(back) << to_string(back.error());
  EXPECT_EQ(back->target, a);
  EXPECT_EQ(back->via, b);
  EXPECT_EQ(back->ttl, 5);
  EXPECT_EQ(decode({a, a, 5}).error(), sec::malformed_message);         // nowhere to go
  EXPECT_EQ(decode({node_id{}, b, 5}).error(), sec::malformed_message); // no target
  EXPECT_EQ(decode({a, b, static_cast<std::uint8_t>(wire::max_hops + 1)}).error(), sec::malformed_message);
  std::vector<std::byte> frame;
  wire::write_route_hint(frame, {a, b, 1});
  auto body = wire::read_frame(body_of(frame))->body;
  for (std::size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(wire::read_route_hint(body.first(n))) << n;
  std::vector<std::byte> longer{body.begin(), body.end()};
  longer.push_back(std::byte{0});
  EXPECT_FALSE(wire::read_route_hint(longer));
}

TEST(wire, a_move_marker_round_trips_with_its_flag_and_no_payload) {
  wire::actor_message_header hdr;
  hdr.dest = 300;
  hdr.dest_node = node_id::make_local();
  hdr.message_id = 9; // the move's token
  hdr.marker = true;
  std::vector<std::byte> frame;
  auto start = wire::begin_actor_message(frame, hdr);
  wire::finish_frame(frame, start);
  EXPECT_EQ(frame[wire::length_size + 2], std::byte{2 | 8}); // a dest node, and the marker bit
  std::span<const std::byte> payload;
  auto back = wire::read_actor_message(wire::read_frame(body_of(frame))->body, payload);
  ASSERT_TRUE(back) << to_string(back.error());
  EXPECT_TRUE(back->marker);
  EXPECT_EQ(back->dest, 300u);
  EXPECT_EQ(back->dest_node, hdr.dest_node);
  EXPECT_EQ(back->message_id, 9u);
  EXPECT_TRUE(payload.empty());
  // A marker carries no message; a flag past the trace context's is unknown.
  auto with_payload = frame;
  with_payload.push_back(std::byte{0xAB});
  wire::finish_frame(with_payload, 0);
  EXPECT_EQ(wire::read_actor_message(wire::read_frame(body_of(with_payload))->body, payload).error(),
            sec::malformed_message);
  auto unknown_flag = frame;
  unknown_flag[wire::length_size + 2] = std::byte{2 | 32};
  EXPECT_EQ(wire::read_actor_message(wire::read_frame(body_of(unknown_flag))->body, payload).error(),
            sec::malformed_message);
}

TEST(wire, a_trace_context_travels_only_when_set_and_a_broken_one_is_refused) {
  wire::actor_message_header hdr;
  hdr.source = 7;
  hdr.dest = 300;
  hdr.message_id = 5;
  std::vector<std::byte> plain;
  wire::finish_frame(plain, wire::begin_actor_message(plain, hdr));
  hdr.trace_high = 0x0102030405060708ULL;
  hdr.trace_low = 0x1112131415161718ULL;
  hdr.trace_span = 0x2122232425262728ULL;
  std::vector<std::byte> traced;
  auto start = wire::begin_actor_message(traced, hdr);
  traced.push_back(std::byte{0xAB});
  wire::finish_frame(traced, start);
  EXPECT_EQ(traced.size(), plain.size() + 24 + 1) << "three uint64 and the payload byte, nothing else";
  EXPECT_EQ(traced[wire::length_size + 2], std::byte{16});
  std::span<const std::byte> payload;
  auto back = wire::read_actor_message(wire::read_frame(body_of(traced))->body, payload);
  ASSERT_TRUE(back) << to_string(back.error());
  EXPECT_EQ(back->trace_high, hdr.trace_high);
  EXPECT_EQ(back->trace_low, hdr.trace_low);
  EXPECT_EQ(back->trace_span, hdr.trace_span);
  ASSERT_EQ(payload.size(), 1u);
  EXPECT_EQ(payload[0], std::byte{0xAB});
  auto plain_back = wire::read_actor_message(wire::read_frame(body_of(plain))->body, payload);
  ASSERT_TRUE(plain_back);
  EXPECT_FALSE(plain_back->traced());
  // Cut inside the context: truncated.
  auto cut = traced;
  cut.resize(cut.size() - 10);
  wire::finish_frame(cut, 0);
  EXPECT_EQ(wire::read_actor_message(wire::read_frame(body_of(cut))->body, payload).error(), sec::malformed_message);
  // The flag with a zero trace id: refused, not taken as a trace.
  auto zero = traced;
  for (std::size_t i = 0; i < 16; ++i)
    zero[wire::length_size + 6 + i] = std::byte{0}; // after kind, source, flags, dest (2 bytes), id
  EXPECT_EQ(wire::read_actor_message(wire::read_frame(body_of(zero))->body, payload).error(), sec::malformed_message);
}

TEST(wire, moved_frames_round_trip_and_malformed_ones_are_refused) {
  auto a = node_id::make_local();
  auto b = node_id{node_id::local_host_id(), a.process_id(), a.instance() + 1};
  auto decode = [](const wire::moved& m) {
    std::vector<std::byte> frame;
    wire::write_moved(frame, m);
    auto f = wire::read_frame(body_of(frame));
    EXPECT_TRUE(f);
    EXPECT_EQ(f->kind, wire::frame_kind::moved);
    return wire::read_moved(f->body);
  };
  auto back = decode({a, b, 300, 9, 4});
  ASSERT_TRUE(back) << to_string(back.error());
  EXPECT_EQ(back->to, a);
  EXPECT_EQ(back->of, b);
  EXPECT_EQ(back->actor, 300u);
  EXPECT_EQ(back->token, 9u);
  EXPECT_EQ(back->ttl, 4);
  EXPECT_EQ(decode({a, a, 300, 9, 4}).error(), sec::malformed_message);         // one node
  EXPECT_EQ(decode({node_id{}, b, 300, 9, 4}).error(), sec::malformed_message); // to nobody
  EXPECT_EQ(decode({a, b, 0, 9, 4}).error(), sec::malformed_message);           // no actor
  EXPECT_EQ(decode({a, b, 300, 9, static_cast<std::uint8_t>(wire::max_hops + 1)}).error(), sec::malformed_message);
  std::vector<std::byte> frame;
  wire::write_moved(frame, {a, b, 300, 9, 1});
  auto body = wire::read_frame(body_of(frame))->body;
  for (std::size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(wire::read_moved(body.first(n))) << n;
  std::vector<std::byte> longer{body.begin(), body.end()};
  longer.push_back(std::byte{0});
  EXPECT_FALSE(wire::read_moved(longer));
}

TEST(wire, down_and_monitor_round_trip_with_and_without_a_node) {
  for (node_id node : {node_id{}, node_id::make_local()}) {
    std::vector<std::byte> frame;
    wire::write_down(frame, 99, error{exit_reason::user_shutdown}, node);
    auto f = wire::read_frame(body_of(frame));
    ASSERT_TRUE(f);
    auto d = wire::read_down(f->body);
    ASSERT_TRUE(d);
    EXPECT_EQ(d->actor, 99u);
    EXPECT_EQ(d->node, node);
    EXPECT_EQ(d->reason, error{exit_reason::user_shutdown});
    frame.clear();
    wire::write_monitor(frame, 12345, node);
    f = wire::read_frame(body_of(frame));
    ASSERT_TRUE(f);
    auto m = wire::read_monitor(f->body);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->actor, 12345u);
    EXPECT_EQ(m->node, node);
  }
}

TEST(wire, a_first_fragment_announces_the_whole_length_and_later_ones_do_not) {
  const std::vector<std::byte> piece(100, std::byte{0x5A});
  for (std::uint64_t total : {std::uint64_t{0}, std::uint64_t{300}, std::uint64_t{1} << 40}) {
    for (bool last : {false, true}) {
      std::vector<std::byte> frame;
      wire::write_fragment_header(frame, piece.size(), last, total);
      frame.insert(frame.end(), piece.begin(), piece.end());
      auto f = wire::read_frame(body_of(frame));
      ASSERT_TRUE(f);
      ASSERT_EQ(f->kind, wire::frame_kind::fragment);
      auto x = wire::read_fragment(f->body);
      ASSERT_TRUE(x) << to_string(x.error());
      EXPECT_EQ(x->first, total != 0);
      EXPECT_EQ(x->last, last);
      EXPECT_EQ(x->total, total);
      EXPECT_EQ(x->piece.size(), piece.size());
    }
  }
}

TEST(wire, malformed_fragment_headers_are_refused) {
  auto refused = [](std::vector<std::byte> body) {
    auto x = wire::read_fragment(body);
    return !x && x.error() == sec::malformed_message;
  };
  EXPECT_TRUE(refused({}));                                              // no flags
  EXPECT_TRUE(refused({std::byte{4}, std::byte{1}}));                    // an unknown flag
  EXPECT_TRUE(refused({std::byte{wire::fragment_first}, std::byte{1}})); // a truncated length
  std::vector<std::byte> empty_frame(9, std::byte{0});                   // announces a frame of no bytes
  empty_frame[0] = std::byte{wire::fragment_first};
  EXPECT_TRUE(refused(empty_frame));
}

TEST(wire, lengths_outside_the_limit_are_refused) {
  std::array<std::byte, 4> zero{};
  EXPECT_FALSE(wire::read_length(zero, 100));
  std::array<std::byte, 4> big{std::byte{0xFF}, std::byte{0xFF}, std::byte{0xFF}, std::byte{0x7F}};
  auto n = wire::read_length(big, 1 << 20);
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error(), sec::malformed_message);
}

TEST(wire, unknown_kinds_and_empty_frames_are_refused) {
  std::vector<std::byte> frame{std::byte{0x77}};
  EXPECT_FALSE(wire::read_frame(frame));
  EXPECT_FALSE(wire::read_frame({}));
  // Between the last connection kind and the first service kind.
  EXPECT_FALSE(wire::read_frame(std::vector<std::byte>{std::byte{15}}));
}

TEST(wire, park_frames_are_a_kind_without_a_body) {
  for (auto kind : {wire::frame_kind::park, wire::frame_kind::park_ack, wire::frame_kind::park_refused}) {
    std::vector<std::byte> frame;
    wire::write_park(frame, kind);
    auto f = wire::read_frame(body_of(frame));
    ASSERT_TRUE(f);
    EXPECT_EQ(f->kind, kind);
    EXPECT_TRUE(f->body.empty());
  }
}

TEST(wire, every_truncation_of_a_hello_is_an_error) {
  std::vector<std::byte> frame;
  wire::write_hello(frame, sample_hello());
  auto body = body_of(frame).subspan(1); // after the kind
  for (std::size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(wire::read_hello(body.first(n))) << "prefix of " << n << " bytes";
  EXPECT_TRUE(wire::read_hello(body));
}

TEST(wire, trailing_bytes_after_a_hello_are_an_error) {
  std::vector<std::byte> frame;
  wire::write_hello(frame, sample_hello());
  std::vector<std::byte> body{body_of(frame).begin() + 1, body_of(frame).end()};
  body.push_back(std::byte{0});
  auto h = wire::read_hello(body);
  ASSERT_FALSE(h);
  EXPECT_EQ(h.error(), sec::malformed_message);
}

TEST(wire, a_wrong_version_is_refused_by_name) {
  auto h = sample_hello();
  h.version = wire::protocol_version + 1;
  std::vector<std::byte> frame;
  wire::write_hello(frame, h);
  auto back = wire::read_hello(body_of(frame).subspan(1));
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error(), sec::incompatible_versions);
}

TEST(wire, a_wrong_magic_is_refused) {
  std::vector<std::byte> frame;
  wire::write_hello(frame, sample_hello());
  std::vector<std::byte> body{body_of(frame).begin() + 1, body_of(frame).end()};
  body[0] = std::byte{'X'};
  EXPECT_FALSE(wire::read_hello(body));
}

TEST(wire, a_huge_interface_count_does_not_allocate_it) {
  // magic, version, node, empty app id, published actor 0, then a count of 2^60.
  std::vector<std::byte> frame;
  wire::write_hello(frame, wire::hello{});
  std::vector<std::byte> body{body_of(frame).begin() + 1, body_of(frame).end()};
  auto count_at = 4 + 2 + 28 + 1 + 1;
  body.resize(count_at);
  for (int i = 0; i < 8; ++i)
    body.push_back(std::byte{0xFF});
  body.push_back(std::byte{0x0F});
  EXPECT_FALSE(wire::read_hello(body));
}

TEST(wire, a_message_without_receiver_is_refused) {
  std::vector<std::byte> frame;
  wire::actor_message_header hdr;
  hdr.source = 1;
  hdr.dest = 0;
  auto start = wire::begin_actor_message(frame, hdr);
  wire::finish_frame(frame, start);
  auto f = wire::read_frame(body_of(frame));
  ASSERT_TRUE(f);
  std::span<const std::byte> payload;
  EXPECT_FALSE(wire::read_actor_message(f->body, payload));
}

TEST(wire, a_truncated_or_overlong_actor_message_header_is_refused) {
  for (bool with_node : {false, true}) {
    wire::actor_message_header hdr;
    hdr.source = 300;
    hdr.dest = 70000;
    hdr.message_id = (std::uint64_t{1} << 63) | 5;
    if (with_node)
      hdr.source_node = node_id::make_local();
    std::vector<std::byte> frame;
    auto start = wire::begin_actor_message(frame, hdr);
    wire::finish_frame(frame, start);
    auto body = wire::read_frame(body_of(frame))->body;
    std::span<const std::byte> payload;
    ASSERT_TRUE(wire::read_actor_message(body, payload));
    EXPECT_TRUE(payload.empty());
    // Cut anywhere, inside a varint or between fields: refused, not misread.
    for (std::size_t n = 0; n < body.size(); ++n) {
      auto cut = wire::read_actor_message(body.first(n), payload);
      ASSERT_FALSE(cut) << n << " of " << body.size() << " bytes";
      EXPECT_EQ(cut.error(), sec::malformed_message);
    }
  }
  // A source id of ten varint bytes whose last carries more than 64 bits.
  std::vector<std::byte> overlong(9, std::byte{0x80});
  for (auto b : {0x02, 0x00, 0x01, 0x00}) // ..., flags, dest 1, message id 0
    overlong.push_back(std::byte(b));
  std::span<const std::byte> payload;
  auto back = wire::read_actor_message(overlong, payload);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error(), sec::malformed_message);
}

TEST(wire, conflicting_type_layouts_name_the_type) {
  std::vector<wire::type_fingerprint> ours{{"point", 1}, {"shape", 2}};
  std::vector<wire::type_fingerprint> same{{"point", 1}, {"other", 5}};
  std::vector<wire::type_fingerprint> clash{{"shape", 3}};
  EXPECT_FALSE(wire::check_types(ours, same));
  auto err = wire::check_types(ours, clash);
  ASSERT_TRUE(err);
  EXPECT_EQ(err, sec::incompatible_types);
  EXPECT_NE(err.context().find("shape"), std::string::npos);
}

} // namespace

} // namespace wire_test
