// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "broker_io.hpp"

#include <algorithm>

#include "broker_registry.hpp"
#include "log_component.hpp"
#include "troupe/abstract_actor.hpp"
#include "troupe/log.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/net/broker_messages.hpp"

namespace troupe::net {

namespace {

// Bytes one read asks for; a connection buffers at least this much ahead of
// its broker (more when its policy waits for a larger chunk).
constexpr std::size_t read_size = 32 * 1024;

} // namespace

struct broker_io::connection {
  connection(connection_handle h, asio::ip::tcp::socket s) : hdl(h), sock(std::move(s)) {}

  connection_handle hdl;
  asio::ip::tcp::socket sock;
  // The socket set it belongs to now. Completion handlers go through it
  // rather than through the set that started the operation, since a fork may
  // have moved the connection meanwhile; it also keeps that set alive until
  // finish lets go.
  std::shared_ptr<broker_io> owner;
  receive_policy policy = receive_policy::exactly(0); // paused until configure_read
  std::vector<std::byte> in;                          // received, not yet handled from in_begin on
  std::size_t in_begin = 0;
  // Bytes at in_begin that the chunk in the broker's mailbox holds (0: no
  // chunk out). They stay buffered until the broker has handled the chunk,
  // so that a fork can cut them again for the new broker.
  std::size_t chunk_out = 0;
  std::vector<std::byte> read_buf;
  std::vector<std::byte> pending; // flushed by the broker, not yet handed to the socket
  std::vector<std::byte> sending; // being written
  bool reading = false;
  bool writing = false;
  bool eof = false;      // the peer closed, or reading failed
  bool closing = false;  // no more reading; closes once `pending` is sent
  bool finished = false; // the socket is closed

  // Received and not yet cut into a chunk.
  std::size_t buffered() const noexcept { return in.size() - in_begin - chunk_out; }
};

struct broker_io::acceptor {
  acceptor(accept_handle h, asio::io_context& io) : hdl(h), acc(io) {}

  accept_handle hdl;
  asio::ip::tcp::acceptor acc;
  bool accepting = false;
  bool finished = false;
};

broker_io::broker_io(broker_registry& registry, asio::io_context& io, std::chrono::nanoseconds connect_timeout)
  : registry_(registry), io_(io), connect_timeout_(connect_timeout) {}

broker_io::~broker_io() = default;

template <class F>
void broker_io::post(F f) {
  asio::post(io_, [self = shared_from_this(), f = std::move(f)]() mutable { f(*self); });
}

template <class Message>
void broker_io::tell(Message msg) {
  if (owner_gone_)
    return;
  if (auto owner = owner_.lock())
    owner->get()->enqueue(make_mailbox_element(nullptr, message_id{}, std::move(msg)), nullptr);
}

// ---- opening ------------------------------------------------------------------------

expected<std::uint16_t> broker_io::open_acceptor(accept_handle hdl, std::uint16_t port, const std::string& addr,
                                                 bool reuse_addr) {
  return call_on_io(io_, [&, this]() -> expected<std::uint16_t> {
    asio::error_code ec;
    auto address = addr.empty() ? asio::ip::address{asio::ip::address_v4::any()} : asio::ip::make_address(addr, ec);
    if (ec)
      return error{sec::invalid_argument, "bad address '" + addr + "': " + ec.message()};
    auto acc = std::make_shared<acceptor>(hdl, io_);
    asio::ip::tcp::endpoint ep{address, port};
    if (acc->acc.open(ep.protocol(), ec); ec)
      return error{sec::runtime_error, "cannot open an acceptor: " + ec.message()};
    if (reuse_addr)
      acc->acc.set_option(asio::socket_base::reuse_address{true}, ec);
    if (acc->acc.bind(ep, ec); ec)
      return error{sec::runtime_error, "cannot bind port " + std::to_string(port) + ": " + ec.message()};
    if (acc->acc.listen(asio::socket_base::max_listen_connections, ec); ec)
      return error{sec::runtime_error, "cannot listen on port " + std::to_string(port) + ": " + ec.message()};
    auto bound = acc->acc.local_endpoint(ec).port();
    acceptors_.emplace(hdl, acc);
    if (started_) {
      update_keep_alive();
      accept_next(acc);
    }
    return bound;
  });
}

error broker_io::open_connection(connection_handle hdl, const std::string& host, std::uint16_t port) {
  auto done = std::make_shared<std::promise<error>>();
  auto result = done->get_future();
  if (io_.stopped())
    return error{sec::system_shutdown, "the middleman's I/O thread has stopped"};
  post([done, hdl, host, port](broker_io& self) {
    auto key = host + ":" + std::to_string(port);
    // The first of connected, failed and timed out answers.
    auto answered = std::make_shared<bool>(false);
    auto answer = [done, answered](error err) {
      if (!std::exchange(*answered, true))
        done->set_value(std::move(err));
    };
    auto timer = std::make_shared<asio::steady_timer>(self.io_, self.connect_timeout_);
    auto sock = std::make_shared<asio::ip::tcp::socket>(self.io_);
    auto resolver = std::make_shared<asio::ip::tcp::resolver>(self.io_);
    timer->async_wait([answer, sock, resolver, key](const asio::error_code& ec) {
      if (ec)
        return; // cancelled: the attempt itself answered first
      resolver->cancel();
      asio::error_code ignored;
      sock->close(ignored);
      answer(error{sec::cannot_connect_to_node, "no connection to " + key + " within middleman.connect-timeout"});
    });
    auto on_connect = [io = self.shared_from_this(), hdl, answer, answered, timer, sock,
                       key](const asio::error_code& ec, const asio::ip::tcp::endpoint&) {
      timer->cancel();
      if (ec) {
        answer(error{sec::cannot_connect_to_node, "cannot connect to " + key + ": " + ec.message()});
        return;
      }
      if (!*answered) // not timed out meanwhile
        io->add_connection(hdl, std::move(*sock));
      answer(error{});
    };
    resolver->async_resolve(
      host, std::to_string(port),
      [answer, timer, sock, resolver, key, on_connect](const asio::error_code& ec,
                                                       const asio::ip::tcp::resolver::results_type& found) {
        if (ec) {
          timer->cancel();
          answer(error{sec::cannot_connect_to_node, "cannot resolve " + key + ": " + ec.message()});
          return;
        }
        asio::async_connect(*sock, found, on_connect);
      });
  });
  return result.get();
}

void broker_io::add_connection(connection_handle hdl, asio::ip::tcp::socket sock) {
  asio::error_code ignored;
  sock.set_option(asio::ip::tcp::no_delay{true}, ignored); // a broker's flush is its own batching
  auto c = std::make_shared<connection>(hdl, std::move(sock));
  c->owner = shared_from_this();
  connections_.emplace(hdl, std::move(c));
  if (started_)
    update_keep_alive();
}

// ---- the broker's calls ---------------------------------------------------------

void broker_io::start(strong_actor_ptr owner) {
  post([owner = std::move(owner)](broker_io& self) mutable {
    self.owner_ = actor_addr{owner.get()};
    self.started_ = true;
    self.keep_alive_ = std::move(owner);
    self.update_keep_alive(); // lets go at once when there is no socket
    for (auto& [hdl, acc] : self.acceptors_)
      self.accept_next(acc);
  });
}

void broker_io::configure_read(connection_handle hdl, receive_policy policy) {
  post([hdl, policy](broker_io& self) {
    if (auto c = self.find(hdl); c && !c->closing) {
      c->policy = policy;
      self.deliver(c);
      self.read_more(c);
    }
  });
}

void broker_io::consumed(connection_handle hdl) {
  post([hdl](broker_io& self) {
    if (auto c = self.find(hdl); c && c->chunk_out > 0) {
      drop_chunk(*c);
      self.deliver(c);
      self.read_more(c);
    }
  });
}

void broker_io::write(connection_handle hdl, std::vector<std::byte> bytes) {
  post([hdl, bytes = std::move(bytes)](broker_io& self) mutable {
    auto c = self.find(hdl);
    if (!c)
      return; // gone: the broker has been (or is being) told
    if (c->pending.empty())
      c->pending = std::move(bytes);
    else
      c->pending.insert(c->pending.end(), bytes.begin(), bytes.end());
    self.write_more(c);
  });
}

void broker_io::close(connection_handle hdl) {
  post([hdl](broker_io& self) {
    if (auto c = self.find(hdl))
      self.begin_close(c);
  });
}

void broker_io::close(accept_handle hdl) {
  post([hdl](broker_io& self) {
    if (auto i = self.acceptors_.find(hdl); i != self.acceptors_.end())
      self.close_acceptor(i->second);
  });
}

void broker_io::close_all() {
  post([](broker_io& self) {
    self.owner_gone_ = true;
    auto accs = self.acceptors_;
    for (auto& [hdl, acc] : accs)
      self.close_acceptor(acc);
    auto conns = self.connections_;
    for (auto& [hdl, c] : conns)
      self.begin_close(c);
  });
}

void broker_io::hand_over(connection_handle hdl, std::shared_ptr<broker_io> to, bool chunk_handled) {
  post([hdl, to = std::move(to), chunk_handled](broker_io& self) {
    to->awaiting_hand_over_ = false;
    auto c = self.find(hdl);
    if (!c) {
      // It ended before the fork reached the I/O thread; the old broker is
      // told so already, the new one learns it here.
      to->tell(connection_closed_msg{hdl});
      to->update_keep_alive();
      return;
    }
    self.connections_.erase(hdl);
    self.update_keep_alive();
    if (c->chunk_out > 0) {
      if (chunk_handled)
        drop_chunk(*c);
      else
        c->chunk_out = 0; // the old broker drops its copy: the handle is no longer its own
    }
    c->owner = to;
    to->connections_.emplace(hdl, c);
    to->update_keep_alive();
    to->deliver(c);
    to->read_more(c);
  });
}

void broker_io::abort() {
  owner_gone_ = true;
  auto accs = acceptors_;
  for (auto& [hdl, acc] : accs)
    close_acceptor(acc);
  auto conns = connections_;
  for (auto& [hdl, c] : conns)
    finish(c);
}

// ---- the I/O thread's work ------------------------------------------------------

broker_io::connection_ptr broker_io::find(connection_handle hdl) const {
  auto i = connections_.find(hdl);
  return i == connections_.end() ? nullptr : i->second;
}

void broker_io::accept_next(const acceptor_ptr& acc) {
  if (acc->accepting || acc->finished)
    return;
  acc->accepting = true;
  acc->acc.async_accept([self = shared_from_this(), acc](const asio::error_code& ec, asio::ip::tcp::socket sock) {
    acc->accepting = false;
    if (acc->finished)
      return;
    if (ec) {
      if (ec == asio::error::connection_aborted || ec == asio::error::interrupted || ec == asio::error::try_again) {
        self->accept_next(acc); // the client gave up before we took it: keep accepting
        return;
      }
      // Out of descriptors or worse: retrying at once would spin the I/O thread.
      TROUPE_LOG_WARNING(log_component, "a broker's acceptor failed: " << ec.message());
      self->close_acceptor(acc);
      return;
    }
    connection_handle hdl{self->registry_.next_handle_id()};
    self->add_connection(hdl, std::move(sock));
    self->tell(new_connection_msg{acc->hdl, hdl});
    self->accept_next(acc);
  });
}

void broker_io::read_more(const connection_ptr& c) {
  if (c->reading || c->closing || c->eof || c->policy.paused())
    return;
  if (c->buffered() >= std::max(c->policy.size(), read_size))
    return; // enough waiting for the broker
  if (c->read_buf.empty())
    c->read_buf.resize(read_size);
  c->reading = true;
  c->sock.async_read_some(asio::buffer(c->read_buf), [c](const asio::error_code& ec, std::size_t n) {
    c->reading = false;
    if (c->closing)
      return;
    c->in.insert(c->in.end(), c->read_buf.begin(), c->read_buf.begin() + static_cast<std::ptrdiff_t>(n));
    if (ec)
      c->eof = true; // the peer closed, or the connection broke: either way it ends after what is buffered
    auto io = c->owner;
    io->deliver(c);
    io->read_more(c);
  });
}

void broker_io::deliver(const connection_ptr& c) {
  if (c->closing || c->chunk_out > 0)
    return;
  if (auto n = c->policy.chunk_size(c->buffered()); n > 0) {
    auto first = c->in.begin() + static_cast<std::ptrdiff_t>(c->in_begin);
    c->chunk_out = n;
    tell(new_data_msg{c->hdl, std::vector<std::byte>(first, first + static_cast<std::ptrdiff_t>(n))});
    return;
  }
  if (c->eof)
    begin_close(c); // what the policy cannot cut from the rest is dropped
}

void broker_io::drop_chunk(connection& c) {
  c.in_begin += c.chunk_out;
  c.chunk_out = 0;
  if (c.in_begin == c.in.size()) {
    c.in.clear();
    c.in_begin = 0;
  } else if (c.in_begin >= c.in.size() / 2) {
    c.in.erase(c.in.begin(), c.in.begin() + static_cast<std::ptrdiff_t>(c.in_begin));
    c.in_begin = 0;
  }
}

void broker_io::write_more(const connection_ptr& c) {
  if (c->writing || c->finished)
    return;
  if (c->pending.empty()) {
    if (c->closing)
      finish(c);
    return;
  }
  c->sending.swap(c->pending);
  c->pending.clear();
  c->writing = true;
  asio::async_write(c->sock, asio::buffer(c->sending), [c](const asio::error_code& ec, std::size_t) {
    c->writing = false;
    c->sending.clear();
    if (c->finished)
      return;
    auto io = c->owner;
    if (ec) {
      c->pending.clear(); // the peer is gone: nothing more can be sent
      io->finish(c);
      return;
    }
    io->write_more(c);
  });
}

void broker_io::begin_close(const connection_ptr& c) {
  if (c->closing)
    return;
  c->closing = true;
  write_more(c); // finishes at once when nothing is left to send
}

void broker_io::finish(connection_ptr c) {
  if (c->finished)
    return;
  c->finished = true;
  c->closing = true;
  asio::error_code ignored;
  c->sock.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  c->sock.close(ignored);
  connections_.erase(c->hdl);
  // The connection's reference to this object ends the cycle through
  // connections_; dropped in a handler of its own, as this object may be
  // its last holder.
  asio::post(io_, [owner = std::move(c->owner)]() mutable { owner.reset(); });
  tell(connection_closed_msg{c->hdl});
  update_keep_alive();
}

void broker_io::close_acceptor(acceptor_ptr acc) {
  if (acc->finished)
    return;
  acc->finished = true;
  asio::error_code ignored;
  acc->acc.close(ignored);
  acceptors_.erase(acc->hdl);
  tell(acceptor_closed_msg{acc->hdl});
  update_keep_alive();
}

void broker_io::update_keep_alive() {
  if (!started_)
    return;
  bool has_sockets = !connections_.empty() || !acceptors_.empty() || awaiting_hand_over_;
  if (has_sockets && !owner_gone_) {
    if (!keep_alive_)
      keep_alive_ = owner_.lock();
    return;
  }
  if (!keep_alive_)
    return;
  // Dropping the last reference ends the broker, and its cleanup calls back
  // into this object; let go in a handler of its own, with this object kept.
  asio::post(io_, [self = shared_from_this(), ref = std::move(keep_alive_)]() mutable { ref.reset(); });
  keep_alive_ = nullptr;
}

} // namespace troupe::net
