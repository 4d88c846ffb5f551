/*
 * store_schema.c - the results store's schema, version by version
 * (docs/history.md describes every table and column). The version is
 * SQLite's user_version: 0 for a new file. Each step migrates from its
 * version to the next inside the one transaction that runs them all
 * (pb_store_migrate, store.c), so
 * a migration interrupted or failing leaves the file as it was, and two
 * processes opening an old file at once migrate it once (the second,
 * holding the write lock after the first, finds it current). A file of a
 * version above this build's is refused, never written.
 *
 *   1: run (one results folder's run: its identity and provenance
 *      columns), context (every key of its results.json context),
 *      benchmark, sample (one verified repetition), verification (each
 *      benchmark's untimed verification record);
 *   2: history and history_commit (the runs of `puzzlebench history`
 *      and their commits, built or not), run.history and
 *      run.history_round (which history round a run was), baseline
 *      (named runs, `bench --save-baseline`).
 */
#include "results/store_internal.h"

static const char *const step[] = {
    /* 0 -> 1 */
    "CREATE TABLE run ("
    " id INTEGER PRIMARY KEY,"
    " identity TEXT NOT NULL,"
    " side TEXT NOT NULL DEFAULT '',"
    " dir TEXT NOT NULL,"
    " source TEXT NOT NULL,"
    " imported TEXT NOT NULL,"
    " date TEXT, commit_sha TEXT, dirty TEXT, diff_sha256 TEXT,"
    " binary_sha256 TEXT, host TEXT, cpu_model TEXT, cpus INTEGER,"
    " suite TEXT, suite_sha256 TEXT, clock TEXT,"
    " load_start TEXT, load_end TEXT,"
    " verified INTEGER NOT NULL,"
    " UNIQUE (identity, side));"
    "CREATE TABLE context ("
    " run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
    " key TEXT NOT NULL, value TEXT,"
    " PRIMARY KEY (run, key));"
    "CREATE TABLE benchmark ("
    " id INTEGER PRIMARY KEY,"
    " run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
    " name TEXT NOT NULL, kernel TEXT, variant TEXT, family TEXT,"
    " size TEXT, count INTEGER, seed TEXT, threads INTEGER,"
    " processes INTEGER, clock TEXT NOT NULL,"
    " build_seconds REAL, peak_heap_bytes REAL,"
    " verified INTEGER NOT NULL,"
    " UNIQUE (run, name));"
    "CREATE TABLE sample ("
    " benchmark INTEGER NOT NULL REFERENCES benchmark(id) ON DELETE CASCADE,"
    " round INTEGER NOT NULL, repetition INTEGER NOT NULL,"
    " wall REAL NOT NULL, cpu REAL, switches REAL);"
    "CREATE INDEX sample_benchmark ON sample(benchmark);"
    "CREATE TABLE verification ("
    " run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
    " name TEXT NOT NULL, status TEXT, record TEXT NOT NULL,"
    " PRIMARY KEY (run, name));",
    /* 1 -> 2 */
    "CREATE TABLE history ("
    " id INTEGER PRIMARY KEY,"
    " suite TEXT NOT NULL, range TEXT NOT NULL, options TEXT,"
    " started TEXT NOT NULL);"
    "CREATE TABLE history_commit ("
    " history INTEGER NOT NULL REFERENCES history(id) ON DELETE CASCADE,"
    " position INTEGER NOT NULL, sha TEXT NOT NULL, subject TEXT,"
    " time INTEGER, built INTEGER NOT NULL, note TEXT,"
    " PRIMARY KEY (history, position));"
    "ALTER TABLE run ADD COLUMN history INTEGER REFERENCES history(id);"
    "ALTER TABLE run ADD COLUMN history_round INTEGER;"
    "ALTER TABLE run ADD COLUMN history_position INTEGER;"
    "CREATE INDEX run_history ON run(history);"
    "CREATE TABLE baseline ("
    " name TEXT PRIMARY KEY,"
    " run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,"
    " saved TEXT NOT NULL);",
};

_Static_assert(sizeof(step) / sizeof(step[0]) == PB_STORE_VERSION,
               "one step per schema version");

const char *pb_store_schema_step(int version)
{
    return version >= 0 && version < PB_STORE_VERSION ? step[version] : NULL;
}
