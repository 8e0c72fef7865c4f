// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "http_server.hpp"

#include <asio.hpp>

#include <chrono>
#include <exception>
#include <thread>
#include <utility>

#include "troupe/scheduler/parking.hpp" // detail::set_thread_name

namespace troupe::inspection {

namespace {

using asio::ip::tcp;
using namespace std::chrono_literals;

// Connections served at once; more are closed as they come.
constexpr int max_connections = 64;
// How long a client may take to send its request head.
constexpr auto request_timeout = 10s;
// How long the server waits before it accepts again after a failed accept.
constexpr auto accept_retry_delay = 100ms;

std::string response_text(const http_response& r, bool with_body) {
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " + http_server::reason(r.status) + "\r\n";
  out += "Content-Type: " + r.content_type + "\r\n";
  out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
  out += "Cache-Control: no-store\r\nConnection: close\r\n\r\n";
  if (with_body)
    out += r.body;
  return out;
}

http_response plain(int status, std::string text) {
  http_response r;
  r.status = status;
  r.body = std::move(text) + "\n";
  return r;
}

} // namespace

struct http_server::impl {
  int connections = 0; // touched on the server's thread only; first: sessions outlive the rest
  asio::io_context io;
  tcp::acceptor acceptor{io};
  asio::steady_timer retry{io}; // after a failed accept
  http_routes routes;
  std::thread thread;

  class session;

  void accept();
  // What to do with a request whose head and body are read: an answer, or
  // (setting `stream`) the stream route that takes the connection over.
  http_response answer(const http_request& req, bool& with_body, const http_stream*& stream);
};

class http_server::impl::session : public std::enable_shared_from_this<session> {
public:
  session(impl& owner, tcp::socket socket) : owner_(owner), socket_(std::move(socket)), timer_(owner.io) {
    ++owner_.connections;
  }
  ~session() { --owner_.connections; }

  void start() {
    timer_.expires_after(request_timeout);
    timer_.async_wait([self = shared_from_this()](std::error_code ec) {
      if (!ec) {
        std::error_code ignored;
        self->socket_.close(ignored); // a client that never finished its request
      }
    });
    asio::async_read_until(socket_, asio::dynamic_buffer(buffer_, max_request_head), "\r\n\r\n",
                           [self = shared_from_this()](std::error_code ec, std::size_t n) { self->on_head(ec, n); });
  }

private:
  void on_head(std::error_code ec, std::size_t n) {
    if (ec == asio::error::not_found) { // the head outgrew the buffer
      timer_.cancel();
      respond(response_text(plain(431, "request head too long"), true));
      return;
    }
    if (ec) {
      timer_.cancel();
      return; // the client went away
    }
    std::string why;
    auto req = parse_request_head(std::string_view{buffer_}.substr(0, n), why);
    if (!req) {
      timer_.cancel();
      respond(response_text(plain(400, why), true));
      return;
    }
    int status = 0;
    auto length = body_length(*req, status, why);
    if (!length) {
      timer_.cancel();
      respond(response_text(plain(status, why), true));
      return;
    }
    req_ = std::move(*req);
    buffer_.erase(0, n); // what came after the head: the body's start
    if (buffer_.size() >= *length) {
      buffer_.resize(*length);
      on_request();
      return;
    }
    auto missing = *length - buffer_.size();
    asio::async_read(socket_, asio::dynamic_buffer(buffer_, *length), asio::transfer_exactly(missing),
                     [self = shared_from_this()](std::error_code read_ec, std::size_t) {
                       if (read_ec) {
                         self->timer_.cancel();
                         return;
                       }
                       self->on_request();
                     });
  }

  void on_request() {
    timer_.cancel();
    req_.body = std::move(buffer_);
    bool with_body = true;
    const http_stream* stream = nullptr;
    auto r = owner_.answer(req_, with_body, stream);
    if (stream == nullptr) {
      respond(response_text(r, with_body));
      return;
    }
    stream_ = stream;
    out_ = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
           "Connection: close\r\n\r\n";
    write_events(true);
  }

  // Sends what the stream has now (the response head first), then waits a
  // period. A failed write (the client left) or a failing producer ends it.
  void write_events(bool first) {
    std::string events;
    try {
      events = stream_->next(req_, cursor_);
    } catch (const std::exception& e) {
      fail(first, e.what());
      return;
    } catch (...) {
      fail(first, "the stream failed");
      return;
    }
    if (events.empty() && !first) {
      events = ": keep-alive\n\n"; // a comment: finds a client that left, and keeps proxies open
    }
    out_ += events;
    asio::async_write(socket_, asio::buffer(out_), [self = shared_from_this()](std::error_code ec, std::size_t) {
      self->out_.clear();
      if (ec) {
        self->close();
        return;
      }
      self->timer_.expires_after(self->stream_->period);
      self->timer_.async_wait([self](std::error_code wait_ec) {
        if (!wait_ec)
          self->write_events(false);
      });
    });
  }

  // Before its head went out a failing stream can still say why; after, it ends.
  void fail(bool first, const std::string& why) {
    if (first)
      respond(response_text(plain(500, why), true));
    else
      close();
  }

  void respond(std::string text) {
    out_ = std::move(text);
    asio::async_write(socket_, asio::buffer(out_),
                      [self = shared_from_this()](std::error_code, std::size_t) { self->close(); });
  }

  void close() {
    std::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
  }

  impl& owner_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  std::string buffer_;
  std::string out_;
  http_request req_;
  const http_stream* stream_ = nullptr;
  std::uint64_t cursor_ = 0;
};

void http_server::impl::accept() {
  acceptor.async_accept([this](std::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted)
      return;
    if (ec) {
      // Out of descriptors or memory, say: accepting again at once would
      // only fail again, so wait a little and let the sessions finish.
      retry.expires_after(accept_retry_delay);
      retry.async_wait([this](std::error_code wait_ec) {
        if (!wait_ec)
          accept();
      });
      return;
    }
    if (connections < max_connections)
      std::make_shared<session>(*this, std::move(socket))->start();
    // else: the socket closes as it goes out of scope
    accept();
  });
}

http_response http_server::impl::answer(const http_request& req, bool& with_body, const http_stream*& stream) {
  const std::map<std::string, http_handler>* table = nullptr;
  if (req.method == "GET" || req.method == "HEAD") {
    with_body = req.method == "GET";
    if (auto i = routes.streams.find(req.path); i != routes.streams.end() && with_body) {
      stream = &i->second;
      return {};
    }
    table = &routes.get;
  } else if (req.method == "POST") {
    table = &routes.post;
  } else {
    return plain(405, "only GET, HEAD and POST");
  }
  auto i = table->find(req.path);
  if (i == table->end()) {
    bool elsewhere = routes.get.count(req.path) + routes.post.count(req.path) + routes.streams.count(req.path) > 0;
    return elsewhere ? plain(405, req.method + " is not served at " + req.path)
                     : plain(404, "no such page: " + req.path);
  }
  try {
    return i->second(req);
  } catch (const std::exception& e) {
    return plain(500, e.what());
  } catch (...) {
    return plain(500, "the handler failed");
  }
}

http_server::http_server(const std::string& host, std::uint16_t port, http_routes routes)
  : impl_(std::make_unique<impl>()) {
  impl_->routes = std::move(routes);
  tcp::resolver resolver{impl_->io};
  auto ep = resolver.resolve(host, std::to_string(port), tcp::resolver::passive | tcp::resolver::numeric_service)
              .begin()
              ->endpoint();
  impl_->acceptor.open(ep.protocol());
  impl_->acceptor.set_option(tcp::acceptor::reuse_address(true));
  impl_->acceptor.bind(ep);
  impl_->acceptor.listen();
  impl_->accept();
  impl_->thread = std::thread{[this] {
    scheduler::detail::set_thread_name("troupe.http");
    impl_->io.run();
  }};
}

http_server::~http_server() {
  impl_->io.stop();
  if (impl_->thread.joinable())
    impl_->thread.join();
}

std::uint16_t http_server::port() const noexcept {
  std::error_code ec;
  auto ep = impl_->acceptor.local_endpoint(ec);
  return ec ? 0 : ep.port();
}

const char* http_server::reason(int status) noexcept {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 411:
      return "Length Required";
    case 413:
      return "Content Too Large";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

} // namespace troupe::inspection
