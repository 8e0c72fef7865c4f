// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Atom constants for the operations most protocols share, spelled as the C++
// Actor Framework spells them, so that code written against it keeps its
// message tags: `add_atom` is atom_constant<atom("add")> and `add_atom_v` its
// value, e.g. self->send(counter, add_atom_v, 1) answered by a handler
// [](add_atom, int n) { ... }. A program declaring its own atom of the same
// name and text gets the same type; one with a different text must use
// another name.
#include "troupe/atom.hpp"

namespace troupe {

#define TROUPE_PREDEFINED_ATOM(name, text)                                                                             \
  using name##_atom = atom_constant<atom(text)>;                                                                       \
  inline constexpr name##_atom name##_atom_v{};

TROUPE_PREDEFINED_ATOM(add, "add")
TROUPE_PREDEFINED_ATOM(get, "get")
TROUPE_PREDEFINED_ATOM(put, "put")
TROUPE_PREDEFINED_ATOM(delete, "delete")
TROUPE_PREDEFINED_ATOM(ok, "ok")
TROUPE_PREDEFINED_ATOM(sys, "sys")
TROUPE_PREDEFINED_ATOM(join, "join")
TROUPE_PREDEFINED_ATOM(leave, "leave")
TROUPE_PREDEFINED_ATOM(forward, "forward")
TROUPE_PREDEFINED_ATOM(ping, "ping")
TROUPE_PREDEFINED_ATOM(pong, "pong")
TROUPE_PREDEFINED_ATOM(idle, "idle")
TROUPE_PREDEFINED_ATOM(update, "update")
TROUPE_PREDEFINED_ATOM(resolve, "resolve")
TROUPE_PREDEFINED_ATOM(spawn, "spawn")
TROUPE_PREDEFINED_ATOM(div, "div")
TROUPE_PREDEFINED_ATOM(sub, "sub")
TROUPE_PREDEFINED_ATOM(mul, "mul")
TROUPE_PREDEFINED_ATOM(tick, "tick")
TROUPE_PREDEFINED_ATOM(timeout, "timeout")
TROUPE_PREDEFINED_ATOM(reset, "reset")
TROUPE_PREDEFINED_ATOM(connect, "connect")
TROUPE_PREDEFINED_ATOM(open, "open")
TROUPE_PREDEFINED_ATOM(close, "close")
TROUPE_PREDEFINED_ATOM(publish, "publish")
TROUPE_PREDEFINED_ATOM(unpublish, "unpublish")
TROUPE_PREDEFINED_ATOM(subscribe, "subscribe")
TROUPE_PREDEFINED_ATOM(redirect, "redirect")
TROUPE_PREDEFINED_ATOM(link, "link")
TROUPE_PREDEFINED_ATOM(unlink, "unlink")
TROUPE_PREDEFINED_ATOM(monitor, "monitor")
TROUPE_PREDEFINED_ATOM(demonitor, "demonitor")
TROUPE_PREDEFINED_ATOM(wait_for, "wait_for")
TROUPE_PREDEFINED_ATOM(migrate, "migrate")
TROUPE_PREDEFINED_ATOM(stream, "stream")

#undef TROUPE_PREDEFINED_ATOM

} // namespace troupe
