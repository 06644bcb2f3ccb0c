/* `kage online`: the lobby from the command line, for scripts and for a
 * look without the game screen: who is online and what is played, a
 * player's past games, a stored game as PGN, and a raw mode that passes
 * protocol lines both ways (docs/PROTOCOL.md). */
#include "cli.h"

#include "kage/net/client.h"
#include "kage/net/lobby.h"
#include "kage/records/clock.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WAIT_MS 5000

static void usage(FILE *f)
{
    fprintf(f, "Usage: kage online [--server=PATH] [--player=NAME] who|history [NAME]|pgn GAME|raw\n"
               "  who          the players online, the open challenges, the games being played\n"
               "  history      your past games (or NAME's), newest first\n"
               "  pgn GAME     game GAME as PGN\n"
               "  raw          protocol lines from standard input to the server, its lines to standard output\n");
}

static const char *variant_name(const char *id)
{
    const VariantDef *d = variant_find(id);
    return d ? d->name : id;
}

/* Wait for the next message and apply it; false (said) on an error. */
static bool next(NetClient *c, NetLobby *l, NetEvent *ev)
{
    NetMsg m;
    KageError err;
    int r = net_client_wait(c, &m, WAIT_MS, &err);
    if (r <= 0) {
        fprintf(stderr, "kage online: %s\n", r ? err.msg : "the server did not answer in time");
        return false;
    }
    *ev = net_lobby_apply(l, &m, clock_monotonic_ms(NULL), &err);
    if (*ev == NET_EV_ERROR || *ev == NET_EV_BYE) {
        fprintf(stderr, "kage online: %s\n", err.msg);
        return false;
    }
    return true;
}

static bool until(NetClient *c, NetLobby *l, NetEvent want)
{
    NetEvent ev;
    do
        if (!next(c, l, &ev))
            return false;
    while (ev != want);
    return true;
}

static int who(NetClient *c, NetLobby *l)
{
    KageError err;
    if (!net_client_send(c, &err, "lobby on") || !until(c, l, NET_EV_LOBBY))
        return 1;
    printf("Players online (%d):", l->nplayers);
    for (int i = 0; i < l->nplayers; i++)
        printf(" %s", l->players[i]);
    printf("\nOpen challenges (%d):\n", l->nchallenges);
    for (int i = 0; i < l->nchallenges; i++) {
        const NetChallenge *ch = &l->challenges[i];
        printf("  #%lld  %-10s %-22s %-10s %s\n", (long long)ch->id, ch->owner, variant_name(ch->variant), ch->tc,
               ch->colour < 0 ? "colour at random" : ch->colour == WHITE ? "plays first" : "plays second");
    }
    printf("Games being played (%d):\n", l->nlive);
    for (int i = 0; i < l->nlive; i++) {
        const NetGameInfo *g = &l->live[i];
        printf("  #%lld  %-22s %s - %s  %s\n", (long long)g->id, variant_name(g->variant), g->white, g->black, g->tc);
    }
    return 0;
}

static int history(NetClient *c, NetLobby *l, const char *name)
{
    KageError err;
    bool sent = name ? net_client_send(c, &err, "history %s", name) : net_client_send(c, &err, "history");
    if (!sent || !until(c, l, NET_EV_PAST))
        return 1;
    for (int i = 0; i < l->npast; i++) {
        const NetGameInfo *g = &l->past[i];
        char date[32] = "";
        time_t t = (time_t)g->ended;
        struct tm tm;
        if (localtime_r(&t, &tm))
            strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
        printf("#%lld  %s  %-22s %s - %s  %s  %s (%s), %d moves\n", (long long)g->id, date, variant_name(g->variant),
               g->white, g->black, g->tc, game_outcome_text(g->result.outcome), game_reason_text(g->result.reason),
               g->plies);
    }
    if (!l->npast)
        printf("No past games.\n");
    return 0;
}

static int pgn(NetClient *c, NetLobby *l, const char *id)
{
    KageError err;
    int64_t n;
    if (!net_id_parse(id, &n)) {
        fprintf(stderr, "kage online: pgn: '%s' is not a game number\n", id);
        return 2;
    }
    if (!net_client_send(c, &err, "record %lld", (long long)n) || !until(c, l, NET_EV_RECORD))
        return 1;
    char *text = net_game_pgn(&l->record, &err);
    if (!text) {
        fprintf(stderr, "kage online: %s\n", err.msg);
        return 1;
    }
    fputs(text, stdout);
    free(text);
    return 0;
}

/* Send every whole line held from standard input; false once one is too
 * long (it is said, and the input is given up). */
static bool send_input_lines(NetClient *c, NetReader *in)
{
    char *line;
    size_t len;
    int r;
    KageError err;
    while ((r = net_reader_line(in, &line, &len)) == 1)
        if (!net_client_send(c, &err, "%s", line))
            fprintf(stderr, "kage online: %s\n", err.msg);
    if (r < 0)
        fprintf(stderr, "kage online: an input line is longer than %d bytes; the rest of the input is not sent\n",
                NET_LINE_MAX);
    return r >= 0;
}

/* Lines both ways until the input ends (and the server is quiet for a
 * moment after it) or the server closes.  Standard input is read with
 * read(2) into a line reader, not stdio: lines already buffered are sent at
 * once instead of waiting for more input. */
static int raw(NetClient *c)
{
    NetReader in;
    net_reader_init(&in, NET_LINE_MAX);
    bool in_open = true;
    int64_t quiet_until = -1;
    int status = 0;
    for (;;) {
        char *got;
        size_t len;
        int r;
        while ((r = net_reader_line(&c->in, &got, &len)) == 1) { /* as it came, good or bad */
            fwrite(got, 1, len, stdout);
            fputc('\n', stdout);
            quiet_until = in_open ? -1 : clock_monotonic_ms(NULL) + 500;
        }
        fflush(stdout);
        if (r < 0) {
            fprintf(stderr, "kage online: the server sent a line that is too long\n");
            status = 1;
            break;
        }
        if (c->closed)
            break;
        int64_t now = clock_monotonic_ms(NULL);
        if (!in_open && now >= quiet_until)
            break;
        struct pollfd p[2] = {{c->fd, net_client_events(c), 0}, {in_open ? STDIN_FILENO : -1, POLLIN, 0}};
        if (poll(p, 2, in_open ? -1 : (int)(quiet_until - now)) < 0 && errno != EINTR) {
            status = 1;
            break;
        }
        if (p[0].revents & POLLOUT)
            net_client_flush(c);
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR))
            net_client_read(c);
        if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
            size_t room;
            char *space = net_reader_space(&in, &room);
            ssize_t n = room ? read(STDIN_FILENO, space, room) : 0;
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n > 0) {
                net_reader_commit(&in, (size_t)n);
                if (send_input_lines(c, &in))
                    continue;
            } else if (in.len > in.start) { /* a last line without its newline */
                net_reader_commit(&in, 0);
                char *space2 = net_reader_space(&in, &room);
                if (room) {
                    *space2 = '\n';
                    net_reader_commit(&in, 1);
                    send_input_lines(c, &in);
                }
            }
            in_open = false;
            quiet_until = clock_monotonic_ms(NULL) + 500;
        }
    }
    net_reader_free(&in);
    return status;
}

int cli_online(int argc, char **argv)
{
    const char *server = NULL, *player = NULL;
    int i = 1;
    for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
        if (!strncmp(argv[i], "--server=", 9))
            server = argv[i] + 9;
        else if (!strncmp(argv[i], "--player=", 9))
            player = argv[i] + 9;
        else if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "kage online: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (i >= argc) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[i];
    bool known = !strcmp(cmd, "who") || !strcmp(cmd, "history") || !strcmp(cmd, "pgn") || !strcmp(cmd, "raw");
    int want = !strcmp(cmd, "pgn") ? 1 : 0, most = !strcmp(cmd, "history") || want ? 1 : 0;
    if (!known || argc - i - 1 < want || argc - i - 1 > most) {
        fprintf(stderr, "kage online: %s '%s'\n", known ? "wrong number of words after" : "unknown command", cmd);
        usage(stderr);
        return 2;
    }
    if (player && !net_name_ok(player)) {
        fprintf(stderr, "kage online: --player: '%s' is not a name\n", player);
        return 2;
    }
    KageError err;
    char path[PATH_MAX];
    if (!server) {
        if (!net_default_socket(path, sizeof path, &err)) {
            fprintf(stderr, "kage online: %s\n", err.msg);
            return 1;
        }
        server = path;
    }
    NetClient *c = net_client_connect(server, &err);
    if (!c) {
        fprintf(stderr, "kage online: %s\n", err.msg);
        return 1;
    }
    int status;
    if (!strcmp(cmd, "raw"))
        status = raw(c);
    else {
        NetLobby l;
        net_lobby_init(&l);
        bool hi = player ? net_client_send(c, &err, "hello %d %s", NET_PROTOCOL_VERSION, player)
                         : net_client_send(c, &err, "hello %d", NET_PROTOCOL_VERSION);
        if (!hi || !until(c, &l, NET_EV_WELCOME))
            status = 1;
        else if (!strcmp(cmd, "who"))
            status = who(c, &l);
        else if (!strcmp(cmd, "history"))
            status = history(c, &l, argc - i > 1 ? argv[i + 1] : NULL);
        else
            status = pgn(c, &l, argv[i + 1]);
        net_lobby_free(&l);
    }
    net_client_free(c);
    return status;
}
