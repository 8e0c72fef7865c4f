// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// TLS between nodes (middleman.tls.*): nodes whose certificates one CA signed
// talk over TLS 1.3 and nothing readable crosses the wire; a plaintext peer,
// a certificate of another CA and half a configuration are refused.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "fault_proxy.hpp"
#include "node_session.hpp"
#include "test_certificates.hpp"
#include "troupe/net.hpp"

namespace tls_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::node_certificate;

namespace {

const test::test_certificates& certificates() {
  static test::test_certificates certs;
  return certs;
}

actor_system_config net_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  EXPECT_FALSE(cfg.set("middleman.connect-timeout", "5s"));
  return cfg;
}

actor_system_config tls_config(const node_certificate& c) {
  auto cfg = net_config();
  EXPECT_FALSE(cfg.set("middleman.tls.certificate", c.certificate));
  EXPECT_FALSE(cfg.set("middleman.tls.key", c.key));
  EXPECT_FALSE(cfg.set("middleman.tls.ca", c.ca));
  return cfg;
}

test::option_list tls_options(const node_certificate& c) {
  return {{"middleman.tls.certificate", c.certificate}, {"middleman.tls.key", c.key}, {"middleman.tls.ca", c.ca}};
}

std::vector<std::string> tls_arguments(const node_certificate& c) {
  return {"--middleman.tls.certificate=" + c.certificate, "--middleman.tls.key=" + c.key, "--middleman.tls.ca=" + c.ca};
}

behavior echo_text() {
  return {[](const std::string& s) { return s; }};
}

// Sends `text` to `server`'s echo through a wiretapping proxy; whether it came
// back, and whether the proxy saw it in plain bytes.
struct tapped_echo {
  bool answered = false;
  bool readable_on_the_wire = false;
};

tapped_echo echo_through_a_wiretap(actor_system& server, actor_system& client, const std::string& text) {
  tapped_echo out;
  auto echo = server.spawn(echo_text);
  auto port = server.middleman().publish(echo, 0, "127.0.0.1");
  EXPECT_TRUE(port);
  test::fault_proxy tap{*port, 0us, 0us};
  auto remote = client.middleman().remote_actor("127.0.0.1", tap.port());
  EXPECT_TRUE(remote) << to_string(remote.error());
  if (remote) {
    scoped_actor self{client};
    self->request(*remote, 10s, text)
      .receive([&](const std::string& s) { out.answered = s == text; }, [](error& e) { FAIL() << to_string(e); });
  }
  out.readable_on_the_wire = tap.carried(text);
  scoped_actor(server)->send_exit(echo, exit_reason::user_shutdown);
  return out;
}

} // namespace

TEST(tls, nodes_signed_by_one_ca_talk_and_the_wire_shows_nothing_readable) {
  const std::string secret_text = "a-sentence-nobody-on-the-wire-may-read";
  {
    actor_system server{tls_config(certificates().trusted())};
    actor_system client{tls_config(certificates().trusted())};
    auto r = echo_through_a_wiretap(server, client, secret_text);
    EXPECT_TRUE(r.answered);
    EXPECT_FALSE(r.readable_on_the_wire);
  }
  // The same without TLS: the tap reads it (so the check above can fail).
  actor_system server{net_config()};
  actor_system client{net_config()};
  auto r = echo_through_a_wiretap(server, client, secret_text);
  EXPECT_TRUE(r.answered);
  EXPECT_TRUE(r.readable_on_the_wire);
}

TEST(tls, a_remote_monitor_over_tls_carries_the_real_exit_reason) {
  actor_system server{tls_config(certificates().trusted())};
  actor_system client{tls_config(certificates().trusted())};
  auto echo = server.spawn(echo_text);
  auto port = server.middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  auto remote = client.middleman().remote_actor("127.0.0.1", *port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{client};
  self->monitor(*remote);
  // The monitor request is on the wire before the exit: a request answered
  // after it proves the server has it.
  self->request(*remote, 10s, std::string{"sync"})
    .receive([](const std::string&) {}, [](error& e) { FAIL() << to_string(e); });
  scoped_actor(server)->send_exit(echo, exit_reason::user_shutdown);
  EXPECT_EQ(test::await_down(self), exit_reason::user_shutdown);
}

TEST(tls, a_plaintext_peer_is_refused_both_ways) {
  actor_system tls_server{tls_config(certificates().trusted())};
  actor_system plain{net_config()};
  auto echo = tls_server.spawn(echo_text);
  auto tls_port = tls_server.middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(tls_port);
  // A plaintext client of a TLS node: its hello is no TLS record, the server
  // drops the connection and the client sees that.
  auto from_plain = plain.middleman().remote_actor("127.0.0.1", *tls_port);
  ASSERT_FALSE(from_plain);
  EXPECT_EQ(tls_server.middleman().proxy_count(), 0u);
  // A TLS client of a plaintext node: its handshake fails.
  auto plain_echo = plain.spawn(echo_text);
  auto plain_port = plain.middleman().publish(plain_echo, 0, "127.0.0.1");
  ASSERT_TRUE(plain_port);
  actor_system tls_client{tls_config(certificates().trusted())};
  auto to_plain = tls_client.middleman().remote_actor("127.0.0.1", *plain_port);
  ASSERT_FALSE(to_plain);
  EXPECT_EQ(to_plain.error(), sec::authentication_failed) << to_string(to_plain.error());
  // The TLS node still serves a TLS client after refusing the plaintext one.
  auto good = tls_client.middleman().remote_actor("127.0.0.1", *tls_port);
  EXPECT_TRUE(good) << to_string(good.error());
  scoped_actor(tls_server)->send_exit(echo, exit_reason::user_shutdown);
  scoped_actor(plain)->send_exit(plain_echo, exit_reason::user_shutdown);
}

TEST(tls, a_certificate_from_another_ca_is_refused_on_either_side) {
  actor_system server{tls_config(certificates().trusted())};
  auto echo = server.spawn(echo_text);
  auto port = server.middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  {
    // The stranger trusts only its own CA: it refuses the server's certificate,
    // and the server would refuse the stranger's.
    actor_system stranger{tls_config(certificates().stranger())};
    auto r = stranger.middleman().remote_actor("127.0.0.1", *port);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), sec::authentication_failed) << to_string(r.error());
  }
  {
    // A client that trusts the server's CA but presents a certificate of
    // another: the server refuses it, after the client's side of the handshake.
    auto mixed = certificates().stranger();
    mixed.ca = certificates().trusted().ca;
    actor_system client{tls_config(mixed)};
    auto r = client.middleman().remote_actor("127.0.0.1", *port);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), sec::authentication_failed) << to_string(r.error());
  }
  EXPECT_EQ(server.middleman().proxy_count(), 0u);
  scoped_actor(server)->send_exit(echo, exit_reason::user_shutdown);
}

TEST(tls, half_a_configuration_or_an_unusable_file_stops_the_system_from_starting) {
  auto certs = certificates().trusted();
  auto expect_refused = [](actor_system_config cfg, const std::string& names) {
    try {
      actor_system sys{cfg};
      ADD_FAILURE() << "started without complaint; expected a complaint about " << names;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string{e.what()}.find(names), std::string::npos) << e.what();
    }
  };
  auto only_certificate = net_config();
  ASSERT_FALSE(only_certificate.set("middleman.tls.certificate", certs.certificate));
  expect_refused(only_certificate, "middleman.tls.key");
  auto no_ca = tls_config(certs);
  ASSERT_FALSE(no_ca.set("middleman.tls.ca", ""));
  expect_refused(no_ca, "middleman.tls.ca");
  auto missing_file = tls_config(certs);
  ASSERT_FALSE(missing_file.set("middleman.tls.certificate", certs.certificate + ".missing"));
  expect_refused(missing_file, certs.certificate + ".missing");
  auto wrong_key = tls_config(certs);
  ASSERT_FALSE(wrong_key.set("middleman.tls.key", certificates().stranger().key));
  expect_refused(wrong_key, certificates().stranger().key); // the key of another certificate
}

TEST(tls, a_node_process_serves_over_tls) {
  auto certs = certificates().trusted();
  test::session s{"serve", "30s", tls_arguments(certs), tls_options(certs)};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  for (std::int64_t i = 0; i < 1000; ++i)
    self->send(s.svc, atom("seq"), i);
  EXPECT_EQ(test::check_report(self, s.svc, 1000), "");
  // A plaintext client of the same process is refused.
  test::client plain;
  actor_system plain_sys{plain.cfg};
  EXPECT_FALSE(plain_sys.middleman().remote_actor("127.0.0.1", s.node.port()));
}

} // namespace tls_test
