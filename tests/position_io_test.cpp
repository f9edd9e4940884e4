#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "core/deal.hpp"
#include "core/input_error.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/reference_solver.hpp"

namespace patience {
namespace {

using Json = nlohmann::json;

constexpr const char* kSource = "game.json";

// Checks that `text` is rejected with exactly one line "game.json: FIELD: ..." that contains every
// one of `details`. An empty `field` means a file-level problem: "game.json: ...".
::testing::AssertionResult text_rejected_with(std::string_view text, std::string_view field,
                                              std::initializer_list<std::string_view> details) {
    std::string message;
    try {
        parse_position(text, kSource);
        return ::testing::AssertionFailure() << "accepted:\n" << text;
    } catch (const InputError& e) {
        message = e.what();
    }
    std::string prefix = std::string(kSource) + ": ";
    if (!field.empty()) prefix += std::string(field) + ": ";
    if (message.rfind(prefix, 0) != 0) {
        return ::testing::AssertionFailure()
               << "message '" << message << "' does not start with '" << prefix << "'";
    }
    if (message.find('\n') != std::string::npos) {
        return ::testing::AssertionFailure() << "message is not one line: '" << message << "'";
    }
    for (std::string_view detail : details) {
        if (message.find(detail) == std::string::npos) {
            return ::testing::AssertionFailure()
                   << "message '" << message << "' does not mention '" << detail << "'";
        }
    }
    return ::testing::AssertionSuccess() << message;
}

::testing::AssertionResult rejected_with(const Json& doc, std::string_view field,
                                         std::initializer_list<std::string_view> details) {
    return text_rejected_with(doc.dump(), field, details);
}

Json dealt_json(VariantId variant, std::uint64_t seed, int ranks) {
    return Json::parse(position_to_json(deal_position(variant, seed, ranks)));
}

// Diplomat with two ranks: every ace in the tableau, every two in the stock. Valid.
Json diplomat_aces_out() {
    return Json::parse(R"({
        "variant": "diplomat", "ranks": 2,
        "tableau": [["AC"], ["AC"], ["AD"], ["AD"], ["AH"], ["AH"], ["AS"], ["AS"]],
        "stock": ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"]
    })");
}

// Diplomat with three ranks: aces in the tableau, twos then threes in the stock. Valid.
Json diplomat_three_ranks() {
    return Json::parse(R"({
        "variant": "diplomat", "ranks": 3,
        "tableau": [["AC"], ["AC"], ["AD"], ["AD"], ["AH"], ["AH"], ["AS"], ["AS"]],
        "stock": ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S",
                  "3C", "3C", "3D", "3D", "3H", "3H", "3S", "3S"]
    })");
}

// Lady Palk with two ranks: the eight aces on their piles, the twos in the tableau. Valid.
Json lady_palk_twos() {
    return Json::parse(R"({
        "variant": "lady-palk", "ranks": 2,
        "tableau": [["2C"], ["2C"], ["2D"], ["2D"], ["2H"], ["2H"], ["2S"], ["2S"]],
        "foundations": [["AC"], ["AC"], ["AD"], ["AD"], ["AH"], ["AH"], ["AS"], ["AS"]]
    })");
}

// Double Dot with three ranks: the four base cards on their piles, the rest in the tableau. Valid.
Json double_dot_three_ranks() {
    return Json::parse(R"({
        "variant": "double-dot", "ranks": 3,
        "tableau": [["2C"], ["3C"], ["AD"], ["3D"], ["2H"], ["3H"], ["AS"], ["3S"]],
        "foundations": [["AC"], ["AH"], ["2D"], ["2S"]]
    })");
}

void remove_stock_card(Json& doc, const std::string& card) {
    auto& stock = doc["stock"];
    for (std::size_t i = 0; i < stock.size(); ++i) {
        if (stock[i] == card) {
            stock.erase(i);
            return;
        }
    }
    ADD_FAILURE() << card << " is not in the stock";
}

// ---------------------------------------------------------------------------------------------
// Round trips

struct RoundTripCase {
    VariantId variant;
    int ranks;
};

std::string case_name(const ::testing::TestParamInfo<RoundTripCase>& info) {
    std::string name(rules_of(info.param.variant).name);
    std::replace(name.begin(), name.end(), '-', '_');
    return name + "_ranks_" + std::to_string(info.param.ranks);
}

std::vector<RoundTripCase> round_trip_cases() {
    std::vector<RoundTripCase> cases;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) {
            for (int ranks : {3, 5, 7, 13}) cases.push_back({rules.id, ranks});
        } else {
            for (int ranks : {1, 2, 4, 7, 13}) cases.push_back({rules.id, ranks});
        }
    }
    return cases;
}

class PositionIoRoundTrip : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(PositionIoRoundTrip, DealWrittenAndReadBackIsTheSamePosition) {
    for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{42}, UINT64_MAX}) {
        const Position dealt = deal_position(GetParam().variant, seed, GetParam().ranks);
        const std::string text = position_to_json(dealt);
        const Position read = parse_position(text, kSource);
        EXPECT_TRUE(read == dealt) << "seed " << seed << ":\n" << text;
    }
}

TEST_P(PositionIoRoundTrip, EveryDealPassesValidation) {
    for (std::uint64_t seed : {std::uint64_t{3}, std::uint64_t{99}}) {
        EXPECT_EQ(validation_problem(deal_position(GetParam().variant, seed, GetParam().ranks)), "")
            << "seed " << seed;
    }
}

INSTANTIATE_TEST_SUITE_P(PositionIo, PositionIoRoundTrip, ::testing::ValuesIn(round_trip_cases()),
                         case_name);

class PositionIoMidGameRoundTrip : public ::testing::TestWithParam<VariantId> {};

TEST_P(PositionIoMidGameRoundTrip, PositionHalfwayThroughAWinSurvivesTheRoundTrip) {
    // Halfway through a win the waste, foundations and (Emperor) face-down counts are all in use.
    const Position start = deal_position(GetParam(), 4, 3);
    const SolveResult solved = reference_solve(start);
    ASSERT_EQ(solved.verdict, Verdict::Won);
    const std::vector<Move> half(
        solved.solution.begin(),
        solved.solution.begin() + static_cast<std::ptrdiff_t>(solved.solution.size() / 2));
    const ReplayResult played = replay(start, half);
    ASSERT_TRUE(played.all_legal) << played.reason;
    const std::string text = position_to_json(played.final_position);
    EXPECT_TRUE(parse_position(text, kSource) == played.final_position) << text;
}

INSTANTIATE_TEST_SUITE_P(PositionIo, PositionIoMidGameRoundTrip,
                         ::testing::Values(VariantId::Diplomat, VariantId::Malmaison,
                                           VariantId::LadyPalk, VariantId::DoubleDot,
                                           VariantId::Emperor, VariantId::EmperorModern),
                         [](const ::testing::TestParamInfo<VariantId>& info) {
                             std::string name(rules_of(info.param).name);
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

// ---------------------------------------------------------------------------------------------
// What a file may leave out, and the card notation

TEST(PositionIo, RanksLeftOutMeansThirteen) {
    Json doc = dealt_json(VariantId::Diplomat, 7, 13);
    doc.erase("ranks");
    const Position read = parse_position(doc.dump(), kSource);
    EXPECT_EQ(read.ranks, 13);
    EXPECT_TRUE(read == deal_position(VariantId::Diplomat, 7, 13));
}

TEST(PositionIo, FaceDownLeftOutMeansEveryCardFaceUp) {
    Json doc = dealt_json(VariantId::Malmaison, 7, 4);
    doc.erase("face_down");
    const Position read = parse_position(doc.dump(), kSource);
    EXPECT_EQ(read.face_down, std::vector<int>(10, 0));
    EXPECT_TRUE(read == deal_position(VariantId::Malmaison, 7, 4));
}

TEST(PositionIo, WasteLeftOutMeansAnEmptyWaste) {
    Json doc = dealt_json(VariantId::Emperor, 7, 4);
    doc.erase("waste");
    const Position read = parse_position(doc.dump(), kSource);
    EXPECT_TRUE(read.waste.empty());
    EXPECT_TRUE(read == deal_position(VariantId::Emperor, 7, 4));
}

TEST(PositionIo, FoundationsLeftOutMeansEveryPileEmpty) {
    Json doc = dealt_json(VariantId::Diplomat, 7, 4);
    doc.erase("foundations");
    const Position read = parse_position(doc.dump(), kSource);
    ASSERT_EQ(read.foundations.size(), 8u);
    for (const auto& pile : read.foundations) EXPECT_TRUE(pile.empty());
}

TEST(PositionIo, MinimalFileWithOnlyVariantTableauAndStockIsAccepted) {
    const Position read = parse_position(diplomat_aces_out().dump(), kSource);
    EXPECT_EQ(read.variant, VariantId::Diplomat);
    EXPECT_EQ(read.ranks, 2);
    EXPECT_EQ(read.face_down, std::vector<int>(8, 0));
    EXPECT_TRUE(read.waste.empty());
    EXPECT_EQ(read.foundations.size(), 8u);
}

TEST(PositionIo, MissingFoundationPilesAreEmpty) {
    Json doc = diplomat_aces_out();
    doc["tableau"][0] = Json::array();
    doc["foundations"] = Json::parse(R"([["AC"]])");
    const Position read = parse_position(doc.dump(), kSource);
    ASSERT_EQ(read.foundations.size(), 8u);
    EXPECT_EQ(read.foundations[0], std::vector<Card>{Card(1, Suit::Clubs)});
    for (std::size_t f = 1; f < 8; ++f) EXPECT_TRUE(read.foundations[f].empty()) << f;
}

TEST(PositionIo, TenMayBeWrittenAsT) {
    std::string text = position_to_json(deal_position(VariantId::Diplomat, 11, 13));
    for (std::size_t at = text.find("\"10"); at != std::string::npos; at = text.find("\"10", at)) {
        text.replace(at, 3, "\"T");
    }
    ASSERT_EQ(text.find("10"), std::string::npos);
    EXPECT_TRUE(parse_position(text, kSource) == deal_position(VariantId::Diplomat, 11, 13));
}

TEST(PositionIo, CardsMayBeLowerCase) {
    // Field names and the variant name are lower case already; only the cards change.
    std::string text = position_to_json(deal_position(VariantId::Emperor, 11, 13));
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    ASSERT_NE(text.find("\"qh\""), std::string::npos);
    EXPECT_TRUE(parse_position(text, kSource) == deal_position(VariantId::Emperor, 11, 13));
}

TEST(PositionIo, FirstStockCardInTheFileIsDrawnFirst) {
    Json doc = diplomat_aces_out();
    doc["stock"] = Json::parse(R"(["2S", "2C", "2D", "2D", "2H", "2H", "2S", "2C"])");
    Position position = parse_position(doc.dump(), kSource);
    apply_move(position, Move::draw());
    ASSERT_EQ(position.waste.size(), 1u);
    EXPECT_EQ(position.waste.back(), Card(2, Suit::Spades));
    apply_move(position, Move::draw());
    EXPECT_EQ(position.waste.back(), Card(2, Suit::Clubs));
}

TEST(PositionIo, WrittenStockListsTheNextCardDrawnFirst) {
    const Position dealt = deal_position(VariantId::Malmaison, 5, 4);
    const Json doc = Json::parse(position_to_json(dealt));
    ASSERT_FALSE(dealt.stock.empty());
    EXPECT_EQ(doc["stock"].front(), to_string(dealt.stock.back()));
    EXPECT_EQ(doc["stock"].back(), to_string(dealt.stock.front()));
}

TEST(PositionIo, WasteIsListedBottomFirst) {
    Json doc = diplomat_aces_out();
    remove_stock_card(doc, "2C");
    remove_stock_card(doc, "2D");
    doc["waste"] = Json::parse(R"(["2C", "2D"])");
    const Position read = parse_position(doc.dump(), kSource);
    EXPECT_EQ(read.waste.back(), Card(2, Suit::Diamonds));
}

TEST(PositionIo, LoadPositionReadsAFile) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("patience_position_io_" + std::to_string(::getpid()) + "_load.json");
    const Position dealt = deal_position(VariantId::LadyPalk, 9, 4);
    {
        std::ofstream out(path);
        out << position_to_json(dealt);
    }
    EXPECT_TRUE(load_position(path.string()) == dealt);
    std::filesystem::remove(path);
}

TEST(PositionIo, LoadPositionOfAMissingFileNamesTheFile) {
    const std::string path =
        (std::filesystem::temp_directory_path() / "patience_no_such_dir" / "missing.json").string();
    try {
        load_position(path);
        FAIL() << "a missing file was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(path + ": ", 0), 0u) << e.what();
    }
}

TEST(PositionIo, LoadPositionOfADirectoryIsInputErrorNamingIt) {
    const std::string path = std::filesystem::temp_directory_path().string();
    try {
        load_position(path);
        FAIL() << "a directory was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(path + ": ", 0), 0u) << e.what();
    } catch (const std::exception& e) {
        FAIL() << "not an InputError: " << e.what();
    }
}

// ---------------------------------------------------------------------------------------------
// validation_problem on positions built in memory

TEST(PositionIo, ValidationProblemNamesTheFieldWithoutASource) {
    Position position = deal_position(VariantId::Diplomat, 1, 4);
    position.face_down[3] = 1;
    EXPECT_EQ(validation_problem(position).rfind("face_down[3]: ", 0), 0u)
        << validation_problem(position);
}

TEST(PositionIo, ValidationProblemRejectsAMissingCard) {
    Position position = deal_position(VariantId::Malmaison, 1, 4);
    position.stock.pop_back();
    EXPECT_EQ(validation_problem(position).rfind("cards: ", 0), 0u) << validation_problem(position);
}

TEST(PositionIo, ValidationProblemRejectsAFaceDownListOfTheWrongLength) {
    Position position = deal_position(VariantId::Emperor, 1, 4);
    position.face_down.pop_back();
    EXPECT_EQ(validation_problem(position).rfind("face_down: ", 0), 0u)
        << validation_problem(position);
}

// ---------------------------------------------------------------------------------------------
// Not a position at all

TEST(PositionIo, RejectsTextThatIsNotJson) {
    EXPECT_TRUE(text_rejected_with("not json", "", {"not valid JSON"}));
}

TEST(PositionIo, RejectsTruncatedJson) {
    EXPECT_TRUE(
        text_rejected_with(R"({"variant": "diplomat", "tableau": [)", "", {"not valid JSON"}));
}

TEST(PositionIo, JsonSyntaxErrorNamesItsLine) {
    EXPECT_TRUE(text_rejected_with("{\n  \"variant\": \"diplomat\",\n  oops\n}", "",
                                   {"not valid JSON", "line 3"}));
}

TEST(PositionIo, RejectsAnEmptyFile) {
    EXPECT_TRUE(text_rejected_with("", "", {"empty"}));
}

TEST(PositionIo, RejectsAFileOfOnlyWhiteSpace) {
    EXPECT_TRUE(text_rejected_with(" \n\t\r\n  ", "", {"empty"}));
}

TEST(PositionIo, RejectsAnArrayAtTopLevel) {
    EXPECT_TRUE(text_rejected_with("[1, 2]", "top level", {"object", "array"}));
}

TEST(PositionIo, RejectsAStringAtTopLevel) {
    EXPECT_TRUE(text_rejected_with(R"("diplomat")", "top level", {"object", "string"}));
}

// ---------------------------------------------------------------------------------------------
// Fields and types

TEST(PositionIo, RejectsAnUnknownVariant) {
    Json doc = diplomat_aces_out();
    doc["variant"] = "klondike";
    EXPECT_TRUE(rejected_with(doc, "variant", {"unknown variant 'klondike' (known: "}));
}

TEST(PositionIo, VariantNamesAreCaseSensitive) {
    Json doc = diplomat_aces_out();
    doc["variant"] = "Diplomat";
    EXPECT_TRUE(rejected_with(doc, "variant", {"unknown variant", "Diplomat"}));
}

TEST(PositionIo, RejectsAMissingVariant) {
    Json doc = diplomat_aces_out();
    doc.erase("variant");
    EXPECT_TRUE(rejected_with(doc, "variant", {"missing"}));
}

TEST(PositionIo, RejectsAMissingTableau) {
    Json doc = diplomat_aces_out();
    doc.erase("tableau");
    EXPECT_TRUE(rejected_with(doc, "tableau", {"missing"}));
}

// What a file gives is shown in quotes with control characters escaped, so the error stays one
// line; a number beyond a double's range is refused like any other bad JSON (found by fuzzing).
TEST(PositionIo, ErrorsStayOneLineWhateverTheFileHolds) {
    Json doc = diplomat_aces_out();
    doc["variant"] = "dip\nlomat";
    EXPECT_TRUE(rejected_with(doc, "variant", {"'dip\\nlomat'"}));
    Json field = diplomat_aces_out();
    field["sto\ncks"] = 1;
    EXPECT_TRUE(rejected_with(field, "'sto\\ncks'", {"unknown field"}));
    EXPECT_TRUE(text_rejected_with(R"({"variant": "diplomat", "ranks": 1e99999})", "",
                                   {"not valid JSON", "out of range"}));
}

TEST(PositionIo, RejectsAnUnknownField) {
    Json doc = diplomat_aces_out();
    doc["stocks"] = Json::array();
    EXPECT_TRUE(rejected_with(doc, "'stocks'", {"unknown field"}));
}

TEST(PositionIo, RejectsAVariantThatIsNotAString) {
    Json doc = diplomat_aces_out();
    doc["variant"] = 3;
    EXPECT_TRUE(rejected_with(doc, "variant", {"string", "integer"}));
}

TEST(PositionIo, RejectsRanksThatAreNotAnInteger) {
    Json doc = diplomat_aces_out();
    doc["ranks"] = "2";
    EXPECT_TRUE(rejected_with(doc, "ranks", {"integer", "string"}));
}

TEST(PositionIo, RejectsRanksWithAFraction) {
    Json doc = diplomat_aces_out();
    doc["ranks"] = 2.5;
    EXPECT_TRUE(rejected_with(doc, "ranks", {"integer"}));
}

TEST(PositionIo, RejectsATableauThatIsNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["tableau"] = Json::object();
    EXPECT_TRUE(rejected_with(doc, "tableau", {"array", "object"}));
}

TEST(PositionIo, RejectsAColumnThatIsNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["tableau"][2] = "AD";
    EXPECT_TRUE(rejected_with(doc, "tableau[2]", {"array", "string"}));
}

TEST(PositionIo, RejectsACardThatIsNotAString) {
    Json doc = diplomat_aces_out();
    doc["tableau"][4][0] = 1;
    EXPECT_TRUE(rejected_with(doc, "tableau[4][0]", {"card", "integer"}));
}

TEST(PositionIo, RejectsAStockThatIsNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["stock"] = "2C 2C";
    EXPECT_TRUE(rejected_with(doc, "stock", {"array", "string"}));
}

TEST(PositionIo, RejectsAWasteThatIsNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["waste"] = nullptr;
    EXPECT_TRUE(rejected_with(doc, "waste", {"array", "null"}));
}

TEST(PositionIo, RejectsFoundationsThatAreNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["foundations"] = Json::object();
    EXPECT_TRUE(rejected_with(doc, "foundations", {"array", "object"}));
}

TEST(PositionIo, RejectsAFoundationPileThatIsNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["foundations"] = Json::parse(R"([[], true])");
    EXPECT_TRUE(rejected_with(doc, "foundations[1]", {"array", "boolean"}));
}

TEST(PositionIo, RejectsFaceDownThatIsNotAnArray) {
    Json doc = diplomat_aces_out();
    doc["face_down"] = 0;
    EXPECT_TRUE(rejected_with(doc, "face_down", {"array", "integer"}));
}

TEST(PositionIo, RejectsAFaceDownEntryThatIsNotAnInteger) {
    Json doc = diplomat_aces_out();
    doc["face_down"] = Json::parse(R"([0, 0, 0, "0", 0, 0, 0, 0])");
    EXPECT_TRUE(rejected_with(doc, "face_down[3]", {"integer", "string"}));
}

// ---------------------------------------------------------------------------------------------
// Cards

TEST(PositionIo, RejectsAMalformedCardNamingWhereItIs) {
    Json doc = diplomat_aces_out();
    doc["tableau"][3][0] = "ZZ";
    EXPECT_TRUE(rejected_with(doc, "tableau[3][0]", {"'ZZ'", "not a card"}));
}

TEST(PositionIo, RejectsRankOneWrittenAsADigit) {
    Json doc = diplomat_aces_out();
    doc["tableau"][0][0] = "1C";
    EXPECT_TRUE(rejected_with(doc, "tableau[0][0]", {"'1C'", "not a card"}));
}

TEST(PositionIo, RejectsAnUnknownSuitInTheStock) {
    Json doc = diplomat_aces_out();
    doc["stock"][5] = "2X";
    EXPECT_TRUE(rejected_with(doc, "stock[5]", {"'2X'", "not a card"}));
}

TEST(PositionIo, RejectsAnEmptyCardNameInTheWaste) {
    Json doc = diplomat_aces_out();
    remove_stock_card(doc, "2S");
    doc["waste"] = Json::parse(R"([""])");
    EXPECT_TRUE(rejected_with(doc, "waste[0]", {"not a card"}));
}

TEST(PositionIo, RejectsACardRankedAboveTheDealsRanks) {
    Json doc = diplomat_aces_out();
    doc["stock"][6] = "3S";
    EXPECT_TRUE(rejected_with(doc, "stock[6]", {"3S", "above", "2 ranks"}));
}

TEST(PositionIo, RejectsAKingInAFoundationOfAReducedDeck) {
    Json doc = diplomat_aces_out();
    doc["foundations"] = Json::parse(R"([["KC"]])");
    EXPECT_TRUE(rejected_with(doc, "foundations[0][0]", {"KC", "above"}));
}

TEST(PositionIo, RejectsAThirdCopyInATwoDeckGameNamingTheExtraCopy) {
    Json doc = diplomat_aces_out();
    doc["tableau"][6][0] = "AC";
    // Both wrong counts, with where every copy lies: AC once too often, AS once too rarely.
    EXPECT_TRUE(rejected_with(doc, "cards",
                              {"AC appears 3 times, the game has 2 (tableau[0][0], tableau[1][0], "
                               "tableau[6][0])",
                               "AS appears 1 time, the game has 2 (tableau[7][0])"}));
}

TEST(PositionIo, ExtraCopyInTheStockIsNamedByItsFileIndex) {
    Json doc = diplomat_aces_out();
    doc["stock"][5] = "2C";  // stock[0] and stock[1] already hold both 2C
    EXPECT_TRUE(
        rejected_with(doc, "cards", {"2C appears 3 times", "stock[5]", "2H appears 1 time"}));
}

TEST(PositionIo, ExtraCopyOnAFoundationIsNamed) {
    Json doc = diplomat_aces_out();
    doc["foundations"] = Json::parse(R"([[], ["AH"]])");
    EXPECT_TRUE(rejected_with(doc, "cards", {"AH appears 3 times", "foundations[1][0]"}));
}

TEST(PositionIo, RejectsASecondCopyInAOneDeckGame) {
    Json doc = double_dot_three_ranks();
    doc["tableau"][7][0] = "3C";
    EXPECT_TRUE(rejected_with(
        doc, "cards",
        {"3C appears 2 times, the game has 1", "tableau[7][0]", "3S appears 0 times"}));
}

TEST(PositionIo, RejectsAMissingCopy) {
    Json doc = diplomat_aces_out();
    remove_stock_card(doc, "2H");
    EXPECT_TRUE(rejected_with(doc, "cards", {"2H", "appears 1 time", "2"}));
}

TEST(PositionIo, RejectsACardThatIsMissingEntirely) {
    Json doc = double_dot_three_ranks();
    doc["tableau"][5] = Json::array();  // 3H
    EXPECT_TRUE(rejected_with(doc, "cards", {"3H", "appears 0 times"}));
}

TEST(PositionIo, RejectsAFullDealWithOneStockCardMissing) {
    Json doc = dealt_json(VariantId::Malmaison, 3, 13);
    const std::string dropped = doc["stock"][0];
    doc["stock"].erase(0);
    EXPECT_TRUE(rejected_with(doc, "cards", {dropped, "3 times", "4"}));
}

// Every card of a whole file wrong: the first six are named, and how many more there are.
TEST(PositionIo, ManyWrongCountsAreSummed) {
    Json doc = dealt_json(VariantId::Diplomat, 3, 13);
    for (auto& card : doc["stock"]) card = "KS";
    EXPECT_TRUE(rejected_with(doc, "cards", {"appears", "more cards"}));
}

// ---------------------------------------------------------------------------------------------
// Tableau shape

TEST(PositionIo, RejectsTooFewColumns) {
    Json doc = dealt_json(VariantId::Diplomat, 1, 13);
    doc["tableau"].erase(7);
    EXPECT_TRUE(rejected_with(doc, "tableau", {"7 columns", "8"}));
}

TEST(PositionIo, RejectsTooManyColumns) {
    Json doc = dealt_json(VariantId::Emperor, 1, 4);
    doc["tableau"].push_back(Json::array());
    EXPECT_TRUE(rejected_with(doc, "tableau", {"11 columns", "10"}));
}

// ---------------------------------------------------------------------------------------------
// Foundations

TEST(PositionIo, RejectsAFoundationPileThatDoesNotStartWithAnAce) {
    Json doc = diplomat_aces_out();
    remove_stock_card(doc, "2C");
    doc["foundations"] = Json::parse(R"([[], [], ["2C"]])");
    EXPECT_TRUE(rejected_with(doc, "foundations[2][0]", {"2C", "ace"}));
}

TEST(PositionIo, AcceptsAPileBuiltUpInSuit) {
    Json doc = diplomat_three_ranks();
    doc["tableau"][0] = Json::array();
    remove_stock_card(doc, "2C");
    remove_stock_card(doc, "3C");
    doc["foundations"] = Json::parse(R"([["AC", "2C", "3C"]])");
    EXPECT_EQ(parse_position(doc.dump(), kSource).foundations[0].size(), 3u);
}

TEST(PositionIo, RejectsAFoundationPileThatSkipsARank) {
    Json doc = diplomat_three_ranks();
    doc["tableau"][0] = Json::array();
    remove_stock_card(doc, "3C");
    doc["foundations"] = Json::parse(R"([["AC", "3C"]])");
    EXPECT_TRUE(rejected_with(doc, "foundations[0][1]", {"3C", "cannot follow", "AC"}));
}

TEST(PositionIo, RejectsAFoundationPileThatChangesSuit) {
    Json doc = diplomat_three_ranks();
    doc["tableau"][4] = Json::array();  // AH
    remove_stock_card(doc, "2D");
    doc["foundations"] = Json::parse(R"([[], ["AH", "2D"]])");
    EXPECT_TRUE(rejected_with(doc, "foundations[1][1]", {"2D", "cannot follow", "AH"}));
}

TEST(PositionIo, RejectsMoreFoundationPilesThanTheVariantHas) {
    Json doc = diplomat_aces_out();
    doc["foundations"] = Json::array();
    for (int i = 0; i < 9; ++i) doc["foundations"].push_back(Json::array());
    EXPECT_TRUE(rejected_with(doc, "foundations", {"9 piles", "8"}));
}

TEST(PositionIo, LadyPalkPilesHoldingTheirAcesAreAccepted) {
    EXPECT_EQ(parse_position(lady_palk_twos().dump(), kSource).foundations.size(), 8u);
}

TEST(PositionIo, RejectsALadyPalkPileWithoutItsAce) {
    Json doc = lady_palk_twos();
    doc["foundations"][7] = Json::array();
    doc["tableau"][7] = Json::parse(R"(["2S", "AS"])");
    EXPECT_TRUE(rejected_with(doc, "foundations[7]", {"empty", "lady-palk"}));
}

TEST(PositionIo, RejectsALadyPalkPileStartingWithATwo) {
    Json doc = lady_palk_twos();
    doc["foundations"][7] = Json::parse(R"(["2S"])");
    doc["tableau"][7] = Json::parse(R"(["AS"])");
    EXPECT_TRUE(rejected_with(doc, "foundations[7][0]", {"2S", "lady-palk", "ace"}));
}

TEST(PositionIo, RejectsLadyPalkFoundationsLeftOut) {
    Json doc = lady_palk_twos();
    doc.erase("foundations");
    doc["tableau"] = Json::parse(R"([["2C", "AC"], ["2C", "AC"], ["2D", "AD"], ["2D", "AD"],
                                     ["2H", "AH"], ["2H", "AH"], ["2S", "AS"], ["2S", "AS"]])");
    EXPECT_TRUE(rejected_with(doc, "foundations[0]", {"empty", "lady-palk"}));
}

TEST(PositionIo, DoubleDotPilesStartingWithTheirBaseCardsAreAccepted) {
    EXPECT_EQ(parse_position(double_dot_three_ranks().dump(), kSource).foundations.size(), 4u);
}

TEST(PositionIo, DoubleDotPilesMayBeListedInAnyOrder) {
    Json doc = double_dot_three_ranks();
    doc["foundations"] = Json::parse(R"([["2S"], ["2D"], ["AC"], ["AH"]])");
    EXPECT_EQ(parse_position(doc.dump(), kSource).foundations[0],
              std::vector<Card>{Card(2, Suit::Spades)});
}

TEST(PositionIo, RejectsADoubleDotPileNotStartingWithItsBase) {
    Json doc = double_dot_three_ranks();
    doc["foundations"][2] = Json::parse(R"(["AD"])");
    doc["tableau"][2] = Json::parse(R"(["2D"])");
    EXPECT_TRUE(
        rejected_with(doc, "foundations[2][0]", {"AD", "double-dot", "AC", "AH", "2D", "2S"}));
}

TEST(PositionIo, RejectsADoubleDotClubsPileStartingWithTwo) {
    Json doc = double_dot_three_ranks();
    doc["foundations"][0] = Json::parse(R"(["2C"])");
    doc["tableau"][0] = Json::parse(R"(["AC"])");
    EXPECT_TRUE(rejected_with(doc, "foundations[0][0]", {"2C", "double-dot"}));
}

TEST(PositionIo, RejectsADoubleDotPileThatStepsByOne) {
    Json doc = double_dot_three_ranks();
    doc["foundations"][0] = Json::parse(R"(["AC", "2C"])");
    doc["tableau"][0] = Json::array();
    EXPECT_TRUE(rejected_with(doc, "foundations[0][1]", {"2C", "cannot follow", "AC"}));
}

TEST(PositionIo, AcceptsADoubleDotPileThatStepsByTwo) {
    Json doc = double_dot_three_ranks();
    doc["foundations"][0] = Json::parse(R"(["AC", "3C"])");
    doc["tableau"][1] = Json::array();
    EXPECT_EQ(parse_position(doc.dump(), kSource).foundations[0].size(), 2u);
}

TEST(PositionIo, RejectsAMissingDoubleDotPile) {
    Json doc = double_dot_three_ranks();
    doc["foundations"] = Json::parse(R"([["AC"], ["AH"], ["2D"]])");
    doc["tableau"][0] = Json::parse(R"(["2C", "2S"])");
    EXPECT_TRUE(rejected_with(doc, "foundations[3]", {"empty", "double-dot"}));
}

// ---------------------------------------------------------------------------------------------
// Face-down cards

TEST(PositionIo, EmperorDealHasThreeFaceDownCardsPerColumn) {
    const Position read = parse_position(dealt_json(VariantId::Emperor, 2, 13).dump(), kSource);
    EXPECT_EQ(read.face_down, std::vector<int>(10, 3));
}

TEST(PositionIo, RejectsFaceDownAsLongAsItsColumn) {
    Json doc = dealt_json(VariantId::Emperor, 2, 13);
    doc["face_down"][1] = 4;
    EXPECT_TRUE(rejected_with(doc, "face_down[1]", {"4 face-down", "column 2", "holds 4"}));
}

TEST(PositionIo, RejectsFaceDownLongerThanItsColumn) {
    Json doc = dealt_json(VariantId::EmperorModern, 2, 13);
    doc["face_down"][9] = 6;
    EXPECT_TRUE(rejected_with(doc, "face_down[9]", {"6 face-down", "column 10", "holds 4"}));
}

TEST(PositionIo, RejectsFaceDownOnAnEmptyColumn) {
    // One rank: eight aces in ten columns, so columns 9 and 10 are empty.
    Json doc = dealt_json(VariantId::Emperor, 2, 1);
    ASSERT_TRUE(doc["tableau"][9].empty());
    doc["face_down"][9] = 1;
    EXPECT_TRUE(rejected_with(doc, "face_down[9]", {"column 10", "holds 0"}));
}

TEST(PositionIo, RejectsFaceDownInAVariantWithoutFaceDownCards) {
    Json doc = dealt_json(VariantId::Diplomat, 2, 13);
    doc["face_down"][2] = 1;
    EXPECT_TRUE(rejected_with(doc, "face_down[2]", {"diplomat", "no face-down"}));
}

TEST(PositionIo, RejectsMoreFaceDownCardsThanAnEmperorDealHas) {
    Json doc = dealt_json(VariantId::Emperor, 2, 13);
    doc["tableau"][0].push_back(doc["stock"][0]);
    doc["stock"].erase(0);
    doc["face_down"][0] = 4;
    EXPECT_TRUE(rejected_with(doc, "face_down[0]", {"4 face-down", "at most 3"}));
}

TEST(PositionIo, ReducedEmperorDealAllowsFewerFaceDownCards) {
    // Four ranks: two rows, so one face-down card per column at most.
    Json doc = dealt_json(VariantId::Emperor, 2, 4);
    doc["tableau"][0].push_back(doc["stock"][0]);
    doc["stock"].erase(0);
    doc["face_down"][0] = 2;
    EXPECT_TRUE(rejected_with(doc, "face_down[0]", {"2 face-down", "at most 1"}));
}

TEST(PositionIo, RejectsANegativeFaceDownCount) {
    Json doc = dealt_json(VariantId::Emperor, 2, 13);
    doc["face_down"][4] = -1;
    EXPECT_TRUE(rejected_with(doc, "face_down[4]", {"-1"}));
}

TEST(PositionIo, RejectsAFaceDownListOfTheWrongLength) {
    Json doc = dealt_json(VariantId::Emperor, 2, 13);
    doc["face_down"].erase(0);
    EXPECT_TRUE(rejected_with(doc, "face_down", {"9 entries", "10 columns"}));
}

// ---------------------------------------------------------------------------------------------
// Ranks

TEST(PositionIo, RejectsZeroRanks) {
    Json doc = diplomat_aces_out();
    doc["ranks"] = 0;
    EXPECT_TRUE(rejected_with(doc, "ranks", {"between 1 and 13", "0"}));
}

TEST(PositionIo, RejectsFourteenRanks) {
    Json doc = diplomat_aces_out();
    doc["ranks"] = 14;
    EXPECT_TRUE(rejected_with(doc, "ranks", {"between 1 and 13", "14"}));
}

TEST(PositionIo, RejectsNegativeRanks) {
    Json doc = diplomat_aces_out();
    doc["ranks"] = -2;
    EXPECT_TRUE(rejected_with(doc, "ranks", {"between 1 and 13", "-2"}));
}

TEST(PositionIo, HugeRanksAreReportedAsWrittenNotWrapped) {
    const std::string text = R"({"variant": "diplomat", "ranks": 18446744073709551615,
                                 "tableau": [[], [], [], [], [], [], [], []]})";
    EXPECT_TRUE(text_rejected_with(text, "ranks", {"between 1 and 13", "18446744073709551615"}));
}

TEST(PositionIo, RejectsEvenRanksForDoubleDot) {
    Json doc = double_dot_three_ranks();
    doc["ranks"] = 4;
    EXPECT_TRUE(rejected_with(doc, "ranks", {"double-dot", "odd", "4"}));
}

TEST(PositionIo, RejectsOneRankForDoubleDot) {
    Json doc = double_dot_three_ranks();
    doc["ranks"] = 1;
    EXPECT_TRUE(rejected_with(doc, "ranks", {"double-dot", "odd", "1"}));
}

// ---------------------------------------------------------------------------------------------
// Double Dot's stock

TEST(PositionIo, RejectsADoubleDotWaste) {
    Json doc = dealt_json(VariantId::DoubleDot, 6, 5);
    ASSERT_EQ(doc["stock"].size(), 8u);
    doc["waste"].push_back(doc["stock"][0]);
    doc["stock"].erase(0);
    EXPECT_TRUE(rejected_with(doc, "waste", {"double-dot", "no waste"}));
}

TEST(PositionIo, RejectsADoubleDotStockThatIsNotAMultipleOfEight) {
    Json doc = dealt_json(VariantId::DoubleDot, 6, 13);
    ASSERT_EQ(doc["stock"].size(), 40u);
    doc["tableau"][0].push_back(doc["stock"][0]);
    doc["stock"].erase(0);
    EXPECT_TRUE(rejected_with(doc, "stock", {"39 cards", "multiple of 8"}));
}

TEST(PositionIo, AcceptsADoubleDotStockOfSixteen) {
    Json doc = dealt_json(VariantId::DoubleDot, 6, 13);
    for (int i = 0; i < 24; ++i) {
        doc["tableau"][i % 8].push_back(doc["stock"][0]);
        doc["stock"].erase(0);
    }
    EXPECT_EQ(parse_position(doc.dump(), kSource).stock.size(), 16u);
}

}  // namespace
}  // namespace patience
