/*
 * variants.c - the cubing variant table. Adding a variant: write
 * variants/cubing/NAME.c exporting one const struct pb_variant, add its
 * extern and table lines below, its file to CMakeLists.txt and its row to
 * docs/kernels/cubing.md (docs/development.md, "Adding a variant"). Also
 * the table of the environment knobs the variants read (simd_path.h),
 * which every verb that solves checks before it starts.
 */
#include "pb.h"
#include "simd_path.h"

extern const struct pb_variant cube_variant_geometry;
extern const struct pb_variant cube_variant_facelet_table;
extern const struct pb_variant cube_variant_facelet_sparse;
extern const struct pb_variant cube_variant_cubie;
extern const struct pb_variant cube_variant_simd;
extern const struct pb_variant cube_variant_simd_chains;

/* one variant a line, in the registry's order */
/* clang-format off */
const struct pb_variant *const cubing_variants[] = {
    &cube_variant_geometry,
    &cube_variant_facelet_table,
    &cube_variant_facelet_sparse,
    &cube_variant_cubie,
    &cube_variant_simd,
    &cube_variant_simd_chains,
    NULL,
};
/* clang-format on */

static int check_simd(struct pb_error *e)
{
    enum cube_simd_path path;
    return cube_simd_path_env(&path, e);
}

static int check_chains(struct pb_error *e)
{
    int chains;
    return cube_simd_env_knob("PB_SIMD_CHAINS", CUBE_SIMD_CHAINS_MAX, &chains,
                              e);
}

static int check_turns(struct pb_error *e)
{
    int turns;
    return cube_simd_env_knob("PB_SIMD_TURNS_PER_STEP", CUBE_SIMD_TURNS_MAX,
                              &turns, e);
}

const struct pb_env_knob cubing_env_knobs[] = {
    {"PB_SIMD", check_simd},          /* simd_path.h */
    {"PB_SIMD_CHAINS", check_chains}, /* simd_chains.c */
    {"PB_SIMD_TURNS_PER_STEP", check_turns},
    {NULL, NULL},
};
