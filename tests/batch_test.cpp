#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "core/deal.hpp"
#include "core/input_error.hpp"
#include "core/variant.hpp"
#include "solver/batch.hpp"
#include "solver/bench_suite.hpp"
#include "solver/cli/report.hpp"
#include "solver/statistics.hpp"
#include "solver/version.hpp"

namespace patience {
namespace {

namespace fs = std::filesystem;

class Batch : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("patience_batch_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    static std::vector<std::string> lines_of(const std::string& file) {
        std::ifstream in(file);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }

    // Every line parses, and each (variant, seed) appears exactly once; returns the count per
    // variant.
    static std::map<VariantId, std::set<std::uint64_t>> check_file(const std::string& file) {
        std::map<VariantId, std::set<std::uint64_t>> seeds;
        std::ifstream in(file);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_TRUE(text.empty() || text.back() == '\n') << "file ends in a torn line";
        for (const auto& line : lines_of(file)) {
            std::string error;
            const auto record = parse_batch_line(line, error);
            EXPECT_TRUE(record) << error << ": " << line;
            if (!record) continue;
            EXPECT_TRUE(seeds[record->variant].insert(record->seed).second)
                << "seed " << record->seed << " twice";
        }
        return seeds;
    }

    // Starts `args` (the binary first) in a child process, standard output to /dev/null and
    // standard error to `err` (or /dev/null); returns its pid.
    static pid_t spawn(const std::vector<std::string>& args, const std::string& err = "/dev/null") {
        const pid_t pid = ::fork();
        if (pid == 0) {
            std::vector<char*> argv;
            for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::freopen("/dev/null", "w", stdout);
            ::freopen(err.c_str(), "w", stderr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        return pid;
    }

    // Waits (at most a minute) until `file` holds at least `count` lines.
    static void wait_for_lines(const std::string& file, std::size_t count) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (lines_of(file).size() < count && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }

    static BatchConfig config(const std::string& out, std::uint64_t first, std::uint64_t last) {
        BatchConfig c;
        c.variants = {VariantId::Diplomat, VariantId::Emperor};
        c.first_seed = first;
        c.last_seed = last;
        c.ranks = 5;
        c.threads = 2;
        c.limits.memory_bytes = 8u << 20;
        c.out_path = out;
        return c;
    }

    fs::path dir_;
};

TEST_F(Batch, WritesOneParsableLinePerDeal) {
    const std::string out = path("run.jsonl");
    const Statistics stats = run_batch(config(out, 1, 30), nullptr);
    const auto seeds = check_file(out);
    EXPECT_EQ(seeds.at(VariantId::Diplomat).size(), 30u);
    EXPECT_EQ(seeds.at(VariantId::Emperor).size(), 30u);
    EXPECT_EQ(stats.size(), 60u);
    for (const auto& line : lines_of(out)) {
        for (const char* field : {"\"variant\"", "\"seed\"", "\"ranks\"", "\"result\"", "\"nodes\"",
                                  "\"ms\"", "\"moves\""}) {
            EXPECT_NE(line.find(field), std::string::npos) << field << " missing in " << line;
        }
    }
}

TEST_F(Batch, RerunSkipsFinishedDealsAndSolvesTheRest) {
    const std::string out = path("run.jsonl");
    run_batch(config(out, 1, 10), nullptr);
    const Statistics stats = run_batch(config(out, 1, 25), nullptr);
    const auto seeds = check_file(out);
    EXPECT_EQ(seeds.at(VariantId::Diplomat).size(), 25u);
    EXPECT_EQ(lines_of(out).size(), 50u);
    EXPECT_EQ(stats.size(), 50u);  // the summary covers the whole range, old lines included
}

TEST_F(Batch, TornLastLineIsCutOffAndItsDealSolvedAgain) {
    const std::string out = path("run.jsonl");
    run_batch(config(out, 1, 5), nullptr);
    {
        std::ofstream append(out, std::ios::app);
        append << R"({"variant":"diplomat","seed":6,"ranks":5,"res)";  // power cut mid-write
    }
    run_batch(config(out, 1, 8), nullptr);
    const auto seeds = check_file(out);
    EXPECT_EQ(seeds.at(VariantId::Diplomat), (std::set<std::uint64_t>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST_F(Batch, RefusesToAppendToAFileThatIsNotABatchFile) {
    const std::string out = path("notes.txt");
    { std::ofstream(out) << "my notes\n"; }
    EXPECT_THROW(run_batch(config(out, 1, 3), nullptr), InputError);
    EXPECT_EQ(lines_of(out), std::vector<std::string>{"my notes"});
}

TEST_F(Batch, ResultsDoNotDependOnTheNumberOfThreads) {
    auto one = config(path("one.jsonl"), 1, 20);
    one.threads = 1;
    auto two = config(path("two.jsonl"), 1, 20);
    two.threads = 2;
    const Statistics a = run_batch(one, nullptr);
    const Statistics b = run_batch(two, nullptr);
    for (const auto& id : a.ids()) {
        EXPECT_EQ(a.record(id).result, b.record(id).result) << id.seed;
        EXPECT_EQ(a.record(id).nodes, b.record(id).nodes) << id.seed;
        EXPECT_EQ(a.record(id).moves, b.record(id).moves) << id.seed;
    }
}

// The real command, killed with SIGKILL mid-run and started again: no deal lost or repeated.
TEST_F(Batch, KilledMidRunAndRestartedLosesAndRepeatsNothing) {
    const std::string out = path("killed.jsonl");
    const std::vector<std::string> args = {
        PATIENCE_BINARY, "batch", "--variant",    "diplomat,emperor",
        "--seeds",       "1-150", "--node-limit", "20000",
        "--threads",     "2",     "--memory",     "16",
        "--out",         out};
    const pid_t first = spawn(args);
    ASSERT_GT(first, 0);
    // Kill it once some deals are written but (very likely) not all.
    wait_for_lines(out, 20);
    ::kill(first, SIGKILL);
    int status = 0;
    ::waitpid(first, &status, 0);
    const std::size_t before = lines_of(out).size();
    ASSERT_GE(before, 20u);
    ASSERT_LT(before, 300u) << "the first run finished before it could be killed";
    check_file(out);

    const pid_t second = spawn(args);
    ::waitpid(second, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    const auto seeds = check_file(out);
    EXPECT_EQ(seeds.at(VariantId::Diplomat).size(), 150u);
    EXPECT_EQ(seeds.at(VariantId::Emperor).size(), 150u);
    EXPECT_EQ(lines_of(out).size(), 300u);
}

TEST_F(Batch, LinesRecordTheirLimitsTechniquesAndSolver) {
    const std::string out = path("run.jsonl");
    BatchConfig c = config(out, 1, 12);
    c.limits.node_limit = 50;  // leaves about a third of these five-rank deals unknown
    c.techniques = parse_disabled_techniques("second-move");
    run_batch(c, nullptr);
    int unknown = 0, won = 0;
    for (const auto& line : lines_of(out)) {
        std::string error;
        const auto r = parse_batch_line(line, error);
        ASSERT_TRUE(r) << error;
        EXPECT_TRUE(r->conditions.recorded);
        EXPECT_EQ(r->conditions.node_limit, 50u);
        EXPECT_EQ(r->conditions.time_limit, 0.0);
        EXPECT_EQ(r->conditions.memory_mib, 4.0);  // 8 MiB shared by two threads
        EXPECT_EQ(r->conditions.disabled, "second-move");
        EXPECT_EQ(r->conditions.version, solver_version());
        EXPECT_EQ(r->conditions.commit, solver_commit());
        if (r->result == Verdict::Won) {
            ++won;
            EXPECT_GT(r->moves, 0u);
        } else {
            // No solution, no move count: the field is null, not a misleading 0.
            EXPECT_NE(line.find("\"moves\":null"), std::string::npos) << line;
        }
        unknown += r->result == Verdict::Unknown;
    }
    EXPECT_GT(unknown, 0);
    EXPECT_GT(won, 0);
}

// The proof effort reaches every deal's search and its line: Malmaison seed 7 (the complete
// search alone) is `unknown` at 16,387 nodes with the default effort, whose drain anchors, woken
// after 16,384 (drain_anchors.hpp's kWakeAfter), prove it lost 9 nodes later, and lost in 16,387
// with effort 2, whose anchors may evaluate twice as many choices; solved again with effort 2
// under --retry-unknown, as other conditions.
TEST_F(Batch, ProofEffortReachesEveryDealAndItsLine) {
    const std::string out = path("run.jsonl");
    BatchConfig c = config(out, 7, 7);
    c.variants = {VariantId::Malmaison};
    c.ranks = 13;
    c.limits.node_limit = 16387;
    c.techniques = parse_disabled_techniques("probes");
    run_batch(c, nullptr);
    std::string error;
    auto plain = parse_batch_line(lines_of(out).at(0), error);
    ASSERT_TRUE(plain) << error;
    EXPECT_EQ(plain->result, Verdict::Unknown);
    EXPECT_EQ(plain->conditions.proof_effort, 1);
    c.proof_effort = 2;
    c.retry_unknown = true;
    run_batch(c, nullptr);
    ASSERT_EQ(lines_of(out).size(), 2u);
    auto effort = parse_batch_line(lines_of(out).at(1), error);
    ASSERT_TRUE(effort) << error;
    EXPECT_EQ(effort->seed, 7u);
    EXPECT_EQ(effort->result, Verdict::Lost);
    EXPECT_EQ(effort->conditions.proof_effort, 2);
    EXPECT_NE(lines_of(out).at(1).find("\"proof_effort\":2"), std::string::npos);
}

// --confirm-lost proves every `lost` again with the independent keys and says so in its line:
// Emperor seed 40 with ten ranks is lost as dealt (2 nodes; the dead-end test), and confirmed in
// as many; the won deal beside it, and every deal of a batch without the option, say nothing.
TEST_F(Batch, ConfirmLostProvesEveryLossAgainAndSaysSoInItsLine) {
    const std::string out = path("run.jsonl");
    BatchConfig c = config(out, 40, 41);
    c.variants = {VariantId::Emperor};
    c.ranks = 10;
    c.confirm_lost = true;
    const Statistics stats = run_batch(c, nullptr);
    ASSERT_EQ(stats.summaries().size(), 1u);
    EXPECT_EQ(stats.summaries()[0].lost_confirmed, 1u);
    EXPECT_EQ(stats.summaries()[0].lost_unconfirmed + stats.summaries()[0].refuted, 0u);
    EXPECT_NE(cli::summary_table(stats.summaries())
                  .find("  confirmed: 1 of 1 lost (0 unconfirmed), 0 refuted"),
              std::string::npos);
    const std::string plain_out = path("plain.jsonl");
    BatchConfig plain = config(plain_out, 40, 41);
    plain.variants = {VariantId::Emperor};
    plain.ranks = 10;
    run_batch(plain, nullptr);
    std::string error;
    int lost = 0;
    for (const auto& line : lines_of(out)) {
        const auto r = parse_batch_line(line, error);
        ASSERT_TRUE(r) << error;
        if (r->result == Verdict::Lost) {
            ++lost;
            EXPECT_EQ(r->seed, 40u);
            EXPECT_EQ(r->confirmation, Confirmation::Confirmed) << line;
            EXPECT_EQ(r->confirmation_nodes, r->nodes) << line;
        } else {
            EXPECT_EQ(r->confirmation, Confirmation::NotAsked) << line;
            EXPECT_EQ(line.find("confirmation"), std::string::npos) << line;
        }
    }
    EXPECT_EQ(lost, 1);
    for (const auto& line : lines_of(plain_out)) {
        EXPECT_EQ(line.find("confirmation"), std::string::npos) << line;
    }
}

TEST_F(Batch, RerunUnderOtherLimitsKeepsTheLinesAndSaysSo) {
    const std::string out = path("run.jsonl");
    BatchConfig small = config(out, 1, 10);
    small.limits.node_limit = 45;  // leaves most of these five-rank deals unknown
    run_batch(small, nullptr);
    const auto before = lines_of(out);
    BatchConfig larger = small;
    larger.limits.node_limit = 50000;
    std::string notice;
    larger.notice = [&](const std::string& text) { notice = text; };
    run_batch(larger, nullptr);
    EXPECT_EQ(lines_of(out), before);  // nothing solved again without --retry-unknown
    EXPECT_NE(notice.find("20 deals of this range were solved under other conditions"),
              std::string::npos)
        << notice;
    EXPECT_NE(notice.find("node limit 45,"), std::string::npos) << notice;
    EXPECT_NE(notice.find("node limit 50000"), std::string::npos) << notice;
    EXPECT_NE(notice.find("--retry-unknown"), std::string::npos) << notice;
    // The same limits again: nothing to say.
    notice.clear();
    small.notice = larger.notice;
    run_batch(small, nullptr);
    EXPECT_EQ(notice, "");
}

TEST_F(Batch, RetryUnknownSolvesAgainOnlyTheUnknownDealsSolvedOtherwise) {
    const std::string out = path("run.jsonl");
    BatchConfig small = config(out, 1, 15);
    small.limits.node_limit = 45;
    const Statistics first = run_batch(small, nullptr);
    const std::uint64_t unknown = first.summaries()[0].unknown + first.summaries()[1].unknown;
    ASSERT_GT(unknown, 0u);
    BatchConfig larger = small;
    larger.limits.node_limit = 200000;
    larger.retry_unknown = true;
    const Statistics second = run_batch(larger, nullptr);
    EXPECT_EQ(lines_of(out).size(), 30u + unknown);
    // Under the same conditions again, an unknown stays unknown: nothing is solved twice.
    run_batch(larger, nullptr);
    EXPECT_EQ(lines_of(out).size(), 30u + unknown);
    // Every deal once; the retried ones count with their new lines, so no unknown is stale.
    Statistics merged;
    merged.add_file(out, [](std::size_t, const std::string& why) { ADD_FAILURE() << why; });
    EXPECT_EQ(merged.size(), 30u);
    for (const auto& s : merged.summaries()) {
        EXPECT_EQ(s.stale_unknown, 0u);
        EXPECT_EQ(s.max_node_limit, 200000u);
    }
    std::uint64_t decided_after = 0;
    for (const auto& s : second.summaries()) decided_after += s.won + s.lost;
    std::uint64_t decided_before = 0;
    for (const auto& s : first.summaries()) decided_before += s.won + s.lost;
    EXPECT_GT(decided_after, decided_before);
}

TEST_F(Batch, VariantsTakeTurnsSeedBySeed) {
    BatchConfig c = config(path("run.jsonl"), 1, 4);
    c.threads = 1;
    run_batch(c, nullptr);
    std::vector<std::string> order;
    for (const auto& line : lines_of(c.out_path)) {
        std::string error;
        const auto r = parse_batch_line(line, error);
        ASSERT_TRUE(r) << error;
        order.push_back(std::string(rules_of(r->variant).name) + " " + std::to_string(r->seed));
    }
    EXPECT_EQ(order,
              (std::vector<std::string>{"diplomat 1", "emperor 1", "diplomat 2", "emperor 2",
                                        "diplomat 3", "emperor 3", "diplomat 4", "emperor 4"}));
}

TEST_F(Batch, ACancelledRunWritesNoLineAndTheNextRunSolvesEverything) {
    const std::string out = path("run.jsonl");
    std::atomic<bool> stop{true};
    BatchConfig c = config(out, 1, 10);
    c.limits.cancel = &stop;
    run_batch(c, nullptr);
    EXPECT_TRUE(lines_of(out).empty());
    stop = false;
    run_batch(c, nullptr);
    EXPECT_EQ(lines_of(out).size(), 20u);
}

// The real command, stopped by SIGINT or SIGTERM mid-run: exit 128 + the signal, a line saying
// how many deals are saved and how to resume, whole lines only; the same command then finishes.
TEST_F(Batch, SigintAndSigtermStopCleanlyAndTheRunResumes) {
    for (const int signal : {SIGINT, SIGTERM}) {
        const std::string out = path("stopped" + std::to_string(signal) + ".jsonl");
        const std::string err = path("stderr.txt");
        const std::vector<std::string> args = {
            PATIENCE_BINARY, "batch", "--variant",    "diplomat,emperor",
            "--seeds",       "1-150", "--node-limit", "20000",
            "--threads",     "2",     "--memory",     "16",
            "--out",         out};
        const pid_t first = spawn(args, err);
        ASSERT_GT(first, 0);
        wait_for_lines(out, 20);
        ::kill(first, signal);
        int status = 0;
        ::waitpid(first, &status, 0);
        ASSERT_TRUE(WIFEXITED(status));
        EXPECT_EQ(WEXITSTATUS(status), 128 + signal);
        const std::size_t saved = lines_of(out).size();
        ASSERT_LT(saved, 300u) << "the run finished before the signal";
        check_file(out);
        std::ifstream in(err);
        const std::string message((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
        EXPECT_NE(message.find(signal == SIGINT ? "stopped by SIGINT" : "stopped by SIGTERM"),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find(std::to_string(saved) + " deals of this range saved in " + out),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find("run the same command again"), std::string::npos) << message;

        const pid_t second = spawn(args, err);
        ::waitpid(second, &status, 0);
        ASSERT_TRUE(WIFEXITED(status));
        EXPECT_EQ(WEXITSTATUS(status), 0);
        EXPECT_EQ(lines_of(out).size(), 300u);
        check_file(out);
    }
}

TEST_F(Batch, StatsMergesOverlappingShardsFromTheCommandLine) {
    run_batch(config(path("a.jsonl"), 1, 30), nullptr);
    run_batch(config(path("b.jsonl"), 21, 40), nullptr);
    const std::string command = std::string(PATIENCE_BINARY) + " stats " + path("a.jsonl") + " " +
                                path("b.jsonl") + " --json";
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string out;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    ASSERT_EQ(::pclose(pipe), 0);
    // 40 distinct deals per variant, 10 duplicates per variant.
    EXPECT_NE(out.find("\"deals\": 40"), std::string::npos) << out;
    EXPECT_NE(out.find("\"duplicates\": 20"), std::string::npos) << out;
}

// ----- progress and summary text -----

// The progress line shows each variant's running win rate as its bounds and is cut to the width
// it is given (the terminal's), however many variants there are.
TEST(Progress, TheLineShowsBoundsAndFitsTheWidth) {
    BatchProgress p;
    p.done = 123;
    p.total = 6000;
    p.skipped = 40;
    p.seconds = 12.5;
    for (const auto& rules : all_variants()) p.tally[rules.id] = {40, 30, 6};
    const std::string full = cli::progress_line(p);
    EXPECT_NE(full.find("diplomat 75.0-90.0%"), std::string::npos) << full;
    EXPECT_NE(full.find("123/6000 (+40 in file)"), std::string::npos) << full;
    EXPECT_NE(full.find("ETA 9m57s"), std::string::npos) << full;
    EXPECT_GT(full.size(), 80u);
    EXPECT_EQ(cli::progress_line(p, 79), full.substr(0, 79));
}

// Every line of the summary fits 80 columns, whatever the numbers (100% and 100,000,000 deals).
TEST(Progress, TheSummaryFitsEightyColumns) {
    VariantSummary s;
    s.variant = VariantId::EmperorModern;
    s.pysol = true;
    s.deals = s.won = 100'000'000;
    s.win_rate = 1;
    s.ci95 = {0.99999, 1};
    s.bounds = {1, 1};
    s.median_nodes = s.p90_nodes = s.p99_nodes = 1'000'000'000;
    s.median_ms = s.p90_ms = s.p99_ms = 123456.7;
    s.min_node_limit = 1'000'000;
    s.max_node_limit = 1'000'000'000;
    s.stale_unknown = 12345;
    s.unrecorded = 6789;
    s.unknown = 100'000'000;
    s.up_told = 99'999'999;
    s.up_mean = 123.4;
    s.deal_cards = 208;
    s.up_median = s.up_most = 208;
    s.up_most_seed = std::numeric_limits<std::uint64_t>::max();
    s.lost = 1'000'000'000;
    s.lost_confirmed = 999'999'999;
    s.lost_unconfirmed = 1;
    s.refuted = 1'000'000'000;
    std::istringstream text(cli::summary_table({s}));
    int lines = 0;
    for (std::string line; std::getline(text, line); ++lines) EXPECT_LE(line.size(), 80u) << line;
    EXPECT_EQ(lines, 11);  // the unknown deals' cards up take two
}

TEST(Progress, TheSummaryNeverRoundsAnOpenIntervalToACertainty) {
    // The rate line of `won` deals won and `unknown` unknown of `deals`.
    auto rate_line = [](std::uint64_t deals, std::uint64_t won, std::uint64_t unknown) {
        VariantSummary s;
        s.variant = VariantId::DoubleDot;
        s.deals = deals;
        s.won = won;
        s.unknown = unknown;
        s.win_rate = static_cast<double>(won) / static_cast<double>(deals);
        s.ci95 = wilson_interval(won, deals);
        s.bounds = {s.win_rate, static_cast<double>(won + unknown) / static_cast<double>(deals)};
        std::istringstream text(cli::summary_table({s}));
        std::string line;
        for (int i = 0; i < 3; ++i) std::getline(text, line);  // the header, the counts, the rate
        return line;
    };
    EXPECT_EQ(rate_line(107'060, 107'060, 0),
              "  100.00% <= win rate <= 100.00%; 95% CI of won/deals [99.996%, 100.00%]");
    EXPECT_EQ(rate_line(107'060, 0, 0),
              "  0.00% <= win rate <= 0.00%; 95% CI of won/deals [0.00%, 0.004%]");
    // None won of two million: the low end is 0, not a rounding error above it.
    EXPECT_EQ(rate_line(2'000'000, 0, 0),
              "  0.00% <= win rate <= 0.00%; 95% CI of won/deals [0.00%, 0.0002%]");
    EXPECT_EQ(rate_line(100, 89, 11),
              "  89.00% <= win rate <= 100.00%; 95% CI of won/deals [81.37%, 93.75%]");
}

// ----- shards -----

TEST(Shards, SlicesCoverTheRangeOnceInOrderWithSizesWithinOne) {
    for (const auto& [first, last] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
             {1, 1},
             {1, 7},
             {5, 104},
             {1, 1000},
             {0, 0xFFFFFFFFFFFFFFFFULL},
             {0xFFFFFFFFFFFFFF00ULL, 0xFFFFFFFFFFFFFFFFULL}}) {
        for (std::uint64_t n : {1u, 2u, 3u, 7u, 8u, 300u}) {
            using Wide = unsigned __int128;  // a slice may hold 2^64 seeds
            const Wide total = Wide{last} - first + 1;
            std::uint64_t next = first, empty = 0;
            Wide smallest = total, largest = 0;
            bool covered_to_the_end = false;
            for (std::uint64_t k = 1; k <= n; ++k) {
                const auto slice = shard_seeds(first, last, k, n);
                if (!slice) {
                    ++empty;
                    smallest = 0;
                    continue;
                }
                EXPECT_EQ(slice->first, next) << first << "-" << last << " " << k << "/" << n;
                EXPECT_LE(slice->first, slice->second);
                const Wide size = Wide{slice->second} - slice->first + 1;
                smallest = std::min(smallest, size);
                largest = std::max(largest, size);
                covered_to_the_end = slice->second == last;
                next = slice->second + 1;
            }
            EXPECT_TRUE(covered_to_the_end) << first << "-" << last << " in " << n;
            EXPECT_TRUE(largest - smallest <= 1) << first << "-" << last << " in " << n;
            EXPECT_EQ(empty, total >= n ? 0u : n - static_cast<std::uint64_t>(total));
        }
    }
    EXPECT_EQ(shard_seeds(1, 10, 2, 3), (std::pair<std::uint64_t, std::uint64_t>{4, 6}));
    EXPECT_FALSE(shard_seeds(1, 2, 1, 3));  // three shards, two seeds: one gets none
}

// ----- bench -----

TEST(Bench, SignatureIsTheSameEveryRunAndOnAnyNumberOfThreads) {
    const std::vector<VariantId> some = {VariantId::Emperor, VariantId::DoubleDot};
    const BenchResult a = run_bench(some, 1);
    const BenchResult b = run_bench(some, 1);
    const BenchResult c = run_bench(some, 2);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.nodes, c.nodes);
    EXPECT_GT(a.nodes, 0u);
    ASSERT_EQ(a.variants.size(), 2u);
    for (std::size_t i = 0; i < a.variants.size(); ++i) {
        EXPECT_EQ(a.variants[i].won, c.variants[i].won);
        EXPECT_EQ(a.variants[i].nodes, c.variants[i].nodes);
    }
}

TEST(Bench, BuiltInSetCoversWonAndLostVerdicts) {
    std::uint64_t won = 0, lost = 0;
    for (const auto& v : run_bench({VariantId::Diplomat, VariantId::LadyPalk}, 2).variants) {
        won += v.won;
        lost += v.lost;
    }
    EXPECT_GT(won, 0u);
    EXPECT_EQ(lost, 2u);  // the two built-in lost positions
}

// ----- statistics -----

TEST(Statistics, WilsonIntervalMatchesHandComputedValues) {
    // 8 of 10: p = 0.8, z = 1.96: centre 0.71676, half-width 0.22660.
    const Interval a = wilson_interval(8, 10);
    EXPECT_NEAR(a.lo, 0.49016, 1e-4);
    EXPECT_NEAR(a.hi, 0.94332, 1e-4);
    // 0 of 10: [0, z^2 / (n + z^2)] = [0, 0.27753].
    const Interval b = wilson_interval(0, 10);
    EXPECT_EQ(b.lo, 0.0);
    EXPECT_NEAR(b.hi, 0.27753, 1e-4);
    // 50 of 100: symmetric about one half.
    const Interval c = wilson_interval(50, 100);
    EXPECT_NEAR(c.lo, 0.40383, 1e-4);
    EXPECT_NEAR(c.hi, 0.59617, 1e-4);
    // 10 of 10: [n / (n + z^2), 1].
    const Interval d = wilson_interval(10, 10);
    EXPECT_NEAR(d.lo, 0.72247, 1e-4);
    EXPECT_EQ(d.hi, 1.0);
    // The ends stay exact where the formula's own rounding would leave 2e-22 (0 of 2,000,000).
    EXPECT_EQ(wilson_interval(0, 2'000'000).lo, 0.0);
    EXPECT_EQ(wilson_interval(2'000'000, 2'000'000).hi, 1.0);
}

BatchRecord record(std::uint64_t seed, Verdict result, std::uint64_t nodes = 100) {
    BatchRecord r;
    r.variant = VariantId::Diplomat;
    r.seed = seed;
    r.result = result;
    r.nodes = nodes;
    r.ms = static_cast<double>(nodes) / 100;
    return r;
}

TEST(Statistics, SummaryCountsRatesBoundsAndPercentiles) {
    Statistics stats;
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
        stats.add(record(seed, Verdict::Won, seed * 10));
    stats.add(record(7, Verdict::Lost, 70));
    stats.add(record(8, Verdict::Lost, 80));
    stats.add(record(9, Verdict::Unknown, 1000));
    stats.add(record(10, Verdict::Unknown, 2000));
    const auto summaries = stats.summaries();
    ASSERT_EQ(summaries.size(), 1u);
    const VariantSummary& s = summaries[0];
    EXPECT_EQ(s.deals, 10u);
    EXPECT_EQ(s.won, 6u);
    EXPECT_EQ(s.lost, 2u);
    EXPECT_EQ(s.unknown, 2u);
    EXPECT_DOUBLE_EQ(s.win_rate, 0.6);
    EXPECT_DOUBLE_EQ(s.bounds.lo, 0.6);
    EXPECT_DOUBLE_EQ(s.bounds.hi, 0.8);
    EXPECT_NEAR(s.ci95.lo, wilson_interval(6, 10).lo, 1e-12);
    EXPECT_DOUBLE_EQ(s.mean_nodes, (10 + 20 + 30 + 40 + 50 + 60 + 70 + 80 + 1000 + 2000) / 10.0);
    EXPECT_EQ(s.median_nodes, 50u);  // nearest rank: the 5th of 10
    EXPECT_EQ(s.p90_nodes, 1000u);   // the 9th
    EXPECT_EQ(s.p99_nodes, 2000u);
    EXPECT_DOUBLE_EQ(s.median_ms, 0.5);
    EXPECT_DOUBLE_EQ(s.p90_ms, 10.0);
}

TEST(Statistics, OverlappingShardsCountEachDealOnce) {
    Statistics stats;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) stats.add(record(seed, Verdict::Won));
    for (std::uint64_t seed = 41; seed <= 100; ++seed) stats.add(record(seed, Verdict::Lost));
    EXPECT_EQ(stats.size(), 100u);
    EXPECT_EQ(stats.duplicates(), 20u);
    EXPECT_EQ(stats.conflicts(), 20u);  // seeds 41-60: won in one shard, lost in the other
    EXPECT_EQ(stats.summaries()[0].won, 60u);
}

TEST(Statistics, ADecidedLineReplacesAnUnknownOne) {
    Statistics stats;
    stats.add(record(1, Verdict::Unknown));
    stats.add(record(1, Verdict::Won));
    stats.add(record(1, Verdict::Unknown));
    EXPECT_EQ(stats.size(), 1u);
    EXPECT_EQ(stats.summaries()[0].won, 1u);
    EXPECT_EQ(stats.conflicts(), 0u);
}

RunConditions at_node_limit(std::uint64_t node_limit) {
    RunConditions c;
    c.node_limit = node_limit;
    c.memory_mib = 64;
    c.version = "0.1.0";
    c.recorded = true;
    return c;
}

// A deal solved again (batch --retry-unknown) counts with its later line; an unknown deal solved
// under a smaller node limit than the row's largest is counted stale, a decided one is not.
TEST(Statistics, UnknownDealsUnderASmallerNodeLimitAreStale) {
    Statistics stats;
    BatchRecord a = record(1, Verdict::Unknown, 1000);
    a.conditions = at_node_limit(1000);
    BatchRecord b = record(2, Verdict::Won, 500);
    b.conditions = at_node_limit(1000);
    BatchRecord c = record(3, Verdict::Unknown, 9000);
    c.conditions = at_node_limit(9000);
    for (const auto& r : {a, b, c}) stats.add(r);
    VariantSummary s = stats.summaries()[0];
    EXPECT_EQ(s.min_node_limit, 1000u);
    EXPECT_EQ(s.max_node_limit, 9000u);
    EXPECT_EQ(s.stale_unknown, 1u);  // seed 1; seed 2 is won, which holds under 9000 as well
    EXPECT_EQ(s.versions, std::vector<std::string>{"0.1.0"});
    BatchRecord again = record(1, Verdict::Unknown, 9000);
    again.conditions = at_node_limit(9000);
    stats.add(again);
    s = stats.summaries()[0];
    EXPECT_EQ(s.stale_unknown, 0u);
    EXPECT_EQ(stats.record(again.id()).nodes, 9000u);
    // A line from before limits were recorded, beside recorded ones: its unknown is stale too.
    stats.add(record(4, Verdict::Unknown, 5));
    s = stats.summaries()[0];
    EXPECT_EQ(s.unrecorded, 1u);
    EXPECT_EQ(s.stale_unknown, 1u);
}

TEST(Statistics, DifferentRankCountsAreSeparateRows) {
    Statistics stats;
    BatchRecord a = record(1, Verdict::Won);
    BatchRecord b = record(1, Verdict::Lost);
    b.ranks = 5;
    stats.add(a);
    stats.add(b);
    EXPECT_EQ(stats.summaries().size(), 2u);
}

TEST(Statistics, MalformedLinesAreReportedWithTheirNumberAndSkipped) {
    const auto file = fs::temp_directory_path() / ("patience_stats_" + std::to_string(::getpid()));
    {
        std::ofstream out(file);
        out << R"({"variant":"diplomat","seed":1,"ranks":13,"result":"won","nodes":5,"ms":1,"moves":3})"
            << "\n"
            << "not json\n"
            << R"({"variant":"diplomat","seed":2,"ranks":13,"result":"maybe","nodes":5,"ms":1,"moves":0})"
            << "\n"
            << R"({"variant":"diplomat","seed":3,"ranks":13,"result":"lost","nodes":5,"ms":1})"
            << "\n"
            << R"({"variant":"nope","seed":4,"ranks":13,"result":"lost","nodes":5,"ms":1,"moves":0})"
            << "\n"
            << R"({"variant":"diplomat","seed":5,"ranks":13,"result":"lost","nodes":5,"ms":1,"moves":0})"
            << "\n";
    }
    Statistics stats;
    std::vector<std::pair<std::size_t, std::string>> bad;
    stats.add_file(file.string(),
                   [&](std::size_t line, const std::string& why) { bad.emplace_back(line, why); });
    fs::remove(file);
    ASSERT_EQ(bad.size(), 4u);
    EXPECT_EQ(bad[0].first, 2u);
    EXPECT_EQ(bad[1].first, 3u);
    EXPECT_NE(bad[1].second.find("result"), std::string::npos);
    EXPECT_EQ(bad[2].first, 4u);
    EXPECT_NE(bad[2].second.find("moves"), std::string::npos);
    EXPECT_EQ(bad[3].first, 5u);
    EXPECT_EQ(stats.size(), 2u);
    EXPECT_EQ(stats.summaries()[0].won, 1u);
    EXPECT_EQ(stats.summaries()[0].lost, 1u);
}

// Why a won Diplomat line with `extra` fields is refused ("parsed" if it is not).
std::string refusal(const std::string& extra) {
    std::string error;
    const auto parsed = parse_batch_line(
        R"({"variant":"diplomat","seed":1,"ranks":13,"result":"won","nodes":5,"ms":1,"moves":3,)" +
            extra + "}",
        error);
    return parsed ? "parsed" : error;
}

TEST(Statistics, RecordLineRoundTrips) {
    BatchRecord r = record(18446744073709551615ULL, Verdict::Unknown, 12345);
    r.limit = LimitHit::Nodes;
    std::string error;
    const auto parsed = parse_batch_line(to_json_line(r), error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_EQ(parsed->seed, r.seed);
    EXPECT_EQ(parsed->result, Verdict::Unknown);
    EXPECT_EQ(parsed->nodes, 12345u);
    EXPECT_NE(to_json_line(r).find("\"limit\":\"node limit\""), std::string::npos);
    EXPECT_FALSE(parsed->conditions.recorded);

    r.conditions = at_node_limit(12345);
    r.conditions.time_limit = 2.5;
    r.conditions.memory_mib = 21.333;
    r.conditions.disabled = "probes,dead-ends";
    r.conditions.commit = "0123456789ab-dirty";
    const std::string line = to_json_line(r);
    const auto again = parse_batch_line(line, error);
    ASSERT_TRUE(again) << error;
    EXPECT_TRUE(again->conditions.same_search(r.conditions)) << line;
    EXPECT_EQ(again->conditions.version, "0.1.0");
    EXPECT_EQ(again->conditions.commit, "0123456789ab-dirty");
    EXPECT_NE(line.find("\"moves\":null"), std::string::npos) << line;
    // A line with some of the conditions but not all is refused, naming the missing one.
    const std::string torn = refusal(R"("node_limit":10)");
    EXPECT_NE(torn.find("time_limit"), std::string::npos) << torn;
}

// A proof effort other than 1 goes into a line and comes back, and solves a deal otherwise (so
// --retry-unknown solves its unknown deals again); 1 is the default, left out. A line whose effort
// is not an integer from 1 to 1000 is refused, naming the field.
TEST(Statistics, TheProofEffortRoundTrips) {
    BatchRecord r = record(11, Verdict::Unknown, 300);
    r.conditions = at_node_limit(300);
    std::string error;
    EXPECT_EQ(to_json_line(r).find("proof_effort"), std::string::npos);
    EXPECT_EQ(parse_batch_line(to_json_line(r), error)->conditions.proof_effort, 1);
    BatchRecord harder = r;
    harder.conditions.proof_effort = 10;
    const std::string line = to_json_line(harder);
    EXPECT_NE(line.find("\"proof_effort\":10"), std::string::npos) << line;
    const auto parsed = parse_batch_line(line, error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_EQ(parsed->conditions.proof_effort, 10);
    EXPECT_TRUE(parsed->conditions.same_search(harder.conditions));
    EXPECT_FALSE(parsed->conditions.same_search(r.conditions));
    const std::string conditions = R"("node_limit":10,"time_limit":0,"memory_mib":64,)"
                                   R"("version":"0.1.0","proof_effort":)";
    for (const std::string bad : {"0", "1001", "-3", "2.5", "\"10\""}) {
        const std::string why = refusal(conditions + bad);
        EXPECT_NE(why.find("proof_effort"), std::string::npos) << bad << ": " << why;
    }
    EXPECT_EQ(refusal(conditions + "1000"), "parsed");
    // Alone, it is a line's conditions in part: refused, naming what is missing.
    EXPECT_NE(refusal(R"("proof_effort":10)").find("node_limit"), std::string::npos);
}

// A loss proven again goes into its line and comes back, with the second search's nodes; a
// confirmation that is not one of the three outcomes, or one without its nodes, is refused,
// naming the field.
TEST(Statistics, TheConfirmationRoundTrips) {
    for (const Confirmation c :
         {Confirmation::Confirmed, Confirmation::Unconfirmed, Confirmation::Refuted}) {
        BatchRecord r = record(12, c == Confirmation::Refuted ? Verdict::Won : Verdict::Lost, 40);
        r.confirmation = c;
        r.confirmation_nodes = 41;
        std::string error;
        const std::string line = to_json_line(r);
        EXPECT_NE(line.find("\"confirmation\":\"" + std::string(to_string(c)) + "\""),
                  std::string::npos)
            << line;
        const auto parsed = parse_batch_line(line, error);
        ASSERT_TRUE(parsed) << error;
        EXPECT_EQ(parsed->confirmation, c);
        EXPECT_EQ(parsed->confirmation_nodes, 41u);
    }
    EXPECT_EQ(to_json_line(record(13, Verdict::Lost, 40)).find("confirmation"), std::string::npos);
    for (const std::string bad :
         {R"("confirmation":"maybe","confirmation_nodes":3)",
          R"("confirmation":"not asked","confirmation_nodes":3)",
          R"("confirmation":1,"confirmation_nodes":3)", R"("confirmation_nodes":3)"}) {
        const std::string why = refusal(bad);
        EXPECT_NE(why.find("'confirmation'"), std::string::npos) << bad << ": " << why;
    }
    const std::string no_nodes = refusal(R"("confirmation":"confirmed")");
    EXPECT_NE(no_nodes.find("confirmation_nodes"), std::string::npos) << no_nodes;
}

// The search that decided a deal goes into its line and comes back; an unknown deal names none,
// and a line whose decided_by is not a string is refused, naming the field.
TEST(Statistics, TheSearchThatDecidedRoundTrips) {
    BatchRecord r = record(7, Verdict::Won, 300);
    r.decided_by = "beam probe";
    std::string error;
    const std::string line = to_json_line(r);
    EXPECT_NE(line.find("\"decided_by\":\"beam probe\""), std::string::npos) << line;
    const auto parsed = parse_batch_line(line, error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_EQ(parsed->decided_by, "beam probe");
    const BatchRecord open = record(8, Verdict::Unknown, 300);
    EXPECT_EQ(to_json_line(open).find("decided_by"), std::string::npos);
    EXPECT_EQ(parse_batch_line(to_json_line(open), error)->decided_by, "");
    const std::string bad = refusal(R"("decided_by":3)");
    EXPECT_NE(bad.find("decided_by"), std::string::npos) << bad;
}

// The most cards up goes into a line and comes back; a line written before it was recorded
// parses without it (-1), and one whose count is not a card count of the deal is refused, naming
// the field (a Diplomat deal has 104 cards).
TEST(Statistics, TheMostCardsUpRoundTrips) {
    BatchRecord r = record(9, Verdict::Unknown, 300);
    r.most_up = 57;
    std::string error;
    const std::string line = to_json_line(r);
    EXPECT_NE(line.find("\"most_up\":57"), std::string::npos) << line;
    const auto parsed = parse_batch_line(line, error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_EQ(parsed->most_up, 57);
    const BatchRecord old = record(10, Verdict::Unknown, 300);
    EXPECT_EQ(to_json_line(old).find("most_up"), std::string::npos);
    EXPECT_EQ(parse_batch_line(to_json_line(old), error)->most_up, -1);
    EXPECT_EQ(refusal(R"("most_up":104)"), "parsed");
    for (const char* bad :
         {R"("most_up":105)", R"("most_up":-1)", R"("most_up":"57")", R"("most_up":5.5)"}) {
        const std::string why = refusal(bad);
        EXPECT_NE(why.find("most_up"), std::string::npos) << bad << ": " << why;
    }
}

// The summary tells how far the searches got on the unknown deals whose lines tell it: their
// mean and median most cards up, and the deal that got furthest (the lowest seed among equals).
// Decided deals, and unknown lines from before it was recorded, are left out, and the text says
// how many told it; with none told, nothing is said.
TEST(Statistics, SummaryTellsHowFarTheUnknownDealsGot) {
    Statistics stats;
    const std::vector<std::pair<std::uint64_t, int>> unknown{{3, 10}, {4, 30}, {5, 20}, {6, 30}};
    for (const auto& [seed, up] : unknown) {
        BatchRecord r = record(seed, Verdict::Unknown);
        r.most_up = up;
        stats.add(r);
    }
    stats.add(record(7, Verdict::Unknown));  // an old line: no most_up
    BatchRecord won = record(1, Verdict::Won);
    won.most_up = 104;
    stats.add(won);
    BatchRecord lost = record(2, Verdict::Lost);
    lost.most_up = 50;
    stats.add(lost);
    const VariantSummary s = stats.summaries().at(0);
    EXPECT_EQ(s.up_told, 4u);
    EXPECT_DOUBLE_EQ(s.up_mean, 22.5);
    EXPECT_EQ(s.up_median, 20);  // nearest rank: the 2nd of 10, 20, 30, 30
    EXPECT_EQ(s.up_most, 30);
    EXPECT_EQ(s.up_most_seed, 4u);
    EXPECT_EQ(s.deal_cards, 104);
    const std::string text = cli::summary_table({s});
    EXPECT_NE(text.find("\n  unknown: most cards up 22.5 of 104 (21.63%), median 20, most 30 "
                        "(seed 4),\n    of the 4 that tell it\n"),
              std::string::npos)
        << text;
    const auto json = cli::summary_json({s});
    EXPECT_EQ(json.at("variants").at(0).at("unknown_most_up").at("most_seed"), 4);
    const std::string csv = cli::summary_csv({s});
    EXPECT_NE(csv.find(",4,22.500,20,30,4,104,0,0,0\n"), std::string::npos) << csv;

    Statistics none;
    none.add(record(8, Verdict::Unknown));
    const VariantSummary n = none.summaries().at(0);
    EXPECT_EQ(n.up_told, 0u);
    EXPECT_EQ(cli::summary_table({n}).find("most cards up"), std::string::npos);
    EXPECT_TRUE(cli::summary_json({n}).at("variants").at(0).at("unknown_most_up").is_null());
    EXPECT_NE(cli::summary_csv({n}).find(",0,,,,,104,0,0,0\n"), std::string::npos);
}

// The summary counts the decided deals by the search that decided them, most first, ties by
// name; lines from before the search was recorded count under "", unknown deals nowhere.
TEST(Statistics, SummaryCountsTheSearchesThatDecided) {
    Statistics stats;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        BatchRecord r = record(seed, seed == 5 ? Verdict::Lost : Verdict::Won);
        r.decided_by = seed <= 3 ? "beam probe" : "complete search";
        stats.add(r);
    }
    stats.add(record(6, Verdict::Won));  // an old line: no decided_by
    stats.add(record(7, Verdict::Unknown));
    const auto summaries = stats.summaries();
    ASSERT_EQ(summaries.size(), 1u);
    using Count = std::pair<std::string, std::uint64_t>;
    const std::vector<Count> expected{{"beam probe", 3}, {"complete search", 2}, {"", 1}};
    EXPECT_EQ(summaries[0].decided_by, expected);
}

// Every line of a batch names the search that decided its deal, as `solve` does, and the most
// cards up in a position searched.
TEST_F(Batch, LinesNameTheSearchThatDecided) {
    const std::string out = path("run.jsonl");
    run_batch(config(out, 1, 10), nullptr);
    for (const auto& line : lines_of(out)) {
        std::string error;
        const auto parsed = parse_batch_line(line, error);
        ASSERT_TRUE(parsed) << error;
        if (parsed->result == Verdict::Unknown) {
            EXPECT_EQ(parsed->decided_by, "") << line;
        } else {
            EXPECT_NE(parsed->decided_by, "") << line;
        }
        // And how far its best line got: the whole deal when won.
        const int total = deal_position(parsed->variant, parsed->seed, parsed->ranks).total_cards();
        EXPECT_GE(parsed->most_up, 0) << line;
        EXPECT_LE(parsed->most_up, total) << line;
        if (parsed->result == Verdict::Won) {
            EXPECT_EQ(parsed->most_up, total) << line;
        }
    }
}

}  // namespace
}  // namespace patience
