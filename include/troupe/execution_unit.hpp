#pragma once
// execution_unit lives with the scheduler; this name stays for code that includes it here.
#include "troupe/scheduler/execution_unit.hpp"
