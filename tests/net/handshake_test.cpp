// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The opening of a connection on its own, both sides in one process: hellos
// that are accepted, refused for each reason, and the auth exchange with a
// shared secret, right and wrong.
#include "net/handshake.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "troupe/error.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/node_id.hpp"

namespace handshake_test {

using namespace troupe;
using namespace troupe::net;

namespace {

// The body of a whole frame as written (its length prefix and kind gone).
std::vector<std::byte> body_of(const std::vector<std::byte>& frame) {
  auto view = wire::read_frame(std::span<const std::byte>{frame}.subspan(wire::length_size));
  EXPECT_TRUE(view);
  return {view->body.begin(), view->body.end()};
}

// One side of a connection: its node, settings and handshake.
struct side {
  explicit side(std::string app = "calc", std::string secret = {}, node_id id = node_id::make_local())
    : node(std::move(id)) {
    cfg.app_identifier = std::move(app);
    cfg.secret = std::move(secret);
  }
  // This side's hello frame's body, listening on `port`.
  std::vector<std::byte> hello(std::uint16_t port = 4242) {
    std::vector<std::byte> frame;
    wire::write_hello(frame, shake.make_hello(0, {}, {{"", port}}));
    return body_of(frame);
  }

  node_id node;
  middleman_settings cfg;
  std::vector<wire::type_fingerprint> types;
  handshake shake{node, cfg, types};
};

} // namespace

TEST(handshake, a_hello_without_a_secret_makes_the_connection_ready) {
  side a, b;
  auto outcome = b.shake.on_hello(a.hello(7000));
  EXPECT_FALSE(outcome.err) << to_string(outcome.err);
  EXPECT_TRUE(outcome.ready);
  EXPECT_TRUE(outcome.auth_frame.empty());
  ASSERT_EQ(outcome.contacts.size(), 1u);
  EXPECT_EQ(outcome.contacts[0].port, 7000);
  EXPECT_EQ(b.shake.peer_hello().node, a.node);
  EXPECT_EQ(b.shake.peer_hello().app_identifier, "calc");
}

TEST(handshake, another_application_is_refused) {
  side a{"calc"}, b{"chat"};
  auto outcome = b.shake.on_hello(a.hello());
  EXPECT_EQ(outcome.err, sec::incompatible_application_ids);
  EXPECT_FALSE(outcome.ready);
}

TEST(handshake, a_second_hello_is_malformed) {
  side a, b;
  auto first = a.hello();
  EXPECT_FALSE(b.shake.on_hello(first).err);
  EXPECT_EQ(b.shake.on_hello(first).err, sec::malformed_message);
}

TEST(handshake, truncated_hello_bytes_are_an_error) {
  side a, b;
  auto body = a.hello();
  body.resize(body.size() / 2);
  EXPECT_TRUE(b.shake.on_hello(body).err);
  EXPECT_FALSE(b.shake.on_hello({}).ready);
}

TEST(handshake, one_side_with_a_secret_and_one_without_are_refused) {
  side with{"calc", "s3cret"}, without{"calc"};
  EXPECT_EQ(without.shake.on_hello(with.hello()).err, sec::authentication_failed);
  EXPECT_EQ(with.shake.on_hello(without.hello()).err, sec::authentication_failed);
}

TEST(handshake, the_same_secret_proves_itself_both_ways) {
  side a{"calc", "s3cret"}, b{"calc", "s3cret"};
  auto a_hello = a.hello();
  auto b_hello = b.hello();
  auto at_b = b.shake.on_hello(a_hello);
  auto at_a = a.shake.on_hello(b_hello);
  ASSERT_FALSE(at_b.err);
  ASSERT_FALSE(at_a.err);
  EXPECT_FALSE(at_b.ready); // the auth frames decide
  EXPECT_FALSE(at_a.ready);
  ASSERT_FALSE(at_b.auth_frame.empty());
  ASSERT_FALSE(at_a.auth_frame.empty());
  EXPECT_FALSE(a.shake.on_auth(body_of(at_b.auth_frame), false));
  EXPECT_FALSE(b.shake.on_auth(body_of(at_a.auth_frame), false));
}

TEST(handshake, a_wrong_secret_fails_the_auth) {
  side a{"calc", "s3cret"}, b{"calc", "guess"};
  auto at_b = b.shake.on_hello(a.hello());
  auto at_a = a.shake.on_hello(b.hello());
  ASSERT_FALSE(at_b.err);
  ASSERT_FALSE(at_a.err);
  EXPECT_EQ(a.shake.on_auth(body_of(at_b.auth_frame), false), sec::authentication_failed);
  EXPECT_EQ(b.shake.on_auth(body_of(at_a.auth_frame), false), sec::authentication_failed);
}

TEST(handshake, an_auth_frame_out_of_turn_is_malformed) {
  side a{"calc", "s3cret"}, b{"calc", "s3cret"};
  auto at_b = b.shake.on_hello(a.hello());
  auto auth = body_of(at_b.auth_frame);
  // Before a's own hello was answered by b's hello ...
  EXPECT_EQ(a.shake.on_auth(auth, false), sec::malformed_message);
  // ... and after the connection is ready.
  ASSERT_FALSE(a.shake.on_hello(b.hello()).err);
  EXPECT_EQ(a.shake.on_auth(auth, true), sec::malformed_message);
  // Without a secret no auth frame belongs to the exchange.
  side c, d;
  ASSERT_FALSE(d.shake.on_hello(c.hello()).err);
  EXPECT_EQ(d.shake.on_auth(auth, false), sec::malformed_message);
}

TEST(handshake, a_replayed_auth_tag_does_not_fit_a_new_nonce) {
  side a{"calc", "s3cret"}, b{"calc", "s3cret"};
  auto at_b = b.shake.on_hello(a.hello());
  ASSERT_FALSE(a.shake.on_hello(b.hello()).err);
  // The same node opens a new connection (a new nonce): the old tag is stale.
  side a2{"calc", "s3cret", a.node};
  a2.hello();
  ASSERT_FALSE(a2.shake.on_hello(b.hello()).err);
  EXPECT_EQ(a2.shake.on_auth(body_of(at_b.auth_frame), false), sec::authentication_failed);
}

} // namespace handshake_test
