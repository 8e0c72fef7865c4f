#pragma once
// resumable lives with the scheduler that runs it; this name stays for code that includes it here.
#include "troupe/scheduler/resumable.hpp"
