// gbench.cc - the one C++ file of puzzlebench: the C API of gbench.h over
// Google Benchmark 1.7.1 (Debian's libbenchmark-dev).
//
// Every benchmark is registered with UseManualTime(): the C side times each
// iteration around the solve alone. Reporting goes through TeeReporter, a
// display reporter that (1) prints Google Benchmark's console table to
// stdout and to the log (unless no_table: the caller's own console), (2) feeds
// a JSONReporter writing into memory and, after every finished benchmark,
// writes that document, closed, to the JSON path through a temporary file and
// rename(), and (3) hands each run to a C callback.
//
// Rounds: pb_gb_run_all calls Google Benchmark once per round, the caller
// registering each round's benchmarks anew (in the order they run); one
// TeeReporter lives through them all, so results.json is one document of
// every round's runs, its context reported once. Google Benchmark would
// open (truncate) --benchmark_out's file at every call: pb_gb_init takes
// that flag and its format from Google Benchmark (the BENCHMARK_OUT and
// BENCHMARK_OUT_FORMAT variables as their defaults, as Google Benchmark
// reads them), and the TeeReporter writes the file itself with Google
// Benchmark's reporter of that format, opened once and finalized after
// the last round. Cost: O(size of the JSON) per finished benchmark.
//
// Google Benchmark's JSON writer escapes only \\ " \b \f \n \r \t: every
// context key and value this file hands it is first made plain printable
// text, each control byte and each byte that is not part of valid UTF-8
// written as \xHH (as pb_escape_controls writes control bytes; this
// library does not link pb_core), so results.json stays JSON whatever the
// environment and the paths hold.
#include "harness/gbench.h"
#include "pb_file.h"

#include <benchmark/benchmark.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <map>
#include <new>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#ifndef PB_BENCHMARK_VERSION
#define PB_BENCHMARK_VERSION "unknown"
#endif

struct pb_gb_state {
    benchmark::State *state;
};

namespace
{

// The length of the valid UTF-8 sequence of two or more bytes at p (n
// bytes left), or 0 when p does not start one.
size_t utf8_length(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    size_t len = c >= 0xc2 && c <= 0xdf   ? 2
                 : c >= 0xe0 && c <= 0xef ? 3
                 : c >= 0xf0 && c <= 0xf4 ? 4
                                          : 0;
    if (len == 0 || len > n)
        return 0;
    // the second byte's narrower ranges: no overlong form, no surrogate,
    // nothing above U+10FFFF
    unsigned char lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return len;
}

// text as plain printable UTF-8: control bytes (below 0x20, and 0x7f) and
// bytes outside valid UTF-8 as \xHH.
std::string plain_text(const char *text)
{
    static const char hex[] = "0123456789abcdef";
    std::string out;
    const auto *p = reinterpret_cast<const unsigned char *>(text);
    size_t n = std::strlen(text);
    for (size_t i = 0; i < n;) {
        size_t len = p[i] >= 0x80 ? utf8_length(p + i, n - i) : 1;
        if (len > 1) {
            out.append(text + i, len);
            i += len;
        } else if (p[i] < 0x20 || p[i] >= 0x7f) {
            out += "\\x";
            out += hex[p[i] >> 4];
            out += hex[p[i] & 15];
            i++;
        } else {
            out += text[i++];
        }
    }
    return out;
}

// Registered name -> C context, to hand each run back with its context.
std::map<std::string, void *> &contexts()
{
    static std::map<std::string, void *> map;
    return map;
}

// --benchmark_out and --benchmark_out_format, taken by pb_gb_init.
std::string &out_file()
{
    static std::string path;
    return path;
}

std::string &out_format()
{
    static std::string format = "json";
    return format;
}

// Google Benchmark's reporter of a --benchmark_out_format (its values are
// checked before: cmd_bench.c), as its own file reporter would be.
std::unique_ptr<benchmark::BenchmarkReporter>
file_reporter_for(const std::string &format)
{
    if (format == "console")
        return std::make_unique<benchmark::ConsoleReporter>(
            benchmark::ConsoleReporter::OO_None);
    if (format == "csv") {
        // Google Benchmark marks its CSV reporter deprecated; it is still
        // the one its own --benchmark_out_format=csv writes.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        return std::make_unique<benchmark::CSVReporter>();
#pragma GCC diagnostic pop
    }
    return std::make_unique<benchmark::JSONReporter>();
}

// The value of flag `name` (--NAME=VALUE) in arg, or NULL.
const char *flag_value(const char *arg, const char *name)
{
    size_t n = std::strlen(name);
    if (std::strncmp(arg, "--", 2) || std::strncmp(arg + 2, name, n) ||
        arg[2 + n] != '=')
        return nullptr;
    return arg + 3 + n;
}

class TeeReporter : public benchmark::BenchmarkReporter
{
  public:
    explicit TeeReporter(const pb_gb_output &out)
        : out_(out), console_(benchmark::ConsoleReporter::OO_Tabular)
    {
        console_.SetOutputStream(&console_text_);
        console_.SetErrorStream(&console_text_);
        json_.SetOutputStream(&json_text_);
        json_.SetErrorStream(&console_text_);
    }

    // The context of the first round only: the later rounds' runs go on
    // in the same documents.
    bool ReportContext(const Context &context) override
    {
        if (context_said_)
            return true;
        context_said_ = true;
        bool ok = out_.no_table || console_.ReportContext(context);
        json_.ReportContext(context);
        if (file_)
            file_->ReportContext(context);
        flush_console();
        snapshot();
        return ok;
    }

    void ReportRuns(const std::vector<Run> &runs) override
    {
        if (!out_.no_table)
            console_.ReportRuns(runs);
        json_.ReportRuns(finite_counters(runs));
        if (file_)
            file_->ReportRuns(runs);
        flush_console();
        snapshot();
        for (const Run &run : runs)
            hand_to_c(run);
    }

    // After each round; the documents stay open for the next one.
    void Finalize() override
    {
        if (!out_.no_table)
            console_.Finalize();
        flush_console();
    }

    // --benchmark_out's file, opened (truncated) once for every round;
    // false when it cannot be opened.
    bool open_out_file()
    {
        if (out_file().empty())
            return true;
        file_stream_.open(out_file());
        if (!file_stream_.is_open())
            return false;
        file_ = file_reporter_for(out_format());
        file_->SetOutputStream(&file_stream_);
        file_->SetErrorStream(&file_stream_);
        return true;
    }

    // After the last round: --benchmark_out's file closed.
    void finish()
    {
        if (file_)
            file_->Finalize();
        file_.reset();
        if (file_stream_.is_open())
            file_stream_.close();
    }

    // A run that timed nothing (an empty shard, a filter that matches
    // nothing) still writes its document: the context, no benchmarks.
    void report_context_only()
    {
        benchmark::BenchmarkReporter::Context context;
        context.name_field_width = 0;
        if (!context_said_)
            json_.ReportContext(context);
        context_said_ = true;
        snapshot();
    }

    // 0, or the first failed JSON snapshot's negative errno
    int json_error() const
    {
        return json_error_;
    }

  private:
    // Google Benchmark writes a counter that is not finite as a bare NaN
    // (its cv aggregate of a counter that is 0 in every repetition is
    // 0/0), which is not JSON: such a counter is left out of the JSON,
    // where its absence reads as unknown.
    static std::vector<Run> finite_counters(const std::vector<Run> &runs)
    {
        std::vector<Run> out = runs;
        for (Run &run : out)
            for (auto c = run.counters.begin(); c != run.counters.end();)
                c = std::isfinite(c->second.value) ? std::next(c)
                                                   : run.counters.erase(c);
        return out;
    }

    void flush_console()
    {
        std::string text = console_text_.str();
        console_text_.str("");
        if (text.empty())
            return;
        if (out_.before_table)
            out_.before_table(out_.user);
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
        if (out_.log) {
            errno = 0;
            if ((std::fwrite(text.data(), 1, text.size(), out_.log) !=
                     text.size() ||
                 std::fflush(out_.log) != 0) &&
                out_.log_error && *out_.log_error == 0)
                *out_.log_error = errno ? -errno : -EIO;
        }
    }

    // JSONReporter closes its document only in Finalize; the snapshot
    // closes a copy, so every file written is complete JSON.
    void snapshot()
    {
        if (!out_.json_path)
            return;
        std::string text = json_text_.str() + "\n  ]\n}\n";
        int rc = pb_write_atomically(out_.json_path, text.data(), text.size());
        if (rc && json_error_ == 0)
            json_error_ = rc;
    }

    void hand_to_c(const Run &run)
    {
        if (!out_.on_run)
            return;
        std::string name = run.run_name.function_name;
        auto found = contexts().find(name);
        std::vector<const char *> names;
        std::vector<double> values;
        for (const auto &counter : run.counters) {
            names.push_back(counter.first.c_str());
            values.push_back(counter.second.value);
        }
        struct pb_gb_run c {
        };
        c.name = name.c_str();
        c.context = found == contexts().end() ? nullptr : found->second;
        c.aggregate = run.run_type == Run::RT_Aggregate;
        c.aggregate_name = run.aggregate_name.c_str();
        c.repetition_index = run.repetition_index;
        c.repetitions = run.repetitions;
        c.iterations = run.iterations;
        c.seconds = run.iterations ? run.real_accumulated_time /
                                         static_cast<double>(run.iterations)
                                   : run.real_accumulated_time;
        c.error = run.error_occurred;
        c.error_message = run.error_message.c_str();
        c.label = run.report_label.c_str();
        c.counters = names.size();
        c.counter_names = names.data();
        c.counter_values = values.data();
        out_.on_run(&c, out_.user);
    }

    pb_gb_output out_;
    benchmark::ConsoleReporter console_;
    benchmark::JSONReporter json_;
    std::ostringstream console_text_, json_text_;
    int json_error_ = 0;
    bool context_said_ = false;
    std::unique_ptr<benchmark::BenchmarkReporter> file_;
    std::ofstream file_stream_;
};

} // namespace

extern "C" {

void pb_gb_init(int *argc, char **argv)
{
    const char *env = std::getenv("BENCHMARK_OUT");
    if (env)
        out_file() = env;
    env = std::getenv("BENCHMARK_OUT_FORMAT");
    if (env)
        out_format() = env;
    // ours: taken out of argv (the last of each wins, as in Google
    // Benchmark), and its own emptied (the variable may have set it)
    std::vector<char *> args;
    static char no_out[] = "--benchmark_out=";
    for (int i = 0; i < *argc; i++) {
        const char *v = i ? flag_value(argv[i], "benchmark_out") : nullptr;
        const char *f =
            i ? flag_value(argv[i], "benchmark_out_format") : nullptr;
        if (v)
            out_file() = v;
        else if (f)
            out_format() = f;
        else
            args.push_back(argv[i]);
        if (i == 0)
            args.push_back(no_out);
    }
    int n = static_cast<int>(args.size());
    args.push_back(nullptr);
    benchmark::Initialize(&n, args.data());
    // n <= *argc: Initialize took --benchmark_out= at least
    for (int i = 0; i < n; i++)
        argv[i] = args[static_cast<size_t>(i)];
    argv[n] = nullptr;
    *argc = n;
}

int pb_gb_register(const char *name, pb_gb_fn fn, void *context,
                   int repetitions, double min_time)
{
    try {
        auto *b = benchmark::RegisterBenchmark(
            name, [fn, context](benchmark::State &state) {
                pb_gb_state s{&state};
                fn(&s, context);
            });
        b->UseManualTime()->Unit(benchmark::kMillisecond);
        if (repetitions > 0)
            b->Repetitions(repetitions);
        if (min_time > 0)
            b->MinTime(min_time);
        contexts()[name] = context;
    } catch (...) {
        return -ENOMEM;
    }
    return 0;
}

bool pb_gb_keep_running(struct pb_gb_state *s)
{
    return s->state->KeepRunning();
}

void pb_gb_set_iteration_time(struct pb_gb_state *s, double seconds)
{
    s->state->SetIterationTime(seconds);
}

void pb_gb_set_counter(struct pb_gb_state *s, const char *name, double value,
                       enum pb_gb_counter_kind kind)
{
    s->state->counters[name] = benchmark::Counter(
        value, kind == PB_GB_RATE ? benchmark::Counter::kIsRate
                                  : benchmark::Counter::kDefaults);
}

void pb_gb_set_items_processed(struct pb_gb_state *s, int64_t items)
{
    s->state->SetItemsProcessed(items);
}

void pb_gb_set_label(struct pb_gb_state *s, const char *label)
{
    s->state->SetLabel(label);
}

void pb_gb_skip_with_error(struct pb_gb_state *s, const char *message)
{
    s->state->SkipWithError(message);
}

bool pb_gb_selected(const char *name)
{
    std::string filter = benchmark::GetBenchmarkFilter();
    bool negate = !filter.empty() && filter[0] == '-';
    if (negate)
        filter.erase(0, 1);
    if (filter.empty() || filter == "." || filter == "all")
        return !negate;
    try {
        // extended, as Google Benchmark's own Regex over std::regex
        return std::regex_search(
                   name, std::regex(filter, std::regex::extended)) != negate;
    } catch (const std::regex_error &) {
        return true; /* pb_gb_filter_valid refuses it first */
    }
}

bool pb_gb_filter_valid(const char *filter, char *why, size_t len)
{
    std::string spec = filter;
    if (!spec.empty() && spec[0] == '-')
        spec.erase(0, 1);
    if (spec.empty() || spec == "." || spec == "all")
        return true;
    try {
        std::regex re(spec, std::regex::extended);
        return true;
    } catch (const std::regex_error &err) {
        std::snprintf(why, len, "%s", err.what());
        return false;
    } catch (...) {
        std::snprintf(why, len, "out of memory");
        return false;
    }
}

void pb_gb_add_context(const char *key, const char *value)
{
    benchmark::AddCustomContext(plain_text(key), plain_text(value));
}

long pb_gb_run_all(const struct pb_gb_output *out)
{
    try {
        TeeReporter reporter(*out);
        if (!reporter.open_out_file())
            return -EBADF;
        size_t n = 0;
        int rounds = out->rounds > 1 ? out->rounds : 1;
        for (int r = 0; r < rounds; r++) {
            if (out->round_start)
                out->round_start(out->user, r);
            // nothing registered (an empty shard, a round with nothing
            // left): Google Benchmark would only complain that nothing
            // matches
            if (!contexts().empty())
                n += benchmark::RunSpecifiedBenchmarks(&reporter);
        }
        if (n == 0)
            reporter.report_context_only();
        reporter.finish();
        return reporter.json_error() ? reporter.json_error()
                                     : static_cast<long>(n);
    } catch (const std::bad_alloc &) {
        return -ENOMEM;
    }
}

void pb_gb_clear(void)
{
    benchmark::ClearRegisteredBenchmarks();
    contexts().clear();
}

const char *pb_gb_out_path(void)
{
    return out_file().c_str();
}

const char *pb_gb_version(void)
{
    return PB_BENCHMARK_VERSION;
}

} // extern "C"
