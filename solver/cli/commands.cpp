#include "solver/cli/commands.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <tuple>

#include <nlohmann/json.hpp>

#include <boost/program_options.hpp>

#include "core/explain.hpp"
#include "core/input_error.hpp"
#include "core/position_io.hpp"
#include "core/pysol_deal.hpp"
#include "core/rules.hpp"
#include "solver/arena_size.hpp"
#include "solver/batch.hpp"
#include "solver/bench_suite.hpp"
#include "solver/cli/options.hpp"
#include "solver/cli/report.hpp"
#include "solver/mistake.hpp"
#include "solver/solve.hpp"

namespace po = boost::program_options;

namespace patience::cli {

namespace {

// Parses `args` against `options`; returns false (after printing the help) when --help was given.
bool parse(const std::string& command, const std::string& usage, po::options_description& options,
           const Args& args, po::variables_map& vm) {
    options.add_options()("help,h", "show this help");
    // No command takes positional arguments: a stray word (`--seed 1 2`) is an error, named.
    po::options_description hidden;
    hidden.add_options()("unexpected", po::value<std::vector<std::string>>());
    po::options_description all;
    all.add(options).add(hidden);
    po::positional_options_description positionals;
    positionals.add("unexpected", -1);
    po::store(po::command_line_parser(args).options(all).positional(positionals).run(), vm);
    po::notify(vm);
    if (vm.count("unexpected")) {
        throw InputError("unexpected argument " +
                         in_quotes(vm["unexpected"].as<std::vector<std::string>>().front()) +
                         " (options start with --)");
    }
    if (vm.count("help")) {
        std::cout << "usage: patience " << command << " " << usage << "\n\n" << options;
        return false;
    }
    return true;
}

std::string build_rule_name(BuildRule rule) {
    switch (rule) {
        case BuildRule::DownAnySuit: return "down, any suit";
        case BuildRule::DownInSuit: return "down in suit";
        case BuildRule::DownAlternateColour: return "down, alternate colour";
        case BuildRule::DownByTwo: return "down by two, any suit, wrapping";
    }
    return "?";
}

int exit_code_for(Verdict verdict) {
    switch (verdict) {
        case Verdict::Won: return kExitOk;
        case Verdict::Lost: return kExitLostOrInvalid;
        case Verdict::Unknown: return kExitUnknown;
    }
    return kExitUnknown;
}

// The moves from `start`, one per line: the token, then its cards in words (core/explain.hpp);
// with `boards`, the board before the first move and after every move.
void print_explained(const Position& start, const std::vector<Move>& moves, bool boards) {
    Position p = start;
    if (boards) std::cout << board_text(p);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        char number[32];
        std::snprintf(number, sizeof number, "%4zu. %-7s ", i + 1, to_string(moves[i]).c_str());
        std::cout << (boards ? "\n" : "") << number << describe_move(p, moves[i]) << "\n";
        apply_move(p, moves[i]);
        if (boards) std::cout << board_text(p);
    }
}

std::atomic<bool> g_stop_requested{false};
std::atomic<int> g_signal_received{0};

extern "C" void request_stop(int signal) {
    g_signal_received.store(signal);
    g_stop_requested.store(true);
}

// Catches SIGINT and SIGTERM for its lifetime, then restores what was there.
class SignalGuard {
  public:
    SignalGuard() {
        struct sigaction action {};
        action.sa_handler = request_stop;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &old_int_);
        ::sigaction(SIGTERM, &action, &old_term_);
    }
    ~SignalGuard() {
        ::sigaction(SIGINT, &old_int_, nullptr);
        ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    SignalGuard(const SignalGuard&) = delete;
    SignalGuard& operator=(const SignalGuard&) = delete;

  private:
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
};

// The width of the terminal on stderr (80 when it cannot be told).
std::size_t terminal_width() {
    struct winsize size {};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20) return size.ws_col;
    return 80;
}

// The progress line of a long `solve`: the nodes so far, the share of the node limit, the most
// cards up in a position searched (of `total_cards`), the rate, the time, and the complete
// search's estimate of the share of its tree done (a rough guide: search/tree_share.hpp), which
// tells whether a proof of loss may end.
std::string solve_progress_line(const SearchProgress& progress, double seconds,
                                const SearchLimits& limits, int total_cards) {
    const std::uint64_t nodes = progress.nodes;
    char text[200];
    int n = std::snprintf(text, sizeof text, "%llu nodes", static_cast<unsigned long long>(nodes));
    if (limits.node_limit != 0) {
        const double share = static_cast<double>(nodes) / static_cast<double>(limits.node_limit);
        n += std::snprintf(text + n, sizeof text - n, " (%.1f%% of --node-limit)", 100 * share);
    }
    if (progress.most_up >= 0) {
        n += std::snprintf(text + n, sizeof text - n, ", most cards up %d of %d",
                           progress.most_up, total_cards);
    }
    if (progress.tree_share > 0) {
        n += std::snprintf(text + n, sizeof text - n, ", tree ~%.3g%% done",
                           100 * progress.tree_share);
    }
    const double rate = seconds > 0 ? static_cast<double>(nodes) / seconds : 0;
    n += std::snprintf(text + n, sizeof text - n, ", %.0f nodes/s, %.0f s", rate, seconds);
    if (limits.time_limit_seconds > 0) {
        std::snprintf(text + n, sizeof text - n, " of --time-limit %g s",
                      limits.time_limit_seconds);
    }
    return text;
}

// --disable's help, for solve and batch alike.
std::string disable_help() {
    return "switch search techniques off, comma-separated (ablation studies; verdicts must not "
           "change): " + technique_names();
}

}  // namespace

int run_variants(const Args& args) {
    po::options_description options("variants options");
    options.add_options()("json", "print a JSON array");
    po::variables_map vm;
    if (!parse("variants", "[--json]", options, args, vm)) return kExitOk;

    if (vm.count("json")) {
        auto list = nlohmann::json::array();
        for (const auto& v : all_variants()) {
            list.push_back({{"name", v.name},
                            {"decks", v.decks},
                            {"columns", v.columns},
                            {"rows", v.full_rows},
                            {"foundations", v.foundation_piles},
                            {"build", build_rule_name(v.build)},
                            {"moves", v.moves == MoveUnit::Run ? "runs" : "top card"},
                            {"empty_column", v.empty_column == EmptyColumnRule::Anything
                                                 ? "anything"
                                                 : "king-headed only"},
                            {"stock", v.stock == StockRule::DrawToWaste ? "draw" : "deal"},
                            {"summary", v.summary}});
        }
        std::cout << list.dump(2) << "\n";
        return kExitOk;
    }
    for (const auto& v : all_variants()) {
        std::cout << v.name << std::string(16 - v.name.size(), ' ') << v.summary << "\n";
    }
    return kExitOk;
}

int run_deal(const Args& args) {
    po::options_description options("deal options");
    add_deal_options(options);
    po::variables_map vm;
    if (!parse("deal",
               "(--variant V (--seed N [--ranks R] | --pysol N) | --position FILE)\n"
               "       [--moves \"TOKENS\" | --moves-file FILE]",
               options, args, vm)) {
        return kExitOk;
    }
    std::cout << position_to_json(start_position(vm).position);
    return kExitOk;
}

namespace {

// --sample-positions: the folder, made before the search so that a bad one fails at once.
void make_sample_folder(const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error || !std::filesystem::is_directory(dir)) {
        throw InputError("--sample-positions: cannot make the folder " + in_quotes(dir) +
                         (error ? ": " + error.message() : ": a file is in the way"));
    }
}

// The name every sample file of this start begins with.
std::string sample_prefix(const StartPosition& start) {
    const std::string variant(start.position.rules().name);
    if (start.pysol) return variant + "-pysol-" + std::to_string(*start.pysol);
    if (start.seed) return variant + "-" + std::to_string(*start.seed);
    return variant + "-position";
}

void write_samples(const std::string& dir, const std::string& prefix,
                   const std::vector<Position>& samples) {
    for (std::size_t k = 0; k < samples.size(); ++k) {
        const auto path =
            std::filesystem::path(dir) / (prefix + "-" + std::to_string(k + 1) + ".json");
        std::ofstream out(path);
        out << position_to_json(samples[k]);
        if (!out.flush()) {
            throw InputError("--sample-positions: cannot write " + in_quotes(path.string()));
        }
    }
}

}  // namespace

int run_solve(const Args& args) {
    po::options_description options("solve options");
    add_deal_options(options);
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("node-limit", po::value<std::string>()->default_value("1000000"),
         "stop with `unknown` after this many positions (0: no limit)")
        ("time-limit", po::value<std::string>()->default_value("0"),
         "stop with `unknown` after this many seconds (0: no limit)")
        ("memory", po::value<std::string>()->default_value("64"),
         "memory for the transposition table in MiB (with --reference: the most its visited "
         "set may use, `unknown` when full)")
        ("threads", po::value<std::string>()->default_value("1"),
         "threads searching the position together (the portfolio's searches in parallel over "
         "one table); only 1 gives the same nodes every run")
        ("reference", "use the exhaustive reference search (slow; the ground truth for tests)")
        ("disable", po::value<std::string>(), disable_help().c_str())
        ("solution", "print the winning moves (when not won: the furthest line's, the moves to "
                     "the most cards up)")
        ("explain", "print the winning (or furthest line's) moves one per line, with the cards "
                    "each one moves")
        ("boards", "with --explain: also print the board before the first move and after each")
        ("confirm-lost", "re-prove a `lost` with independently drawn position keys and a fresh "
                         "table (as long again); prints whether it was confirmed")
        ("key-set", po::value<std::string>()->default_value("0"),
         "position keys: 0 (the search's) or 1 (the independent ones --confirm-lost re-proves "
         "with): a second machine can re-prove a long `lost` with 1 while the first proves it")
        ("proof-effort", po::value<std::string>()->default_value("1"),
         "1 to 1000: how many times their default budget the waste-drain tests may spend proving "
         "the position lost (above 1, a deal's search makes their anchors too): more proves "
         "more positions lost in fewer nodes, at more time where there is no loss to find")
        ("find-mistake", "with --moves: when the position they reach is lost, find the move "
                         "that lost the game (the positions along them solved by bisection)")
        ("histogram", "also print where the nodes went: counts by cards left in the stock and "
                      "cards on the foundations, for the complete search and the probes")
        ("sample-positions", po::value<std::string>(),
         "write positions the complete search expanded to this folder (made if missing), one "
         "position file each, named VARIANT-SEED-K.json (VARIANT-pysol-N-K.json, or "
         "VARIANT-position-K.json): every --sample-every-th one with as many stock cards as "
         "--sample-stock says, up to 1,000")
        ("sample-every", po::value<std::string>()->default_value("10000"),
         "with --sample-positions: keep every this many-th position that qualifies")
        ("sample-stock", po::value<std::string>()->default_value("16"),
         "with --sample-positions: only positions with at most MAX stock cards, or with A to B "
         "of them (A-B)")
        ("progress-every", po::value<std::string>()->default_value("30"),
         "a search that runs longer than a second prints its progress on standard error: on a "
         "terminal, one line redrawn twice a second; elsewhere (a log), a line every this many "
         "seconds (0: never)")
        ("json", "print one JSON object");
    // clang-format on
    po::variables_map vm;
    const std::string usage =
        "(--variant V (--seed N [--ranks R] | --pysol N) | --position FILE)\n"
        "       [--moves \"TOKENS\" | --moves-file FILE] [--node-limit N] [--time-limit S]\n"
        "       [--memory MIB] [--threads T] [--solution] [--json] [--reference] [--disable LIST]\n"
        "       [--histogram] [--confirm-lost] [--key-set K] [--proof-effort K]\n"
        "       [--explain [--boards]] [--find-mistake] [--progress-every S]\n"
        "       [--sample-positions DIR [--sample-every N] [--sample-stock MAX|A-B]]";
    if (!parse("solve", usage, options, args, vm)) return kExitOk;
    const bool explain = vm.count("explain") > 0;
    const bool boards = vm.count("boards") > 0;
    if (boards && !explain) throw InputError("--boards goes with --explain");
    if (explain && vm.count("json")) {
        throw InputError("--explain prints text; --json has the solution as an array already");
    }

    SolveOptions solve_options;
    if (vm.count("reference")) solve_options.engine = Engine::Reference;
    solve_options.limits.node_limit = parse_u64("--node-limit", vm["node-limit"].as<std::string>());
    solve_options.limits.time_limit_seconds =
        parse_seconds("--time-limit", vm["time-limit"].as<std::string>());
    solve_options.limits.memory_bytes = parse_memory_mib(vm["memory"].as<std::string>());
    solve_options.threads =
        static_cast<int>(parse_bounded("--threads", vm["threads"].as<std::string>(), 1, 1024));
    if (vm.count("disable")) {
        solve_options.techniques = parse_disabled_techniques(vm["disable"].as<std::string>());
    }
    solve_options.histogram = vm.count("histogram") > 0;
    if (solve_options.histogram && solve_options.engine == Engine::Reference) {
        throw InputError("--histogram describes the fast solver's search, not --reference");
    }
    if (vm.count("sample-positions")) {
        if (solve_options.engine == Engine::Reference) {
            throw InputError(
                "--sample-positions samples the fast solver's search, not --reference");
        }
        solve_options.sample.every = parse_bounded(
            "--sample-every", vm["sample-every"].as<std::string>(), 1, UINT64_MAX);
        const std::string stock = vm["sample-stock"].as<std::string>();
        if (stock.find('-') == std::string::npos) {
            solve_options.sample.max_stock =
                static_cast<int>(parse_bounded("--sample-stock", stock, 0, 128));
        } else {
            const auto [least, most] = parse_range("--sample-stock", stock, "8-16");
            if (most > 128) {
                throw InputError("--sample-stock: at most 128 stock cards, got " +
                                 in_quotes(stock));
            }
            solve_options.sample.min_stock = static_cast<int>(least);
            solve_options.sample.max_stock = static_cast<int>(most);
        }
    } else if (!vm["sample-every"].defaulted() || !vm["sample-stock"].defaulted()) {
        throw InputError("--sample-every and --sample-stock go with --sample-positions");
    }
    solve_options.key_set =
        static_cast<int>(parse_bounded("--key-set", vm["key-set"].as<std::string>(), 0, 1));
    if (solve_options.key_set != 0 && solve_options.engine == Engine::Reference) {
        throw InputError(
            "--key-set picks the fast solver's keys; --reference keeps exact positions");
    }
    solve_options.proof_effort = static_cast<int>(
        parse_bounded("--proof-effort", vm["proof-effort"].as<std::string>(), 1, kMaxProofEffort));
    if (solve_options.proof_effort != 1 && solve_options.engine == Engine::Reference) {
        throw InputError("--proof-effort sets the fast solver's tests; --reference has none");
    }
    solve_options.confirm_lost = vm.count("confirm-lost") > 0;
    if (solve_options.confirm_lost && solve_options.engine == Engine::Reference) {
        throw InputError(
            "--confirm-lost re-proves the fast solver's losses; --reference keeps "
            "exact positions and needs no confirmation");
    }
    const double plain_every =
        parse_seconds("--progress-every", vm["progress-every"].as<std::string>());
    const StartPosition start = start_position(vm);
    const bool find_mistake_asked = vm.count("find-mistake") > 0;
    if (find_mistake_asked && start.moves_played == 0) {
        throw InputError(
            "--find-mistake looks along the moves of --moves or --moves-file: give them");
    }

    // SIGINT and SIGTERM stop the search within a turn; what it found so far is printed (an
    // `unknown`, with the nodes searched) and the exit code is 128 + the signal.
    solve_options.limits.cancel = &g_stop_requested;
    const SignalGuard signals;
    // Progress: on a terminal, once the search has run a second, one line redrawn in place twice
    // a second and erased at the end; elsewhere a plain line every --progress-every seconds.
    const bool terminal = ::isatty(STDERR_FILENO) == 1;
    const auto started = std::chrono::steady_clock::now();
    std::mutex progress_mutex;
    double next_line = terminal ? 1.0 : plain_every;
    bool drawn = false;
    if (terminal || plain_every > 0) {
        solve_options.limits.progress = [&](const SearchProgress& progress) {
            const std::unique_lock lock(progress_mutex, std::try_to_lock);
            if (!lock.owns_lock()) return;  // another thread is printing
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (seconds < next_line) return;
            const std::string line = solve_progress_line(progress, seconds, solve_options.limits,
                                                         start.position.total_cards());
            if (terminal) {
                std::cerr << "\rpatience solve: " << line << "\x1b[K" << std::flush;
                drawn = true;
                next_line = seconds + 0.5;
            } else {
                std::cerr << "patience solve: " << line << "\n" << std::flush;
                next_line = seconds + plain_every;
            }
        };
    }
    const std::string sample_dir =
        vm.count("sample-positions") ? vm["sample-positions"].as<std::string>() : "";
    if (!sample_dir.empty()) make_sample_folder(sample_dir);
    const SolveResult result = solve(start.position, solve_options);
    if (!sample_dir.empty()) write_samples(sample_dir, sample_prefix(start), result.samples);
    {
        const std::lock_guard lock(progress_mutex);  // the search's threads wrote `drawn`
        if (drawn) std::cerr << "\r\x1b[K" << std::flush;
    }
    // Where the moves lost the game (mistake.hpp), when they reach a lost position: each position
    // solved as the one asked for was, less what only the answer for that one prints.
    std::optional<MistakeReport> mistake;
    if (find_mistake_asked && result.verdict == Verdict::Lost && g_signal_received.load() == 0) {
        SolveOptions each = solve_options;
        each.histogram = false;
        each.sample = SampleSpec{};
        each.confirm_lost = false;
        each.limits.progress = nullptr;
        mistake = find_mistake(start.before_moves, start.moves, each,
                               [&](std::size_t k, const SolveResult& r) {
                                   std::cerr << "patience solve: after move " << k << " of "
                                             << start.moves.size() << ": " << to_string(r.verdict)
                                             << " (" << r.nodes << " nodes)\n";
                               });
    }
    const int signal = g_signal_received.load();
    // Why a lost position is lost, where the dead-end test sees it at once (dead_end.hpp).
    const std::vector<StuckCard> stuck =
        result.verdict == Verdict::Lost && solve_options.techniques.dead_ends
            ? dead_end_cards(start.position, {true, solve_options.techniques.stock_prefix})
            : std::vector<StuckCard>{};
    // Or, where it is no dead end, the waste card it cannot drain down to (waste_drain.hpp), as
    // the complete search's start found it.
    const int drained = stuck.empty() ? result.waste_drain_card : -1;

    if (vm.count("json")) {
        nlohmann::json out = {{"variant", start.position.rules().name},
                              {"ranks", start.position.ranks},
                              {"result", to_string(result.verdict)},
                              {"nodes", result.nodes},
                              {"seconds", result.seconds}};
        if (start.seed) out["seed"] = *start.seed;
        if (start.pysol) out["pysol"] = *start.pysol;
        if (start.moves_played > 0) out["moves_played"] = start.moves_played;
        if (start.pysol && result.verdict == Verdict::Lost) out["note"] = kPysolLostNote;
        if (!result.decided_by.empty()) out["decided_by"] = result.decided_by;
        if (result.most_up >= 0) out["most_up"] = result.most_up;
        if (result.verdict == Verdict::Unknown) {
            out["limit"] = to_string(result.limit);
            out["tree_share"] = result.tree_share;
        }
        const auto tokens = [](const std::vector<Move>& moves) {
            auto list = nlohmann::json::array();
            for (const Move& m : moves) list.push_back(to_string(m));
            return list;
        };
        if (result.verdict == Verdict::Won) {
            out["moves"] = result.solution.size();
            out["search_moves"] = result.search_moves;
            out["solution"] = tokens(result.solution);
        } else if (vm.count("solution") || explain) {
            out["furthest_line"] = tokens(result.furthest_line);
        }
        if (solve_options.key_set != 0) out["key_set"] = solve_options.key_set;
        if (solve_options.proof_effort != 1) out["proof_effort"] = solve_options.proof_effort;
        if (result.confirmation != Confirmation::NotAsked) {
            out["confirmation"] = to_string(result.confirmation);
            out["confirmation_nodes"] = result.confirmation_nodes;
        }
        if (!stuck.empty()) out["dead_end"] = dead_end_json(start.position, stuck);
        if (drained >= 0) out["waste_drain"] = waste_drain_json(start.position, drained);
        if (mistake) out["mistake"] = mistake_json(*mistake, start.moves);
        if (!result.histogram.empty()) out["histogram"] = histogram_json(result.histogram);
        if (!sample_dir.empty()) out["samples"] = result.samples.size();
        std::cout << out.dump() << "\n";
    } else {
        std::cout << "result: " << to_string(result.verdict);
        if (result.verdict == Verdict::Unknown) std::cout << " (" << to_string(result.limit) << ")";
        if (start.pysol && result.verdict == Verdict::Lost) std::cout << " (" << kPysolLostNote << ")";
        std::cout << "\nnodes: " << result.nodes << "\nseconds: " << result.seconds << "\n";
        if (!result.decided_by.empty()) std::cout << "decided by: " << result.decided_by << "\n";
        if (!stuck.empty()) std::cout << "why: " << dead_end_line(start.position, stuck) << "\n";
        if (drained >= 0) {
            std::cout << "why: " << waste_drain_line(start.position, drained) << "\n";
        }
        if (mistake) {
            std::cout << "mistake: " << mistake_line(*mistake, start.moves) << "\n";
        } else if (find_mistake_asked && result.verdict == Verdict::Won) {
            std::cout << "mistake: none: the game can still be won\n";
        } else if (find_mistake_asked) {
            std::cout << "mistake: not looked for: whether the game can still be won is "
                         "undecided\n";
        }
        if (result.verdict != Verdict::Won && result.most_up >= 0) {
            std::cout << "most cards up: " << result.most_up << " of "
                      << start.position.total_cards() << " (the furthest a line searched got)\n";
        }
        if (result.verdict == Verdict::Unknown && result.tree_share > 0) {
            char share[64];
            std::snprintf(share, sizeof share, "~%.3g%%", 100 * result.tree_share);
            std::cout << "tree: " << share << " of the complete search's done (a rough guide)\n";
        }
        if (solve_options.key_set != 0) std::cout << "key set: " << solve_options.key_set << "\n";
        if (solve_options.proof_effort != 1) {
            std::cout << "proof effort: " << solve_options.proof_effort << "\n";
        }
        if (result.confirmation != Confirmation::NotAsked) {
            std::cout << "confirmation: " << to_string(result.confirmation) << " ("
                      << result.confirmation_nodes << " nodes with independent keys)\n";
        }
        if (result.verdict == Verdict::Won) {
            std::cout << "moves: " << result.solution.size();
            if (result.search_moves != result.solution.size()) {
                std::cout << " (shortened from the search's " << result.search_moves << ")";
            }
            std::cout << "\n";
            if (vm.count("solution")) {
                std::cout << "solution: " << format_moves(result.solution) << "\n";
            }
            if (explain) print_explained(start.position, result.solution, boards);
        } else if (result.most_up >= 0 && (vm.count("solution") || explain)) {
            const std::size_t length = result.furthest_line.size();
            std::cout << "furthest line: " << length << (length == 1 ? " move" : " moves")
                      << " to " << result.most_up << (result.most_up == 1 ? " card" : " cards")
                      << " up\n";
            if (vm.count("solution")) {
                std::cout << "line: " << format_moves(result.furthest_line) << "\n";
            }
            if (explain) print_explained(start.position, result.furthest_line, boards);
        }
        if (!result.histogram.empty()) std::cout << histogram_table(result.histogram);
        if (!sample_dir.empty()) {
            std::cout << "samples: " << result.samples.size() << " positions in " << sample_dir
                      << "\n";
        }
    }
    if (signal != 0 && result.limit == LimitHit::Cancelled) {
        std::cerr << "patience solve: stopped by " << (signal == SIGINT ? "SIGINT" : "SIGTERM")
                  << " after " << result.nodes << " nodes\n";
        return 128 + signal;
    }
    return exit_code_for(result.verdict);
}

int run_check(const Args& args) {
    po::options_description options("check options");
    add_deal_options(options);
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("solution", po::value<std::string>(),
         "file of moves, separated by white space (- for stdin)")
        ("explain", "print the moves one per line, with the cards each one moves, as they replay")
        ("boards", "with --explain: also print the board before the first move and after each");
    // clang-format on
    po::variables_map vm;
    const std::string usage =
        "(--variant V (--seed N [--ranks R] | --pysol N) | --position FILE)\n"
        "       [--moves \"TOKENS\" | --moves-file FILE] --solution FILE [--explain [--boards]]";
    if (!parse("check", usage, options, args, vm)) return kExitOk;
    if (!vm.count("solution")) throw InputError("--solution FILE is required");
    const std::string path = vm["solution"].as<std::string>();
    for (const char* other : {"position", "moves-file"}) {
        if (path == "-" && vm.count(other) && vm[other].as<std::string>() == "-") {
            throw InputError(std::string("--") + other +
                             " and --solution cannot both read standard input");
        }
    }
    const StartPosition start = start_position(vm);

    const std::vector<Move> moves =
        parse_move_tokens(read_text_file(path, kMaxMovesFileBytes), path == "-" ? "<stdin>" : path);
    const ReplayResult replayed = replay(start.position, moves);
    if (vm.count("boards") && !vm.count("explain")) {
        throw InputError("--boards goes with --explain");
    }
    if (vm.count("explain")) {
        // The legal part of the line: an illegal move is reported below.
        const std::size_t legal = replayed.all_legal ? moves.size() : replayed.first_illegal;
        print_explained(start.position,
                        std::vector<Move>(moves.begin(), moves.begin() + static_cast<long>(legal)),
                        vm.count("boards") > 0);
    }
    if (!replayed.all_legal) {
        std::cout << "invalid: move " << replayed.first_illegal + 1 << " of " << moves.size()
                  << " (" << to_string(moves[replayed.first_illegal])
                  << ") is illegal: " << replayed.reason << "\n";
        return kExitLostOrInvalid;
    }
    if (!replayed.won) {
        const Position& end = replayed.final_position;
        const std::string legal = moves.empty() ? "no moves given"
                                  : moves.size() == 1
                                      ? "the one move is legal"
                                      : "all " + std::to_string(moves.size()) + " moves are legal";
        std::cout << "not won: " << legal << ", but only " << end.cards_on_foundations() << " of "
                  << end.total_cards() << " cards are on the foundations\n";
        return kExitLostOrInvalid;
    }
    std::cout << "won: " << moves.size() << " legal moves put every card on the foundations\n";
    return kExitOk;
}

}  // namespace patience::cli

namespace patience::cli {

namespace {

std::vector<VariantId> parse_variant_list(const std::string& text) {
    std::vector<VariantId> variants;
    if (text == "all") {
        for (const auto& v : all_variants()) variants.push_back(v.id);
        return variants;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const VariantId id = parse_variant_option(text.substr(start, comma - start), ", or all");
        if (std::find(variants.begin(), variants.end(), id) == variants.end()) {
            variants.push_back(id);
        }
        start = comma + 1;
    }
    return variants;
}

}  // namespace

namespace {

struct Shard {
    std::uint64_t index = 1;  // K, from 1
    std::uint64_t count = 1;  // N
    std::string source;       // "--shard" or the Slurm variables it came from
};

std::uint64_t slurm_number(const char* name) {
    const char* value = std::getenv(name);
    if (value == nullptr) throw InputError(std::string(name) + " is not set");
    return parse_u64(name, value);
}

// --shard K/N, else the Slurm job array task's place in its array (SLURM_ARRAY_TASK_ID among
// SLURM_ARRAY_TASK_MIN.., SLURM_ARRAY_TASK_COUNT tasks, or up to SLURM_ARRAY_TASK_MAX), else none.
// Array indices must be consecutive (no step), as the job script in scripts/slurm/ makes them.
std::optional<Shard> shard_of_run(const po::variables_map& vm) {
    Shard shard;
    if (vm.count("shard")) {
        std::tie(shard.index, shard.count) = parse_shard(vm["shard"].as<std::string>());
        shard.source = "--shard";
        return shard;
    }
    if (std::getenv("SLURM_ARRAY_TASK_ID") != nullptr) {
        const std::uint64_t id = slurm_number("SLURM_ARRAY_TASK_ID");
        const std::uint64_t min = slurm_number("SLURM_ARRAY_TASK_MIN");
        const std::uint64_t count = std::getenv("SLURM_ARRAY_TASK_COUNT") != nullptr
                                        ? slurm_number("SLURM_ARRAY_TASK_COUNT")
                                        : slurm_number("SLURM_ARRAY_TASK_MAX") - min + 1;
        if (id < min) throw InputError("SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN");
        shard.index = id - min + 1;
        shard.count = count;
        shard.source = "Slurm array task " + std::to_string(id);
    } else {
        return std::nullopt;
    }
    if (shard.count == 0 || shard.index > shard.count) {
        throw InputError("shard " + std::to_string(shard.index) + "/" +
                         std::to_string(shard.count) + " (" + shard.source +
                         "): K must be between 1 and N");
    }
    return shard;
}

}  // namespace

int run_batch_command(const Args& args) {
    po::options_description options("batch options");
    // The CPUs this process may use (oneTBB reads its affinity mask: a Slurm task's share).
    const int cores = arena_size(1 << 20);
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("variant", po::value<std::string>(), "variants, comma-separated, or all")
        ("seeds", po::value<std::string>(), "seed range A-B (inclusive)")
        ("pysol", "the seeds are PySolFC game numbers (recorded so in every line)")
        ("ranks", po::value<std::string>()->default_value("13"), "ranks per suit, 1..13")
        ("threads", po::value<std::string>()->default_value(std::to_string(cores)),
         "deals solved at once (default: every core this process may use)")
        ("out", po::value<std::string>(),
         "append one JSON line per deal to this file, skipping deals already in it "
         "(default, or -: standard output)")
        ("progress-every", po::value<std::string>()->default_value("30"),
         "when standard error is not a terminal (a log, a cluster job): print a progress line "
         "every this many seconds (0: never)")
        ("shard", po::value<std::string>(),
         "K/N: solve only the K-th (from 1) of N contiguous slices of --seeds; without it, a "
         "Slurm job array task takes its slice from SLURM_ARRAY_TASK_ID and the array's size. "
         "{shard} in --out becomes K")
        ("retry-unknown", "solve again the deals whose line in --out is `unknown` and was "
                          "solved under other conditions (e.g. a smaller --node-limit); the "
                          "new line supersedes the old one")
        ("node-limit", po::value<std::string>()->default_value("1000000"),
         "per deal: `unknown` after this many positions (0: no limit)")
        ("time-limit", po::value<std::string>()->default_value("0"),
         "per deal: `unknown` after this many seconds (0: no limit)")
        ("memory", po::value<std::string>(),
         "MiB of transposition tables, shared by the threads (default: 64 per thread)")
        ("proof-effort", po::value<std::string>()->default_value("1"),
         "per deal, as solve's --proof-effort (1 to 1000): more proves more deals lost, at more "
         "time a deal; recorded in each line (\"proof_effort\", where not 1)")
        ("confirm-lost", "re-prove every `lost` with independently drawn position keys (as long "
                         "again), as solve's --confirm-lost; its line says whether it was "
                         "confirmed (\"confirmation\")")
        ("disable", po::value<std::string>(), disable_help().c_str());
    // clang-format on
    po::variables_map vm;
    const std::string usage =
        "--variant V[,V...]|all --seeds A-B [--pysol] [--ranks R] [--threads T] [--out FILE]\n"
        "       [--retry-unknown] [--node-limit N] [--time-limit S] [--memory MIB]\n"
        "       [--proof-effort K] [--confirm-lost] [--disable LIST] [--progress-every S]\n"
        "       [--shard K/N]";
    if (!parse("batch", usage, options, args, vm)) return kExitOk;
    if (!vm.count("variant")) throw InputError("--variant is required (a name, a list, or all)");
    if (!vm.count("seeds")) throw InputError("--seeds A-B is required");

    BatchConfig config;
    std::string shard_number;  // K, when this run is a shard
    config.variants = parse_variant_list(vm["variant"].as<std::string>());
    const std::string seeds = vm["seeds"].as<std::string>();
    std::tie(config.first_seed, config.last_seed) = parse_seed_range(seeds);
    const auto shard = shard_of_run(vm);
    std::optional<std::pair<std::uint64_t, std::uint64_t>> shard_range;
    if (shard) {
        shard_range = shard_seeds(config.first_seed, config.last_seed, shard->index, shard->count);
        if (shard_range) std::tie(config.first_seed, config.last_seed) = *shard_range;
        shard_number = std::to_string(shard->index);
    }
    // The runner lists a run's deals up front (24 bytes each); longer runs are for shards.
    constexpr std::uint64_t kMaxDealsPerRun = 100'000'000;
    if (config.last_seed - config.first_seed >= kMaxDealsPerRun) {
        throw InputError("--seeds: " + seeds + " is more than " +
                         std::to_string(kMaxDealsPerRun) +
                         " seeds for one run; split it into shards (scripts/shard.sh)");
    }
    config.ranks =
        static_cast<int>(parse_bounded("--ranks", vm["ranks"].as<std::string>(), 1, kMaxRanks));
    if (vm.count("pysol")) {
        config.pysol = true;
        if (config.ranks != kMaxRanks) {
            throw InputError("--pysol deals use the full deck: --ranks does not apply");
        }
        for (VariantId v : config.variants) {
            if (auto problem = pysol_problem(v)) throw InputError("--pysol: " + *problem);
        }
        if (config.first_seed == 0) {
            throw InputError("--seeds: PySolFC game numbers start at 1 (PySolFC has no game #0)");
        }
    }
    for (VariantId v : config.variants) {
        if (auto problem = ranks_problem(rules_of(v), config.ranks)) {
            throw InputError("--ranks: " + *problem);
        }
    }
    config.threads =
        static_cast<int>(parse_bounded("--threads", vm["threads"].as<std::string>(), 1, 1024));
    config.limits.node_limit = parse_u64("--node-limit", vm["node-limit"].as<std::string>());
    config.limits.time_limit_seconds =
        parse_seconds("--time-limit", vm["time-limit"].as<std::string>());
    config.limits.memory_bytes =
        vm.count("memory") ? parse_memory_mib(vm["memory"].as<std::string>())
                           : (std::uint64_t{64} << 20) * static_cast<std::uint64_t>(config.threads);
    if (shard) {
        std::cerr << "patience batch: shard " << shard->index << "/" << shard->count << " ("
                  << shard->source << ") of seeds " << seeds << ": ";
        if (!shard_range) {
            std::cerr << "no seeds (more shards than seeds); nothing to do\n";
            return kExitOk;
        }
        std::cerr << "seeds " << config.first_seed << "-" << config.last_seed << "\n";
    }
    if (vm.count("out") && vm["out"].as<std::string>() != "-") {
        config.out_path = vm["out"].as<std::string>();
        const auto mark = config.out_path.find("{shard}");
        if (mark != std::string::npos) {
            if (shard_number.empty()) {
                throw InputError(
                    "--out: {shard} names a shard's file, but this run is not a "
                    "shard (--shard K/N, or a Slurm array task)");
            }
            config.out_path.replace(mark, 7, shard_number);
        }
    }
    config.retry_unknown = vm.count("retry-unknown") > 0;
    if (config.retry_unknown && config.out_path.empty()) {
        throw InputError("--retry-unknown re-solves the unknown deals of an --out file; give one");
    }
    config.notice = [](const std::string& text) {
        std::cerr << "patience batch: " << text << "\n";
    };
    if (vm.count("disable")) {
        config.techniques = parse_disabled_techniques(vm["disable"].as<std::string>());
    }
    config.proof_effort = static_cast<int>(parse_bounded(
        "--proof-effort", vm["proof-effort"].as<std::string>(), 1, kMaxProofEffort));
    config.confirm_lost = vm.count("confirm-lost") > 0;

    // SIGINT and SIGTERM stop the batch between turns of the search: the deals being solved are
    // dropped, the lines written stay (synced), and the same command resumes.
    config.limits.cancel = &g_stop_requested;
    const SignalGuard signals;

    // On a terminal, one line redrawn in place, cut to its width; elsewhere (a log file, a
    // cluster's output) a plain line every --progress-every seconds.
    const double plain_every =
        parse_seconds("--progress-every", vm["progress-every"].as<std::string>());
    const bool terminal = ::isatty(STDERR_FILENO) == 1;
    // Off a terminal the batch's reports come at the plain lines' pace, one line each.
    if (!terminal && plain_every > 0) config.progress_interval = plain_every;
    bool printed = false;
    // A file size limit (ulimit -f) must fail the write, not kill the process mid-line.
    std::signal(SIGXFSZ, SIG_IGN);
    const Statistics summary = run_batch(config, [&](const BatchProgress& p) {
        if (terminal) {
            std::cerr << "\r" << progress_line(p, terminal_width() - 1) << "\x1b[K" << std::flush;
            printed = true;
        } else if (plain_every > 0 && p.done < p.total) {
            std::cerr << "patience batch: " << progress_line(p) << "\n" << std::flush;
        }
    });
    if (printed) std::cerr << "\n";
    // The summary goes where it cannot mix with the records.
    std::ostream& report = config.out_path.empty() ? std::cerr : std::cout;
    report << summary_table(summary.summaries());
    const int signal = g_signal_received.load();
    if (signal != 0) {
        const std::uint64_t saved = summary.size();
        std::cerr << "patience batch: stopped by " << (signal == SIGINT ? "SIGINT" : "SIGTERM")
                  << ": " << saved << (saved == 1 ? " deal" : " deals") << " of this range ";
        if (config.out_path.empty()) {
            std::cerr << "written to standard output (give --out FILE to resume a batch)\n";
        } else {
            std::cerr << "saved in " << config.out_path
                      << "; run the same command again to solve the rest\n";
        }
        return 128 + signal;
    }
    return kExitOk;
}

// Reads batch files into `stats`, each malformed line reported on stderr and skipped; returns
// how many were.
std::uint64_t read_batch_files(const char* command, const std::vector<std::string>& files,
                               Statistics& stats) {
    std::uint64_t malformed = 0;
    for (const std::string& path : files) {
        stats.add_file(path, [&](std::size_t line, const std::string& why) {
            ++malformed;
            std::cerr << "patience " << command << ": " << path << ":" << line << ": " << why
                      << " (line skipped)\n";
        });
    }
    return malformed;
}

int run_stats(const Args& args) {
    po::options_description options("stats options");
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("json", "print one JSON object")
        ("csv", "print CSV, one row per variant and rank count");
    // clang-format on
    // The files are positional: parse() refuses stray words, so name them here.
    std::vector<std::string> files;
    Args rest;
    for (const std::string& arg : args) {
        if (arg.empty() || arg[0] != '-' || arg == "-") {
            files.push_back(arg);
        } else {
            rest.push_back(arg);
        }
    }
    po::variables_map vm;
    if (!parse("stats", "FILE... [--json | --csv]", options, rest, vm)) return kExitOk;
    if (files.empty()) throw InputError("at least one batch file is required");
    if (vm.count("json") && vm.count("csv")) throw InputError("--json and --csv exclude each other");

    Statistics stats;
    const std::uint64_t malformed = read_batch_files("stats", files, stats);
    if (stats.size() == 0) throw InputError("no batch records in the given files");
    if (stats.conflicts() > 0) {
        std::cerr << "patience stats: warning: " << stats.conflicts()
                  << (stats.conflicts() == 1 ? " deal has" : " deals have")
                  << " both a won and a lost line (the first was kept)\n";
    }
    const auto summaries = stats.summaries();
    for (const VariantSummary& s : summaries) {
        if (s.stale_unknown == 0) continue;
        // Its bounds mix budgets: an unknown deal might be decided under the larger limit.
        std::cerr << "patience stats: warning: " << rules_of(s.variant).name << " (" << s.ranks
                  << " ranks): " << s.stale_unknown << " unknown "
                  << (s.stale_unknown == 1 ? "deal was" : "deals were")
                  << " solved under a smaller node limit than others of the same row ("
                  << (s.max_node_limit == 0 ? std::string("none")
                                            : std::to_string(s.max_node_limit))
                  << "); re-solve them with `patience batch ... --retry-unknown` at that limit\n";
    }
    if (vm.count("json")) {
        auto out = summary_json(summaries);
        out["duplicates"] = stats.duplicates();
        out["malformed_lines"] = malformed;
        std::cout << out.dump(2) << "\n";
    } else if (vm.count("csv")) {
        std::cout << summary_csv(summaries);
    } else {
        std::cout << summary_table(summaries);
        if (stats.duplicates() > 0 || malformed > 0) {
            std::cout << stats.duplicates() << " duplicate lines ignored, " << malformed
                      << " malformed lines skipped\n";
        }
    }
    return kExitOk;
}

int run_compare(const Args& args) {
    po::options_description options("compare options");
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("before", po::value<std::vector<std::string>>(),
         "more batch files of the first run (shards), besides BEFORE")
        ("after", po::value<std::vector<std::string>>(),
         "more batch files of the second run (shards), besides AFTER")
        ("json", "print one JSON object");
    // clang-format on
    std::vector<std::string> files;
    Args rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--before" || arg == "--after") {
            rest.push_back(arg);
            if (i + 1 < args.size()) rest.push_back(args[++i]);
        } else if (arg.empty() || arg[0] != '-' || arg == "-") {
            files.push_back(arg);
        } else {
            rest.push_back(arg);
        }
    }
    po::variables_map vm;
    const char* usage = "BEFORE AFTER [--before FILE]... [--after FILE]... [--json]";
    if (!parse("compare", usage, options, rest, vm)) return kExitOk;
    if (files.size() != 2) {
        throw InputError("two batch files are required, the run before and the run after (got " +
                         std::to_string(files.size()) + ")");
    }
    std::vector<std::string> before_files{files[0]}, after_files{files[1]};
    for (const char* side : {"before", "after"}) {
        if (!vm.count(side)) continue;
        auto& into = std::string(side) == "before" ? before_files : after_files;
        for (const auto& f : vm[side].as<std::vector<std::string>>()) into.push_back(f);
    }
    Statistics before, after;
    read_batch_files("compare", before_files, before);
    read_batch_files("compare", after_files, after);
    if (before.size() == 0) throw InputError(before_files[0] + ": no batch records");
    if (after.size() == 0) throw InputError(after_files[0] + ": no batch records");
    for (const auto& [run, name] : {std::pair{&before, "before"}, std::pair{&after, "after"}}) {
        if (run->conflicts() == 0) continue;
        std::cerr << "patience compare: warning: in the run " << name << ", "
                  << run->conflicts() << (run->conflicts() == 1 ? " deal has" : " deals have")
                  << " both a won and a lost line (the first was kept)\n";
    }
    const auto rows = compare_runs(before, after);
    std::cout << (vm.count("json") ? comparison_json(rows).dump(2) + "\n" : comparison_table(rows));
    for (const ComparisonRow& row : rows) {
        if (row.conflicts > 0 || row.budget_violations > 0) return kExitLostOrInvalid;
    }
    return kExitOk;
}

}  // namespace patience::cli

namespace patience::cli {

int run_bench_command(const Args& args) {
    po::options_description options("bench options");
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("variant", po::value<std::string>(), "only this variant's deals")
        ("threads", po::value<std::string>()->default_value("1"), "threads (default 1)")
        ("json", "print one JSON object");
    // clang-format on
    po::variables_map vm;
    if (!parse("bench", "[--variant V] [--threads T] [--json]", options, args, vm)) return kExitOk;
    std::vector<VariantId> only;
    if (vm.count("variant")) only.push_back(parse_variant_option(vm["variant"].as<std::string>()));
    const int threads =
        static_cast<int>(parse_bounded("--threads", vm["threads"].as<std::string>(), 1, 1024));
    const BenchResult bench = run_bench(only, threads);
    std::cout << (vm.count("json") ? bench_json(bench).dump(2) + "\n" : bench_table(bench));
    return kExitOk;
}

}  // namespace patience::cli
