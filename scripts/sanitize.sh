#!/usr/bin/env bash
# The test suite under sanitizers, in a build folder of its own, built by clang (installed where
# missing, scripts/clang.sh) with -O1 and line tables only (-g1), as the sanitizers' documentation
# suggests: enough for reports with file and line. On a 2-core machine clang builds it in 2.6
# minutes and the suite below ran in 4.6, where GCC 12 took 7.9 and 7.5 (at -O2, 9.9 to build
# for a suite 7% faster); without the long tests listed below it runs in 3.3. Usage:
#   scripts/sanitize.sh          AddressSanitizer + UndefinedBehaviorSanitizer, the whole suite
#                                (the Slurm and report scripts aside: they only drive the binary;
#                                and the long tests listed below)
#   scripts/sanitize.sh thread   ThreadSanitizer on the tests that run threads, with the
#                                suppressions of tests/tsan.supp (Debian's libtbb is not built for
#                                ThreadSanitizer: only races inside it are silenced)
# Any report fails the run: ASan, UBSan (halt_on_error) and TSan all exit non-zero.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kind="${1:-address}"
case "$kind" in
    address) sanitizers=address,undefined; build="$root/build-asan" ;;
    thread) sanitizers=thread; build="$root/build-tsan" ;;
    *) echo "usage: $0 [address|thread]" >&2; exit 2 ;;
esac
"$root/scripts/clang.sh"
"$root/scripts/setup.sh" "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    -DPATIENCE_SANITIZE="$sanitizers" -DPATIENCE_BUILD_BENCH=OFF
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS="detect_leaks=1"
export TSAN_OPTIONS="halt_on_error=1:suppressions=$root/tests/tsan.supp"
cd "$build"
if [ "$kind" = address ]; then
    # The long tests are left to the plain build (scripts/test.sh runs them). Each checks the
    # pruning rules over many positions that the reference search exhausts: the dead-end test, the
    # lost moves and the restarting probes on reduced decks, the dead-end test's stock prefixes on
    # playouts, the dead-end, capacity, incomplete-pile and supermove rules on full-rank end games,
    # the complete helpers of several threads on such end games (178 seconds here; the helpers
    # also run in the shorter Threads tests, and under ThreadSanitizer), and the capacity test's
    # relaxed search with and without its reductions. The same code runs here in the shorter
    # tests (the differential and ablation tests search with every rule on), and under the
    # sanitizers the long ones took 33 to 130 seconds each with GCC, about 730 of CI's 20 minutes
    # (the stock prefixes' 102 and the lost moves' 62), and are not much shorter with clang (the
    # restarting probes' 282 and the helpers' 101, two at a time). So are the two tests that
    # interrupt or kill the real `batch` and run it again to its end (125 and 69 seconds here,
    # beside the other tests): the cancelling and resuming code they drive runs here in Batch's
    # in-process tests. And the test of scripts/proof_frontier.sh, which only drives the binary:
    # the furthest line and the search for the mistake that it reads run here in FastSolver's and
    # Cli's tests. And the two tests of the start's relaxed search at its full caps, millions of
    # relaxed states on one position (33 and 31 seconds here): the same search, its retries and
    # its larger caps run here with smaller caps in the other Capacity tests. And the test that
    # the search at a node limit is a prefix of the search at a larger one (50 seconds here, on
    # full deals at up to 150,000 nodes): a property of the schedule, not of memory, whose solves
    # run here in FastSolver's other tests. And the eleven tests that took 22 to 65 seconds each
    # here (350 of the suite's 711 CPU seconds, when the whole of CI took 1,229 seconds on two
    # cores, over its 20 minutes): the reduced-deck differential and ablation solves, the beam's
    # widening, the stock lookahead's two reduced-deck checks, the incomplete piles' reduced decks,
    # the search for the mistake, the batch's plain progress lines, the capacity test's returns,
    # the shortened solutions and the progress lines of a solve. They repeat over many deals what
    # shorter tests here run on a few: every search member, technique and table path runs under
    # the sanitizers in the rest of the suite (the single-deal FastSolver, Beam, StockLookahead,
    # IncompletePile, Mistake, Capacity and Cli tests), and the plain build runs them all. And the
    # waste-drain test's two sweeps over playouts (32 and 36 seconds in the plain build): its search
    # runs here on the Malmaison positions of the shorter WasteDrain tests. And four tests that
    # each prove one end game lost (55 to 60 seconds each here, 6 to 7 in the plain build): the
    # stock lookahead's and the lost moves' Emperor end game, the share of the tree on a loss, and
    # the waste-drain card of a Malmaison mid-game on one and two threads; their techniques run here
    # in the other StockLookahead, LostMoves, TreeShare and WasteDrain tests and in Cli's (the
    # share of the tree told, a waste that cannot drain). And the sweep of the waste-drain test
    # carried down the search over random reduced-deck positions (40 seconds in the plain build):
    # the carried test runs here in WasteDrain's test on Emperor 590's mid-game. And the drain
    # anchors' proofs of Emperor 590's mid-game two moves earlier and of Emperor 563's, and their
    # sweeps over random reduced-deck lines from starts with a waste and with none (5, 8, 42 and
    # 19 seconds in the plain build): anchors are made here in that same WasteDrain test's search,
    # whose start has a waste. And the proof effort's Malmaison mid-game (4 seconds in the plain
    # build, 59 here): Cli's test solves the same position with the same effort here. And the
    # two tests that run the waste-drain test's search for a choice with and without its runs of
    # moments and its column order over the same positions, and compare the answers: a property of
    # the search's order, not of memory, whose code runs here in the shorter WasteDrain tests.
    # And five tests that wake the drain anchors below a full Malmaison deal (3 to 13 seconds
    # each in the plain build, 65 here for Cli's proof-effort test: the anchors' tests are the
    # cost; one of them, the win of a full deal at the default limits, is the beam's, which the
    # BeamProbe tests run here): the search's start-over and the anchors it wakes run here in
    # DrainAnchors' win after the start-over, a deal with nine ranks; the proof effort only scales
    # the tests' budgets, and the WasteDrain tests here search with budgets of their own. And the
    # test that the drain anchors' shared answers (drain_moments.hpp) change no test's answer
    # (107 seconds here, 8 in the plain build): a comparison of answers, not of memory; the memo
    # runs here in its own shorter DrainMoments tests and in every anchored search.
    long_tests=(
        'Batch\.SigintAndSigtermStopCleanlyAndTheRunResumes'
        'Batch\.KilledMidRunAndRestartedLosesAndRepeatsNothing'
        'DeadEnd\.EveryCalledLossIsLostForTheReference_ReducedDecks'
        'DeadEnd\.StockPrefixLossesAreLostForTheReference'
        'LostMoves\.ALostMoveStaysLostAfterMovesThatCommuteWithIt_ReducedDecks'
        'DeadEnd\.FullRankEndGamesAgreeWithTheReference'
        'Restarts\.LaterRunsSkipWhatEarlierRunsExhausted'
        'Capacity\.EveryCalledLossIsLostForTheReference'
        'Capacity\.TheRelaxedSearchsReductionsKeepItsVerdict'
        'Capacity\.AStartsLooseGameGetsTheLargestCap'
        'Capacity\.AMalmaisonMidGameGetsTheStartsSearch'
        'FastSolver\.BudgetMonotone_DecidedStaysDecided'
        'IncompletePile\.FullRankEndGamesAgreeWithTheReference'
        'Supermove\.FullRankEndGamesAgreeWithTheReference'
        'FastSolver\.Threads_CompleteHelpersAgreeWithTheReference'
        'ProofFrontier\.TheFirstLossAlongTheLineIsProvenAndTheMoveBeforeItIsNot'
        'FastSolver\.DifferentialSolve_AgreesWithReferenceOnReducedDeals'
        'FastSolver\.Ablation_VerdictsStayWithEachTechniqueOff'
        'FastSolver\.ProgressIsToldTheNodesAndChangesNothing'
        'BeamProbe\.NeverEndsOnALostPositionAndWidensEachRun'
        'StockLookahead\.TheDeadDepthHoldsAfterMovesThatCommuteWithDraws_ReducedDecks'
        'StockLookahead\.EveryDroppedMacroIsLostForTheReference_ReducedDecks'
        'IncompletePile\.VerdictsAgreeWithTheReference_ReducedDecks'
        'Mistake\.FindsTheMoveWhereTheReferenceTurnsFromWonToLost'
        'Cli\.BatchOffATerminalPrintsPlainProgressLines'
        'Capacity\.PositionsThatComeBackGetLargerCaps'
        'SolutionShortening\.ShortLinesWinAndAreNeverLonger'
        'WasteDrain\.EveryCalledLossIsLostForTheReference_ReducedDecks'
        'WasteDrain\.FullRankLossesAreLostForTheReference'
        'StockLookahead\.AnEmperorEndGameIsProvenLostInFewerNodes'
        'LostMoves\.AnEmperorEndGameIsProvenLostInFewerNodes'
        'TreeShare\.TheFastSolverTellsAShareThatRisesToOneAsItProvesALoss'
        'WasteDrain\.AMalmaisonMidGameWithItsDiamondsBuried'
        'WasteDrain\.CarriedCutsKeepTheReferenceVerdict_ReducedDecks'
        'DrainAnchors\.AMidGameLostOnlyByTheCardsDrawnSinceItsStart'
        'DrainAnchors\.AProofNearTheStartGivesBackWhatItCost'
        'DrainAnchors\.EveryPositionTheAnchorsCallLostIsNotWonForTheReference_ReducedDecks'
        'DrainAnchors\.FromAStartWithNoWasteEveryPositionCalledLostIsNotWon_ReducedDecks'
        'DrainAnchors\.ProofEffortBuysTheTestsMoreChoices'
        'WasteDrain\.RunsOfMomentsChangeNoAnswer'
        'WasteDrain\.WhichColumnNextChangesNoAnswer'
        'DrainAnchors\.FromADealTheSearchStartsOverWithTheStartAsOutermostAnchor'
        'FastSolver\.BudgetMonotone_ThroughTheDealAnchorsWaking'
        'Batch\.ProofEffortReachesEveryDealAndItsLine'
        'FastSolver\.WinsAFullMalmaisonDealAtTheDefaultLimits'
        'Cli\.SolveProofEffortReachesTheTestsAndIsChecked'
        'DrainMoments\.SharedAnswersChangeNoTestsAnswer'
    )
    ctest --output-on-failure -j "$(nproc)" --timeout 1800 -LE 'slurm|report' \
        -E "^($(IFS='|'; echo "${long_tests[*]}"))\$"
else
    ./tests/patience_tests --gtest_filter='*Thread*:FastSolver.Progress*:*Batch*:*Parallel*:*Shard*:*TranspositionTable*:Cli.Batch*:Cli.Shard*:Cli.ASecond*:Cli.ABatch*'
fi
