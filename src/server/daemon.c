/* The server's sockets and its loop: listen on a Unix socket, take
 * connections and know who is at the other end by the socket's peer
 * credentials, read and write without ever blocking, and stop on SIGTERM,
 * SIGINT or SIGHUP.  One thread, one poll(): a move is read, checked,
 * stored and written to every follower in the same turn of the loop. */
#define _GNU_SOURCE /* accept4, SO_PEERCRED */
#include "server_internal.h"

#include "kage/rules/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define READS_PER_TURN 4 /* a busy client cannot starve the others */
#define TURN_BUCKETS 1000 /* how long each turn of the loop worked, by 0.1 ms, for the log at the end */

static int stop_pipe[2] = {-1, -1};
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    int saved = errno;
    stop_signal = sig;
    if (stop_pipe[1] >= 0) {
        ssize_t w = write(stop_pipe[1], "x", 1);
        (void)w;
    }
    errno = saved;
}

bool server_listen(Server *s, const char *path, mode_t mode, KageError *err)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof sa.sun_path)
        return kage_error(err, -1, "the socket path is too long (at most %zu bytes): %.60s...", sizeof sa.sun_path - 1,
                          path);
    memcpy(sa.sun_path, path, strlen(path) + 1);
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (!S_ISSOCK(st.st_mode))
            return kage_error(err, -1, "%s exists and is not a socket: remove it or choose another path", path);
        int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        bool live = probe >= 0 && connect(probe, (struct sockaddr *)&sa, sizeof sa) == 0;
        if (probe >= 0)
            close(probe);
        if (live)
            return kage_error(err, -1, "a Kage server is already running at %s", path);
        unlink(path); /* left by a server that died */
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return kage_error(err, -1, "no socket: %s", strerror(errno));
    /* created with no permissions at all, then given its own: no moment
     * when anyone else may connect */
    mode_t old = umask(0777);
    int r = bind(fd, (struct sockaddr *)&sa, sizeof sa);
    umask(old);
    if (r < 0 || chmod(path, mode) < 0 || listen(fd, 128) < 0) {
        int e = errno;
        close(fd);
        if (r == 0)
            unlink(path);
        return kage_error(err, -1, "cannot listen at %s: %s", path, strerror(e));
    }
    s->listen_fd = fd;
    snprintf(s->socket_path, sizeof s->socket_path, "%s", path);
    return true;
}

/* The login name of a uid; "uid1234" where it has none (or one the
 * protocol cannot carry). */
static void login_of(uid_t uid, char *buf, size_t size)
{
    struct passwd pw, *found = NULL;
    char tmp[2048];
    if (getpwuid_r(uid, &pw, tmp, sizeof tmp, &found) == 0 && found && net_name_ok(found->pw_name))
        snprintf(buf, size, "%s", found->pw_name);
    else
        snprintf(buf, size, "uid%u", (unsigned)uid);
}

static void accept_all(Server *s)
{
    for (;;) {
        int fd = accept4(s->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                server_log(s, "accept: %s", strerror(errno)); /* EMFILE: the next turn tries again */
            return;
        }
        struct ucred cred;
        socklen_t len = sizeof cred;
        if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) {
            server_log(s, "a connection without credentials: %s", strerror(errno));
            close(fd);
            continue;
        }
        char login[NET_NAME_MAX + 16];
        login_of(cred.uid, login, sizeof login);
        server_connect(s, fd, cred.uid, login);
    }
}

/* Read what connection c has sent; false when it has gone. */
static bool conn_read(Server *s, Conn *c)
{
    for (int k = 0; k < READS_PER_TURN && !c->dead; k++) {
        size_t room;
        char *p = net_reader_space(&c->in, &room);
        if (room == 0) {
            server_input(s, c->id, "", 0);
            break;
        }
        ssize_t r = read(c->fd, p, room);
        if (r > 0) {
            net_reader_commit(&c->in, (size_t)r);
            server_input(s, c->id, "", 0);
            if ((size_t)r < room)
                break;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        return false; /* end of file or an error: the client is gone */
    }
    return true;
}

static void flush_all(Server *s)
{
    for (int i = 0; i < s->nconns; i++) {
        Conn *c = s->conns[i];
        if (c && !c->dead && c->fd >= 0 && c->out.len && net_buf_write(&c->out, c->fd) < 0)
            server_disconnect(s, i);
    }
}

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The turn at fraction p of the histogram, in ms (its bucket's top). */
/* The p-th percentile of the turns' work in ms: the top of its 0.1 ms
 * bucket, but never above the longest turn seen (worst_ms). */
static double turn_pct(const uint32_t *hist, uint64_t n, double p, double worst_ms)
{
    uint64_t want = (uint64_t)(p * (double)n), seen = 0;
    double top = TURN_BUCKETS / 10.0;
    for (int i = 0; i <= TURN_BUCKETS; i++)
        if ((seen += hist[i]) > want) {
            top = (i + 1) / 10.0;
            break;
        }
    return top < worst_ms ? top : worst_ms;
}

static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

int server_run(Server *s)
{
    stop_signal = 0;
    if (pipe(stop_pipe) < 0) {
        server_log(s, "pipe: %s", strerror(errno));
        return 1;
    }
    for (int i = 0; i < 2; i++)
        fcntl(stop_pipe[i], F_SETFL, fcntl(stop_pipe[i], F_GETFL) | O_NONBLOCK);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    raise_fd_limit();
    server_log(s, "listening at %s (%d games running)", s->socket_path, s->nmatches);
    struct pollfd *fds = NULL;
    int *ids = NULL, cap = 0, status = 0;
    static uint32_t hist[TURN_BUCKETS + 1];
    uint64_t turns = 0;
    int64_t worst = 0, woke = -1;
    while (!stop_signal) {
        int timeout = server_tick(s);
        flush_all(s);
        server_reap(s);
        if (woke >= 0) { /* the work of this turn, from poll's return to here */
            int64_t busy = now_us() - woke;
            hist[busy / 100 < TURN_BUCKETS ? busy / 100 : TURN_BUCKETS]++;
            worst = busy > worst ? busy : worst;
            turns++;
        }
        int need = s->nconns + 2;
        if (need > cap) {
            cap = need * 2;
            fds = xrealloc(fds, (size_t)cap * sizeof *fds);
            ids = xrealloc(ids, (size_t)cap * sizeof *ids);
        }
        int n = 0;
        fds[n++] = (struct pollfd){stop_pipe[0], POLLIN, 0};
        fds[n++] = (struct pollfd){s->listen_fd, POLLIN, 0};
        for (int i = 0; i < s->nconns; i++) {
            Conn *c = s->conns[i];
            if (!c || c->dead || c->fd < 0)
                continue;
            ids[n] = i;
            fds[n++] = (struct pollfd){c->fd, (short)(POLLIN | (c->out.len ? POLLOUT : 0)), 0};
        }
        int r = poll(fds, (nfds_t)n, timeout);
        woke = now_us();
        if (r < 0) {
            if (errno == EINTR)
                continue;
            server_log(s, "poll: %s", strerror(errno));
            status = 1;
            break;
        }
        if (fds[1].revents & POLLIN)
            accept_all(s);
        for (int k = 2; k < n; k++) {
            Conn *c = conn_by_id(s, ids[k]);
            if (!c || !fds[k].revents)
                continue;
            if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) && !conn_read(s, c))
                server_disconnect(s, c->id);
        }
    }
    if (stop_signal)
        server_log(s, "stopping (signal %d): %d games stay running in the database", (int)stop_signal, s->nmatches);
    if (turns)
        server_log(s, "%llu moves relayed; %llu turns of the loop, each at work p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, "
                      "max %.1f ms",
                   (unsigned long long)s->moves_relayed, (unsigned long long)turns, turn_pct(hist, turns, 0.50, worst / 1000.0),
                   turn_pct(hist, turns, 0.95, worst / 1000.0), turn_pct(hist, turns, 0.99, worst / 1000.0),
                   worst / 1000.0);
    for (int i = 0; i < s->nconns; i++) {
        Conn *c = s->conns[i];
        if (c && !c->dead && c->fd >= 0) {
            conn_send(s, c, "notice the server is stopping; your game is kept");
            net_buf_write(&c->out, c->fd);
        }
    }
    free(fds);
    free(ids);
    close(stop_pipe[0]);
    close(stop_pipe[1]);
    stop_pipe[0] = stop_pipe[1] = -1;
    return status;
}
