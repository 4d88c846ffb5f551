/*
 * data_dir.h - the one folder where puzzlebench finds its suites (by
 * name) and its gnuplot scripts, chosen from where the running binary
 * is, never a mix of two:
 *   - $PB_DATA when set (a bundle's wrapper sets it; so may a user);
 *   - a binary inside the build folder it was built in: the source tree
 *     it was built from;
 *   - any other binary (installed): PREFIX/share/puzzlebench beside its
 *     PREFIX/bin (so `cmake --install --prefix P` works wherever P is),
 *     else the folder configured at build time (PB_DATA_DIR), whichever
 *     is there; none when neither is (a copy of the binary, not
 *     installed: never the build tree's, whatever its path).
 * An installed binary must not read the build tree's gnuplot scripts:
 * they are code (gnuplot's system()), and whoever can write the build
 * tree is not whoever installed the tool. `puzzlebench --version` names
 * the folder and why it was chosen, or says there is none.
 */
#ifndef DATA_DIR_H
#define DATA_DIR_H

#include <stdbool.h>

/* The data folder (it may not exist: a binary copied out of its build
 * folder and not installed, which has none; pb_data_found). */
const char *pb_data_dir(void);
/* Why pb_data_dir() is that folder: "PB_DATA", "the source tree of this
 * build" or "installed"; for a binary that has none, "missing: ..."
 * saying where it looked and that PB_DATA names one. */
const char *pb_data_origin(void);
/* Whether the binary has a data folder: PB_DATA, its source tree, or an
 * installed one that is there. */
bool pb_data_found(void);

#endif
