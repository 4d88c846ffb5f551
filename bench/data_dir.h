/*
 * data_dir.h - where an installed puzzlebench finds its suites and
 * gnuplot scripts: PREFIX/share/puzzlebench beside the binary's
 * PREFIX/bin (so `cmake --install --prefix P` works wherever P is), else
 * the directory configured at build time (PB_DATA_DIR). The source tree
 * is looked at first by the callers (suite.c, plot.c), so a build that
 * is not installed keeps using its own tree.
 */
#ifndef DATA_DIR_H
#define DATA_DIR_H

/* The installed data directory (it may not exist: not installed). */
const char *pb_data_dir(void);

#endif
