/*
 * identity.h - what names the build a result came from beyond its
 * commit: the SHA-256 of the executable that runs, the source tree's
 * uncommitted changes (`git diff HEAD`, hashed, and its first
 * PB_DIFF_KEPT bytes kept beside the results as build.diff) and the
 * untracked files git would show; and SHA-256 itself, for the suite's
 * content. provenance.c records them; merge and compare read them back
 * as context keys.
 *
 * git runs in the source tree this binary was built from (PB_SOURCE_DIR),
 * or in PB_GIT_DIR_FOR_TESTS when set (a test hook: a scratch
 * repository), without taking its index lock (--no-optional-locks, and
 * GIT_OPTIONAL_LOCKS=0 for older gits), started directly (no shell), its
 * errors to /dev/null. Nothing here fails a run: what cannot be read is
 * "unknown".
 */
#ifndef IDENTITY_H
#define IDENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PB_SHA256_HEX 65 /* 64 hex digits and the NUL */
/* Bytes of the diff written to build.diff: a diff larger than that is
 * still hashed whole, and its size recorded. */
#define PB_DIFF_KEPT ((size_t)1 << 20)
#define PB_DIFF_FILE "build.diff"
#define PB_UNTRACKED_TEXT 512

/* The SHA-256 of data[0..len) as 64 lowercase hex digits. O(len). */
void pb_sha256_hex(const void *data, size_t len, char *out);

/* The SHA-256 of the executable this process runs (hex), or "unknown"
 * when it cannot be read. /proc/self/exe, unless that is the dynamic
 * loader (a bundle runs the binary through its own loader): then the
 * file mapped where this code lives (/proc/self/maps). Computed once.
 * O(size of the executable): about 20 ms for 5 MB. */
const char *pb_identity_binary(void);

/* How to start this executable again (bench --against's side B,
 * calibrate's two sides): the path of /proc/self/exe into exe; when that
 * is the dynamic loader the binary was handed to (a bundle), also the
 * binary's path into binary, and true: start the loader with the
 * binary's folder as its library path. */
bool pb_identity_self(char *exe, size_t exe_len, char *binary,
                      size_t binary_len);

/* The source tree's uncommitted changes. */
struct pb_diff {
    /* SHA-256 of the whole diff (hex); "clean" when the tree has no
     * changes; "unknown" when they cannot be read */
    char sha256[PB_SHA256_HEX];
    uint64_t bytes;  /* the whole diff's size; 0 when clean or unknown */
    char *kept;      /* its first kept_len bytes (at most PB_DIFF_KEPT) */
    size_t kept_len; /* kept is NULL when nothing is kept */
    /* the files git sees but does not track and does not ignore (they
     * may be compiled in): "none", "N: NAME, NAME, ... and K more", or
     * "unknown" */
    char untracked[PB_UNTRACKED_TEXT];
};

/* The changes for pb_provenance_commit's dirty flag ("true", "false" or
 * "unknown"). bundled: the commit came from PB_COMMIT and PB_DIRTY (a
 * bundle, no git tree): a dirty bundle's diff is the file PB_BUILD_DIFF
 * names (scripts/bundle.sh), the untracked files unknown. Otherwise git
 * in the source tree: `git diff HEAD` as one fixed format (binary
 * patches, no colour, no external diff or text conversion, no renames,
 * Myers, a/ b/ prefixes, 3 lines of context, whatever the user's git
 * configuration says) and `git ls-files --others --exclude-standard`.
 * O(size of the diff). Free with pb_diff_free. */
void pb_identity_diff(const char *dirty, bool bundled, struct pb_diff *d);
void pb_diff_free(struct pb_diff *d);

/* Runs `git --no-optional-locks -C DIR ARGS...` (args NULL-terminated)
 * in the source tree (see above), handing all its standard output to
 * take, chunk by chunk. Its exit status, or -1 when git cannot be
 * started or ends on a signal. */
int pb_git(const char *const *args,
           void (*take)(const char *chunk, size_t len, void *ctx), void *ctx);

#endif
