/*
 * variants.c - the cubing variant table. Adding a variant: write
 * variants/cubing/NAME.c exporting one const struct pb_variant, then add
 * one line below (and the file to CMakeLists.txt).
 */
#include "pb.h"

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
