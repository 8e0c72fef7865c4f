// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/net/broker.hpp"

#include "broker_io.hpp"
#include "broker_registry.hpp"
#include "troupe/actor_system.hpp"

namespace troupe::net {

namespace {

error no_connection(connection_handle hdl) {
  return error{sec::invalid_argument, "the broker has no open " + to_string(hdl)};
}

error no_acceptor(accept_handle hdl) {
  return error{sec::invalid_argument, "the broker has no open " + to_string(hdl)};
}

} // namespace

// Every behavior of a broker runs inside one of these. It sees each message
// before the user's cases do, keeps the broker's view of its sockets in step
// with the socket messages, and tells the I/O thread when the handler of a
// chunk has returned, so that the next chunk is cut with the policy that
// handler left behind.
class broker::tracking_behavior final : public troupe::detail::behavior_impl {
public:
  tracking_behavior(broker& self, troupe::detail::behavior_impl_ptr inner)
    : behavior_impl(inner->has_timeout()), self_(self), inner_(std::move(inner)) {}

  bool invoke(message& msg, troupe::detail::invoke_result& res) override {
    if (msg.size() == 1) {
      if (auto* data = msg.get_if<new_data_msg>(0))
        return invoke_data(data->handle, msg, res);
      if (auto* opened = msg.get_if<new_connection_msg>(0))
        self_.connections_.try_emplace(opened->handle);
      else if (auto* closed = msg.get_if<connection_closed_msg>(0))
        self_.connections_.erase(closed->handle);
      else if (auto* gone = msg.get_if<acceptor_closed_msg>(0))
        self_.acceptors_.erase(gone->handle);
    }
    return inner_->invoke(msg, res);
  }

  std::chrono::nanoseconds timeout() const noexcept override { return inner_->timeout(); }
  void handle_timeout() override { inner_->handle_timeout(); }

private:
  bool invoke_data(connection_handle hdl, message& msg, troupe::detail::invoke_result& res) {
    if (!self_.valid(hdl)) {
      res.kind = troupe::detail::invoke_result::done; // the broker closed it meanwhile: dropped
      return true;
    }
    auto outer = std::exchange(self_.chunk_in_hand_, hdl);
    bool matched = inner_->invoke(msg, res);
    self_.chunk_in_hand_ = outer;
    if (!self_.valid(hdl))
      return matched; // forked from inside the handler, which took the chunk along, or closed
    // A skipped chunk waits in the stash for a later behavior, which cuts the
    // next one when it handles this one. Any other outcome consumes it.
    bool consumed = matched ? res.kind != troupe::detail::invoke_result::skipped
                            : self_.default_handler_ != default_handler_kind::skip;
    if (consumed)
      self_.chunk_done(hdl);
    return matched;
  }

  broker& self_;
  troupe::detail::behavior_impl_ptr inner_;
};

broker::broker(actor_config& cfg) : event_based_actor(cfg) {}

broker::~broker() = default;

behavior broker::initial_behavior() {
  return track(make_behavior());
}

void broker::become_tracked(behavior bhvr, bool discard_old) {
  do_become(track(std::move(bhvr)), discard_old);
}

behavior broker::track(behavior bhvr) {
  if (!bhvr)
    return bhvr;
  return behavior{troupe::detail::behavior_impl_ptr{new tracking_behavior(*this, bhvr.as_impl()), false}};
}

broker_io& broker::io() {
  if (!io_) {
    registry_ = system().middleman().brokers_.get(); // throws without the middleman
    io_ = registry_->make_io();
    registry_->attach(io_, strong_actor_ptr{ctrl()});
  }
  return *io_;
}

void broker::chunk_done(connection_handle hdl) {
  io().consumed(hdl);
}

void broker::on_exit() {
  if (io_) {
    for (auto& [hdl, state] : connections_)
      if (!state.out.empty())
        io_->write(hdl, std::move(state.out));
    io_->close_all();
    registry_->detach(io_.get());
    io_.reset();
  }
  connections_.clear();
  acceptors_.clear();
  event_based_actor::on_exit();
}

// ---- connections --------------------------------------------------------------------

error broker::configure_read(connection_handle hdl, receive_policy policy) {
  if (!valid(hdl))
    return no_connection(hdl);
  io().configure_read(hdl, policy);
  return error{};
}

error broker::write(connection_handle hdl, std::size_t n, const void* data) {
  auto i = connections_.find(hdl);
  if (i == connections_.end())
    return no_connection(hdl);
  auto* bytes = static_cast<const std::byte*>(data);
  i->second.out.insert(i->second.out.end(), bytes, bytes + n);
  return error{};
}

error broker::flush(connection_handle hdl) {
  auto i = connections_.find(hdl);
  if (i == connections_.end())
    return no_connection(hdl);
  if (!i->second.out.empty())
    io().write(hdl, std::exchange(i->second.out, {}));
  return error{};
}

error broker::close(connection_handle hdl) {
  if (auto err = flush(hdl))
    return err;
  connections_.erase(hdl);
  io().close(hdl);
  return error{};
}

error broker::close(accept_handle hdl) {
  if (acceptors_.erase(hdl) == 0)
    return no_acceptor(hdl);
  io().close(hdl);
  return error{};
}

void broker::close_all() {
  for (auto& hdl : connections())
    close(hdl);
  for (auto& hdl : acceptors())
    close(hdl);
}

expected<connection_handle> broker::add_tcp_scribe(const std::string& host, std::uint16_t port) {
  auto& sockets = io();
  connection_handle hdl{registry_->next_handle_id()};
  if (auto err = sockets.open_connection(hdl, host, port))
    return err;
  connections_.try_emplace(hdl);
  return hdl;
}

expected<accept_handle> broker::add_tcp_doorman(std::uint16_t port, const std::string& addr, bool reuse_addr) {
  auto& sockets = io();
  accept_handle hdl{registry_->next_handle_id()};
  auto bound = sockets.open_acceptor(hdl, port, addr, reuse_addr);
  if (!bound)
    return bound.error();
  acceptors_.emplace(hdl, *bound);
  return hdl;
}

std::vector<connection_handle> broker::connections() const {
  std::vector<connection_handle> out;
  out.reserve(connections_.size());
  for (auto& [hdl, state] : connections_)
    out.push_back(hdl);
  return out;
}

std::vector<accept_handle> broker::acceptors() const {
  std::vector<accept_handle> out;
  out.reserve(acceptors_.size());
  for (auto& [hdl, port] : acceptors_)
    out.push_back(hdl);
  return out;
}

std::uint16_t broker::local_port(accept_handle hdl) const {
  auto i = acceptors_.find(hdl);
  return i == acceptors_.end() ? 0 : i->second;
}

// ---- broker_sockets -----------------------------------------------------------------

broker_sockets::~broker_sockets() {
  if (io_)
    io_->close_all(); // nobody adopted them
}

broker_io& broker_sockets::io() {
  if (!io_)
    io_ = mm_.brokers_->make_io();
  return *io_;
}

expected<accept_handle> broker_sockets::open_acceptor(std::uint16_t& port, const std::string& addr, bool reuse_addr) {
  auto& sockets = io();
  accept_handle hdl{mm_.brokers_->next_handle_id()};
  auto bound = sockets.open_acceptor(hdl, port, addr, reuse_addr);
  if (!bound)
    return bound.error();
  port = *bound;
  acceptors_.emplace_back(hdl, *bound);
  return hdl;
}

expected<connection_handle> broker_sockets::open_connection(const std::string& host, std::uint16_t port) {
  auto& sockets = io();
  connection_handle hdl{mm_.brokers_->next_handle_id()};
  if (auto err = sockets.open_connection(hdl, host, port))
    return err;
  connections_.push_back(hdl);
  return hdl;
}

void broker_sockets::take_over(broker& from, connection_handle hdl) noexcept {
  forked_from_ = &from;
  forked_ = hdl;
}

void broker_sockets::hand_to(broker& b) {
  // Every broker the middleman spawns is registered at once, so that the
  // system's shutdown ends it even if it never opens a socket.
  io();
  if (forked_from_ != nullptr)
    io_->expect_hand_over();
  for (auto hdl : connections_)
    b.connections_.try_emplace(hdl);
  for (auto& [hdl, port] : acceptors_)
    b.acceptors_.emplace(hdl, port);
  b.registry_ = mm_.brokers_.get();
  b.io_ = std::move(io_);
  b.registry_->attach(b.io_, strong_actor_ptr{b.ctrl()});
  connections_.clear();
  acceptors_.clear();
  if (auto* from = std::exchange(forked_from_, nullptr)) {
    auto i = from->connections_.find(forked_);
    b.connections_.insert(from->connections_.extract(i)); // with its unflushed bytes
    // Queued after attach started b's sockets and after every call `from`
    // made on the connection, so the I/O thread sees them in that order.
    from->io_->hand_over(forked_, b.io_, from->chunk_in_hand_ == forked_);
  }
}

} // namespace troupe::net
