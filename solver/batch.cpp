#include "solver/batch.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>

#include "core/deal.hpp"
#include "core/input_error.hpp"
#include "core/pysol_deal.hpp"
#include "solver/arena_size.hpp"
#include "solver/fast_solver.hpp"
#include "solver/solve.hpp"
#include "solver/version.hpp"

namespace patience {

namespace {

using Clock = std::chrono::steady_clock;

// Takes and releases a mutex when it goes out of scope: a worker's last act, so that a thread
// that then takes the mutex is ordered after everything the worker did, in a way
// ThreadSanitizer can see (it cannot see inside Debian's uninstrumented libtbb).
struct OrderedExit {
    std::mutex& mutex;
    ~OrderedExit() { const std::lock_guard lock(mutex); }
};

double since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Writes all of `line` with as few write() calls as the kernel allows (one, for a regular file).
void write_line(int fd, const std::string& line) {
    std::size_t written = 0;
    while (written < line.size()) {
        const ssize_t n = ::write(fd, line.data() + written, line.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw BatchOutputError(std::string("cannot write: ") + std::strerror(errno));
        }
        written += static_cast<std::size_t>(n);
    }
}

// The output file, opened for appending after its existing lines were read and repaired.
class BatchFile {
  public:
    // Reads the existing lines of `path` into `done` (creating the file if missing) and cuts off
    // a torn last line.
    BatchFile(const std::string& path, Statistics& done) : path_(path) {
        fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (fd_ < 0) throw InputError(path + ": cannot open for writing: " + std::strerror(errno));
        // One writer at a time: two batches appending to one file could each skip nothing the
        // other is solving and repeat deals. The lock goes with the process, however it ends.
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            const int error = errno;
            ::close(fd_);
            fd_ = -1;
            if (error == EWOULDBLOCK) {
                throw InputError(path +
                                 ": another patience batch is writing this file; let it "
                                 "finish (or stop it) first, or give another --out");
            }
            throw InputError(path + ": cannot lock the file: " + std::strerror(error));
        }
        try {
            read_lines(done);
        } catch (...) {
            ::close(fd_);  // the destructor does not run for a constructor that throws
            fd_ = -1;
            throw;
        }
    }
    ~BatchFile() {
        if (fd_ >= 0) {
            ::fdatasync(fd_);
            ::close(fd_);
        }
    }
    BatchFile(const BatchFile&) = delete;
    BatchFile& operator=(const BatchFile&) = delete;

    // Appends a whole line. If the write fails part-way (a full disk, a file size limit), the
    // file is cut back to where the line began, so it never keeps a torn line, and BatchOutputError
    // is thrown; the lines before are flushed.
    void append(const std::string& line) {
        try {
            write_line(fd_, line);
        } catch (const BatchOutputError& e) {
            const bool cut = ::ftruncate(fd_, static_cast<off_t>(size_)) == 0;
            ::fdatasync(fd_);
            throw BatchOutputError(path_ + ": " + e.what() +
                                   (cut ? "" : " (and the partial line could not be removed)"));
        }
        size_ += line.size();
    }
    // A file that cannot be synchronized (a device such as /dev/null, a pipe: fdatasync fails
    // with EINVAL or EROFS) keeps nothing to flush.
    void sync() {
        if (::fdatasync(fd_) != 0 && errno != EINVAL && errno != EROFS) {
            throw std::runtime_error(path_ + ": cannot flush to disk: " + std::strerror(errno));
        }
    }

  private:
    // Reads every whole line into `done`; then, and only if all of them are batch records, cuts
    // off a torn last line (a line without its newline, being written when an earlier run
    // stopped). A line that is not a record leaves the file as it was.
    void read_lines(Statistics& done) {
        std::string text = read_text_file(path_);
        const std::size_t end = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
        std::size_t number = 0;
        for (std::size_t start = 0; start < end;) {
            const std::size_t newline = text.find('\n', start);
            const std::string_view line(text.data() + start, newline - start);
            ++number;
            start = newline + 1;
            if (line.empty()) continue;
            std::string error;
            auto record = parse_batch_line(line, error);
            if (!record) {
                throw InputError(path_ + ":" + std::to_string(number) + ": " + error +
                                 " (not a batch file? nothing was appended)");
            }
            done.add(*record);
        }
        if (end < text.size() && ::ftruncate(fd_, static_cast<off_t>(end)) != 0) {
            throw InputError(path_ + ": cannot repair a torn last line: " + std::strerror(errno));
        }
        size_ = end;
    }

    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;  // bytes of whole lines in the file
};

// "node limit 1000000, time limit none, 64 MiB table, version 0.1.0": what differs between runs.
std::string describe(const RunConditions& c) {
    if (!c.recorded) return "conditions not recorded";
    std::ostringstream text;
    text << "node limit "
         << (c.node_limit == 0 ? std::string("none") : std::to_string(c.node_limit))
         << ", time limit ";
    if (c.time_limit == 0) {
        text << "none";
    } else {
        text << c.time_limit << " s";
    }
    text << ", " << c.memory_mib << " MiB table";
    if (!c.disabled.empty()) text << ", disabled " << c.disabled;
    if (c.proof_effort != 1) text << ", proof effort " << c.proof_effort;
    text << ", version " << c.version;
    return text.str();
}

void tally(BatchProgress& progress, const BatchRecord& record) {
    auto& t = progress.tally[record.variant];
    ++t.deals;
    t.won += record.result == Verdict::Won;
    t.unknown += record.result == Verdict::Unknown;
}

}  // namespace

std::optional<std::pair<std::uint64_t, std::uint64_t>> shard_seeds(std::uint64_t first,
                                                                   std::uint64_t last,
                                                                   std::uint64_t k,
                                                                   std::uint64_t n) {
    // The range may hold 2^64 seeds: count in 128 bits.
    using Wide = unsigned __int128;
    const Wide total = Wide{last} - first + 1;
    const Wide begin = total * (k - 1) / n;  // offsets into the range
    const Wide end = total * k / n;
    if (begin == end) return std::nullopt;
    return std::pair{static_cast<std::uint64_t>(first + begin),
                     static_cast<std::uint64_t>(first + (end - 1))};
}

RunConditions batch_conditions(const BatchConfig& config) {
    RunConditions c;
    c.node_limit = config.limits.node_limit;
    c.time_limit = config.limits.time_limit_seconds;
    const auto table_bytes = static_cast<double>(
        std::max<std::uint64_t>(config.limits.memory_bytes / config.threads, 1));
    c.memory_mib = std::round(table_bytes / (1 << 20) * 1000) / 1000;  // as the line stores it
    c.disabled = disabled_names(config.techniques);
    c.proof_effort = config.proof_effort;
    c.version = solver_version();
    c.commit = solver_commit();
    c.recorded = true;
    return c;
}

Statistics run_batch(const BatchConfig& config,
                     const std::function<void(const BatchProgress&)>& progress) {
    const auto started = Clock::now();
    Statistics existing;
    std::unique_ptr<BatchFile> file;
    if (!config.out_path.empty()) file = std::make_unique<BatchFile>(config.out_path, existing);

    const RunConditions conditions = batch_conditions(config);
    BatchProgress state;
    Statistics summary;
    std::vector<BatchRecord::Id> work;
    std::set<BatchRecord::Id> retried;                      // deals of the file solved again
    std::uint64_t other_conditions = 0, other_unknown = 0;  // kept lines solved otherwise
    const RunConditions* other_example = nullptr;
    // Seed by seed, the variants in turn: a run stopped early has deals of every variant.
    for (std::uint64_t seed = config.first_seed;; ++seed) {
        for (VariantId variant : config.variants) {
            const BatchRecord::Id id{variant, seed, config.ranks, config.pysol};
            if (!existing.contains(id)) {
                work.push_back(id);
                continue;
            }
            const BatchRecord& kept = existing.record(id);
            const bool same = kept.conditions.same_search(conditions);
            if (config.retry_unknown && kept.result == Verdict::Unknown && !same) {
                work.push_back(id);
                retried.insert(id);
                continue;
            }
            ++state.skipped;
            if (!same) {
                ++other_conditions;
                other_unknown += kept.result == Verdict::Unknown;
                other_example = &kept.conditions;
            }
        }
        if (seed == config.last_seed) break;  // last_seed may be 2^64 - 1
    }
    if (other_conditions > 0 && config.notice) {
        config.notice(config.out_path + ": " + std::to_string(other_conditions) +
                      " deals of this range were solved under other conditions (" +
                      describe(*other_example) + "; this run: " + describe(conditions) +
                      "); their lines are kept" +
                      (other_unknown > 0 && !config.retry_unknown
                           ? ", and --retry-unknown re-solves the " +
                                 std::to_string(other_unknown) + " unknown ones under this run's"
                           : ""));
    }
    // The summary covers the batch's own range, including deals finished by earlier runs;
    // records of other variants, seeds or rank counts in the same file are kept, not summarised.
    // A deal being solved again is tallied when its new line is written.
    state.retried = retried.size();
    for (const auto& id : existing.ids()) {
        const bool variant_in = std::find(config.variants.begin(), config.variants.end(),
                                          id.variant) != config.variants.end();
        if (variant_in && id.ranks == config.ranks && id.pysol == config.pysol &&
            id.seed >= config.first_seed && id.seed <= config.last_seed) {
            const BatchRecord& record = existing.record(id);
            summary.add(record);
            if (!retried.count(id)) tally(state, record);
        }
    }
    state.total = work.size();

    const std::uint64_t table_bytes =
        std::max<std::uint64_t>(config.limits.memory_bytes / config.threads, 1);
    tbb::enumerable_thread_specific<std::unique_ptr<FastSolver>> solvers;
    std::mutex output;
    bool output_failed = false;  // guarded by `output`
    auto last_sync = Clock::now();
    auto last_report = Clock::now();

    tbb::task_arena arena(arena_size(config.threads));
    std::exception_ptr failure;  // a failed write, rethrown once every worker is done
    try {
        arena.execute([&] {
            tbb::parallel_for(
                tbb::blocked_range<std::size_t>(0, work.size(), 1),
                [&](const tbb::blocked_range<std::size_t>& range) {
                    // However the body ends (a cancelled deal returns early), it takes `output`
                    // last, for the join below.
                    const OrderedExit ordered_exit{output};
                    auto& solver = solvers.local();
                    if (!solver) {
                        solver = std::make_unique<FastSolver>(table_bytes, config.techniques);
                        solver->prove_with_effort(config.proof_effort);
                    }
                    for (std::size_t i = range.begin(); i != range.end(); ++i) {
                        // Interrupted: the deals not started stay for the next run.
                        if (config.limits.cancelled()) return;
                        const BatchRecord::Id& id = work[i];
                        const Position start = id.pysol
                                                   ? pysol_deal(id.variant, id.seed)
                                                   : deal_position(id.variant, id.seed, id.ranks);
                        SolveResult result = solve_with(*solver, start, config.limits);
                        if (result.limit == LimitHit::Cancelled) return;  // no verdict: not written
                        if (config.confirm_lost && result.verdict == Verdict::Lost) {
                            confirm_loss_with(*solver, 0, start, config.limits, result);
                            if (config.limits.cancelled()) return;  // not confirmed: not written
                        }
                        BatchRecord record{id.variant,
                                           id.seed,
                                           id.ranks,
                                           result.verdict,
                                           result.nodes,
                                           result.seconds * 1000,
                                           result.solution.size(),
                                           result.limit,
                                           id.pysol,
                                           conditions,
                                           result.decided_by,
                                           result.most_up,
                                           result.confirmation,
                                           result.confirmation_nodes};
                        const std::string line = to_json_line(record) + "\n";

                        std::lock_guard lock(output);
                        if (output_failed) return;  // another worker's write failed: stop quietly
                        try {
                            if (file) {
                                file->append(line);
                            } else {
                                write_line(STDOUT_FILENO, line);
                            }
                        } catch (const BatchOutputError&) {
                            output_failed = true;  // oneTBB cancels the rest and rethrows it
                            throw;
                        }
                        summary.add(record);
                        tally(state, record);
                        ++state.done;
                        if (file && since(last_sync) >= 0.5) {
                            file->sync();
                            last_sync = Clock::now();
                        }
                        if (progress && since(last_report) >= config.progress_interval) {
                            state.seconds = since(started);
                            progress(state);
                            last_report = Clock::now();
                        }
                    }
                },
                tbb::simple_partitioner());
        });
    } catch (const BatchOutputError&) {
        failure = std::current_exception();
    }
    // Every worker took and released `output` as its body's last act (OrderedExit); taking it
    // here orders all their work before what follows (the solvers' destruction, and the reuse of
    // this stack) in a way ThreadSanitizer can see. It cannot see libtbb's own join, which orders
    // them already (also when a write failed: parallel_for rethrows only once the running bodies
    // are done).
    { std::lock_guard lock(output); }
    if (failure) std::rethrow_exception(failure);
    if (file) file->sync();
    state.seconds = since(started);
    if (progress) progress(state);
    return summary;
}

}  // namespace patience
