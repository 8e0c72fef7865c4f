// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "handshake.hpp"

#include <utility>

namespace troupe::net {

wire::hello handshake::make_hello(std::uint64_t published_actor, std::vector<std::string> published_interface,
                                  std::vector<wire::endpoint> endpoints) {
  wire::hello ours;
  ours.node = self_;
  ours.app_identifier = cfg_.app_identifier;
  ours.published_actor = published_actor;
  ours.published_interface = std::move(published_interface);
  ours.types = types_;
  our_nonce_ = wire::make_nonce();
  ours.nonce = our_nonce_;
  ours.authenticates = !cfg_.secret.empty();
  ours.endpoints = std::move(endpoints);
  return ours;
}

handshake::hello_outcome handshake::on_hello(std::span<const std::byte> body) {
  hello_outcome out;
  if (hello_received_) {
    out.err = error{sec::malformed_message, "second hello"};
    return out;
  }
  auto h = wire::read_hello(body);
  if (!h) {
    out.err = h.error();
    return out;
  }
  if (h->app_identifier != cfg_.app_identifier) {
    out.err = error{sec::incompatible_application_ids,
                    "peer runs '" + h->app_identifier + "', this node '" + cfg_.app_identifier + "'"};
    return out;
  }
  if (auto err = wire::check_types(types_, h->types)) {
    out.err = std::move(err);
    return out;
  }
  if (!h->node) {
    out.err = error{sec::malformed_message, "hello without a node id"};
    return out;
  }
  const auto& secret = cfg_.secret;
  if (h->authenticates != !secret.empty()) {
    out.err = error{sec::authentication_failed, secret.empty() ? "the peer requires a shared secret (middleman.secret)"
                                                               : "the peer has no shared secret"};
    return out;
  }
  out.contacts = std::move(h->endpoints);
  peer_hello_ = std::move(*h);
  hello_received_ = true;
  if (secret.empty()) {
    out.ready = true;
    return out;
  }
  wire::write_auth(out.auth_frame, wire::make_auth_tag(secret, peer_hello_.nonce, self_, peer_hello_.node));
  return out;
}

error handshake::on_auth(std::span<const std::byte> body, bool ready) const {
  if (!hello_received_ || ready || cfg_.secret.empty())
    return error{sec::malformed_message, "unexpected auth frame"};
  auto tag = wire::read_auth(body);
  if (!tag)
    return tag.error();
  auto expected = wire::make_auth_tag(cfg_.secret, our_nonce_, peer_hello_.node, self_);
  if (!wire::auth_tag_equal(*tag, expected))
    return error{sec::authentication_failed, "the peer does not know the shared secret"};
  return error{};
}

} // namespace troupe::net
