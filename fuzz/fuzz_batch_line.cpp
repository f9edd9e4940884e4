// Fuzzes the batch line parser (solver/batch_record.hpp). A line that parses prints back
// (to_json_line) to a line that parses to the same record, and prints the same again; a line that
// does not parse says why in one line.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/check.hpp"
#include "solver/batch_record.hpp"

namespace {

bool same(const patience::BatchRecord& a, const patience::BatchRecord& b) {
    return a.id() == b.id() && a.result == b.result && a.nodes == b.nodes &&
           (a.result != patience::Verdict::Won || a.moves == b.moves) &&
           (a.result != patience::Verdict::Unknown || a.limit == b.limit) &&
           a.conditions.same_search(b.conditions) && a.conditions.version == b.conditions.version &&
           a.conditions.commit == b.conditions.commit;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto record = patience::parse_batch_line(text, error);
    if (!record) {
        patience::fuzz::check_one_line(error);
        return 0;
    }
    const std::string line = patience::to_json_line(*record);
    const auto again = patience::parse_batch_line(line, error);
    FUZZ_CHECK(again);
    FUZZ_CHECK(patience::to_json_line(*again) == line);
    FUZZ_CHECK(line.find('\n') == std::string::npos);
    // Numbers are printed rounded (ms and memory to 1/1000): compare what a line keeps.
    FUZZ_CHECK(same(*patience::parse_batch_line(patience::to_json_line(*again), error), *again));
    return 0;
}
