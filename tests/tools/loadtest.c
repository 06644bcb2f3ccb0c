/* A load test of the lobby server (kage server): a benchmark, not a test
 * of make check.  One process opens many connections to a running server
 * (tools/loadtest.sh starts one on a socket of its own) and plays fast games
 * of random legal moves on them for a bounded time:
 *
 *   loadtest --socket=PATH [--clients=500] [--games=200] [--seconds=120]
 *            [--think-ms=20-150] [--max-plies=160] [--server-pid=PID] [--seed=N]
 *
 * 2 x games of the connections are players, paired, each pair playing one
 * game after another (every variant in turn, 5+3 clocks, a random legal
 * move after a random think); the rest watch games being played and move to
 * another when theirs ends.  A game that reaches --max-plies is resigned.
 * The connections' names come through the server's shared account (the
 * user running this), as lt0001, lt0002 ...
 *
 * It measures and prints: the connections held, the games started and
 * finished, the moves played and relayed, the relay latency (from the move
 * sent by its player to the line received by the opponent and by each
 * watcher) at the 50th, 95th and 99th percentiles and the worst, the errors
 * the server answered, and the server's resident memory every 10 s
 * (--server-pid).  At the end it reads every game it saw back from the
 * server (`record`) and compares it, move by move and result, with what the
 * players saw: "lost" counts the games that differ.  Exit status 0 when
 * nothing was lost and no error came, 1 otherwise. */
#define _DEFAULT_SOURCE /* random, srandom */
#include "kage/net/client.h"
#include "kage/net/lobby.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* --- what the harness knows of each game ---------------------------------------- */

typedef struct Seen {
    bool known, ended;
    char variant[NET_VARIANT_MAX];
    char (*moves)[NET_MOVE_MAX];
    int nmoves, cap;
    int64_t *sent_us; /* when each ply was sent by its player */
    int sent_cap;
    GameResult result;
} Seen;

static Seen *seen;
static int nseen_cap;

static Seen *seen_of(int64_t id)
{
    if (id <= 0 || id > 10000000)
        return NULL;
    if (id >= nseen_cap) {
        int cap = nseen_cap ? nseen_cap : 1024;
        while (cap <= id)
            cap *= 2;
        seen = xrealloc(seen, (size_t)cap * sizeof *seen);
        memset(seen + nseen_cap, 0, (size_t)(cap - nseen_cap) * sizeof *seen);
        nseen_cap = cap;
    }
    return &seen[id];
}

static void seen_sent(Seen *g, int ply, int64_t t)
{
    if (ply >= g->sent_cap) {
        int cap = g->sent_cap ? g->sent_cap * 2 : 64;
        while (cap <= ply)
            cap *= 2;
        g->sent_us = xrealloc(g->sent_us, (size_t)cap * sizeof *g->sent_us);
        memset(g->sent_us + g->sent_cap, 0, (size_t)(cap - g->sent_cap) * sizeof *g->sent_us);
        g->sent_cap = cap;
    }
    g->sent_us[ply] = t;
}

/* --- latency samples --------------------------------------------------------------- */

static int64_t *samples;
static size_t nsamples, samples_cap;

static void sample(int64_t us)
{
    if (nsamples == samples_cap) {
        samples_cap = samples_cap ? 2 * samples_cap : 65536;
        samples = xrealloc(samples, samples_cap * sizeof *samples);
    }
    samples[nsamples++] = us;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* --- the connections ---------------------------------------------------------------- */

typedef struct Client {
    NetClient *c;
    NetLobby l;
    char name[16];
    bool player, leader;  /* leaders offer the games, their partners accept */
    int partner;
    Position *pos;        /* the game played, in this client's own position */
    int64_t move_due;     /* when to move (us), 0: not to move */
    int64_t next_challenge;
    int64_t next_watch;
    int games;
} Client;

static Client *clients;
static int nclients;
static const char *const variants[] = {"shinobiplus", "shinobi", "shinobivchess", "shogun", "cashew"};
static Variant *variant_objs[5];
static int think_lo = 20, think_hi = 150, max_plies = 160;
static long long errors, races, moves_sent, games_started, games_finished, bad_lines;
static char first_error[300];

static Variant *variant_by_id(const char *id)
{
    for (int i = 0; i < 5; i++)
        if (!strcmp(variants[i], id))
            return variant_objs[i];
    return NULL;
}

static int64_t think(void) { return (int64_t)(think_lo + random() % (think_hi - think_lo + 1)) * 1000; }

static void say(Client *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(Client *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    KageError err;
    bool sent = net_client_vsend(k->c, &err, fmt, ap);
    va_end(ap);
    if (!sent) {
        errors++;
        if (!first_error[0])
            snprintf(first_error, sizeof first_error, "%s: %.250s", k->name, err.msg);
    }
}

/* The running game a watcher goes to: any known and not ended. */
static int64_t pick_live(void)
{
    for (int tries = 0; tries < 20 && nseen_cap > 1; tries++) {
        int64_t id = 1 + random() % (nseen_cap - 1);
        if (seen[id].known && !seen[id].ended)
            return id;
    }
    return 0;
}

static void play_move(Client *k, int64_t t)
{
    NetGameView *v = &k->l.game;
    Seen *g = seen_of(v->id);
    k->move_due = 0;
    if (!g || !k->pos || v->result.outcome != OUTCOME_NONE)
        return;
    if (v->nmoves >= max_plies) {
        say(k, "resign %lld", (long long)v->id);
        return;
    }
    MoveList list;
    movegen_legal(k->pos, &list);
    if (list.count == 0)
        return;
    char text[MOVE_TEXT_MAX];
    move_to_text(k->pos, list.moves[random() % list.count], MOVE_FOR_PROTOCOL, text);
    seen_sent(g, v->nmoves, t);
    say(k, "move %lld %d %s", (long long)v->id, v->nmoves, text);
    moves_sent++;
}

static void game_begins(Client *k, int64_t t)
{
    NetGameView *v = &k->l.game;
    Seen *g = seen_of(v->id);
    if (!g)
        return;
    if (!g->known) {
        g->known = true;
        snprintf(g->variant, sizeof g->variant, "%s", v->variant);
        games_started++;
    }
    if (v->role < 0)
        return;
    if (k->pos)
        pos_free(k->pos);
    k->pos = pos_new(variant_by_id(v->variant));
    for (int i = 0; i < v->nmoves; i++) {
        Move m;
        KageError err;
        if (!move_from_text(k->pos, v->moves[i], MOVE_FOR_PROTOCOL, &m, &err)) {
            errors++;
            return;
        }
        pos_make(k->pos, m);
    }
    if ((int)k->pos->side == v->role)
        k->move_due = t + think();
}

static void on_move(Client *k, int64_t t)
{
    NetGameView *v = &k->l.game;
    Seen *g = seen_of(v->id);
    int ply = v->nmoves - 1;
    const char *text = v->moves[ply];
    if (!g)
        return;
    Color mover = ply % 2 ? BLACK : WHITE; /* every game starts from its start position, White first */
    if ((int)mover != v->role && ply < g->sent_cap && g->sent_us[ply])
        sample(t - g->sent_us[ply]);
    if (ply == g->nmoves) { /* the first to hear of it keeps the game's record */
        if (g->nmoves == g->cap) {
            g->cap = g->cap ? 2 * g->cap : 64;
            g->moves = xrealloc(g->moves, (size_t)g->cap * sizeof *g->moves);
        }
        snprintf(g->moves[g->nmoves++], NET_MOVE_MAX, "%s", text);
    }
    if (v->role < 0 || !k->pos)
        return;
    Move m;
    KageError err;
    if (!move_from_text(k->pos, text, MOVE_FOR_PROTOCOL, &m, &err)) {
        errors++;
        if (!first_error[0])
            snprintf(first_error, sizeof first_error, "%s: the server's move %s: %.200s", k->name, text, err.msg);
        return;
    }
    pos_make(k->pos, m);
    if ((int)k->pos->side == v->role)
        k->move_due = t + think();
}

static void on_message(Client *k, NetMsg *m, int64_t t)
{
    KageError err;
    if (!strcmp(m->verb, "ok") && m->nargs == 2 && !strcmp(m->arg[0], "challenge")) {
        say(&clients[k->partner], "accept %s", m->arg[1]);
        return;
    }
    switch (net_lobby_apply(&k->l, m, t / 1000, &err)) {
    case NET_EV_ERROR:
        /* a game that ended as a watcher went to it, or as a move was sent:
         * the server said so, as it should; not an error of the server's */
        if (!strcmp(m->arg[0], "not-found")) {
            races++;
            break;
        }
        errors++;
        if (!first_error[0])
            snprintf(first_error, sizeof first_error, "%s: %.250s", k->name, err.msg);
        break;
    case NET_EV_GAME:
        game_begins(k, t);
        break;
    case NET_EV_MOVE:
        on_move(k, t);
        break;
    case NET_EV_END: {
        Seen *g = seen_of(k->l.game.id);
        if (g && !g->ended) {
            g->ended = true;
            g->result = k->l.game.result;
            games_finished++;
        }
        k->move_due = 0;
        if (k->leader)
            k->next_challenge = t + 100000;
        if (!k->player)
            k->next_watch = t + 200000;
        break;
    }
    case NET_EV_RESYNC:
        say(k, "sync %lld", (long long)k->l.game.id);
        break;
    default:
        break;
    }
}

/* The CPU seconds a process has used (user + system), from /proc. */
static double cpu_s(int pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    const char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static long rss_kb(int pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6))
            kb = atol(line + 6);
    if (f)
        fclose(f);
    return kb;
}

/* Does the stored game r hold what the players saw of it? */
static bool same_game(const NetGameView *r)
{
    const Seen *g = r->id > 0 && r->id < nseen_cap ? &seen[r->id] : NULL;
    bool same = g && g->known && r->nmoves == g->nmoves && !strcmp(r->variant, g->variant);
    for (int i = 0; same && i < g->nmoves; i++)
        same = !strcmp(r->moves[i], g->moves[i]);
    if (same && g->ended)
        same = r->result.outcome == g->result.outcome && r->result.reason == g->result.reason;
    if (!same && g)
        fprintf(stderr, "loadtest: game %lld differs: %d moves stored, %d seen\n", (long long)r->id, r->nmoves,
                g->nmoves);
    return same;
}

/* After poll: write what waits when the socket takes it, and read what came;
 * true when something was read (the messages are then to be taken). */
static bool service(Client *k, short revents)
{
    if (revents & POLLOUT)
        net_client_flush(k->c);
    if (!(revents & (POLLIN | POLLHUP | POLLERR)))
        return false;
    net_client_read(k->c);
    return true;
}

/* Every game seen, read back from the server (each connection asks for a
 * few, within its rate) and compared with what the players saw; the number
 * that differ, or -1 when they could not all be read. */
static int verify(long *checked)
{
    long want = 0, got = 0;
    int lost = 0;
    static NetMsg m;
    for (int64_t id = 1, k = 0; id < nseen_cap; id++)
        if (seen[id].known) {
            say(&clients[k++ % nclients], "record %lld", (long long)id);
            want++;
        }
    struct pollfd *fds = xcalloc((size_t)nclients, sizeof *fds);
    int64_t deadline = now_us() + 30000000;
    while (got < want && now_us() < deadline) {
        for (int i = 0; i < nclients; i++)
            fds[i] = (struct pollfd){clients[i].c->closed ? -1 : clients[i].c->fd, net_client_events(clients[i].c), 0};
        if (poll(fds, (nfds_t)nclients, 1000) < 0 && errno != EINTR)
            break;
        for (int i = 0; i < nclients; i++) {
            Client *k = &clients[i];
            if (!service(k, fds[i].revents))
                continue;
            KageError err;
            while (net_client_next(k->c, &m, &err) == 1) {
                NetEvent ev = net_lobby_apply(&k->l, &m, 0, &err);
                if (ev == NET_EV_RECORD) {
                    got++;
                    lost += !same_game(&k->l.record);
                } else if (ev == NET_EV_ERROR) {
                    fprintf(stderr, "loadtest: verify: %s\n", err.msg);
                    errors++;
                }
            }
        }
    }
    free(fds);
    *checked = got;
    return got == want ? lost : -1;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int want = 500, games = 200, seconds = 120, server_pid = 0;
    unsigned seed = (unsigned)time(NULL);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--socket=", 9))
            path = a + 9;
        else if (!strncmp(a, "--clients=", 10))
            want = atoi(a + 10);
        else if (!strncmp(a, "--games=", 8))
            games = atoi(a + 8);
        else if (!strncmp(a, "--seconds=", 10))
            seconds = atoi(a + 10);
        else if (!strncmp(a, "--think-ms=", 11))
            sscanf(a + 11, "%d-%d", &think_lo, &think_hi);
        else if (!strncmp(a, "--max-plies=", 12))
            max_plies = atoi(a + 12);
        else if (!strncmp(a, "--server-pid=", 13))
            server_pid = atoi(a + 13);
        else if (!strncmp(a, "--seed=", 7))
            seed = (unsigned)atol(a + 7);
        else {
            fprintf(stderr, "usage: loadtest --socket=PATH [--clients=N] [--games=N] [--seconds=N] "
                            "[--think-ms=LO-HI] [--max-plies=N] [--server-pid=PID] [--seed=N]\n");
            return 2;
        }
    }
    if (!path || want < 2 || games < 1 || 2 * games > want || seconds < 1 || think_lo < 0 || think_hi < think_lo) {
        fprintf(stderr, "loadtest: --socket is needed, and 2 x games at most the clients\n");
        return 2;
    }
    srandom(seed);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    for (int i = 0; i < 5; i++) {
        KageError err;
        variant_objs[i] = variant_new(variant_find(variants[i]), &err);
    }
    clients = xcalloc((size_t)want, sizeof *clients);
    int64_t t0 = now_us();
    for (int i = 0; i < want; i++) {
        Client *k = &clients[i];
        KageError err;
        k->c = net_client_connect(path, &err);
        if (!k->c) {
            fprintf(stderr, "loadtest: connection %d: %s\n", i + 1, err.msg);
            break;
        }
        nclients++;
        net_lobby_init(&k->l);
        snprintf(k->name, sizeof k->name, "lt%04d", i + 1);
        k->player = i < 2 * games;
        k->leader = k->player && i % 2 == 0;
        k->partner = k->player ? (i % 2 ? i - 1 : i + 1) : -1;
        say(k, "hello 1 %s", k->name);
        if (k->leader)
            k->next_challenge = t0 + 500000 + (int64_t)(random() % 1000000);
        if (!k->player)
            k->next_watch = t0 + 2000000 + (int64_t)(random() % 1000000);
    }
    printf("loadtest: %d connections to %s in %.2f s; %d games at a time, %d watchers, %d s\n", nclients, path,
           (now_us() - t0) / 1e6, games, nclients - 2 * games, seconds);
    fflush(stdout);
    struct pollfd *fds = xcalloc((size_t)nclients, sizeof *fds);
    int64_t start = now_us(), end = start + (int64_t)seconds * 1000000, next_rss = start;
    long rss[1000];
    int nrss = 0;
    long long moves_at_start = 0;
    static NetMsg m;
    while (nclients > 0) {
        int64_t t = now_us();
        if (server_pid && t >= next_rss && nrss < 1000) {
            rss[nrss++] = rss_kb(server_pid);
            next_rss += 10000000;
        }
        bool running = t < end;
        int64_t wait = running ? 50000 : 0;
        for (int i = 0; i < nclients; i++) {
            Client *k = &clients[i];
            if (running && k->move_due && t >= k->move_due)
                play_move(k, t);
            if (running && k->leader && k->next_challenge && t >= k->next_challenge) {
                k->next_challenge = 0;
                say(k, "challenge %s 5+3 random", variants[k->games++ % 5]);
            }
            if (running && !k->player && k->next_watch && t >= k->next_watch) {
                int64_t id = pick_live();
                k->next_watch = id ? 0 : t + 500000;
                if (id)
                    say(k, "watch %lld", (long long)id);
            }
            int64_t due = k->move_due ? k->move_due : k->next_challenge ? k->next_challenge : k->next_watch;
            if (running && due && due - t < wait)
                wait = due - t > 0 ? due - t : 0;
            fds[i] = (struct pollfd){k->c->fd, net_client_events(k->c), 0};
        }
        if (!running)
            break;
        int r = poll(fds, (nfds_t)nclients, (int)(wait / 1000));
        if (r < 0 && errno != EINTR)
            break;
        t = now_us();
        for (int i = 0; r > 0 && i < nclients; i++) {
            Client *k = &clients[i];
            if (!service(k, fds[i].revents))
                continue;
            KageError err;
            int got;
            while ((got = net_client_next(k->c, &m, &err)) == 1)
                on_message(k, &m, t);
            if (got < 0 || k->c->closed) {
                bad_lines++;
                if (!first_error[0])
                    snprintf(first_error, sizeof first_error, "%s: %s", k->name, k->c->why);
                fds[i].fd = -1;
            }
        }
        if (moves_at_start == 0 && t - start > 10000000)
            moves_at_start = moves_sent; /* after the first 10 s: the steady pace */
    }
    double secs = (now_us() - start) / 1e6;
    double server_cpu = server_pid ? cpu_s(server_pid) : -1, own_cpu = cpu_s(getpid());
    /* the last moves arrive: read until all is quiet for half a second */
    for (int64_t quiet = now_us() + 500000; now_us() < quiet;) {
        for (int i = 0; i < nclients; i++)
            fds[i] = (struct pollfd){clients[i].c->closed ? -1 : clients[i].c->fd, POLLIN, 0};
        if (poll(fds, (nfds_t)nclients, 100) <= 0)
            continue;
        int64_t t = now_us();
        quiet = t + 500000;
        for (int i = 0; i < nclients; i++) {
            if (!service(&clients[i], fds[i].revents))
                continue;
            KageError err;
            while (net_client_next(clients[i].c, &m, &err) == 1)
                on_message(&clients[i], &m, t);
        }
    }
    long checked;
    int lost = verify(&checked);
    qsort(samples, nsamples, sizeof *samples, cmp64);
#define PCT(p) (nsamples ? samples[(size_t)((p) * (double)(nsamples - 1))] / 1000.0 : 0.0)
    printf("loadtest: %.0f s: %lld games started, %lld finished, %lld moves played (%.0f a second), "
           "%zu relays measured\n",
           secs, games_started, games_finished, moves_sent, moves_sent / secs, nsamples);
    printf("loadtest: relay latency (sent by the player -> received by the opponent or a watcher): "
           "p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms\n",
           PCT(0.50), PCT(0.95), PCT(0.99), nsamples ? samples[nsamples - 1] / 1000.0 : 0.0);
    if (nrss) {
        printf("loadtest: server memory (RSS, every 10 s):");
        for (int i = 0; i < nrss; i++)
            printf(" %ld", rss[i] / 1024);
        printf(" MB\n");
    }
    if (server_cpu >= 0)
        printf("loadtest: CPU used: the server %.1f s, this load test %.1f s, in %.0f s on %ld cores\n", server_cpu,
               own_cpu, secs, sysconf(_SC_NPROCESSORS_ONLN));
    printf("loadtest: %ld games read back from the server: %d lost or different; %lld errors, %lld connections "
           "broken, %lld moves or watches too late for a game just ended%s%s\n",
           checked, lost, errors, bad_lines, races, first_error[0] ? "; first error: " : "", first_error);
    for (int i = 0; i < nclients; i++) {
        net_client_free(clients[i].c);
        net_lobby_free(&clients[i].l);
        if (clients[i].pos)
            pos_free(clients[i].pos);
    }
    return lost == 0 && errors == 0 && bad_lines == 0 ? 0 : 1;
}
