// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Property tests: random values of every supported type survive
// serialize -> deserialize, alone and inside messages.
#include <gtest/gtest.h>

#include <thread>

#include "random_values.hpp"
#include "test_types.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/serialization.hpp"
#include "troupe/serialization/actor_handle_codec.hpp"
#include "troupe/typed/typed_actor.hpp"

namespace binary_roundtrip_test {

using namespace troupe;
using namespace sertest;

namespace {

constexpr int iterations = 300;

template <class T>
void value_roundtrip(std::uint64_t seed) {
  gen g{seed};
  for (int i = 0; i < iterations; ++i) {
    T x = g.make<T>();
    std::vector<std::byte> buf;
    binary_serializer sink{buf};
    ASSERT_TRUE(sink.apply(x)) << to_string(sink.err());
    T y{};
    binary_deserializer source{buf};
    ASSERT_TRUE(source.apply(y)) << to_string(source.err());
    EXPECT_EQ(source.remaining(), 0u);
    EXPECT_TRUE(x == y) << type_name<T>() << " iteration " << i;
    // Every strict prefix fails cleanly.
    for (std::size_t n = 0; n < buf.size(); ++n) {
      T z{};
      binary_deserializer partial{std::span<const std::byte>{buf.data(), n}};
      bool ok = partial.apply(z);
      if (ok)
        EXPECT_LT(partial.position(), buf.size());
      else
        EXPECT_TRUE(partial.err());
    }
  }
}

template <class T>
void message_roundtrip(std::uint64_t seed) {
  gen g{seed};
  for (int i = 0; i < iterations; ++i) {
    auto msg = make_message(g.make<atom_value>(), g.make<T>(), g.make<std::string>());
    auto bytes = serialize(msg);
    EXPECT_EQ(static_cast<std::uint8_t>(bytes[0]), message_format_version);
    auto res = deserialize(bytes);
    ASSERT_TRUE(res) << to_string(res.err());
    ASSERT_TRUE((res->template match_elements<atom_value, T, std::string>()));
    EXPECT_TRUE(messages_equal(msg, *res)) << to_string(msg) << " vs " << to_string(*res);
    // The decoded message is a normal message: copy-on-write works.
    message copy = *res;
    copy.force_unshare();
    EXPECT_TRUE(messages_equal(copy, *res));
  }
}

#define ROUNDTRIP(name, ...)                                                                                           \
  TEST(binary_roundtrip, name) {                                                                                       \
    announce_test_types();                                                                                             \
    value_roundtrip<__VA_ARGS__>(0x5eed0000u + __LINE__);                                                              \
    message_roundtrip<__VA_ARGS__>(0xfeed0000u + __LINE__);                                                            \
  }

TEST(binary_roundtrip, setup) {
  announce_test_types();
}

SERTEST_FOR_EACH_TYPE(ROUNDTRIP)

TEST(binary_roundtrip, handles_and_system_messages) {
  announce_test_types();
  actor_system_config cfg;
  actor_system sys{cfg};
  auto a = sys.spawn([] {});
  auto msg = make_message(a, a.address(), exit_msg{a.address(), error{exit_reason::kill}},
                          down_msg{actor_addr{}, error{}}, timeout_msg{42}, actor{});
  auto res = deserialize(serialize(msg));
  ASSERT_TRUE(res) << to_string(res.err());
  ASSERT_TRUE((res->match_elements<actor, actor_addr, exit_msg, down_msg, timeout_msg, actor>()));
  // No network layer yet: decoded handles are invalid; the rest survives.
  EXPECT_FALSE(res->get_as<actor>(0));
  EXPECT_FALSE(res->get_as<actor_addr>(1));
  EXPECT_EQ(res->get_as<exit_msg>(2).reason, exit_reason::kill);
  EXPECT_FALSE(res->get_as<down_msg>(3).reason);
  EXPECT_EQ(res->get_as<timeout_msg>(4).id, 42u);
}

namespace {
// Records what was exported and maps (node, id) back to the actors it saw.
struct recording_codec : actor_handle_codec {
  node_id node = node_id::make_local();
  std::vector<actor_control_block*> exported;
  node_id exporting(actor_control_block* x) override {
    exported.push_back(x);
    return node;
  }
  strong_actor_ptr resolve(const node_id& n, std::uint64_t id) override {
    if (n != node)
      return nullptr;
    for (auto* x : exported)
      if (x->id() == id)
        return strong_actor_ptr{x};
    return nullptr;
  }
};
} // namespace

// With a codec, a handle carries its node, and reading it resolves to a handle
// again: what the network layer plugs in.
TEST(binary_roundtrip, a_codec_carries_handles) {
  announce_test_types();
  actor_system_config cfg;
  actor_system sys{cfg};
  auto a = sys.spawn([] { return behavior{[](int) {}}; });
  recording_codec codec;
  std::vector<std::byte> bytes;
  ASSERT_FALSE(serialize(make_message(a, a.address(), actor{}, down_msg{a.address(), error{}}), bytes, &codec));
  EXPECT_EQ(codec.exported.size(), 3u); // the invalid handle is not exported
  auto res = deserialize(bytes, &codec);
  ASSERT_TRUE(res) << to_string(res.err());
  EXPECT_EQ(res->get_as<actor>(0), a);
  EXPECT_EQ(res->get_as<actor_addr>(1), a.address());
  EXPECT_FALSE(res->get_as<actor>(2));
  EXPECT_EQ(res->get_as<down_msg>(3).source, a.address());
  // Without the codec the same bytes still decode, to invalid handles.
  auto plain = deserialize(bytes);
  ASSERT_TRUE(plain) << to_string(plain.err());
  EXPECT_FALSE(plain->get_as<actor>(0));
  // A node id of another length is malformed.
  auto bad = bytes;
  ASSERT_EQ(bad[2 + 4], std::byte{28}); // the first handle's node length, after version, count, 4 tags
  bad[2 + 4] = std::byte{27};
  auto refused = deserialize(bad, &codec);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.err().context().find("node id length"), std::string::npos) << to_string(refused.err());
  anon_send(a, exit_msg{actor_addr{}, exit_reason::kill});
}

namespace {
using adder_handle = typed_actor<replies_to<add_request>::with<std::int32_t>>;
struct with_handle {
  std::string name;
  adder_handle service;
};
template <class Inspector>
bool inspect(Inspector& f, with_handle& x) {
  return f(field("name", x.name), field("service", x.service));
}
} // namespace

// Typed handles are built-in like `actor`: a portable name from the interface,
// the same encoding, usable as fields.
TEST(binary_roundtrip, typed_handles) {
  announce_test_types();
  ASSERT_FALSE(announce<adder_handle>());
  ASSERT_FALSE(announce<with_handle>("with_handle"));
  EXPECT_EQ(type_name<adder_handle>(), "typed_actor<replies_to<add_request>::with<int32>>");
  ASSERT_NE(type_registry::global().find("typed_actor<replies_to<add_request>::with<int32>>"), nullptr);
  actor_system_config cfg;
  actor_system sys{cfg};
  adder_handle h =
    sys.spawn([]() -> adder_handle::behavior_type { return {[](const add_request& r) { return r.a + r.b; }}; });
  auto msg = make_message(h, with_handle{"svc", h}, adder_handle{});
  auto res = deserialize(serialize(msg));
  ASSERT_TRUE(res) << to_string(res.err());
  ASSERT_TRUE((res->match_elements<adder_handle, with_handle, adder_handle>()));
  EXPECT_FALSE(res->get_as<adder_handle>(0)); // no network layer yet: decoded handles are invalid
  EXPECT_EQ(res->get_as<with_handle>(1).name, "svc");
  // Invalid handles round-trip through text too.
  auto text_msg = make_message(adder_handle{}, with_handle{"x", {}});
  auto text = to_string(text_msg);
  EXPECT_EQ(text, "(typed_actor<replies_to<add_request>::with<int32>>(invalid-actor), "
                  "with_handle{name = \"x\", service = invalid-actor})");
  auto parsed = message_from_string(sys, text);
  ASSERT_TRUE(parsed) << to_string(parsed.err());
  EXPECT_TRUE((parsed->match_elements<adder_handle, with_handle>()));
  anon_send(actor_cast<actor>(h), exit_msg{actor_addr{}, exit_reason::kill});
}

TEST(binary_roundtrip, format_is_compact_and_little_endian) {
  auto bytes = serialize(make_message(atom("ping"), std::int32_t{0x01020304}, std::string{"hi"}));
  // version, count, 3 built-in tags, 8 + 4 + (1 + 2) value bytes
  ASSERT_EQ(bytes.size(), 2u + 3u + 8u + 4u + 3u);
  EXPECT_EQ(bytes[0], std::byte{1});
  EXPECT_EQ(bytes[1], std::byte{3});
  EXPECT_EQ(bytes[2], std::byte{13}); // atom
  EXPECT_EQ(bytes[3], std::byte{4});  // int32
  EXPECT_EQ(bytes[4], std::byte{12}); // string
  EXPECT_EQ(bytes[13], std::byte{0x04});
  EXPECT_EQ(bytes[16], std::byte{0x01});
  EXPECT_EQ(bytes[17], std::byte{2});
}

TEST(binary_roundtrip, announced_types_travel_by_name) {
  announce_test_types();
  auto bytes = serialize(make_message(add_request{1, 2}));
  std::string raw(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  EXPECT_NE(raw.find("add_request"), std::string::npos);
  auto res = deserialize(bytes);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->get_as<add_request>(0), (add_request{1, 2}));
}

TEST(binary_roundtrip, each_message_decodes_with_its_own_layout) {
  // Decoding remembers the last list of element types and its layout: runs
  // of one kind of message, kinds that differ only in order (so in where
  // each element lies), a kind with more elements than it remembers, and a
  // failed decode in between each must come out right.
  const auto a = make_message(std::int8_t{1}, 2.5, std::string{"a"});
  const auto b = make_message(2.5, std::int8_t{1}, std::string{"b"});
  const auto wide = make_message(std::int8_t{1}, 2.5, std::int64_t{-3}, std::string{"c"}, atom("x"), true);
  auto broken = serialize(b);
  broken[2] = std::byte{200}; // no type has this code
  const auto none = make_message();
  // On a thread of its own, so that an empty message is the first it decodes.
  std::thread{[&] {
    const std::vector<const message*> order{&none, &a, &none, &a, &b, &a, &wide, &b, nullptr, &b, &wide, &wide, &a};
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (order[i] == nullptr) {
        EXPECT_FALSE(deserialize(broken)) << "step " << i;
        continue;
      }
      auto res = deserialize(serialize(*order[i]));
      ASSERT_TRUE(res) << "step " << i << ": " << to_string(res.err());
      EXPECT_TRUE(messages_equal(*order[i], *res)) << "step " << i << ": " << to_string(*res);
    }
  }}.join();
}

TEST(binary_roundtrip, empty_message) {
  auto res = deserialize(serialize(make_message()));
  ASSERT_TRUE(res);
  EXPECT_TRUE(res->empty());
}

} // namespace

} // namespace binary_roundtrip_test
