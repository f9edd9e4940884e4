// The subcommands: each parses its options and calls the library. Exit codes follow SPEC §6.
#pragma once

#include <string>
#include <vector>

namespace patience::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitLostOrInvalid = 1;  // solve: lost; check: not a valid win
inline constexpr int kExitUsage = 2;          // usage error or invalid input
inline constexpr int kExitUnknown = 3;        // solve: a limit was hit
inline constexpr int kExitInternal = 4;       // a bug: a solution that failed its replay
inline constexpr int kExitOutputFailed = 5;   // batch: its output could not be written

using Args = std::vector<std::string>;

int run_variants(const Args& args);
int run_deal(const Args& args);
int run_solve(const Args& args);
int run_check(const Args& args);
int run_batch_command(const Args& args);
int run_stats(const Args& args);
int run_compare(const Args& args);
int run_bench_command(const Args& args);

}  // namespace patience::cli
