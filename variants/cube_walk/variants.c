/*
 * variants.c - the cube_walk variant table. Adding a variant: write
 * variants/cube_walk/NAME.c exporting one const struct pb_variant, then
 * add one line below (and the file to CMakeLists.txt).
 */
#include "pb.h"

extern const struct pb_variant walk_variant_spfa;
extern const struct pb_variant walk_variant_dijkstra;
extern const struct pb_variant walk_variant_delta_stepping;

/* clang-format off: one variant a line */
const struct pb_variant *const cube_walk_variants[] = {
    &walk_variant_spfa,
    &walk_variant_dijkstra,
    &walk_variant_delta_stepping,
    NULL,
};
/* clang-format on */
