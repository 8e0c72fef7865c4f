// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "dashboard_routes.hpp"

#include <optional>
#include <string>

#include "../unsigned_text.hpp"
#include "dashboard_json.hpp"

namespace troupe::inspection {

namespace {

constexpr const char* json_type = "application/json";

http_response json_answer(int status, std::string body) {
  http_response r;
  r.status = status;
  r.content_type = json_type;
  r.body = std::move(body);
  return r;
}

http_response failure(int status, const std::string& why) {
  return json_answer(status, error_json(why));
}

// The status that says what went wrong with a request to a node.
int status_of(const error& err) {
  if (err == sec::unsupported_operation)
    return 403;
  if (err == sec::request_timeout || err == sec::request_receiver_down)
    return 503;
  auto text = to_string(err);
  if (text.find("no actor") != std::string::npos || text.find("no node") != std::string::npos)
    return 404;
  return 400;
}

// The node and actor a request names in its query; an answer when they are missing.
std::optional<http_response> read_target(const http_request& req, std::string& node, actor_id& id) {
  auto n = query_value(req.query, "node");
  auto i = query_value(req.query, "id");
  if (!n || n->empty())
    return failure(400, "no node= in the query");
  node = *n;
  if (!i)
    return failure(400, "no id= in the query");
  auto parsed = parse_unsigned(*i);
  if (!parsed)
    return failure(400, "id=" + *i + " is not an actor id");
  id = *parsed;
  return std::nullopt;
}

// A POST route that acts on one actor: reads the control request (header and
// body), calls `act` on the source and answers what it did or why not.
using control_action = expected<std::string> (dashboard_source::*)(const std::string&, actor_id, const std::string&);

http_handler control_route(std::shared_ptr<dashboard_source> source, const char* text_field, control_action act,
                           const char* done) {
  return [source, text_field, act, done](const http_request& req) {
    auto* marker = req.header("x-troupe-control");
    if (marker == nullptr || *marker != "1")
      return failure(403, "control requests need the header X-Troupe-Control: 1");
    std::string why;
    auto parsed = parse_control_body(req.body, text_field, why);
    if (!parsed)
      return failure(400, why);
    auto acted = ((*source).*act)(parsed->node, parsed->id, parsed->text);
    if (!acted)
      return failure(status_of(acted.error()), to_string(acted.error()));
    return json_answer(200, result_json(done + *acted));
  };
}

bool allows_control(dashboard_source& source, const std::string& node) {
  for (auto& n : source.nodes())
    if (n.info.node == node)
      return n.info.allow_control;
  return false;
}

std::string sse(const char* event, const std::string& data) {
  return std::string{"event: "} + event + "\ndata: " + data + "\n\n";
}

} // namespace

void add_dashboard_routes(http_routes& routes, std::shared_ptr<dashboard_source> source) {
  routes.get["/"] = [](const http_request&) {
    http_response r;
    r.content_type = "text/html; charset=utf-8";
    r.body = dashboard_page();
    return r;
  };
  routes.get["/api/overview"] = [source](const http_request&) {
    return json_answer(200, overview_json(source->scope(), source->interval(), source->nodes()));
  };
  routes.get["/api/actors"] = [source](const http_request& req) {
    auto node = query_value(req.query, "node");
    if (!node || node->empty())
      return failure(400, "no node= in the query");
    auto snap = source->actors(*node);
    if (!snap)
      return failure(status_of(snap.error()), to_string(snap.error()));
    return json_answer(200, actors_json(*snap, *node));
  };
  routes.get["/api/actor"] = [source](const http_request& req) {
    std::string node;
    actor_id id = 0;
    if (auto refused = read_target(req, node, id))
      return *refused;
    auto details = source->actor(node, id);
    if (!details)
      return failure(status_of(details.error()), to_string(details.error()));
    auto waiting = source->mailbox(node, id);
    std::vector<std::string> mailbox;
    if (waiting)
      mailbox = std::move(*waiting);
    return json_answer(200, actor_json(node, *details, mailbox, allows_control(*source, node)));
  };
  routes.get["/api/events"] = [source](const http_request& req) {
    std::uint64_t since = 0;
    if (auto text = query_value(req.query, "since")) {
      auto number = parse_unsigned(*text);
      if (!number)
        return failure(400, "since=" + *text + " is not a number");
      since = *number;
    }
    std::uint64_t next = 0;
    auto events = source->events().since(since, next);
    return json_answer(200, events_json(events, next));
  };
  routes.post["/api/send"] = control_route(source, "message", &dashboard_source::send, "sent to ");
  routes.post["/api/kill"] = control_route(source, "reason", &dashboard_source::kill, "sent an exit to ");
  // The stream: the overview every interval, and the events that came since
  // the last call. The connection's cursor is 0 before its first call, then
  // the next event's number plus one.
  http_stream stream;
  stream.period = source->interval();
  stream.next = [source](const http_request&, std::uint64_t& cursor) {
    std::string out = sse("overview", overview_json(source->scope(), source->interval(), source->nodes()));
    std::uint64_t next = 0;
    auto events = source->events().since(cursor == 0 ? 0 : cursor - 1, next);
    if (!events.empty() || cursor == 0)
      out += sse("events", events_json(events, next));
    cursor = next + 1;
    return out;
  };
  routes.streams["/api/stream"] = std::move(stream);
}

} // namespace troupe::inspection
