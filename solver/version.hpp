// Which solver made a record: the release version and, when built from a git checkout, the commit
// (with "-dirty" when the checkout had local changes). Batch lines and `stats` carry both, so a
// published table can be traced to the code that produced it.
#pragma once

#include <string>
#include <string_view>

namespace patience {

std::string_view solver_version();  // "0.1.0": the project's version in CMakeLists.txt
std::string_view solver_commit();   // "1a2b3c4d5e6f", "1a2b3c4d5e6f-dirty", or "" outside git

// "0.1.0 (commit 1a2b3c4d5e6f)", or "0.1.0" when the commit is not known.
inline std::string solver_version_line() {
    std::string line(solver_version());
    if (!solver_commit().empty()) line += " (commit " + std::string(solver_commit()) + ")";
    return line;
}

}  // namespace patience
