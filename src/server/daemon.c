/* The server's sockets and its loop: listen on a Unix socket, take
 * connections and know who is at the other end by the socket's peer
 * credentials, read and write without ever blocking, and stop on SIGTERM
 * or SIGINT (a hang-up, SIGHUP, is logged and changes nothing: a server
 * outlives the terminal that started it).  One thread, one poll(): a move
 * is read, checked, stored and written to every follower in the same turn
 * of the loop.  Out of file descriptors, it answers "busy" with one it
 * keeps spare and waits a little before it accepts again, instead of
 * spinning. */
#define _GNU_SOURCE /* accept4, SO_PEERCRED */
#include "server_internal.h"

#include "kage/rules/util.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
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

#define ACCEPT_PAUSE_MS 200 /* out of descriptors: accept nothing for this long */
#define LOG_REPEAT_MS 10000 /* a log line that repeats is written at most this often */

static int stop_pipe[2] = {-1, -1};
static volatile sig_atomic_t stop_signal, hangups;

static void on_stop(int sig)
{
    int saved = errno;
    if (sig == SIGHUP)
        hangups++;
    else
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
 * protocol cannot carry: no one else may take those, net_name_reserved). */
static void login_of(const Server *s, uid_t uid, char *buf, size_t size)
{
    char name[256];
    if (s->cfg.user_name(s->cfg.user_ctx, uid, name, sizeof name) && net_name_ok(name) && !net_name_reserved(name))
        snprintf(buf, size, "%.*s", NET_NAME_MAX, name);
    else
        snprintf(buf, size, "uid%u", (unsigned)uid);
}

/* A log line that may come on every turn of the loop (accept failing):
 * written once, then at most every LOG_REPEAT_MS with the count between. */
static void log_repeated(Server *s, const char *what)
{
    int64_t now = server_now(s);
    if (now < s->log_quiet_until) {
        s->log_skipped++;
        return;
    }
    s->log_quiet_until = now + LOG_REPEAT_MS;
    server_log(s, "%s", what);
}

/* Out of descriptors: the one kept spare answers the next connection
 * "busy", and accepting waits a little (no spinning on a full table). */
static void accept_out_of_fds(Server *s, int e)
{
    char why[160];
    snprintf(why, sizeof why, "accept: %s: connections wait (answered busy) until some close", strerror(e));
    log_repeated(s, why);
    s->accept_after = server_now(s) + ACCEPT_PAUSE_MS;
    if (s->spare_fd < 0)
        return;
    close(s->spare_fd);
    s->spare_fd = -1;
    /* every connection waiting now is answered, one descriptor at a time */
    int fd, answered = 0;
    while (answered < 1000 && (fd = accept4(s->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
        static const char busy[] = "error busy the server has no room for another connection now: try again later\n";
        ssize_t w = write(fd, busy, sizeof busy - 1);
        (void)w;
        close(fd);
        answered++;
    }
    s->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
}

static void accept_all(Server *s)
{
    if (s->spare_fd < 0)
        s->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    for (;;) {
        int fd = accept4(s->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
                accept_out_of_fds(s, errno);
            else if (errno != EAGAIN && errno != EWOULDBLOCK)
                log_repeated(s, strerror(errno));
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
        login_of(s, cred.uid, login, sizeof login);
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
        if (c && !c->dead && c->fd >= 0 && c->out.len && conn_flush(s, c) < 0)
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
#ifdef __GLIBC__
    /* the clients' buffers (up to a megabyte each) in blocks of their own,
     * given back to the system when freed, whatever glibc's heuristics */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
    server_log(s, "listening at %s (%d games running)", s->socket_path, s->nmatches);
    struct pollfd *fds = NULL;
    int *ids = NULL, cap = 0, status = 0;
    static uint32_t hist[TURN_BUCKETS + 1];
    uint64_t turns = 0;
    int64_t worst = 0, woke = -1;
    int seen_hangups = 0;
    while (!stop_signal) {
        if (hangups != seen_hangups) {
            seen_hangups = hangups;
            server_log(s, "hang-up (SIGHUP): nothing to reload; the server goes on (SIGTERM stops it)");
        }
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
        /* out of descriptors a moment ago: the listening socket waits */
        int64_t wait_accept = s->accept_after - server_now(s);
        fds[n++] = (struct pollfd){wait_accept > 0 ? -1 : s->listen_fd, POLLIN, 0};
        if (wait_accept > 0 && (timeout < 0 || timeout > wait_accept))
            timeout = (int)wait_accept;
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
        if (fds[0].revents & POLLIN) { /* a signal: empty the pipe */
            char drain[64];
            while (read(stop_pipe[0], drain, sizeof drain) > 0)
                ;
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
            conn_flush(s, c);
        }
    }
    free(fds);
    free(ids);
    close(stop_pipe[0]);
    close(stop_pipe[1]);
    stop_pipe[0] = stop_pipe[1] = -1;
    return status;
}
