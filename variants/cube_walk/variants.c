/*
 * variants.c - the cube_walk variant table. Adding a variant: write
 * variants/cube_walk/NAME.c exporting one const struct pb_variant, add its
 * extern and table lines below, its file to CMakeLists.txt and its row to
 * docs/kernels/cube_walk.md (docs/development.md, "Adding a variant").
 */
#include "pb.h"

extern const struct pb_variant walk_variant_spfa;
extern const struct pb_variant walk_variant_dijkstra;
extern const struct pb_variant walk_variant_dial;
extern const struct pb_variant walk_variant_radix;
extern const struct pb_variant walk_variant_delta_stepping;
extern const struct pb_variant walk_variant_bidijkstra;
extern const struct pb_variant walk_variant_astar_cheap;
extern const struct pb_variant walk_variant_astar_strong;
extern const struct pb_variant walk_variant_astar_tilted;
#ifdef PB_HAVE_IGRAPH
extern const struct pb_variant walk_variant_igraph;
#endif

/* one variant a line (clang-format 14 honours only this exact form
 * of the guard: with a reason after "off" it packs the table) */
/* clang-format off */
const struct pb_variant *const cube_walk_variants[] = {
    &walk_variant_spfa,
    &walk_variant_dijkstra,
    &walk_variant_dial,
    &walk_variant_radix,
    &walk_variant_delta_stepping,
    &walk_variant_bidijkstra,
    &walk_variant_astar_cheap,
    &walk_variant_astar_strong,
    &walk_variant_astar_tilted,
#ifdef PB_HAVE_IGRAPH
    &walk_variant_igraph,
#endif
    NULL,
};
/* clang-format on */
