#pragma once
// typed_response_promise is part of the core (local_actor makes it); this name stays for typed code.
#include "troupe/typed_response_promise.hpp"
