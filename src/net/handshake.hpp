// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How a connection opens: each side sends a hello (its node, application,
// announced types, a fresh nonce and where it listens) and checks the other
// side's; with a shared secret (middleman.secret) each side then proves that
// it knows the secret with an auth tag over the other side's nonce. The
// protocol's state and checks only: the peer sends the frames.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "troupe/error.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/node_id.hpp"
#include "wire.hpp"

namespace troupe::net {

class handshake {
public:
  handshake(const node_id& self, const middleman_settings& cfg, const std::vector<wire::type_fingerprint>& types)
    : self_(self), cfg_(cfg), types_(types) {}

  // This side's hello, with a fresh nonce. An acceptor names the actor
  // published on its port (0: none).
  wire::hello make_hello(std::uint64_t published_actor, std::vector<std::string> published_interface,
                         std::vector<wire::endpoint> endpoints);

  struct hello_outcome {
    error err; // the hello is refused: the connection closes with it
    // Without a secret the connection is ready now; with one, `auth_frame`
    // is to be sent, and the other side's auth frame decides.
    bool ready = false;
    std::vector<std::byte> auth_frame;
    std::vector<wire::endpoint> contacts; // where the other side listens
  };
  // The other side's hello.
  hello_outcome on_hello(std::span<const std::byte> body);

  // The other side's auth frame (`ready`: the connection is ready already).
  // No error: the connection is ready now.
  error on_auth(std::span<const std::byte> body, bool ready) const;

  // The other side's hello, once on_hello accepted it.
  const wire::hello& peer_hello() const noexcept { return peer_hello_; }

private:
  node_id self_;
  const middleman_settings& cfg_;
  const std::vector<wire::type_fingerprint>& types_;
  wire::nonce_type our_nonce_{};
  wire::hello peer_hello_;
  bool hello_received_ = false; // and accepted
};

} // namespace troupe::net
