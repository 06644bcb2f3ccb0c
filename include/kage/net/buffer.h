/* Bytes in and out of a connection, bounded: a reader that cuts its input
 * into lines of at most a given length, and an output buffer that refuses
 * to grow past its limit (a peer that does not read is found out instead
 * of eating memory).  Both the server and its clients use them. */
#ifndef KAGE_NET_BUFFER_H
#define KAGE_NET_BUFFER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct NetReader {
    char *buf;
    size_t len;   /* bytes held */
    size_t start; /* the first byte not yet handed out as a line */
    size_t max;   /* the longest line, its newline not counted */
} NetReader;

/* A reader for lines of at most max bytes. */
void net_reader_init(NetReader *r, size_t max);
void net_reader_free(NetReader *r);
/* Where the next bytes may be read into, and how many (never 0 unless a
 * line is too long, which net_reader_line then says). */
char *net_reader_space(NetReader *r, size_t *room);
/* n bytes were read into the space. */
void net_reader_commit(NetReader *r, size_t n);
/* The next whole line (without its newline, NUL-terminated, valid until the
 * next call): 1, 0 when no whole line is held yet, -1 when the bytes held
 * are longer than a line may be and hold no newline (the reader is then
 * useless: close the connection). */
int net_reader_line(NetReader *r, char **line, size_t *len);

typedef struct NetBuf {
    char *data;
    size_t len, cap, max;
} NetBuf;

void net_buf_init(NetBuf *b, size_t max);
void net_buf_free(NetBuf *b);
/* Append n bytes; false (nothing added) when that would pass the limit. */
bool net_buf_add(NetBuf *b, const char *data, size_t n);
/* Drop the first n bytes (they were written). */
void net_buf_drop(NetBuf *b, size_t n);

/* Write as much of b to the non-blocking fd as it takes now: 1 all written,
 * 0 some left (wait for POLLOUT), -1 the peer is gone or an error (errno). */
int net_buf_write(NetBuf *b, int fd);

#endif
