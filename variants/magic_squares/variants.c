/*
 * variants.c - the magic_squares variant table. Adding a variant: write
 * variants/magic_squares/NAME.c exporting one const struct pb_variant,
 * then add one line below (and the file to CMakeLists.txt).
 */
#include "pb.h"

extern const struct pb_variant magic_variant_bfs_hash;
extern const struct pb_variant magic_variant_bfs_openhash;
extern const struct pb_variant magic_variant_bfs_array;
extern const struct pb_variant magic_variant_bibfs;
extern const struct pb_variant magic_variant_table;
extern const struct pb_variant magic_variant_table_omp;

/* clang-format off: one variant a line */
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
