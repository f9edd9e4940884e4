// patience: the command line over the solver library.
#include <exception>
#include <iostream>
#include <string>

#include <boost/program_options/errors.hpp>

#include "core/input_error.hpp"
#include "solver/batch.hpp"
#include "solver/cli/commands.hpp"
#include "solver/cli/options.hpp"
#include "solver/solve.hpp"
#include "solver/version.hpp"

namespace {

constexpr const char* kUsage =
    "usage: patience COMMAND [OPTIONS]\n"
    "\n"
    "commands:\n"
    "  variants   list the variants and their rules\n"
    "  deal       print the deal for a variant and seed as a position file\n"
    "  solve      decide whether a deal or position can be won\n"
    "  check      replay a solution and say whether it wins\n"
    "  batch      solve a range of seeds in parallel, one JSON line per deal\n"
    "  stats      win rates with 95% intervals from batch files\n"
    "  compare    two batch runs deal by deal: deals gained and dropped, and whether by chance\n"
    "  bench      solve the built-in deals; print nodes per second and the node signature\n"
    "\n"
    "`patience COMMAND --help` describes each command's options; `patience --version` prints\n"
    "the version (and the commit it was built from).\n"
    "exit codes: 0 success (solve: won), 1 solve: lost / check: not a valid win / compare:\n"
    "            the runs disagree on a verdict or break the budgets' promise,\n"
    "            2 usage error or invalid input, 3 solve: unknown (a limit was hit),\n"
    "            5 batch: its output could not be written (disk full), 130/143 batch: stopped\n"
    "            by SIGINT/SIGTERM\n";

}  // namespace

int main(int argc, char** argv) {
    using namespace patience::cli;
    if (argc < 2) {
        std::cerr << kUsage;
        return kExitUsage;
    }
    const std::string command = argv[1];
    const Args args(argv + 2, argv + argc);
    try {
        if (command == "variants") return run_variants(args);
        if (command == "deal") return run_deal(args);
        if (command == "solve") return run_solve(args);
        if (command == "check") return run_check(args);
        if (command == "batch") return run_batch_command(args);
        if (command == "stats") return run_stats(args);
        if (command == "compare") return run_compare(args);
        if (command == "bench") return run_bench_command(args);
        if (command == "--version" || command == "version") {
            std::cout << "patience " << patience::solver_version_line() << "\n";
            return kExitOk;
        }
        if (command == "--help" || command == "-h" || command == "help") {
            std::cout << kUsage;
            return kExitOk;
        }
        std::cerr << "patience: unknown command '" << command << "' (try `patience --help`)\n";
        return kExitUsage;
    } catch (const IllegalMove& e) {
        std::cerr << "patience " << command << ": " << e.what() << "\n";
        return kExitLostOrInvalid;
    } catch (const patience::BatchOutputError& e) {
        std::cerr << "\npatience " << command << ": " << e.what()
                  << "; the lines written before are kept: make room and run the same command "
                     "again to go on\n";
        return kExitOutputFailed;
    } catch (const patience::InputError& e) {
        std::cerr << "patience " << command << ": " << e.what() << "\n";
        return kExitUsage;
    } catch (const boost::program_options::error& e) {
        std::cerr << "patience " << command << ": " << e.what() << " (see `patience " << command
                  << " --help`)\n";
        return kExitUsage;
    } catch (const patience::UnverifiedSolution& e) {
        std::cerr << "patience " << command << ": internal error: " << e.what() << "\n";
        return kExitInternal;
    } catch (const std::bad_alloc&) {
        std::cerr << "patience " << command << ": out of memory (lower --memory)\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        std::cerr << "patience " << command << ": internal error: " << e.what() << "\n";
        return kExitInternal;
    }
}
