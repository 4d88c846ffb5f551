/*
 * variants.c - the cubic_eight variant table. Adding a variant: write
 * variants/cubic_eight/NAME.c exporting one const struct pb_variant, then
 * add one line below (and the file to CMakeLists.txt).
 */
#include "pb.h"

extern const struct pb_variant eight_variant_bfs_hash;
extern const struct pb_variant eight_variant_bfs_array;
extern const struct pb_variant eight_variant_bibfs_hash;
extern const struct pb_variant eight_variant_bibfs_array;
extern const struct pb_variant eight_variant_astar;
extern const struct pb_variant eight_variant_table;

/* clang-format off: one variant a line */
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
