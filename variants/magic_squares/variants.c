/*
 * variants.c - the magic_squares variant table. Adding a variant: write
 * variants/magic_squares/NAME.c exporting one const struct pb_variant, add its
 * extern and table lines below, its file to CMakeLists.txt and its row to
 * docs/kernels/magic_squares.md (docs/development.md, "Adding a variant").
 */
#include "pb.h"

extern const struct pb_variant magic_variant_bfs_hash;
extern const struct pb_variant magic_variant_bfs_openhash;
extern const struct pb_variant magic_variant_bfs_array;
extern const struct pb_variant magic_variant_bibfs;
extern const struct pb_variant magic_variant_table;
extern const struct pb_variant magic_variant_table_omp;

/* one variant a line (clang-format 14 honours only this exact form
 * of the guard: with a reason after "off" it packs the table) */
/* clang-format off */
const struct pb_variant *const magic_squares_variants[] = {
    &magic_variant_bfs_hash,
    &magic_variant_bfs_openhash,
    &magic_variant_bfs_array,
    &magic_variant_bibfs,
    &magic_variant_table,
    &magic_variant_table_omp,
    NULL,
};
/* clang-format on */
