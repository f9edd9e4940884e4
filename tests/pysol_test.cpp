#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "core/position_io.hpp"
#include "core/pysol_deal.hpp"
#include "solver/batch.hpp"

namespace patience {
namespace {

std::string cards(const std::vector<Card>& pile) {
    std::string text;
    for (Card c : pile) text += (text.empty() ? "" : " ") + to_string(c);
    return text;
}

// The next `n` stock cards, in the order they will be drawn.
std::string next_stock(const Position& p, std::size_t n) {
    std::vector<Card> next(p.stock.rbegin(), p.stock.rbegin() + static_cast<std::ptrdiff_t>(n));
    return cards(next);
}

// ----- the generators -----

TEST(PysolRandom, MicrosoftRandMatchesTheCRuntime) {
    MsRand rng(1);  // srand(1): the first rand() values every C programmer has seen
    EXPECT_EQ(rng.draw(), 41u);
    EXPECT_EQ(rng.draw(), 18467u);
    EXPECT_EQ(rng.draw(), 6334u);
    EXPECT_EQ(rng.draw(), 26500u);
}

TEST(PysolRandom, MersenneTwisterMatchesPythonRandom) {
    // Values from Python 3: random.Random(N).random() and .getrandbits(32).
    PythonRandom a(32000);
    EXPECT_DOUBLE_EQ(a.random(), 0.3721723162993418);
    EXPECT_DOUBLE_EQ(a.random(), 0.8413318621630471);
    PythonRandom b(1099511627783ULL);  // 2^40 + 7: two 32-bit key words
    EXPECT_DOUBLE_EQ(b.random(), 0.6137037779936511);
    EXPECT_DOUBLE_EQ(b.random(), 0.8149162973309487);
    EXPECT_EQ(PythonRandom(32000).genrand(), 1598467916u);
}

// ----- the known deals -----

TEST(PysolDeal, DiplomatGameOne) {
    const Position p = pysol_deal(VariantId::Diplomat, 1);
    EXPECT_EQ(cards(p.tableau[0]), "3D 8D 4C AC");
    EXPECT_EQ(cards(p.tableau[1]), "5H JD JS 7C");
    EXPECT_EQ(cards(p.waste), "8H");
    EXPECT_EQ(next_stock(p, 2), "JH 4D");
}

TEST(PysolDeal, EmperorGame123456) {
    const Position p = pysol_deal(VariantId::Emperor, 123456);
    EXPECT_EQ(cards(p.tableau[0]), "6H 7D 7H 9C");
    EXPECT_EQ(p.face_down[0], 3);
    EXPECT_EQ(cards(p.waste), "2D");
    EXPECT_EQ(next_stock(p, 2), "2S 9H");
}

TEST(PysolDeal, MalmaisonGame32000) {
    const Position p = pysol_deal(VariantId::Malmaison, 32000);
    EXPECT_EQ(cards(p.tableau[0]), "KS 7C 2H AH 3H 7H 2C QD");
    EXPECT_EQ(cards(p.waste), "2D");
}

// Around the switch of generators and far above 2^32, against scripts/pysol_reference.py (which
// uses Python's own random.Random).
TEST(PysolDeal, LastMicrosoftNumberAndFirstPythonNumber) {
    const Position below = pysol_deal(VariantId::Diplomat, 31999);
    EXPECT_EQ(cards(below.tableau[0]), "3D 9C 4D AS");
    EXPECT_EQ(cards(below.tableau[1]), "5S AC KH 7H");
    EXPECT_EQ(cards(below.waste), "4H");
    EXPECT_EQ(next_stock(below, 2), "5H 3C");
    const Position at = pysol_deal(VariantId::Emperor, 32000);
    EXPECT_EQ(cards(at.tableau[0]), "KH 3C 7C 7H");
    EXPECT_EQ(cards(at.tableau[1]), "9H KD JD QC");
    EXPECT_EQ(cards(at.waste), "5H");
    EXPECT_EQ(next_stock(at, 2), "JD 4S");
}

TEST(PysolDeal, GameNumbersAbove2To32) {
    const Position m = pysol_deal(VariantId::Malmaison, 4294979641ULL);
    EXPECT_EQ(cards(m.tableau[0]), "2S 7S QC KD 8H 7D 6S AH");
    EXPECT_EQ(cards(m.waste), "6C");
    EXPECT_EQ(next_stock(m, 2), "6D QC");
    const Position d = pysol_deal(VariantId::Diplomat, 18446744073709551615ULL);
    EXPECT_EQ(cards(d.tableau[0]), "3C 6S 2H 4C");
    EXPECT_EQ(cards(d.tableau[1]), "9H 5S KS 6S");
    EXPECT_EQ(cards(d.waste), "6H");
    EXPECT_EQ(next_stock(d, 2), "10D 5S");
}

TEST(PysolDeal, DealsAreValidPositionsAndEmperorModernPlaysEmperorsDeals) {
    for (std::uint64_t game : {1ULL, 617ULL, 31999ULL, 32000ULL, 999999ULL, 1ULL << 40}) {
        for (VariantId v : {VariantId::Diplomat, VariantId::Malmaison, VariantId::Emperor,
                            VariantId::EmperorModern}) {
            EXPECT_EQ(validation_problem(pysol_deal(v, game)), "") << game;
        }
        Position modern = pysol_deal(VariantId::EmperorModern, game);
        modern.variant = VariantId::Emperor;
        EXPECT_EQ(modern, pysol_deal(VariantId::Emperor, game));
    }
}

TEST(PysolDeal, LadyPalkAndDoubleDotAreRefusedWithTheReason) {
    ASSERT_TRUE(pysol_problem(VariantId::LadyPalk));
    EXPECT_NE(pysol_problem(VariantId::LadyPalk)->find("aces"), std::string::npos);
    ASSERT_TRUE(pysol_problem(VariantId::DoubleDot));
    EXPECT_NE(pysol_problem(VariantId::DoubleDot)->find("empty columns"), std::string::npos);
    EXPECT_FALSE(pysol_problem(VariantId::Diplomat));
    EXPECT_THROW(pysol_deal(VariantId::LadyPalk, 1), std::invalid_argument);
}

// ----- the command line and batch lines -----

int run(const std::string& args, std::string* err = nullptr) {
    const std::string err_file = "/tmp/patience_pysol_err_" + std::to_string(::getpid());
    const int status =
        std::system((std::string(PATIENCE_BINARY) + " " + args + " > /dev/null 2> " + err_file).c_str());
    if (err) {
        std::ifstream in(err_file);
        std::getline(in, *err);
    }
    std::filesystem::remove(err_file);
    return WEXITSTATUS(status);
}

TEST(PysolCli, RefusalsAreUsageErrors) {
    std::string err;
    EXPECT_EQ(run("deal --variant lady-palk --pysol 7", &err), 2);
    EXPECT_NE(err.find("Lady Palk"), std::string::npos) << err;
    EXPECT_EQ(run("solve --variant double-dot --pysol 7", &err), 2);
    EXPECT_NE(err.find("Double Dot"), std::string::npos) << err;
    EXPECT_EQ(run("deal --variant diplomat --pysol 0", &err), 2);
    EXPECT_EQ(run("deal --variant diplomat --pysol 18446744073709551616", &err), 2);
    EXPECT_EQ(run("deal --variant diplomat --pysol 5 --seed 5", &err), 2);
    EXPECT_EQ(run("deal --variant diplomat --pysol 5 --ranks 7", &err), 2);
    EXPECT_EQ(run("deal --variant diplomat --pysol 18446744073709551615"), 0);
}

TEST(PysolBatch, LinesCarryTheNumberingAndStatsKeepItApart) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("patience_pysol_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string out = (dir / "run.jsonl").string();
    BatchConfig config;
    config.variants = {VariantId::Emperor};
    config.first_seed = 1;
    config.last_seed = 3;
    config.limits.node_limit = 2000;
    config.limits.memory_bytes = 8u << 20;
    config.out_path = out;
    config.pysol = true;
    run_batch(config, nullptr);
    config.pysol = false;  // the same seeds by SplitMix64: other deals, other lines
    const Statistics stats = run_batch(config, nullptr);

    std::ifstream in(out);
    int pysol_lines = 0, lines = 0;
    for (std::string line; std::getline(in, line); ++lines) {
        pysol_lines += line.find("\"numbering\":\"pysol\"") != std::string::npos;
    }
    EXPECT_EQ(lines, 6);
    EXPECT_EQ(pysol_lines, 3);
    Statistics all;
    all.add_file(out, [](std::size_t, const std::string& why) { ADD_FAILURE() << why; });
    EXPECT_EQ(all.size(), 6u);
    EXPECT_EQ(all.summaries().size(), 2u);  // one row per numbering
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace patience
