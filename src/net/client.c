/* A client's connection to the lobby server (see client.h). */
#define _GNU_SOURCE /* struct ucred, SO_PEERCRED */
#include "kage/net/client.h"

#include "kage/records/clock.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
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

/* "user NAME (uid N)", or "uid N" for a uid with no name. */
static void who_is(uid_t uid, char *buf, size_t size)
{
    struct passwd pw, *found = NULL;
    char tmp[2048];
    if (getpwuid_r(uid, &pw, tmp, sizeof tmp, &found) == 0 && found)
        snprintf(buf, size, "user %.64s (uid %u)", found->pw_name, (unsigned)uid);
    else
        snprintf(buf, size, "uid %u", (unsigned)uid);
}

/* Cut an absolute path to its folder, in place ("/a/b" to "/a", "/a" to "/"). */
static void up(char *path)
{
    char *slash = strrchr(path, '/');
    if (slash == path)
        slash[1] = 0;
    else
        *slash = 0;
}

/* The rule of client.h for the socket at real (a resolved, absolute path;
 * shown is the path the caller gave, for messages): true with the uid that
 * owns the socket's folder, the one other than this user who may answer;
 * false with a message that says why the socket is not to be trusted. */
static bool client_path_trusted(const char *real, const char *shown, uid_t *owner, KageError *err)
{
    uid_t me = geteuid();
    char dir[PATH_MAX], who[100];
    struct stat st;
    if (lstat(real, &st) < 0)
        return kage_error(err, -1, "cannot look at %.300s: %s", shown, strerror(errno));
    if (!S_ISSOCK(st.st_mode))
        return kage_error(err, -1, "%.300s is not a socket: no Kage server listens there", shown);
    snprintf(dir, sizeof dir, "%s", real);
    up(dir);
    if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
        return kage_error(err, -1, "cannot look at the folder %.300s: %s", dir, strerror(errno));
    if ((st.st_mode & 022) && (st.st_mode & S_ISVTX))
        return kage_error(err, -1,
                          "anyone may put a socket in %.300s (mode %04o), so anyone could be the server at %.300s: "
                          "a server's socket belongs in a folder that only its owner may write to",
                          dir, (unsigned)(st.st_mode & 07777), shown);
    if (st.st_mode & 022)
        return kage_error(err, -1,
                          "the folder %.300s may be written by others than its owner (mode %04o): any of them could "
                          "put a server of their own there; make it its owner's alone (chmod go-w %.300s)",
                          dir, (unsigned)(st.st_mode & 07777), dir);
    *owner = st.st_uid;
    /* another user's folder is trusted only where root put it: in a folder
     * of root's that no one else may write to (a system server's, such as
     * /run/kage), not in /tmp where anyone may make one */
    bool vouched = st.st_uid == me || st.st_uid == 0;
    while (strcmp(dir, "/")) {
        up(dir);
        if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
            return kage_error(err, -1, "cannot look at the folder %.300s: %s", dir, strerror(errno));
        if (!vouched) {
            if (st.st_uid != 0 || (st.st_mode & 022)) {
                char on[PATH_MAX];
                snprintf(on, sizeof on, "%s", real);
                up(on);
                who_is(*owner, who, sizeof who);
                return kage_error(err, -1,
                                  "the folder %.300s belongs to %s, not to you, and %.300s, which holds it, is not "
                                  "root's alone: someone else may be pretending to be your server; have it removed, "
                                  "or set XDG_RUNTIME_DIR (or KAGE_SERVER) to a folder of your own",
                                  on, who, dir);
            }
            vouched = true;
            continue;
        }
        if (st.st_uid != 0 && st.st_uid != me) {
            who_is(st.st_uid, who, sizeof who);
            return kage_error(err, -1,
                              "the folder %.300s, on the way to %.300s, belongs to %s, who could put a server of "
                              "their own in its place: use a socket in a folder of your own or of root's",
                              dir, shown, who);
        }
        if ((st.st_mode & 022) && !(st.st_uid == 0 && (st.st_mode & S_ISVTX)))
            return kage_error(err, -1,
                              "the folder %.300s, on the way to %.300s, may be written by others (mode %04o): any "
                              "of them could put a server of their own in its place; make it its owner's alone "
                              "(chmod go-w %.300s)",
                              dir, shown, (unsigned)(st.st_mode & 07777), dir);
    }
    return true;
}

/* The uid of the process at the other end of fd; false where it cannot be known. */
static bool peer_uid(int fd, uid_t *uid)
{
#ifdef SO_PEERCRED
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0 || len != sizeof cred)
        return false;
    *uid = cred.uid;
    return true;
#else
    gid_t gid;
    return getpeereid(fd, uid, &gid) == 0;
#endif
}

NetClient *net_client_connect(const char *path, KageError *err)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof sa.sun_path) {
        kage_error(err, -1, "the socket path %.60s... is too long (at most %zu bytes)", path, sizeof sa.sun_path - 1);
        return NULL;
    }
    /* Who may be at the other end, from who owns the folders on the way
     * (client.h): checked on the path with its links followed, and that
     * path is the one connected to where it fits, so that what was checked
     * is what is reached. */
    char real[PATH_MAX];
    uid_t owner = geteuid(); /* set by client_path_trusted */
    if (!realpath(path, real)) {
        int e = errno;
        if (e == ENOENT || e == ENOTDIR)
            kage_error(err, -1, "no Kage server is running at %s (start one with: kage server)", path);
        else if (e == EACCES)
            kage_error(err, -1, "the Kage server at %s does not let this user in (%s)", path, strerror(e));
        else
            kage_error(err, -1, "cannot connect to the Kage server at %s: %s", path, strerror(e));
        return NULL;
    }
    if (!client_path_trusted(real, path, &owner, err)) {
        size_t n = strlen(err->msg);
        if (strcmp(real, path)) /* a message about folders the player never named says how they came in */
            snprintf(err->msg + n, sizeof err->msg - n, " (%.200s leads to %.200s)", path, real);
        return NULL;
    }
    const char *target = strlen(real) < sizeof sa.sun_path ? real : path;
    memcpy(sa.sun_path, target, strlen(target) + 1);
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
    /* the folder's owner (or this user) is the one to answer: anyone else
     * got there by a way the checks above did not see */
    uid_t peer;
    if (!peer_uid(fd, &peer)) {
        kage_error(err, -1, "cannot tell who runs the server at %s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (peer != geteuid() && peer != owner) {
        char who[100], whose[100], nor[140] = "";
        close(fd);
        who_is(peer, who, sizeof who);
        if (owner != geteuid()) {
            who_is(owner, whose, sizeof whose);
            snprintf(nor, sizeof nor, " nor as %s, the owner of its folder", whose);
        }
        kage_error(err, -1, "the server at %s runs as %s, not as you%s: someone else may be pretending to be your server",
                   path, who, nor);
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
