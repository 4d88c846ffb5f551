/*
 * walk_cases.h - hand-made cube_walk corpus text the variant tests share:
 * a caller's instances on a 40 x 40 board, then one whose route is cut
 * by a wall across rank 20 (answer -1).
 */
#ifndef WALK_CASES_H
#define WALK_CASES_H

#include <stdlib.h>
#include <string.h>

/* head (ending in a line "maze") followed by the walled 40 x 40 board
 * and its instance a1 -> a40, malloc'd; NULL when out of memory. */
static inline char *walk_cases_walled(const char *head)
{
    size_t len = strlen(head) + 40 * 41 + 64;
    char *all = malloc(len);
    if (!all)
        return NULL;
    strcpy(all, head);
    for (int r = 40; r >= 1; r--)
        strcat(all, r == 20 ? "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
                            : "........................................\n");
    strcat(all, "a1 a40 1 2 3 4 5 6\n");
    return all;
}

#endif
