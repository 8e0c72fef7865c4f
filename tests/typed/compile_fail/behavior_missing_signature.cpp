// EXPECT: typed_behavior_missing_handler_for<troupe::replies_to<sub_request>::with<int> >
#include "common.hpp"

math::behavior_type incomplete(math::pointer) {
  return {
    [](const add_request& r) { return r.a + r.b; },
#ifdef TROUPE_COMPILE_OK
    [](const sub_request& r) { return r.a - r.b; },
#endif
  };
}
