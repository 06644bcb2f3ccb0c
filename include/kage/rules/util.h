/* Small helpers shared by every layer: allocation that never returns NULL,
 * and the one way to fill in a KageError. */
#ifndef KAGE_UTIL_H
#define KAGE_UTIL_H

#include "kage/rules/types.h"

#include <stdarg.h>
#include <stddef.h>

#define N_ELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Allocate or abort with a message: running out of memory is not recoverable. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* Fill err with a message and a 0-based column (-1: none) and return false,
 * so that a reader of outside input can say `return kage_error(err, ...)`. */
bool kage_error(KageError *err, int column, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool kage_verror(KageError *err, int column, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

#endif
