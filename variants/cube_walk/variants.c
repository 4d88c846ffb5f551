/*
 * variants.c - the cube_walk variant table. Adding a variant: write
 * variants/cube_walk/NAME.c exporting one const struct pb_variant, then
 * add one line below (and the file to CMakeLists.txt).
 */
#include "pb.h"

extern const struct pb_variant walk_variant_spfa;
extern const struct pb_variant walk_variant_dijkstra;
extern const struct pb_variant walk_variant_dial;
extern const struct pb_variant walk_variant_radix;
extern const struct pb_variant walk_variant_delta_stepping;
#ifdef PB_HAVE_IGRAPH
extern const struct pb_variant walk_variant_igraph;
#endif

/* clang-format off: one variant a line */
const struct pb_variant *const cube_walk_variants[] = {
    &walk_variant_spfa,
    &walk_variant_dijkstra,
    &walk_variant_dial,
    &walk_variant_radix,
    &walk_variant_delta_stepping,
#ifdef PB_HAVE_IGRAPH
    &walk_variant_igraph,
#endif
    NULL,
};
/* clang-format on */
