// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "tls_context.hpp"

#include <openssl/ssl.h>

#include <stdexcept>
#include <string>

namespace troupe::net {

namespace {

[[noreturn]] void refuse(const std::string& what) {
  throw std::runtime_error("troupe: middleman.tls: " + what);
}

} // namespace

std::unique_ptr<asio::ssl::context> make_tls_context(const middleman_settings& cfg) {
  const bool any = !cfg.tls_certificate.empty() || !cfg.tls_key.empty() || !cfg.tls_ca.empty();
  if (!any)
    return nullptr;
  // Half a configuration would silently fall back to plaintext: refuse it.
  if (cfg.tls_certificate.empty())
    refuse("middleman.tls.certificate is not set (TLS needs certificate, key and ca)");
  if (cfg.tls_key.empty())
    refuse("middleman.tls.key is not set (TLS needs certificate, key and ca)");
  if (cfg.tls_ca.empty())
    refuse("middleman.tls.ca is not set (TLS needs certificate, key and ca)");
  auto ctx = std::make_unique<asio::ssl::context>(asio::ssl::context::tls);
  if (SSL_CTX_set_min_proto_version(ctx->native_handle(), TLS1_3_VERSION) != 1)
    refuse("this OpenSSL cannot restrict connections to TLS 1.3");
  asio::error_code ec;
  if (ctx->use_certificate_chain_file(cfg.tls_certificate, ec); ec)
    refuse("cannot use the certificate " + cfg.tls_certificate + ": " + ec.message());
  if (ctx->use_private_key_file(cfg.tls_key, asio::ssl::context::pem, ec); ec)
    refuse("cannot use the key " + cfg.tls_key + ": " + ec.message());
  if (SSL_CTX_check_private_key(ctx->native_handle()) != 1)
    refuse("the key " + cfg.tls_key + " does not belong to the certificate " + cfg.tls_certificate);
  if (ctx->load_verify_file(cfg.tls_ca, ec); ec)
    refuse("cannot use the CA " + cfg.tls_ca + ": " + ec.message());
  // Both ends verify: a server asks for the client's certificate and refuses
  // a client without one.
  ctx->set_verify_mode(asio::ssl::verify_peer | asio::ssl::verify_fail_if_no_peer_cert);
  return ctx;
}

} // namespace troupe::net
