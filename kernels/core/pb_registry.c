/*
 * pb_registry.c - the table of kernels and name look-ups. Adding a kernel
 * is one line here; a variant's lines go in its kernel's table
 * (docs/development.md, "Adding a variant").
 */
#include "pb_kernel.h"

#include <string.h>

extern const struct pb_kernel cubic_eight_kernel;
extern const struct pb_kernel cubing_kernel;
extern const struct pb_kernel cube_walk_kernel;
extern const struct pb_kernel magic_squares_kernel;

const struct pb_kernel *const pb_kernels[] = {
    &magic_squares_kernel,
    &cubic_eight_kernel,
    &cubing_kernel,
    &cube_walk_kernel,
    NULL,
};

const struct pb_kernel *pb_kernel_find(const char *name)
{
    for (size_t i = 0; pb_kernels[i]; i++)
        if (!strcmp(pb_kernels[i]->name, name))
            return pb_kernels[i];
    return NULL;
}

const struct pb_variant *pb_variant_find(const struct pb_kernel *k,
                                         const char *name)
{
    for (size_t i = 0; k->variants[i]; i++)
        if (!strcmp(k->variants[i]->name, name))
            return k->variants[i];
    return NULL;
}
