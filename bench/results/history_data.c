/*
 * history_data.c - freeing a pb_history (history_data.h). O(series).
 */
#include "results/history_data.h"

#include <stdlib.h>

void pb_history_free(struct pb_history *h)
{
    for (size_t i = 0; h->series && i < h->count; i++)
        free(h->series[i].point);
    free(h->series);
    free(h->commit);
    h->series = NULL;
    h->commit = NULL;
    h->count = 0;
    h->commits = 0;
}
