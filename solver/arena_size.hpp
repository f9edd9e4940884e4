// How many threads to ask oneTBB for: never more than the machine runs at once. A wider arena
// gains nothing, and oneTBB answers the request with a warning on standard error.
#pragma once

#include <tbb/info.h>

#include <algorithm>

namespace patience {

inline int arena_size(int requested) {
    return std::clamp(requested, 1, std::max(1, tbb::info::default_concurrency()));
}

}  // namespace patience
