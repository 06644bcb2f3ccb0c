/* Allocation that aborts on failure (STYLE.md, errors in tiers). */
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check(void *p)
{
    if (!p) {
        fputs("kage: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *xcalloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
char *xstrdup(const char *s) { return strcpy(xmalloc(strlen(s) + 1), s); }

bool kage_verror(KageError *err, int column, const char *fmt, va_list ap)
{
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    err->column = column;
    return false;
}

bool kage_error(KageError *err, int column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kage_verror(err, column, fmt, ap);
    va_end(ap);
    return false;
}
