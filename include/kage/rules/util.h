/* Small helpers shared by every module: allocation that never returns NULL. */
#ifndef KAGE_UTIL_H
#define KAGE_UTIL_H

#include <stddef.h>

#define N_ELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Allocate or abort with a message: running out of memory is not recoverable. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
