/* Bounded line input and output buffers (see buffer.h). */
#include "kage/net/buffer.h"

#include "kage/rules/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void net_reader_init(NetReader *r, size_t max)
{
    /* room for a whole line, its newline and the read that brought it */
    *r = (NetReader){.buf = xmalloc(max + 2), .max = max};
}

void net_reader_free(NetReader *r)
{
    free(r->buf);
    *r = (NetReader){0};
}

char *net_reader_space(NetReader *r, size_t *room)
{
    if (r->start > 0) { /* the lines handed out go; what follows moves to the front */
        memmove(r->buf, r->buf + r->start, r->len - r->start);
        r->len -= r->start;
        r->start = 0;
    }
    *room = r->max + 1 - r->len;
    return r->buf + r->len;
}

void net_reader_commit(NetReader *r, size_t n) { r->len += n; }

int net_reader_line(NetReader *r, char **line, size_t *len)
{
    char *p = r->buf + r->start;
    size_t held = r->len - r->start;
    char *nl = memchr(p, '\n', held);
    if (!nl)
        return held > r->max ? -1 : 0;
    *nl = 0;
    *line = p;
    *len = (size_t)(nl - p);
    r->start += *len + 1;
    if (*len > r->max)
        return -1;
    return 1;
}

void net_buf_init(NetBuf *b, size_t max) { *b = (NetBuf){.max = max}; }

void net_buf_free(NetBuf *b)
{
    free(b->data);
    *b = (NetBuf){0};
}

bool net_buf_add(NetBuf *b, const char *data, size_t n)
{
    if (b->len + n > b->max)
        return false;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n)
            cap *= 2;
        b->data = xrealloc(b->data, cap);
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    return true;
}

void net_buf_drop(NetBuf *b, size_t n)
{
    if (n >= b->len) {
        b->len = 0;
        if (b->cap > 4096) { /* a burst is over: give the memory back (a server keeps many buffers) */
            free(b->data);
            b->data = NULL;
            b->cap = 0;
        }
        return;
    }
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
}

int net_buf_write(NetBuf *b, int fd)
{
    while (b->len > 0) {
        ssize_t w = send(fd, b->data, b->len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return 0;
            return -1;
        }
        net_buf_drop(b, (size_t)w);
    }
    return 1;
}
