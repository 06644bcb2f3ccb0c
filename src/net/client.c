/* A client's connection to the lobby server (see client.h). */
#include "kage/net/client.h"

#include "kage/records/clock.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* A client keeps at most this much unsent: the server reads what it is sent */
#define CLIENT_OUT_MAX (256 * 1024)

bool net_default_socket(char *buf, size_t size, KageError *err)
{
    const char *env = getenv("KAGE_SERVER"), *run = getenv("XDG_RUNTIME_DIR");
    int n;
    if (env && *env)
        n = snprintf(buf, size, "%s", env);
    else if (run && run[0] == '/')
        n = snprintf(buf, size, "%s/kage/server.sock", run);
    else
        n = snprintf(buf, size, "/tmp/kage-%u/server.sock", (unsigned)getuid());
    if (n < 0 || (size_t)n >= size || (size_t)n >= sizeof(((struct sockaddr_un *)0)->sun_path))
        return kage_error(err, -1, "the server's socket path is too long (at most %zu bytes)",
                          sizeof(((struct sockaddr_un *)0)->sun_path) - 1);
    return true;
}

NetClient *net_client_connect(const char *path, KageError *err)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof sa.sun_path) {
        kage_error(err, -1, "the socket path %.60s... is too long (at most %zu bytes)", path, sizeof sa.sun_path - 1);
        return NULL;
    }
    memcpy(sa.sun_path, path, strlen(path) + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        kage_error(err, -1, "no socket: %s", strerror(errno));
        return NULL;
    }
    int r;
    do
        r = connect(fd, (struct sockaddr *)&sa, sizeof sa);
    while (r < 0 && errno == EINTR);
    if (r < 0) {
        int e = errno;
        close(fd);
        if (e == ENOENT || e == ECONNREFUSED)
            kage_error(err, -1, "no Kage server is running at %s (start one with: kage server)", path);
        else if (e == EACCES || e == EPERM)
            kage_error(err, -1, "the Kage server at %s does not let this user in (%s)", path, strerror(e));
        else if (e == EAGAIN)
            kage_error(err, -1, "the Kage server at %s is too busy to take a connection now", path);
        else
            kage_error(err, -1, "cannot connect to the Kage server at %s: %s", path, strerror(e));
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    NetClient *c = xcalloc(1, sizeof *c);
    c->fd = fd;
    net_reader_init(&c->in, NET_SERVER_LINE_MAX);
    net_buf_init(&c->out, CLIENT_OUT_MAX);
    return c;
}

void net_client_free(NetClient *c)
{
    if (!c)
        return;
    if (c->fd >= 0)
        close(c->fd);
    net_reader_free(&c->in);
    net_buf_free(&c->out);
    free(c);
}

static void client_closed(NetClient *c, const char *why)
{
    if (!c->closed)
        snprintf(c->why, sizeof c->why, "%.199s", why);
    c->closed = true;
}

bool net_client_flush(NetClient *c)
{
    if (c->closed)
        return false;
    if (net_buf_write(&c->out, c->fd) < 0) {
        client_closed(c, errno == EPIPE || errno == ECONNRESET ? "the server closed the connection"
                                                                : strerror(errno));
        return false;
    }
    return true;
}

bool net_client_send(NetClient *c, KageError *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ok = net_client_vsend(c, err, fmt, ap);
    va_end(ap);
    return ok;
}

bool net_client_vsend(NetClient *c, KageError *err, const char *fmt, va_list ap)
{
    char line[NET_LINE_MAX + 2];
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    if (n < 0 || n > NET_LINE_MAX)
        return kage_error(err, -1, "a message too long for the server (%d bytes)", n);
    if (c->closed)
        return kage_error(err, -1, "not connected: %s", c->why);
    line[n++] = '\n';
    if (!net_buf_add(&c->out, line, (size_t)n)) {
        client_closed(c, "the server does not read what it is sent");
        return kage_error(err, -1, "%s", c->why);
    }
    if (!net_client_flush(c))
        return kage_error(err, -1, "%s", c->why);
    return true;
}

short net_client_events(const NetClient *c) { return (short)(POLLIN | (c->out.len ? POLLOUT : 0)); }

bool net_client_read(NetClient *c)
{
    if (c->closed)
        return false;
    for (;;) {
        size_t room;
        char *p = net_reader_space(&c->in, &room);
        if (room == 0)
            return true; /* a line too long: net_client_next says so */
        ssize_t r = read(c->fd, p, room);
        if (r > 0) {
            net_reader_commit(&c->in, (size_t)r);
            continue;
        }
        if (r == 0) {
            client_closed(c, "the server closed the connection");
            return false;
        }
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return true;
        client_closed(c, strerror(errno));
        return false;
    }
}

int net_client_next(NetClient *c, NetMsg *m, KageError *err)
{
    char *line;
    size_t len;
    int r = net_reader_line(&c->in, &line, &len);
    if (r == 0)
        return 0;
    if (r < 0) {
        client_closed(c, "the server sent a line that is too long");
        kage_error(err, -1, "%s", c->why);
        return -1;
    }
    if (!net_parse(line, len, NET_TO_CLIENT, m, err)) {
        char why[300];
        snprintf(why, sizeof why, "the server sent a bad line (%.250s)", err->msg);
        client_closed(c, why);
        kage_error(err, -1, "%s", why);
        return -1;
    }
    return 1;
}

int net_client_wait(NetClient *c, NetMsg *m, int ms, KageError *err)
{
    int64_t deadline = clock_monotonic_ms(NULL) + ms;
    for (;;) {
        int r = net_client_next(c, m, err);
        if (r != 0)
            return r;
        if (c->closed) {
            kage_error(err, -1, "%s", c->why);
            return -1;
        }
        int64_t left = deadline - clock_monotonic_ms(NULL);
        if (left <= 0)
            return 0;
        net_client_flush(c);
        struct pollfd p = {c->fd, net_client_events(c), 0};
        int pr = poll(&p, 1, (int)left);
        if (pr < 0 && errno != EINTR) {
            kage_error(err, -1, "poll: %s", strerror(errno));
            return -1;
        }
        if (pr > 0 && (p.revents & POLLOUT))
            net_client_flush(c);
        if (pr > 0 && (p.revents & (POLLIN | POLLHUP | POLLERR)))
            net_client_read(c);
    }
}
