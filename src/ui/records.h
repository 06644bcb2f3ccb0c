/* What the files of game records on the screen (records_*.c) share: a
 * file's name without its folder, for a question, and a path's end that
 * fits a title's room. */
#ifndef KAGE_UI_RECORDS_H
#define KAGE_UI_RECORDS_H

#include "ui_internal.h"

#include <string.h>

/* The file's name, after the path's last '/'. */
static inline const char *records_base_name(const char *path)
{
    const char *base = strrchr(path, '/');
    return base ? base + 1 : path;
}

/* The path itself when it fits in room columns, else the shortest end of it
 * from one of its '/' on that does (or the last one's, which may not). */
static inline const char *records_path_end(const char *path, int room)
{
    while (ui_text_width(path, NULL, 2000) > room && strchr(path + 1, '/'))
        path = strchr(path + 1, '/');
    return path;
}

#endif
