// What the fuzzers check besides "no crash": a failed property aborts, which libFuzzer reports
// with the input that caused it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(condition)                                                                     \
    do {                                                                                          \
        if (!(condition)) {                                                                       \
            std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #condition); \
            std::abort();                                                                         \
        }                                                                                         \
    } while (false)

namespace patience::fuzz {

// Error messages are one line for the user: never empty, never a line break.
inline void check_one_line(std::string_view message) {
    FUZZ_CHECK(!message.empty());
    FUZZ_CHECK(message.find('\n') == std::string_view::npos);
}

}  // namespace patience::fuzz
