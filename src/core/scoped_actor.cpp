#include "troupe/scoped_actor.hpp"

#include "troupe/actor_system.hpp"

namespace troupe {

scoped_actor::scoped_actor(actor_system& sys)
  : self_(sys.make_actor<blocking_actor, hidden>().first.ptr()) {}

scoped_actor::~scoped_actor() {
  if (self_)
    ptr()->finish(exit_reason::normal);
}

} // namespace troupe
