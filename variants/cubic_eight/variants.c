/*
 * variants.c - the cubic_eight variant table. Adding a variant: write
 * variants/cubic_eight/NAME.c exporting one const struct pb_variant, add its
 * extern and table lines below, its file to CMakeLists.txt and its row to
 * docs/kernels/cubic_eight.md (docs/development.md, "Adding a variant").
 */
#include "pb.h"

extern const struct pb_variant eight_variant_bfs_hash;
extern const struct pb_variant eight_variant_bfs_array;
extern const struct pb_variant eight_variant_bibfs_hash;
extern const struct pb_variant eight_variant_bibfs_array;
extern const struct pb_variant eight_variant_astar;
extern const struct pb_variant eight_variant_table;

/* one variant a line (clang-format 14 honours only this exact form
 * of the guard: with a reason after "off" it packs the table) */
/* clang-format off */
const struct pb_variant *const cubic_eight_variants[] = {
    &eight_variant_bfs_hash,
    &eight_variant_bfs_array,
    &eight_variant_bibfs_hash,
    &eight_variant_bibfs_array,
    &eight_variant_astar,
    &eight_variant_table,
    NULL,
};
/* clang-format on */
