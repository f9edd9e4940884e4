#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "core/deal.hpp"
#include "core/move.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/cli/report.hpp"
#include "solver/mistake.hpp"
#include "solver/solve.hpp"
#include "tests/end_games.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Diplomat with two ranks: every ace in the tableau, every two in the stock. Won by
// "1>f ... 8>f" and eight "draw w>f".
constexpr std::string_view kAcesOut = R"({
    "variant": "diplomat", "ranks": 2,
    "tableau": [["AC"], ["AC"], ["AD"], ["AD"], ["AH"], ["AH"], ["AS"], ["AS"]],
    "stock": ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"]
})";

// Diplomat with two ranks and no move at all: every column shows a two, no ace is free, the stock
// is empty and no column is empty.
constexpr std::string_view kDead = R"({
    "variant": "diplomat", "ranks": 2,
    "tableau": [["AC", "2C"], ["AC", "2C"], ["AD", "2D"], ["AD", "2D"],
                ["AH", "2H"], ["AH", "2H"], ["AS", "2S"], ["AS", "2S"]]
})";

struct RunResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

std::string shell_quoted(std::string_view text) {
    std::string q = "'";
    for (char c : text) {
        if (c == '\'') {
            q += "'\\''";
        } else {
            q += c;
        }
    }
    return q + "'";
}

std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

std::size_t line_count(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

class Cli : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '_');
        dir_ = fs::temp_directory_path() /
               ("patience_cli_test_" + std::to_string(::getpid()) + "_" + name);
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }

    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }

    std::string write(const std::string& name, std::string_view text) const {
        const fs::path path = dir_ / name;
        std::ofstream out(path, std::ios::binary);
        out << text;
        return path.string();
    }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Runs the real binary; stdin comes from `stdin_path`. Whatever it does, it must not crash or
    // print a C++ runtime's last words.
    RunResult run(const std::vector<std::string>& args,
                  const std::string& stdin_path = "/dev/null") const {
        std::string command = shell_quoted(PATIENCE_BINARY);
        for (const auto& arg : args) command += " " + shell_quoted(arg);
        const fs::path out = dir_ / "stdout.txt";
        const fs::path err = dir_ / "stderr.txt";
        command += " <" + shell_quoted(stdin_path) + " >" + shell_quoted(out.string()) + " 2>" +
                   shell_quoted(err.string());
        const int status = std::system(command.c_str());
        RunResult result;
        if (status != -1 && WIFEXITED(status)) {
            result.exit_code = WEXITSTATUS(status);
        } else {
            ADD_FAILURE() << "did not exit normally: " << command;
        }
        result.out = read_all(out);
        result.err = read_all(err);
        EXPECT_FALSE(contains(result.err, "terminate called")) << result.err;
        EXPECT_FALSE(contains(result.err, "what():")) << result.err;
        EXPECT_FALSE(contains(result.err, "Aborted")) << result.err;
        EXPECT_FALSE(contains(result.err, "internal error")) << result.err;
        return result;
    }

    // A position (or solution) that failed: exit 2, nothing on stdout, one line on stderr that
    // holds every one of `parts`.
    static void expect_rejected(const RunResult& result,
                                std::initializer_list<std::string_view> parts) {
        EXPECT_EQ(result.exit_code, 2);
        EXPECT_EQ(result.out, "");
        EXPECT_EQ(line_count(result.err), 1u) << result.err;
        for (std::string_view part : parts) {
            EXPECT_TRUE(contains(result.err, part)) << "'" << part << "' not in: " << result.err;
        }
    }

    // The solver's JSON answer for a seeded deal.
    Json solve_json(const std::vector<std::string>& deal_args) const {
        std::vector<std::string> args = {"solve", "--json"};
        args.insert(args.end(), deal_args.begin(), deal_args.end());
        const RunResult result = run(args);
        EXPECT_EQ(result.exit_code, 0) << result.err;
        return Json::parse(result.out);
    }

    fs::path dir_;
};

std::string solution_text(const Json& answer) {
    std::string text;
    for (const auto& token : answer.at("solution")) text += token.get<std::string>() + "\n";
    return text;
}

// ---------------------------------------------------------------------------------------------
// variants

const std::vector<std::string> kVariantNames = {"diplomat",       "double-dot", "emperor",
                                                "emperor-modern", "lady-palk",  "malmaison"};

TEST_F(Cli, VariantsListsEveryVariantOnItsOwnLine) {
    const RunResult result = run({"variants"});
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(line_count(result.out), 6u) << result.out;
    for (const auto& name : kVariantNames) {
        EXPECT_TRUE(contains("\n" + result.out, "\n" + name + " ")) << name << "\n" << result.out;
    }
}

TEST_F(Cli, VariantsJsonNamesTheSixVariants) {
    const RunResult result = run({"variants", "--json"});
    ASSERT_EQ(result.exit_code, 0);
    const Json list = Json::parse(result.out);
    ASSERT_TRUE(list.is_array());
    std::vector<std::string> names;
    for (const auto& entry : list) names.push_back(entry.at("name").get<std::string>());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, kVariantNames);
}

// ---------------------------------------------------------------------------------------------
// deal

TEST_F(Cli, DealPrintsTheSeededDealAsAPositionFile) {
    const RunResult result = run({"deal", "--variant", "emperor", "--seed", "17", "--ranks", "4"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, position_to_json(deal_position(VariantId::Emperor, 17, 4)));
}

TEST_F(Cli, DealWithoutRanksDealsThirteen) {
    const RunResult result = run({"deal", "--variant", "malmaison", "--seed", "3"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, position_to_json(deal_position(VariantId::Malmaison, 3, 13)));
}

TEST_F(Cli, DealAcceptsTheLargestSixtyFourBitSeed) {
    const RunResult result =
        run({"deal", "--variant", "lady-palk", "--seed", "18446744073709551615"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, position_to_json(deal_position(VariantId::LadyPalk, UINT64_MAX, 13)));
}

TEST_F(Cli, DealOutputIsAPositionThatSolveAccepts) {
    const RunResult dealt = run({"deal", "--variant", "diplomat", "--seed", "1", "--ranks", "3"});
    ASSERT_EQ(dealt.exit_code, 0) << dealt.err;
    const std::string file = write("deal.json", dealt.out);
    const RunResult solved = run({"solve", "--position", file});
    EXPECT_EQ(solved.exit_code, 0) << solved.err;
    EXPECT_TRUE(contains(solved.out, "result: won")) << solved.out;
}

TEST_F(Cli, DealOutputIsAPositionThatCheckAccepts) {
    const RunResult dealt =
        run({"deal", "--variant", "emperor-modern", "--seed", "4", "--ranks", "3"});
    ASSERT_EQ(dealt.exit_code, 0) << dealt.err;
    const std::string file = write("deal.json", dealt.out);
    const RunResult solved = run({"solve", "--json", "--position", file});
    ASSERT_EQ(solved.exit_code, 0) << solved.err;
    const std::string moves = write("moves.txt", solution_text(Json::parse(solved.out)));
    const RunResult checked = run({"check", "--position", file, "--solution", moves});
    EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
    EXPECT_TRUE(contains(checked.out, "won")) << checked.out;
}

// ---------------------------------------------------------------------------------------------
// solve

TEST_F(Cli, SolveJsonHasVariantSeedResultNodesSecondsAndSolution) {
    const Json answer = solve_json({"--variant", "malmaison", "--seed", "2", "--ranks", "3"});
    EXPECT_EQ(answer.at("variant"), "malmaison");
    EXPECT_EQ(answer.at("seed"), 2u);
    EXPECT_EQ(answer.at("result"), "won");
    EXPECT_TRUE(answer.at("nodes").is_number_unsigned());
    EXPECT_GE(answer.at("nodes").get<std::uint64_t>(), 1u);
    EXPECT_TRUE(answer.at("seconds").is_number());
    EXPECT_GE(answer.at("seconds").get<double>(), 0.0);
    ASSERT_TRUE(answer.at("solution").is_array());
    EXPECT_FALSE(answer.at("solution").empty());
}

TEST_F(Cli, SolveHistogramCountsEveryNodeOnce) {
    const RunResult json = run({"solve", "--json", "--variant", "diplomat", "--seed", "7",
                                "--node-limit", "20000", "--threads", "2", "--histogram"});
    EXPECT_EQ(json.exit_code, 3) << json.err;  // unknown at this limit
    const Json answer = Json::parse(json.out);
    std::uint64_t counted = 0;
    for (const char* part : {"complete", "probes"}) {
        for (const auto& cell : answer.at("histogram").at(part)) {
            EXPECT_LE(cell.at(0).get<int>(), 72);   // cards left in the stock
            EXPECT_LE(cell.at(1).get<int>(), 104);  // cards on the foundations
            counted += cell.at(2).get<std::uint64_t>();
        }
    }
    EXPECT_EQ(counted, answer.at("nodes").get<std::uint64_t>());
    // Each card flow is first met at one of the complete search's nodes with that stock left.
    std::map<int, std::uint64_t> complete_by_stock;
    for (const auto& cell : answer.at("histogram").at("complete")) {
        complete_by_stock[cell.at(0).get<int>()] += cell.at(2).get<std::uint64_t>();
    }
    std::uint64_t flows = 0;
    for (const auto& cell : answer.at("histogram").at("complete_card_flows")) {
        const int stock = cell.at(0).get<int>();
        EXPECT_GE(cell.at(1).get<std::uint64_t>(), 1u);
        EXPECT_LE(cell.at(1).get<std::uint64_t>(), complete_by_stock[stock]) << "stock " << stock;
        flows += cell.at(1).get<std::uint64_t>();
    }
    EXPECT_GE(flows, 10u);  // the complete search draws from the stock within 20,000 nodes
    const RunResult text = run(
        {"solve", "--variant", "diplomat", "--seed", "3", "--node-limit", "5000", "--histogram"});
    EXPECT_TRUE(contains(text.out, "complete search: ")) << text.out;
    EXPECT_TRUE(contains(text.out, " card flows ")) << text.out;
    EXPECT_TRUE(contains(text.out, "probes: ")) << text.out;
}

// --sample-positions keeps every --sample-every-th position of the complete search with as many
// stock cards as --sample-stock says (MAX or A-B): as many as the histogram's count of them says,
// each a position file that solve reads, with a stock in the range. (Without the drain anchors
// below the deal, whose proofs keep the search near the top of its stock once it starts over
// with them.)
TEST_F(Cli, SolveSamplesTheCompleteSearchsPositions) {
    for (const auto& [stock, least, most] : {std::tuple{"12", 0, 12}, std::tuple{"3-6", 3, 6}}) {
        const std::string dir = path(std::string("samples-") + stock);
        const RunResult json = run({"solve", "--json", "--variant", "diplomat", "--seed", "966",
                                    "--disable", "probes,deal-anchors", "--node-limit", "60000",
                                    "--histogram", "--sample-positions", dir, "--sample-every",
                                    "3000", "--sample-stock", stock});
        EXPECT_EQ(json.exit_code, 3) << json.err;  // unknown at this limit
        const Json answer = Json::parse(json.out);
        std::uint64_t eligible = 0;
        for (const auto& cell : answer.at("histogram").at("complete")) {
            const int left = cell.at(0).get<int>();
            if (left >= least && left <= most) eligible += cell.at(2).get<std::uint64_t>();
        }
        const std::uint64_t expected = eligible / 3000;
        EXPECT_GE(expected, 2u) << stock;
        EXPECT_EQ(answer.at("samples").get<std::uint64_t>(), expected) << stock;
        std::uint64_t files = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            ++files;
            const Json position = Json::parse(read_all(entry.path()));
            EXPECT_GE(position.at("stock").size(), static_cast<std::size_t>(least));
            EXPECT_LE(position.at("stock").size(), static_cast<std::size_t>(most));
            const RunResult solved =
                run({"solve", "--position", entry.path().string(), "--node-limit", "1"});
            EXPECT_NE(solved.exit_code, 2) << entry.path() << ": " << solved.err;
        }
        EXPECT_EQ(files, expected) << stock;
        EXPECT_TRUE(fs::exists(dir + "/diplomat-966-1.json")) << stock;
    }
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--sample-every", "5"}),
                    {"--sample-every", "--sample-positions"});
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--sample-positions",
                         write("a-file", "x") + "/below"}),
                    {"--sample-positions", "cannot make the folder"});
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--sample-positions",
                         path("s"), "--sample-stock", "9-3"}),
                    {"--sample-stock", "empty"});
}

TEST_F(Cli, MoreThreadsThanCoresSolveQuietly) {
    const RunResult result =
        run({"solve", "--variant", "diplomat", "--seed", "1", "--ranks", "4", "--threads", "64"});
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.err, "");  // no word from the thread library on standard error
}

TEST_F(Cli, SolveRefusesAnUnknownTechniqueToDisable) {
    const RunResult result =
        run({"solve", "--variant", "diplomat", "--seed", "1", "--disable", "probes,warp"});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_TRUE(contains(result.err, "unknown technique 'warp'")) << result.err;
    EXPECT_EQ(line_count(result.err), 1u);
}

TEST_F(Cli, SolveJsonSeedKeepsAllSixtyFourBits) {
    const Json answer =
        solve_json({"--variant", "diplomat", "--seed", "18446744073709551615", "--ranks", "1"});
    EXPECT_EQ(answer.at("seed").get<std::uint64_t>(), UINT64_MAX);
}

TEST_F(Cli, SolveJsonSolutionReplaysAsAWin) {
    const Json answer = solve_json({"--variant", "emperor", "--seed", "4", "--ranks", "3"});
    std::vector<Move> moves;
    ASSERT_FALSE(parse_moves(solution_text(answer), moves));
    const ReplayResult replayed = replay(deal_position(VariantId::Emperor, 4, 3), moves);
    EXPECT_TRUE(replayed.all_legal) << replayed.first_illegal << ": " << replayed.reason;
    EXPECT_TRUE(replayed.won);
}

TEST_F(Cli, SolveOfAWinnableDealExitsZeroAndSaysWon) {
    const RunResult result =
        run({"solve", "--variant", "lady-palk", "--seed", "2", "--ranks", "3"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_TRUE(contains(result.out, "result: won")) << result.out;
    EXPECT_TRUE(contains(result.out, "nodes: ")) << result.out;
    EXPECT_TRUE(contains(result.out, "seconds: ")) << result.out;
}

TEST_F(Cli, SolveWithSolutionFlagPrintsTheMoves) {
    const RunResult result =
        run({"solve", "--position", write("aces.json", kAcesOut), "--solution"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const auto at = result.out.find("solution: ");
    ASSERT_NE(at, std::string::npos) << result.out;
    std::vector<Move> moves;
    ASSERT_FALSE(parse_moves(result.out.substr(at + 10), moves));
    EXPECT_TRUE(replay(parse_position(kAcesOut, "aces"), moves).won);
}

TEST_F(Cli, SolveOfADeadPositionExitsOneAndSaysLost) {
    const RunResult result = run({"solve", "--position", write("dead.json", kDead)});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_TRUE(contains(result.out, "result: lost")) << result.out;
}

TEST_F(Cli, SolveJsonOfADeadPositionIsLostWithoutASolution) {
    const RunResult result = run({"solve", "--json", "--position", write("dead.json", kDead)});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const Json answer = Json::parse(result.out);
    EXPECT_EQ(answer.at("result"), "lost");
    EXPECT_EQ(answer.at("variant"), "diplomat");
    EXPECT_FALSE(answer.contains("solution"));
}

// kDead's aces lie under their twos: the dead-end test names each ace, where it lies, and counts
// the twos above them; not with the test switched off, and not for a won deal.
TEST_F(Cli, SolveOfADeadEndSaysWhichCardsCanNeverGoHome) {
    const std::string file = write("dead.json", kDead);
    const RunResult text = run({"solve", "--position", file});
    EXPECT_EQ(text.exit_code, 1) << text.err;
    EXPECT_TRUE(contains(text.out, "why: a dead end: AC (column 1, under 1 card), AC (column 2, "
                                   "under 1 card), AD (column 3, under 1 card)"))
        << text.out;
    EXPECT_TRUE(contains(text.out, "can never reach the foundations, nor can 8 cards above them "
                                   "in their suits\n"))
        << text.out;
    const RunResult json = run({"solve", "--json", "--position", file});
    const Json answer = Json::parse(json.out);
    ASSERT_TRUE(answer.contains("dead_end")) << json.out;
    EXPECT_EQ(answer.at("dead_end").at("stuck"), 16);
    ASSERT_EQ(answer.at("dead_end").at("first").size(), 8u);
    EXPECT_EQ(
        answer.at("dead_end").at("first").at(7),
        Json::parse(R"({"card": "AS", "where": "column 8", "under": 1, "face_down": false})"));
    const RunResult off = run({"solve", "--disable", "dead-ends", "--position", file});
    EXPECT_EQ(off.exit_code, 1) << off.err;
    EXPECT_FALSE(contains(off.out, "why:")) << off.out;
    const RunResult won = run({"solve", "--json", "--variant", "diplomat", "--seed", "1"});
    EXPECT_FALSE(Json::parse(won.out).contains("dead_end")) << won.out;
}

// Malmaison seed 23's frontier position with 30 stock cards (bench/positions/frontier) is no dead
// end, and the waste-drain test proves it lost: `solve` names the waste card the waste cannot
// drain down to; not with the test off, where the solve stays open at this limit.
TEST_F(Cli, SolveOfAWasteThatCannotDrainSaysWhere) {
    const std::string file =
        std::string(PATIENCE_SOURCE_DIR) + "/bench/positions/frontier/malmaison-23-s30-m160.json";
    const RunResult text = run({"solve", "--position", file, "--node-limit", "1000"});
    EXPECT_EQ(text.exit_code, 1) << text.err;
    EXPECT_TRUE(contains(text.out, "why: the waste cannot drain: before ")) << text.out;
    EXPECT_FALSE(contains(text.out, "a dead end")) << text.out;
    const RunResult json = run({"solve", "--json", "--position", file, "--node-limit", "1000"});
    const Json answer = Json::parse(json.out);
    ASSERT_TRUE(answer.contains("waste_drain")) << json.out;
    const Position p = load_position(file);
    const int index = answer.at("waste_drain").at("from_bottom").get<int>() - 1;
    ASSERT_GE(index, 0);
    ASSERT_LT(index, static_cast<int>(p.waste.size()));
    EXPECT_EQ(answer.at("waste_drain").at("card"), to_string(p.waste[index]));
    EXPECT_EQ(answer.at("waste_drain").at("above").get<int>() + index + 1,
              static_cast<int>(p.waste.size()));
    const RunResult off = run(
        {"solve", "--position", file, "--node-limit", "1000", "--disable", "waste-drain"});
    EXPECT_EQ(off.exit_code, 3) << off.out;
    EXPECT_FALSE(contains(off.out, "why:")) << off.out;
}

// --find-mistake along a greedy playout that loses a small Lady Palk deal: the move it names,
// the same as the library's (mistake_test.cpp checks that against the reference search).
TEST_F(Cli, FindMistakeNamesTheMoveThatLostTheGame) {
    std::mt19937 rng(2026);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Position start = deal_position(VariantId::LadyPalk, seed, 6);
        std::vector<Move> moves;
        testing::greedy_playout(start, 300, rng, &moves);
        if (solve(replay(start, moves).final_position, SolveOptions{}).verdict != Verdict::Lost) {
            continue;
        }
        const MistakeReport report = find_mistake(start, moves, SolveOptions{});
        const std::size_t k = report.losing_move();
        if (k == 0) continue;
        const std::string file = write("moves.txt", format_moves(moves));
        const std::vector<std::string> args = {"solve", "--variant", "lady-palk", "--ranks", "6",
                                               "--seed", std::to_string(seed), "--moves-file",
                                               file, "--find-mistake"};
        const RunResult text = run(args);
        EXPECT_EQ(text.exit_code, 1) << text.err;
        EXPECT_TRUE(contains(text.out, "mistake: move " + std::to_string(k) + " (" +
                                           to_string(moves[k - 1]) + ") lost the game: it could be "
                                           "won after move " + std::to_string(k - 1) +
                                           ", and cannot after move " + std::to_string(k)))
            << text.out;
        std::vector<std::string> json_args = args;
        json_args.push_back("--json");
        const Json mistake = Json::parse(run(json_args).out).at("mistake");
        EXPECT_EQ(mistake.at("first_lost"), k);
        EXPECT_EQ(mistake.at("last_won"), k - 1);
        EXPECT_EQ(mistake.at("move"), to_string(moves[k - 1]));
        EXPECT_EQ(mistake.at("solved"), report.solved);
        // Without moves there is nothing to look along; along a line that still wins, nothing.
        const RunResult no_moves =
            run({"solve", "--variant", "lady-palk", "--seed", "1", "--find-mistake"});
        EXPECT_EQ(no_moves.exit_code, 2) << no_moves.out;
        EXPECT_TRUE(contains(no_moves.err, "--find-mistake looks along the moves")) << no_moves.err;
        if (k >= 2) {  // the moves up to the last winnable position
            const std::vector<Move> winnable(moves.begin(), moves.begin() + (k - 1));
            const RunResult won = run({"solve", "--variant", "lady-palk", "--ranks", "6", "--seed",
                                       std::to_string(seed), "--moves", format_moves(winnable),
                                       "--find-mistake"});
            EXPECT_EQ(won.exit_code, 0) << won.err;
            EXPECT_TRUE(contains(won.out, "mistake: none: the game can still be won")) << won.out;
        }
        return;
    }
    FAIL() << "no playout of seeds 1-20 lost its game by one move";
}

// The reason's words for each place a stuck card can lie, face-down cards said so.
TEST(DeadEndReason, SaysWhereEachStuckCardLies) {
    const Position p = testing::make_position(
        VariantId::Emperor, {"T1: 9D 9D | KD", "W: JD 10D", "S: QD 5C"});
    auto stuck = [](const char* card, int column, int under, bool first) {
        return StuckCard{*parse_card(card), column, under, first};
    };
    EXPECT_EQ(cli::dead_end_line(p, {stuck("9D", 0, 1, true), stuck("KD", 0, 0, false)}),
              "a dead end: 9D (column 1, face down, under 1 card) can never reach the "
              "foundations, nor can 1 card above them in their suits");
    EXPECT_EQ(cli::dead_end_line(p, {stuck("KD", 0, 0, true), stuck("10D", -1, 0, true),
                                     stuck("JD", -1, 1, true), stuck("QD", -2, 0, true),
                                     stuck("5C", -2, 1, true)}),
              "a dead end: KD (column 1, on top), 10D (the waste's top), JD (the waste, under 1 "
              "card), QD (the stock, drawn next), 5C (the stock, drawn after 1 card) "
              "can never reach the foundations");
    const auto json = cli::dead_end_json(p, {stuck("9D", 0, 2, true), stuck("QD", -2, 0, false)});
    EXPECT_EQ(json.dump(), R"({"stuck":2,"first":[{"card":"9D","where":"column 1","under":2,)"
                           R"("face_down":true}]})");
}

// Double Dot's stock is dealt, not drawn, and a stock no deal can reach says why.
TEST(DeadEndReason, SaysWhenDoubleDotCanNeverDealAgain) {
    auto stuck = [](const char* card, int under) {
        return StuckCard{*parse_card(card), StuckCard::kInStock, under, true};
    };
    const Position stranded = testing::make_position(
        VariantId::DoubleDot, {"T1: 4C", "T2: 2H", "T3: 3D", "S: 2C 5H 4H AD 5D AS 3S 5S"}, 5);
    EXPECT_EQ(cli::dead_end_line(stranded, {stuck("2C", 0), stuck("5H", 1)}),
              "a dead end: 2C (the stock, dealt next), 5H (the stock, dealt after 1 card) can "
              "never reach the foundations (no deal can ever be made: it needs a card in each of "
              "the 8 columns, and they hold 3 cards)");
    const Position full = testing::make_position(
        VariantId::DoubleDot,
        {"T1: 4C", "T2: 2H", "T3: 3D", "T4: 4H", "T5: AD", "T6: 5D", "T7: AS", "T8: 3S",
         "S: 2C 5H 5S"},
        5);
    EXPECT_EQ(cli::dead_end_line(full, {stuck("2C", 0)}),
              "a dead end: 2C (the stock, dealt next) can never reach the foundations");
    EXPECT_EQ(cli::dead_end_json(stranded, {stuck("2C", 0)}).dump(),
              R"({"stuck":1,"first":[{"card":"2C","where":"stock","under":0,"face_down":false}],)"
              R"("stranded_stock":{"column_cards":3,"columns":8}})");
    EXPECT_FALSE(cli::dead_end_json(full, {stuck("2C", 0)}).contains("stranded_stock"));
}

// A full-rank end game the reference search proves lost (tests/end_games.hpp), re-proved with the
// second key set.
TEST_F(Cli, SolveConfirmLostReprovesALossWithOtherKeys) {
    testing::EndGameRequest request;
    request.variant = VariantId::LadyPalk;
    request.count = 3;
    const auto games = testing::end_games(request);
    const auto lost = std::find_if(games.begin(), games.end(),
                                   [](const auto& g) { return g.verdict == Verdict::Lost; });
    ASSERT_NE(lost, games.end());
    const std::string file = write("lost.json", position_to_json(lost->position));
    const RunResult result = run({"solve", "--json", "--confirm-lost", "--position", file});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const Json answer = Json::parse(result.out);
    EXPECT_EQ(answer.at("result"), "lost");
    EXPECT_EQ(answer.at("confirmation"), "confirmed");
    EXPECT_GE(answer.at("confirmation_nodes").get<std::uint64_t>(), 1u);
    const RunResult text = run({"solve", "--confirm-lost", "--position", file});
    EXPECT_TRUE(contains(text.out, "confirmation: confirmed (")) << text.out;
    const RunResult won = run({"solve", "--confirm-lost", "--variant", "diplomat", "--seed", "1"});
    EXPECT_FALSE(contains(won.out, "confirmation")) << won.out;  // only a loss is re-proved
    // The confirmation's keys first (a second machine's proof), then the search's own.
    const RunResult other =
        run({"solve", "--json", "--key-set", "1", "--confirm-lost", "--position", file});
    EXPECT_EQ(other.exit_code, 1) << other.err;
    const Json second = Json::parse(other.out);
    EXPECT_EQ(second.at("key_set"), 1);
    EXPECT_EQ(second.at("confirmation"), "confirmed");
    EXPECT_FALSE(answer.contains("key_set"));
    const RunResult text_other = run({"solve", "--key-set", "1", "--position", file});
    EXPECT_TRUE(contains(text_other.out, "key set: 1\n")) << text_other.out;
    for (const char* bad : {"2", "-1", "x"}) {
        const RunResult refused = run({"solve", "--key-set", bad, "--position", file});
        EXPECT_EQ(refused.exit_code, 2) << bad;
        EXPECT_TRUE(contains(refused.err, "--key-set")) << refused.err;
    }
    const RunResult reference = run({"solve", "--key-set", "1", "--reference", "--position", file});
    EXPECT_EQ(reference.exit_code, 2);
    // The keys reach the search: they salt the probes' move order, so a deal the probes win
    // takes other nodes (Emperor seed 2: 17,384 with the search's keys, 45,471 with the others).
    auto nodes_with = [&](const char* key_set) {
        const RunResult r =
            run({"solve", "--json", "--variant", "emperor", "--seed", "2", "--key-set", key_set});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return Json::parse(r.out).at("nodes").get<std::uint64_t>();
    };
    EXPECT_NE(nodes_with("0"), nodes_with("1"));
}

// --proof-effort reaches the waste-drain tests (tests/drain_anchors_test.cpp has what it buys):
// the complete search of Malmaison seed 7's deal starts over with the drain anchors after 16,384
// nodes (drain_anchors.hpp's kWakeAfter), and they prove it lost in 3 nodes more with effort 2,
// where the default effort's need 9. A value out of range, or one for the reference search,
// which has no such tests, is refused.
TEST_F(Cli, SolveProofEffortReachesTheTestsAndIsChecked) {
    const std::vector<std::string> deal = {"solve", "--json", "--variant", "malmaison", "--seed",
                                           "7", "--disable", "probes", "--node-limit", "16387"};
    const RunResult plain = run(deal);
    EXPECT_EQ(plain.exit_code, 3) << plain.err;
    EXPECT_FALSE(Json::parse(plain.out).contains("proof_effort"));
    std::vector<std::string> with_effort = deal;
    with_effort.insert(with_effort.end(), {"--proof-effort", "2"});
    const RunResult effort = run(with_effort);
    EXPECT_EQ(effort.exit_code, 1) << effort.err;
    const Json answer = Json::parse(effort.out);
    EXPECT_EQ(answer.at("result"), "lost");
    EXPECT_EQ(answer.at("proof_effort"), 2);
    const std::string file =
        std::string(PATIENCE_SOURCE_DIR) + "/tests/positions/malmaison_1_stock_82.json";
    for (const char* bad : {"0", "1001", "x"}) {
        const RunResult refused = run({"solve", "--proof-effort", bad, "--position", file});
        EXPECT_EQ(refused.exit_code, 2) << bad;
        EXPECT_TRUE(contains(refused.err, "--proof-effort")) << refused.err;
    }
    const RunResult reference =
        run({"solve", "--proof-effort", "2", "--reference", "--position", file});
    EXPECT_EQ(reference.exit_code, 2);
    EXPECT_TRUE(contains(reference.err, "--proof-effort")) << reference.err;
}

TEST_F(Cli, SolveOfAnAlreadyWonPositionExitsZeroWithNoMoves) {
    // One rank of Lady Palk: every card is an ace, and every ace starts on the foundations.
    const RunResult dealt = run({"deal", "--variant", "lady-palk", "--seed", "1", "--ranks", "1"});
    ASSERT_EQ(dealt.exit_code, 0) << dealt.err;
    const RunResult result = run({"solve", "--json", "--position", write("won.json", dealt.out)});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const Json answer = Json::parse(result.out);
    EXPECT_EQ(answer.at("result"), "won");
    EXPECT_EQ(answer.at("solution"), Json::array());
}

TEST_F(Cli, NodeLimitHitExitsThreeWithResultUnknown) {
    const RunResult result = run({"solve", "--json", "--variant", "diplomat", "--seed", "1",
                                  "--ranks", "3", "--node-limit", "1"});
    EXPECT_EQ(result.exit_code, 3) << result.err;
    const Json answer = Json::parse(result.out);
    EXPECT_EQ(answer.at("result"), "unknown");
    EXPECT_FALSE(answer.contains("solution"));
}

// An `unknown` tells how much of the complete search's tree is done: in the JSON answer as
// `tree_share`, in the text one as a `tree:` line, once the complete search has had its turn.
TEST_F(Cli, AnUnknownAnswerTellsTheShareOfTheTreeDone) {
    const RunResult json =
        run({"solve", "--json", "--variant", "emperor", "--seed", "480", "--node-limit", "200000"});
    EXPECT_EQ(json.exit_code, 3) << json.err;
    const Json answer = Json::parse(json.out);
    const double share = answer.at("tree_share").get<double>();
    EXPECT_GT(share, 0.0);
    EXPECT_LT(share, 1.0);
    const RunResult text =
        run({"solve", "--variant", "emperor", "--seed", "480", "--node-limit", "200000"});
    EXPECT_TRUE(contains(text.out, "\ntree: ~")) << text.out;
    EXPECT_TRUE(contains(text.out, "% of the complete search's done (a rough guide)\n"))
        << text.out;
    // Before the complete search's first turn: no line.
    const RunResult tiny =
        run({"solve", "--variant", "emperor", "--seed", "480", "--node-limit", "100"});
    EXPECT_FALSE(contains(tiny.out, "tree:")) << tiny.out;
}

// An answer tells the most cards up in a position searched: in JSON as `most_up` (the whole deal
// when won), in text as a `most cards up:` line when not won, the same count both ways.
TEST_F(Cli, AnAnswerTellsTheMostCardsUp) {
    const std::vector<std::string> ask{"solve",  "--variant",    "malmaison", "--seed",
                                       "23",     "--node-limit", "50000"};
    std::vector<std::string> with_json = ask;
    with_json.push_back("--json");
    const RunResult json = run(with_json);
    EXPECT_EQ(json.exit_code, 3) << json.err;
    const int up = Json::parse(json.out).at("most_up").get<int>();
    EXPECT_GT(up, 0);
    const RunResult text = run(ask);
    EXPECT_TRUE(contains(text.out, "\nmost cards up: " + std::to_string(up) +
                                       " of 208 (the furthest a line searched got)\n"))
        << text.out;
    const RunResult won = run({"solve", "--json", "--variant", "emperor", "--seed", "1"});
    EXPECT_EQ(won.exit_code, 0) << won.err;
    EXPECT_EQ(Json::parse(won.out).at("most_up").get<int>(), 104);
    const RunResult won_text = run({"solve", "--variant", "emperor", "--seed", "1"});
    EXPECT_FALSE(contains(won_text.out, "most cards up")) << won_text.out;
}

// With --solution, an answer that is not a win gives its furthest line: the moves to the most
// cards up. They replay (`deal --moves-file`) to a position with that many cards home, and
// `check` finds them legal but not a win.
TEST_F(Cli, AnUnknownAnswerShowsItsFurthestLine) {
    const std::vector<std::string> deal{"--variant", "malmaison", "--seed", "23"};
    std::vector<std::string> ask{"solve", "--node-limit", "50000", "--solution"};
    ask.insert(ask.end(), deal.begin(), deal.end());
    std::vector<std::string> with_json = ask;
    with_json.push_back("--json");
    const RunResult json = run(with_json);
    EXPECT_EQ(json.exit_code, 3) << json.err;
    const Json answer = Json::parse(json.out);
    const int up = answer.at("most_up").get<int>();
    std::string tokens;
    for (const auto& token : answer.at("furthest_line")) {
        tokens += (tokens.empty() ? "" : " ") + token.get<std::string>();
    }
    ASSERT_FALSE(tokens.empty());
    const std::string moves = write("furthest.txt", tokens + "\n");

    std::vector<std::string> replay{"deal", "--moves-file", moves};
    replay.insert(replay.end(), deal.begin(), deal.end());
    const RunResult reached = run(replay);
    ASSERT_EQ(reached.exit_code, 0) << reached.err;
    const Json position = Json::parse(reached.out);
    int home = 0;
    for (const auto& pile : position.at("foundations")) home += static_cast<int>(pile.size());
    EXPECT_EQ(home, up);

    std::vector<std::string> check{"check", "--solution", moves};
    check.insert(check.end(), deal.begin(), deal.end());
    EXPECT_EQ(run(check).exit_code, 1);

    const RunResult text = run(ask);
    const std::size_t count = answer.at("furthest_line").size();
    EXPECT_TRUE(contains(text.out, "\nfurthest line: " + std::to_string(count) + " moves to " +
                                       std::to_string(up) + " cards up\nline: " + tokens + "\n"))
        << text.out;
    std::vector<std::string> plain(ask.begin(), ask.end() - 5);
    plain.insert(plain.end(), deal.begin(), deal.end());
    EXPECT_FALSE(contains(run(plain).out, "furthest line")) << "without --solution";
    // A deal lost as dealt: its one safe move home is the whole line, in the singular.
    const RunResult dead = run({"solve", "--variant", "emperor-modern", "--seed", "88452",
                                "--solution"});
    EXPECT_EQ(dead.exit_code, 1) << dead.err;
    EXPECT_TRUE(contains(dead.out, "\nfurthest line: 1 move to 1 card up\nline: 6>f\n"))
        << dead.out;
}

TEST_F(Cli, SolveReadsAPositionFromStandardInput) {
    const RunResult result =
        run({"solve", "--json", "--position", "-"}, write("aces.json", kAcesOut));
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(Json::parse(result.out).at("result"), "won");
}

// ---------------------------------------------------------------------------------------------
// check

TEST_F(Cli, CheckAcceptsTheSolversOwnSolutionForASeededDeal) {
    const std::vector<std::string> deal = {"--variant", "malmaison", "--seed", "5", "--ranks", "3"};
    const std::string moves = write("moves.txt", solution_text(solve_json(deal)));
    std::vector<std::string> args = {"check", "--solution", moves};
    args.insert(args.end(), deal.begin(), deal.end());
    const RunResult result = run(args);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
}

TEST_F(Cli, CheckAcceptsAHandWrittenWinOnOneLine) {
    const std::string moves = write(
        "moves.txt",
        "1>f 2>f 3>f 4>f 5>f 6>f 7>f 8>f draw w>f draw w>f draw w>f draw w>f draw w>f draw w>f "
        "draw w>f draw w>f");
    const RunResult result =
        run({"check", "--position", write("aces.json", kAcesOut), "--solution", moves});
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
}

TEST_F(Cli, CheckOfAnIllegalMoveExitsOneNamingItsIndexAndReason) {
    const std::string moves = write("moves.txt", "1>f 2>f\nw>f\ndraw\n");
    const RunResult result =
        run({"check", "--position", write("aces.json", kAcesOut), "--solution", moves});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const std::string said = result.out + result.err;
    EXPECT_TRUE(contains(said, "move 3")) << said;
    EXPECT_TRUE(contains(said, "w>f")) << said;
    EXPECT_TRUE(contains(said, "waste is empty")) << said;
}

TEST_F(Cli, CheckOfLegalMovesThatDoNotWinExitsOne) {
    const std::string moves = write("moves.txt", "1>f 2>f draw w>f");
    const RunResult result =
        run({"check", "--position", write("aces.json", kAcesOut), "--solution", moves});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_TRUE(contains(result.out + result.err, "not won")) << result.out << result.err;
}

TEST_F(Cli, CheckOfAnEmptySolutionOnAnUnwonDealExitsOne) {
    const RunResult result = run({"check", "--variant", "diplomat", "--seed", "1", "--ranks", "3",
                                  "--solution", write("moves.txt", "")});
    EXPECT_EQ(result.exit_code, 1) << result.err;
}

TEST_F(Cli, CheckOfAnEmptySolutionOnAWonPositionExitsZero) {
    const RunResult dealt = run({"deal", "--variant", "lady-palk", "--seed", "1", "--ranks", "1"});
    ASSERT_EQ(dealt.exit_code, 0) << dealt.err;
    const RunResult result = run({"check", "--position", write("won.json", dealt.out), "--solution",
                                  write("moves.txt", "\n")});
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
}

TEST_F(Cli, CheckOfATokenThatIsNotAMoveExitsTwo) {
    const std::string moves = write("moves.txt", "1>f 2>f jump w>f");
    const RunResult result =
        run({"check", "--position", write("aces.json", kAcesOut), "--solution", moves});
    expect_rejected(result, {moves, "'jump'", "not a move"});
}

TEST_F(Cli, CheckWithoutASolutionExitsTwo) {
    expect_rejected(run({"check", "--position", write("aces.json", kAcesOut)}), {"--solution"});
}

TEST_F(Cli, CheckOfAMissingSolutionFileExitsTwoNamingIt) {
    const std::string missing = path("missing.txt");
    expect_rejected(
        run({"check", "--position", write("aces.json", kAcesOut), "--solution", missing}),
        {missing});
}

// ---------------------------------------------------------------------------------------------
// Invalid position files: exit 2, one line naming the file and the field, nothing solved

TEST_F(Cli, SolveOfAMissingPositionFileExitsTwoNamingIt) {
    const std::string missing = path("missing.json");
    expect_rejected(run({"solve", "--position", missing}), {missing, "cannot open"});
}

TEST_F(Cli, SolveOfAPositionThatIsNotJsonExitsTwo) {
    const std::string file = write("bad.json", "{ this is not json");
    expect_rejected(run({"solve", "--position", file}), {file, "not valid JSON"});
}

TEST_F(Cli, SolveOfAnEmptyPositionFileExitsTwo) {
    const std::string file = write("empty.json", "");
    expect_rejected(run({"solve", "--position", file}), {file, "empty"});
}

TEST_F(Cli, SolveOfAnUnknownVariantExitsTwoNamingTheField) {
    std::string text(kAcesOut);
    text.replace(text.find("diplomat"), 8, "klondike");
    const std::string file = write("variant.json", text);
    expect_rejected(run({"solve", "--position", file}), {file, "variant", "klondike"});
}

TEST_F(Cli, SolveOfAMalformedCardExitsTwoNamingTheFieldAndIndex) {
    std::string text(kAcesOut);
    text.replace(text.find("\"AD\""), 4, "\"ZD\"");
    const std::string file = write("card.json", text);
    expect_rejected(run({"solve", "--position", file}), {file, "tableau[2][0]", "'ZD'"});
}

TEST_F(Cli, SolveOfTheWrongColumnCountExitsTwoNamingTheField) {
    Json doc = Json::parse(position_to_json(deal_position(VariantId::Diplomat, 1, 3)));
    doc["tableau"].erase(0);
    const std::string file = write("columns.json", doc.dump());
    expect_rejected(run({"solve", "--position", file}), {file, "tableau", "7 columns"});
}

TEST_F(Cli, SolveOfAPositionWithAnExtraCardExitsTwo) {
    std::string text(kAcesOut);
    text.replace(text.find("\"AS\""), 4, "\"AC\"");
    const std::string file = write("copies.json", text);
    expect_rejected(run({"solve", "--position", file}), {file, "tableau[6][0]", "AC"});
}

TEST_F(Cli, SolveOfADirectoryAsPositionExitsTwoNamingIt) {
    expect_rejected(run({"solve", "--position", dir_.string()}), {dir_.string()});
}

TEST_F(Cli, CheckOfAnInvalidPositionExitsTwoWithoutReplaying) {
    std::string text(kAcesOut);
    text.replace(text.find("\"AD\""), 4, "\"ZD\"");
    const std::string file = write("card.json", text);
    expect_rejected(run({"check", "--position", file, "--solution", write("moves.txt", "1>f")}),
                    {file, "tableau[2][0]"});
}

TEST_F(Cli, CheckOfAnEmptyPositionFileExitsTwo) {
    const std::string file = write("empty.json", "  \n");
    expect_rejected(run({"check", "--position", file, "--solution", write("moves.txt", "1>f")}),
                    {file, "empty"});
}

TEST_F(Cli, InvalidPositionOnStandardInputIsNamedStdin) {
    expect_rejected(run({"solve", "--position", "-"}, write("bad.json", "[]")),
                    {"<stdin>", "top level"});
}

// ---------------------------------------------------------------------------------------------
// Usage errors

TEST_F(Cli, RanksZeroIsAUsageError) {
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--ranks", "0"}),
                    {"--ranks"});
}

TEST_F(Cli, RanksFourteenIsAUsageError) {
    expect_rejected(run({"deal", "--variant", "diplomat", "--seed", "1", "--ranks", "14"}),
                    {"--ranks"});
}

TEST_F(Cli, EvenRanksForDoubleDotAreAUsageError) {
    expect_rejected(run({"solve", "--variant", "double-dot", "--seed", "1", "--ranks", "4"}),
                    {"--ranks", "double-dot"});
}

TEST_F(Cli, NegativeSeedIsAUsageError) {
    expect_rejected(run({"deal", "--variant", "diplomat", "--seed", "-1"}), {"--seed", "-1"});
}

TEST_F(Cli, NonNumericSeedIsAUsageError) {
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "abc", "--ranks", "3"}),
                    {"--seed", "abc"});
}

TEST_F(Cli, SeedOfTwoToTheSixtyFourIsAUsageError) {
    expect_rejected(run({"deal", "--variant", "diplomat", "--seed", "18446744073709551616"}),
                    {"--seed", "18446744073709551616"});
}

TEST_F(Cli, UnknownVariantOptionIsAUsageError) {
    expect_rejected(run({"deal", "--variant", "klondike", "--seed", "1"}),
                    {"--variant", "klondike"});
}

TEST_F(Cli, SeedWithoutVariantIsAUsageError) {
    expect_rejected(run({"solve", "--seed", "1"}), {"--variant"});
}

TEST_F(Cli, PositionTogetherWithVariantIsAUsageError) {
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--position",
                         write("aces.json", kAcesOut)}),
                    {"--position"});
}

TEST_F(Cli, UnknownSubcommandIsAUsageError) {
    expect_rejected(run({"frobnicate"}), {"frobnicate"});
}

TEST_F(Cli, UnknownOptionIsAUsageError) {
    expect_rejected(
        run({"solve", "--variant", "diplomat", "--seed", "1", "--ranks", "3", "--bogus"}),
        {"--bogus"});
}

TEST_F(Cli, StrayArgumentIsAUsageError) {
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--ranks", "3", "2"}),
                    {"2"});
}

TEST_F(Cli, NegativeNodeLimitIsAUsageError) {
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--ranks", "3",
                         "--node-limit", "-1"}),
                    {"--node-limit"});
}

TEST_F(Cli, NoSubcommandIsAUsageError) {
    const RunResult result = run({});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_TRUE(contains(result.err, "usage")) << result.err;
}

// ---------------------------------------------------------------------------------------------
// Games in progress: --moves and --moves-file

TEST_F(Cli, DealWithMovesPrintsThePositionTheyReach) {
    const RunResult start = run({"deal", "--variant", "diplomat", "--seed", "1"});
    const RunResult after =
        run({"deal", "--variant", "diplomat", "--seed", "1", "--moves", "draw draw"});
    ASSERT_EQ(after.exit_code, 0) << after.err;
    const Json a = Json::parse(start.out), b = Json::parse(after.out);
    EXPECT_EQ(b.at("waste").size(), 2u);
    EXPECT_EQ(b.at("stock").size() + 2, a.at("stock").size());
    EXPECT_EQ(b.at("waste")[1], a.at("stock")[1]);
    // The same moves from a file, and from a position file instead of a seed.
    const std::string moves = write("moves.txt", "draw\ndraw\n");
    const RunResult from_file =
        run({"deal", "--variant", "diplomat", "--seed", "1", "--moves-file", moves});
    EXPECT_EQ(from_file.out, after.out);
    const std::string deal = write("deal.json", start.out);
    const RunResult from_position = run({"deal", "--position", deal, "--moves", "draw draw"});
    EXPECT_EQ(from_position.out, after.out);
}

TEST_F(Cli, AnIllegalMoveOfAGameInProgressExitsOneNamingIt) {
    for (const std::string command : {"deal", "solve"}) {
        const RunResult r =
            run({command, "--variant", "diplomat", "--seed", "1", "--moves", "draw 1>f"});
        EXPECT_EQ(r.exit_code, 1) << command;
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(contains(r.err, "--moves: move 2 of 2 (1>f) is illegal")) << r.err;
        EXPECT_EQ(line_count(r.err), 1u) << r.err;
    }
    const RunResult garbage =
        run({"solve", "--variant", "diplomat", "--seed", "1", "--moves", "up"});
    expect_rejected(garbage, {"--moves", "token 1 'up' is not a move"});
}

// Solving from a game in progress: the solution starts where the moves left off, so the moves and
// the solution together win the deal.
TEST_F(Cli, SolveFromAGameInProgressContinuesIt) {
    const Json first = solve_json({"--variant", "diplomat", "--seed", "1"});
    const auto& line = first.at("solution");
    std::string opening;
    for (std::size_t i = 0; i < 10; ++i) opening += line[i].get<std::string>() + " ";
    const Json rest = solve_json({"--variant", "diplomat", "--seed", "1", "--moves", opening});
    EXPECT_EQ(rest.at("moves_played"), 10);
    const std::string both = write("both.txt", opening + "\n" + solution_text(rest));
    const RunResult check =
        run({"check", "--variant", "diplomat", "--seed", "1", "--solution", both});
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
    const std::string tail = write("tail.txt", solution_text(rest));
    const RunResult check_rest = run(
        {"check", "--variant", "diplomat", "--seed", "1", "--moves", opening, "--solution", tail});
    EXPECT_EQ(check_rest.exit_code, 0) << check_rest.out << check_rest.err;
}

// ---------------------------------------------------------------------------------------------
// Records, versions, batch output and stats

TEST_F(Cli, VersionPrintsTheVersion) {
    const RunResult r = run({"--version"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.rfind("patience 0.", 0), 0u) << r.out;
    EXPECT_EQ(line_count(r.out), 1u);
}

TEST_F(Cli, VariantNamesAreAcceptedInEitherCase) {
    const RunResult upper = run({"deal", "--variant", "Diplomat", "--seed", "3"});
    const RunResult lower = run({"deal", "--variant", "diplomat", "--seed", "3"});
    EXPECT_EQ(upper.exit_code, 0) << upper.err;
    EXPECT_EQ(upper.out, lower.out);
}

TEST_F(Cli, BatchOutDashIsStandardOutput) {
    const RunResult r =
        run({"batch", "--variant", "diplomat", "--seeds", "1-3", "--ranks", "4", "--out", "-"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(line_count(r.out), 3u) << r.out;
    EXPECT_FALSE(fs::exists(dir_ / "-"));
    EXPECT_FALSE(fs::exists("-"));
}

// `solve` names the search that reached its verdict: each member of the portfolio wins some deal
// first (Emperor seeds 16, 27 and 23 at the default limits), the complete search alone, the
// reference search; nothing is named when no search decided.
TEST_F(Cli, SolveNamesTheSearchThatDecided) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--variant", "emperor", "--seed", "16"}, "greedy probe"},
        {{"--variant", "emperor", "--seed", "27"}, "narrow probe"},
        {{"--variant", "emperor", "--seed", "23"}, "beam probe"},
        {{"--variant", "diplomat", "--seed", "3", "--ranks", "4", "--disable", "probes"},
         "complete search"},
        {{"--variant", "diplomat", "--seed", "3", "--ranks", "4", "--reference"},
         "reference search"},
    };
    for (const auto& [deal, by] : cases) {
        std::vector<std::string> args = {"solve"};
        args.insert(args.end(), deal.begin(), deal.end());
        const RunResult text = run(args);
        EXPECT_EQ(text.exit_code, 0) << text.err;
        EXPECT_TRUE(contains(text.out, "\ndecided by: " + by + "\n")) << text.out;
        EXPECT_EQ(solve_json(deal).value("decided_by", ""), by);
    }
    // On several threads whichever member decides first; a loss only by a complete search or
    // the start's relaxed game.
    const std::string end_game =
        std::string(PATIENCE_SOURCE_DIR) + "/bench/positions/end-games/diplomat-7-1.json";
    const RunResult lost = run({"solve", "--json", "--position", end_game, "--threads", "2"});
    EXPECT_EQ(lost.exit_code, 1) << lost.err;
    const std::string lost_by = Json::parse(lost.out).value("decided_by", "");
    EXPECT_TRUE(lost_by == "complete search" || lost_by == "relaxed start") << lost_by;
    const std::string won_by =
        solve_json({"--variant", "emperor", "--seed", "23", "--threads", "2"})
            .value("decided_by", "");
    EXPECT_TRUE(won_by == "greedy probe" || won_by == "narrow probe" || won_by == "beam probe" ||
                won_by == "complete search")
        << won_by;
    const RunResult open = run({"solve", "--variant", "emperor", "--seed", "23", "--node-limit",
                                "100"});
    EXPECT_EQ(open.exit_code, 3);
    EXPECT_FALSE(contains(open.out, "decided by")) << open.out;
    const RunResult open_json = run({"solve", "--json", "--variant", "emperor", "--seed", "23",
                                     "--node-limit", "100"});
    EXPECT_EQ(open_json.exit_code, 3);
    EXPECT_FALSE(Json::parse(open_json.out).contains("decided_by")) << open_json.out;
}

// A device that keeps nothing (a timing run's --out /dev/null) cannot be flushed to disk, and
// needs no flushing: the batch runs as to a file.
TEST_F(Cli, BatchOutToADeviceThatCannotBeFlushedRuns) {
    const RunResult r = run({"batch", "--variant", "diplomat", "--seeds", "1-3", "--ranks", "4",
                             "--out", "/dev/null"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "diplomat")) << r.out;  // the summary
}

TEST_F(Cli, SeedRangesThatAreNotTwoUnsignedIntegersAreNamed) {
    for (const std::string range : {"-1-3", "1-3-5", "7", "a-b"}) {
        const RunResult r = run({"batch", "--variant", "diplomat", "--seeds", range});
        EXPECT_EQ(r.exit_code, 2) << range;
        EXPECT_TRUE(contains(r.err, "--seeds")) << r.err;
        EXPECT_TRUE(contains(r.err, range)) << r.err;
        EXPECT_FALSE(contains(r.err, "''")) << r.err;
    }
}

// batch --proof-effort takes what solve's does (tests/batch_test.cpp has what it does per deal).
TEST_F(Cli, BatchProofEffortOutOfRangeIsNamed) {
    for (const char* bad : {"0", "1001", "x"}) {
        const RunResult r = run({"batch", "--variant", "diplomat", "--seeds", "1-2", "--ranks", "4",
                                 "--out", "-", "--proof-effort", bad});
        EXPECT_EQ(r.exit_code, 2) << bad;
        EXPECT_TRUE(contains(r.err, "--proof-effort")) << r.err;
        EXPECT_EQ(r.out, "") << bad;
    }
}

// The stats table: every line fits 80 columns; the rate is shown as its bounds; the effort as
// median, p90 and p99; the limits it was solved under. CSV names the numbering of every row.
TEST_F(Cli, StatsFitsEightyColumnsAndShowsBoundsPercentilesAndLimits) {
    const std::string out = path("run.jsonl");
    ASSERT_EQ(run({"batch", "--variant", "all", "--seeds", "1-6", "--ranks", "5", "--node-limit",
                   "40", "--out", out})
                  .exit_code,
              0);
    const RunResult table = run({"stats", out});
    ASSERT_EQ(table.exit_code, 0) << table.err;
    std::istringstream lines(table.out);
    int count = 0;
    for (std::string line; std::getline(lines, line); ++count) {
        EXPECT_LE(line.size(), 80u) << line;
    }
    EXPECT_GE(count, 6 * 4);
    for (std::string_view part :
         {"<= win rate <=", "nodes median", "p90", "p99", "ms median", "node limit 40"}) {
        EXPECT_TRUE(contains(table.out, part)) << part << " not in\n" << table.out;
    }
    const RunResult csv = run({"stats", out, "--csv"});
    EXPECT_EQ(csv.out.rfind("variant,ranks,numbering,", 0), 0u) << csv.out;
    EXPECT_TRUE(contains(csv.out, "diplomat,5,seed,6,")) << csv.out;
    EXPECT_TRUE(contains(csv.out, "median_nodes,p90_nodes,p99_nodes")) << csv.out;
}

// stats names the searches that decided the deals: in the table, in JSON and in CSV, with the
// same counts; and it tells how far the unknown deals got. Emperor with 5 ranks, seeds 1-6 at
// 40 nodes: some decided, some not.
TEST_F(Cli, StatsNamesTheSearchesThatDecided) {
    const std::string out = path("run.jsonl");
    ASSERT_EQ(run({"batch", "--variant", "emperor", "--seeds", "1-6", "--ranks", "5",
                   "--node-limit", "40", "--out", out})
                  .exit_code,
              0);
    const RunResult json = run({"stats", out, "--json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const auto row = nlohmann::ordered_json::parse(json.out)["variants"][0];
    ASSERT_TRUE(row["decided_by"].is_object()) << json.out;
    std::uint64_t decided = 0;
    std::string csv_field, table_line = "  decided by:";
    for (const auto& [name, count] : row["decided_by"].items()) {
        decided += count.get<std::uint64_t>();
        const std::string item = name + " " + std::to_string(count.get<std::uint64_t>());
        csv_field += (csv_field.empty() ? "" : ";") + name + "=" +
                     std::to_string(count.get<std::uint64_t>());
        EXPECT_NE(name, "not recorded");
        table_line += " " + item;
    }
    EXPECT_GT(decided, 0u);
    EXPECT_EQ(decided, row["won"].get<std::uint64_t>() + row["lost"].get<std::uint64_t>());
    const RunResult table = run({"stats", out});
    std::string joined;  // the table's decided-by lines, unwrapped, without commas
    bool in_deciders = false;
    std::istringstream lines(table.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("  decided by:", 0) == 0) in_deciders = true;
        else if (line.rfind("    ", 0) != 0) in_deciders = false;
        if (in_deciders) joined += line.rfind("    ", 0) == 0 ? line.substr(3) : line;
    }
    joined.erase(std::remove(joined.begin(), joined.end(), ','), joined.end());
    EXPECT_EQ(joined, table_line) << table.out;
    const RunResult csv = run({"stats", out, "--csv"});
    EXPECT_TRUE(contains(csv.out, ",stale_unknown,decided_by,unknown_up_told,")) << csv.out;
    EXPECT_TRUE(contains(csv.out, "," + csv_field + ",")) << csv.out;
    // How far the unknown deals got, from their lines' most cards up.
    const std::uint64_t unknown = row["unknown"].get<std::uint64_t>();
    if (unknown > 0) {
        EXPECT_EQ(row["unknown_most_up"]["told"].get<std::uint64_t>(), unknown);
        EXPECT_TRUE(contains(table.out, "\n  unknown: most cards up ")) << table.out;
    } else {
        EXPECT_TRUE(row["unknown_most_up"].is_null());
    }
}

TEST_F(Cli, StatsWarnsWhenUnknownDealsWereSolvedUnderASmallerLimit) {
    const std::string out = path("run.jsonl");
    run({"batch", "--variant", "emperor", "--seeds", "1-6", "--ranks", "5", "--node-limit", "40",
         "--out", out});
    const RunResult more = run({"batch", "--variant", "emperor", "--seeds", "1-9", "--ranks", "5",
                                "--node-limit", "5000", "--out", out});
    EXPECT_TRUE(contains(more.err, "--retry-unknown")) << more.err;
    const RunResult stats = run({"stats", out});
    EXPECT_TRUE(contains(stats.err, "solved under a smaller node limit")) << stats.err;
    EXPECT_TRUE(contains(stats.err, "--retry-unknown")) << stats.err;
    const RunResult retried = run({"batch", "--variant", "emperor", "--seeds", "1-9", "--ranks",
                                   "5", "--node-limit", "5000", "--out", out, "--retry-unknown"});
    EXPECT_EQ(retried.exit_code, 0) << retried.err;
    EXPECT_EQ(run({"stats", out}).err, "");
}

TEST_F(Cli, HelpListsOnlyOptionsTheCommandTakes) {
    EXPECT_FALSE(contains(run({"stats", "--help"}).out, "--files"));
    // deal takes a position file now (to play --moves from it): its help may list it.
    const RunResult deal = run({"deal", "--position", write("p.json", kAcesOut)});
    EXPECT_EQ(deal.exit_code, 0) << deal.err;
}

// An oversized file is refused from its size, before it is read (a wrong file, not a position).
TEST_F(Cli, OversizedPositionAndSolutionFilesAreRefusedAtOnce) {
    const std::string big = path("big.json");
    {
        std::ofstream out(big, std::ios::binary);
        const std::string block(1 << 16, ' ');
        for (int i = 0; i < 40; ++i) out << block;  // 2.5 MiB of spaces
    }
    expect_rejected(run({"solve", "--position", big}), {big, "larger than 1024 KiB"});
    expect_rejected(run({"solve", "--position", "-"}, big), {"<stdin>", "larger than 1024 KiB"});
    // A solution file may be longer, but not without end.
    const std::string moves = path("moves.txt");
    std::filesystem::resize_file(big, (64u << 20) + 1);
    std::filesystem::rename(big, moves);
    expect_rejected(run({"check", "--variant", "diplomat", "--seed", "1", "--solution", moves}),
                    {moves, "larger than"});
}

TEST_F(Cli, MemoryBeyondTheMachineIsAUsageErrorBeforeAnyAllocation) {
    for (const std::string command : {"solve", "batch"}) {
        std::vector<std::string> args = {command, "--variant", "diplomat", "--memory", "99999999"};
        if (command == "solve") {
            args.insert(args.end(), {"--seed", "1"});
        } else {
            args.insert(args.end(), {"--seeds", "1-2"});
        }
        const RunResult r = run(args);
        EXPECT_EQ(r.exit_code, 2) << command << r.err;
        EXPECT_TRUE(contains(r.err, "--memory: 99999999 MiB is more than this machine has"))
            << r.err;
    }
}

// scripts/shard.sh: bad numbers are one line and exit 2 (no traceback); the commands it prints
// run as printed, and together cover the range once.
TEST_F(Cli, ShardPlanRefusesBadNumbersAndPrintsCommandsThatRun) {
    const std::string script = std::string(PATIENCE_SOURCE_DIR) + "/scripts/shard.sh";
    const std::string env = "PATIENCE=" + shell_quoted(PATIENCE_BINARY) + " ";
    const std::string err = path("err.txt");
    const int bad = std::system((env + "bash " + shell_quoted(script) + " plan all 1 x 3 2>" +
                                 shell_quoted(err) + " >/dev/null")
                                    .c_str());
    EXPECT_EQ(WEXITSTATUS(bad), 2);
    const std::string message = read_all(err);
    EXPECT_TRUE(contains(message, "B must be an unsigned 64-bit integer, got 'x'")) << message;
    EXPECT_FALSE(contains(message, "Traceback")) << message;
    const std::string plan = path("plan.sh");
    ASSERT_EQ(std::system((env + "bash " + shell_quoted(script) +
                           " plan diplomat 1 5 2 --ranks 4 >" + shell_quoted(plan))
                              .c_str()),
              0);
    const std::string commands = read_all(plan);
    EXPECT_EQ(line_count(commands), 2u) << commands;
    ASSERT_EQ(std::system(("cd " + shell_quoted(dir_.string()) + " && bash " + shell_quoted(plan) +
                           " 2>/dev/null >/dev/null")
                              .c_str()),
              0);
    EXPECT_EQ(
        line_count(read_all(dir_ / "shard-1.jsonl")) + line_count(read_all(dir_ / "shard-2.jsonl")),
        5u);
}

// A larger --node-limit never loses an answer: a deal won under one limit is won under every
// larger one in the same nodes and with the same moves (the search is a prefix of itself).
TEST_F(Cli, ALargerNodeLimitGivesTheSameWinInTheSameNodes) {
    for (const std::string seed : {"3", "6"}) {  // won in 8,078 and 211,280 nodes
        std::optional<Json> first;
        for (const std::string limit : {"400000", "800000", "3000000"}) {
            const Json answer =
                solve_json({"--variant", "emperor", "--seed", seed, "--node-limit", limit});
            ASSERT_EQ(answer.at("result"), "won") << seed << " at " << limit;
            if (!first) {
                first = answer;
                continue;
            }
            EXPECT_EQ(answer.at("nodes"), first->at("nodes")) << seed << " at " << limit;
            EXPECT_EQ(answer.at("solution"), first->at("solution")) << seed << " at " << limit;
        }
    }
}

// --explain: one line per move with its cards, numbered, as many as the solution has; --boards
// adds the board before and after every move. check --explain follows a given line the same way.
TEST_F(Cli, ExplainNamesTheCardsOfEveryMoveAndBoardsShowThePositions) {
    const RunResult solved = run({"solve", "--variant", "emperor", "--seed", "3", "--ranks", "3",
                                  "--solution", "--explain", "--boards"});
    ASSERT_EQ(solved.exit_code, 0) << solved.err;
    EXPECT_TRUE(contains(solved.out, "   1. 2>f     AH to the foundation\n")) << solved.out;
    const Json answer = solve_json({"--variant", "emperor", "--seed", "3", "--ranks", "3"});
    const std::size_t moves = answer.at("solution").size();
    std::size_t boards = 0, pos = 0;
    while ((pos = solved.out.find("foundations:", pos)) != std::string::npos) ++boards, ++pos;
    EXPECT_EQ(boards, moves + 1);
    EXPECT_TRUE(contains(solved.out, std::to_string(moves) + ". ")) << solved.out;
    const std::string line = write("line.txt", solution_text(answer));
    const RunResult checked = run({"check", "--variant", "emperor", "--seed", "3", "--ranks", "3",
                                   "--solution", line, "--explain"});
    EXPECT_EQ(checked.exit_code, 0);
    EXPECT_EQ(line_count(checked.out), moves + 1);  // the moves, then the verdict
    expect_rejected(run({"solve", "--variant", "emperor", "--seed", "3", "--boards"}),
                    {"--boards goes with --explain"});
}

TEST_F(Cli, SolveReportsTheShortenedLengthAndTheSearchsOwn) {
    const Json answer = solve_json({"--variant", "emperor", "--seed", "3"});
    EXPECT_EQ(answer.at("moves"), answer.at("solution").size());
    EXPECT_LT(answer.at("moves").get<int>(), answer.at("search_moves").get<int>());
}

// Off a terminal (here: stderr is a file), progress comes as plain lines now and then. The batch
// reports when a deal ends, at most every --progress-every seconds (BatchConfig's
// progress_interval), and never for the last deal: so a line comes once any deal but the last
// ends 0.01 s after the start (40 deals take about half a second here). The batch's own quarter
// of a second between reports once left a fast run with no line at all.
TEST_F(Cli, BatchOffATerminalPrintsPlainProgressLines) {
    const RunResult quiet =
        run({"batch", "--variant", "diplomat,emperor", "--seeds", "1-20", "--node-limit", "30000",
             "--out", path("a.jsonl"), "--progress-every", "0"});
    EXPECT_FALSE(contains(quiet.err, "patience batch: ")) << quiet.err;
    const RunResult chatty =
        run({"batch", "--variant", "diplomat,emperor", "--seeds", "1-20", "--node-limit", "30000",
             "--out", path("b.jsonl"), "--progress-every", "0.01"});
    EXPECT_EQ(chatty.exit_code, 0) << chatty.err;
    EXPECT_TRUE(contains(chatty.err, "patience batch: ")) << chatty.err;
    EXPECT_TRUE(contains(chatty.err, "/40, ")) << chatty.err;
    EXPECT_FALSE(contains(chatty.err, "\r")) << chatty.err;
}

// A long `solve` prints progress lines on stderr off a terminal (none with --progress-every 0),
// and SIGINT stops it cleanly: what it found so far on stdout (an `unknown`, cancelled, with its
// nodes), one line on stderr saying so, exit 130.
TEST_F(Cli, ALongSolveShowsProgressAndStopsCleanlyOnSigint) {
    const RunResult quiet = run({"solve", "--variant", "emperor", "--seed", "132", "--node-limit",
                                 "100000", "--progress-every", "0"});
    EXPECT_EQ(quiet.exit_code, 3);
    EXPECT_EQ(quiet.err, "");

    const std::string out = path("solve.out");
    const std::string err = path("solve.err");
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::freopen(out.c_str(), "w", stdout);
        ::freopen(err.c_str(), "w", stderr);
        ::execl(PATIENCE_BINARY, PATIENCE_BINARY, "solve", "--variant", "emperor", "--seed", "132",
                "--node-limit", "0", "--progress-every", "0.01", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // No node limit: it runs until stopped. Stop it once it has printed two progress lines.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    std::size_t lines = 0;
    while (lines < 2 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        lines = line_count(read_all(err));
    }
    ::kill(pid, SIGINT);
    // It must stop within a turn; one that does not is killed, and fails here.
    int status = 0;
    const auto stop_deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > stop_deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            FAIL() << "solve went on after SIGINT";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    const std::string printed = read_all(out);
    const std::string message = read_all(err);
    EXPECT_TRUE(contains(printed, "result: unknown (cancelled)\nnodes: ")) << printed;
    EXPECT_TRUE(contains(message, "patience solve: ")) << message;
    EXPECT_TRUE(contains(message, " nodes, ")) << message;
    EXPECT_TRUE(contains(message, " nodes/s, ")) << message;
    EXPECT_FALSE(contains(message, "\r")) << message;
    EXPECT_TRUE(contains(message, "stopped by SIGINT after ")) << message;
}

// --shard K/N and a Slurm array task's variables pick the same slice; {shard} in --out names
// the shard's file; the shards' files together hold every deal once.
TEST_F(Cli, ShardsFromTheOptionOrFromSlurmCoverTheRangeOnce) {
    const std::string pattern = path("shard-{shard}.jsonl");
    for (int k = 1; k <= 3; ++k) {
        const RunResult r =
            run({"batch", "--variant", "diplomat,emperor", "--seeds", "1-10", "--ranks", "4",
                 "--shard", std::to_string(k) + "/3", "--out", pattern});
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    EXPECT_TRUE(
        contains(read_all(dir_ / "stderr.txt"), "shard 3/3 (--shard) of seeds 1-10: seeds 7-10"));
    std::size_t lines = 0;
    for (int k = 1; k <= 3; ++k) {
        lines += line_count(read_all(dir_ / ("shard-" + std::to_string(k) + ".jsonl")));
    }
    EXPECT_EQ(lines, 20u);
    const RunResult merged = run(
        {"stats", path("shard-1.jsonl"), path("shard-2.jsonl"), path("shard-3.jsonl"), "--json"});
    const Json stats = Json::parse(merged.out);
    EXPECT_EQ(stats.at("duplicates"), 0);
    for (const auto& row : stats.at("variants")) EXPECT_EQ(row.at("deals"), 10);

    // Slurm: task 12 of an array 11-13 is the second of three shards.
    const std::string env =
        "SLURM_ARRAY_TASK_ID=12 SLURM_ARRAY_TASK_MIN=11 SLURM_ARRAY_TASK_MAX=13 ";
    const std::string command = env + shell_quoted(PATIENCE_BINARY) +
                                " batch --variant diplomat,emperor --seeds 1-10 --ranks 4 --out " +
                                shell_quoted(path("slurm-{shard}.jsonl")) + " 2>" +
                                shell_quoted(path("slurm.err")) + " >/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0);
    EXPECT_TRUE(contains(read_all(dir_ / "slurm.err"), "shard 2/3 (Slurm array task 12)"));
    auto deals = [](const std::string& text) {
        std::set<std::pair<std::string, std::uint64_t>> ids;
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) {
            const Json record = Json::parse(line);
            ids.emplace(record.at("variant"), record.at("seed"));
        }
        return ids;
    };
    EXPECT_EQ(deals(read_all(dir_ / "slurm-2.jsonl")), deals(read_all(dir_ / "shard-2.jsonl")));
    EXPECT_EQ(deals(read_all(dir_ / "slurm-2.jsonl")).size(), 6u);  // seeds 4-6, two variants
}

TEST_F(Cli, BadShardsAreUsageErrors) {
    for (const std::string shard : {"0/3", "4/3", "3", "a/b", "1/0"}) {
        const RunResult r =
            run({"batch", "--variant", "diplomat", "--seeds", "1-10", "--shard", shard});
        EXPECT_EQ(r.exit_code, 2) << shard;
        EXPECT_EQ(line_count(r.err), 1u) << r.err;
    }
    expect_rejected(run({"batch", "--variant", "diplomat", "--seeds", "1-10", "--out",
                         path("x-{shard}.jsonl")}),
                    {"{shard}", "not a shard"});
}

// An option's value is shown with its control characters escaped: the error stays one line
// (found by fuzzing the option parsers).
TEST_F(Cli, OptionValuesWithLineBreaksAreShownEscaped) {
    expect_rejected(run({"solve", "--variant", "diplomat", "--seed", "1", "--node-limit", "1\n2"}),
                    {"--node-limit: '1\\n2' is not an unsigned integer"});
    expect_rejected(run({"batch", "--variant", "diplomat", "--seeds", "1-\n3"}), {"--seeds"});
    expect_rejected(run({"deal", "--variant", "dip\tlomat", "--seed", "1"}), {"'dip\\tlomat'"});
}

// A file that cannot grow (here a file size limit, as a full disk would do): the batch stops with
// exit 5 and one line, the file keeps only whole lines, and the same command then finishes.
TEST_F(Cli, ABatchThatCannotWriteStopsCleanlyAndResumes) {
    const std::string out = path("limited.jsonl");
    const std::string batch = shell_quoted(PATIENCE_BINARY) +
                              " batch --variant diplomat,emperor --seeds 1-30 --node-limit 20000"
                              " --memory 16 --out " +
                              shell_quoted(out);
    const std::string err = path("err.txt");
    const int status = std::system(("bash -c " + shell_quoted("ulimit -f 2; exec " + batch) +
                                    " >/dev/null 2>" + shell_quoted(err))
                                       .c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 5);
    const std::string message = read_all(err);
    EXPECT_TRUE(contains(message, out + ": cannot write: File too large")) << message;
    EXPECT_TRUE(contains(message, "run the same command again")) << message;
    const std::string kept = read_all(out);
    ASSERT_FALSE(kept.empty());
    EXPECT_LE(kept.size(), 2048u);
    EXPECT_EQ(kept.back(), '\n');  // whole lines only
    std::istringstream lines(kept);
    for (std::string line; std::getline(lines, line);) EXPECT_TRUE(Json::accept(line)) << line;
    ASSERT_EQ(std::system((batch + " >/dev/null 2>&1").c_str()), 0);
    EXPECT_EQ(line_count(read_all(out)), 60u);
}

// Two batches on one file: the second is refused while the first runs, and may go once the
// first is gone (the lock dies with its process, even killed with SIGKILL).
TEST_F(Cli, ASecondBatchOnTheSameFileIsRefusedWhileTheFirstRuns) {
    const std::string out = path("shared.jsonl");
    const std::string first = shell_quoted(PATIENCE_BINARY) +
                              " batch --variant malmaison --seeds 1-1000 --threads 1 --out " +
                              shell_quoted(out) + " >/dev/null 2>&1 & echo $! > " +
                              shell_quoted(path("pid"));
    ASSERT_EQ(std::system(first.c_str()), 0);
    for (int i = 0; i < 200 && !fs::exists(out); ++i) ::usleep(10000);
    ::usleep(200000);  // past the lock
    const RunResult second =
        run({"batch", "--variant", "malmaison", "--seeds", "1-1000", "--out", out});
    EXPECT_EQ(second.exit_code, 2);
    EXPECT_TRUE(contains(second.err, "another patience batch is writing this file")) << second.err;
    const std::string pid = read_all(dir_ / "pid");
    std::system(("kill -9 " + pid + " 2>/dev/null; sleep 0.2").c_str());
    const RunResult after =
        run({"batch", "--variant", "malmaison", "--seeds", "1-1", "--ranks", "4", "--out", out});
    EXPECT_EQ(after.exit_code, 0) << after.err;
}

// A file edited by hand, with a foreign or torn line in the middle: refused with its line
// number, and left byte for byte as it was.
TEST_F(Cli, AForeignLineInTheMiddleIsReportedAndTheFileLeftAlone) {
    const std::string out = path("edited.jsonl");
    ASSERT_EQ(
        run({"batch", "--variant", "diplomat", "--seeds", "1-4", "--ranks", "4", "--out", out})
            .exit_code,
        0);
    std::string text = read_all(out);
    const std::size_t second_line = text.find('\n') + 1;
    text.insert(second_line, "{\"variant\":\"diplomat\",\"seed\":9,\"ra\n");  // torn, then more
    text += "{\"variant\":\"dipl";  // and a torn last line, which must not be cut off either
    write("edited.jsonl", text);
    const RunResult r =
        run({"batch", "--variant", "diplomat", "--seeds", "1-8", "--ranks", "4", "--out", out});
    expect_rejected(r, {out + ":2:", "not valid JSON", "nothing was appended"});
    EXPECT_EQ(read_all(out), text);
}

TEST_F(Cli, CheckOfNoMovesSaysSoInWords) {
    const std::string empty = write("none.txt", "");
    const RunResult r = run({"check", "--variant", "diplomat", "--seed", "1", "--solution", empty});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(contains(r.out, "not won: no moves given")) << r.out;
    EXPECT_FALSE(contains(r.out, "all 0")) << r.out;
}

// ---------------------------------------------------------------------------------------------
// compare

std::string batch_line(const std::string& variant, int seed, const std::string& result,
                       int nodes) {
    return "{\"variant\":\"" + variant + "\",\"seed\":" + std::to_string(seed) +
           ",\"ranks\":13,\"result\":\"" + result + "\",\"nodes\":" + std::to_string(nodes) +
           ",\"ms\":1.0,\"moves\":" + (result == "won" ? "10" : "null") + "}\n";
}

// Deal by deal: which deals the second run gained and dropped, with McNemar's p, in the table
// and in JSON; a second shard of a run read with --after.
TEST_F(Cli, CompareSaysWhichDealsEachRunDecided) {
    const std::string before = write("before.jsonl", batch_line("emperor", 1, "won", 100) +
                                                         batch_line("emperor", 2, "unknown", 1000) +
                                                         batch_line("emperor", 3, "unknown", 1000) +
                                                         batch_line("emperor", 4, "won", 300));
    const std::string after = write("after.jsonl", batch_line("emperor", 1, "won", 100) +
                                                       batch_line("emperor", 2, "won", 500) +
                                                       batch_line("emperor", 3, "lost", 700));
    const std::string shard = write("shard.jsonl", batch_line("emperor", 4, "unknown", 1000));
    const RunResult table = run({"compare", before, after, "--after", shard});
    ASSERT_EQ(table.exit_code, 0) << table.err;
    std::istringstream lines(table.out);
    for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
    for (std::string_view part : {"gained: 2 3", "dropped: 4", "won 2 -> 2", "1 deal identical"}) {
        EXPECT_TRUE(contains(table.out, part)) << part << " not in\n" << table.out;
    }
    const RunResult json = run({"compare", before, after, "--after", shard, "--json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const Json row = Json::parse(json.out).at("rows").at(0);
    EXPECT_EQ(row.at("variant"), "emperor");
    EXPECT_EQ(row.at("paired"), 4);
    EXPECT_EQ(row.at("gained"), 2);
    EXPECT_EQ(row.at("dropped"), 1);
    EXPECT_NEAR(row.at("p_value").get<double>(), 1.0, 1e-9);  // 2 : 1 is no evidence
    EXPECT_EQ(row.at("gained_seeds"), Json::parse("[2, 3]"));
}

// A deal won in one run and lost in the other means one of them is wrong: exit 1, named.
TEST_F(Cli, CompareExitsOneWhenTheRunsDisagreeOnAVerdict) {
    const std::string before = write("before.jsonl", batch_line("diplomat", 7, "won", 100));
    const std::string after = write("after.jsonl", batch_line("diplomat", 7, "lost", 100));
    const RunResult result = run({"compare", before, after});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_TRUE(contains(result.out, "CONFLICT")) << result.out;
    EXPECT_TRUE(contains(result.out, ": 7")) << result.out;
}

TEST_F(Cli, CompareRefusesAnythingButTwoReadableBatchFiles) {
    const std::string one = write("one.jsonl", batch_line("emperor", 1, "won", 100));
    expect_rejected(run({"compare", one}), {"two batch files are required"});
    expect_rejected(run({"compare", one, one, one}), {"two batch files are required"});
    expect_rejected(run({"compare", one, path("missing.jsonl")}), {"missing.jsonl"});
    const std::string empty = write("empty.jsonl", "");
    expect_rejected(run({"compare", empty, one}), {"empty.jsonl", "no batch records"});
}

// The search at a larger node limit repeats every deal decided at a smaller one (SPEC's budgets):
// compared, the two batches drop no deal and disagree on none.
TEST_F(Cli, CompareFindsNoDealDroppedByALargerBudget) {
    const std::string small = path("small.jsonl");
    const std::string large = path("large.jsonl");
    for (const auto& [file, limit] : {std::pair{small, "60"}, std::pair{large, "600"}}) {
        ASSERT_EQ(run({"batch", "--variant", "emperor,diplomat", "--seeds", "1-8", "--ranks", "5",
                       "--node-limit", limit, "--out", file})
                      .exit_code,
                  0);
    }
    const RunResult result = run({"compare", small, large, "--json"});
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    const Json rows = Json::parse(result.out).at("rows");
    ASSERT_EQ(rows.size(), 2u);
    std::uint64_t gained = 0;
    for (const Json& row : rows) {
        EXPECT_EQ(row.at("paired"), 8);
        EXPECT_EQ(row.at("dropped"), 0);
        EXPECT_EQ(row.at("conflicts"), 0);
        EXPECT_EQ(row.at("budget_violations"), 0);
        gained += row.at("gained").get<std::uint64_t>();
    }
    EXPECT_GT(gained, 0u) << "60 nodes already decide every deal: the test compares nothing";
}

// ---------------------------------------------------------------------------------------------
// Help

TEST_F(Cli, HelpOnEverySubcommandExitsZero) {
    for (const std::string command :
         {"variants", "deal", "solve", "check", "batch", "stats", "compare", "bench"}) {
        const RunResult result = run({command, "--help"});
        EXPECT_EQ(result.exit_code, 0) << command << ": " << result.err;
        EXPECT_TRUE(contains(result.out, "usage: patience " + command)) << result.out;
        EXPECT_EQ(result.err, "") << command;
    }
}

TEST_F(Cli, HelpIsGivenEvenWithOtherOptions) {
    const RunResult result = run({"solve", "--variant", "diplomat", "--seed", "1", "--help"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_FALSE(contains(result.out, "result:")) << result.out;
}

TEST_F(Cli, TopLevelHelpExitsZeroAndListsTheCommands) {
    const RunResult result = run({"--help"});
    EXPECT_EQ(result.exit_code, 0);
    for (std::string_view command : {"variants", "deal", "solve", "check"}) {
        EXPECT_TRUE(contains(result.out, command)) << result.out;
    }
}

}  // namespace
}  // namespace patience
