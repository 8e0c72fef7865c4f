// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The TLS settings of a node as an OpenSSL context: TLS 1.3 only, our
// certificate and key, and mutual verification against the configured CA.
#include <asio.hpp>
#include <asio/ssl.hpp>

#include <memory>

#include "troupe/net/middleman_settings.hpp"

namespace troupe::net {

// nullptr when no middleman.tls.* option is set. Throws std::runtime_error,
// naming the option, when only some are set or a file cannot be used.
std::unique_ptr<asio::ssl::context> make_tls_context(const middleman_settings& cfg);

} // namespace troupe::net
