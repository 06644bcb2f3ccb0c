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
    fprintf(f, "Usage: kage online [--server=PATH] [--player=NAME] COMMAND\n"
               "  who          the players online, the open challenges, the games being played\n"
               "  history      your past games (or NAME's), newest first\n"
               "  pgn GAME     game GAME as PGN (all: your last 50 games, oldest first)\n"
               "  top VARIANT  the best ratings of a game\n"
               "  challenge NAME VARIANT [CLOCK] [white|black|random] [rated|casual]\n"
               "               offer NAME a game and wait for the answer (two minutes at most)\n"
               "  raw          protocol lines from standard input to the server, its lines to standard output\n");
}

static const char *variant_name(const char *id)
{
    const VariantDef *d = variant_find(id);
    return d ? d->name : id;
}

/* Wait for the next message and apply it; false (said) on an error. */
static bool next_within(NetClient *c, NetLobby *l, NetEvent *ev, int ms, const char *late)
{
    NetMsg m;
    KageError err;
    int r = ms > 0 ? net_client_wait(c, &m, ms, &err) : 0;
    if (r <= 0) {
        fprintf(stderr, "kage online: %s\n", r ? err.msg : late);
        return false;
    }
    *ev = net_lobby_apply(l, &m, clock_monotonic_ms(NULL), &err);
    if (*ev == NET_EV_ERROR || *ev == NET_EV_BYE) {
        fprintf(stderr, "kage online: %s\n", err.msg);
        return false;
    }
    return true;
}

static bool next(NetClient *c, NetLobby *l, NetEvent *ev)
{
    return next_within(c, l, ev, WAIT_MS, "the server did not answer in time");
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
        printf(" %s%s", l->players[i], l->doing[i] == NET_PLAYING ? " (playing)"
                                       : l->doing[i] == NET_WATCHING ? " (watching)"
                                                                     : "");
    printf("\nOpen challenges (%d):\n", l->nchallenges);
    for (int i = 0; i < l->nchallenges; i++) {
        const NetChallenge *ch = &l->challenges[i];
        char rating[16];
        net_rating_text(net_lobby_rating(l, ch->owner, ch->variant), rating, sizeof rating);
        printf("  #%lld  %-10s %-6s %-22s %-10s %s, %s%s%s\n", (long long)ch->id, ch->owner, rating,
               variant_name(ch->variant), ch->tc, ch->rated ? "rated" : "casual",
               ch->colour < 0 ? "colour at random" : ch->colour == WHITE ? "plays first" : "plays second",
               ch->to[0] ? ", to " : "", ch->to);
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

static int top(NetClient *c, NetLobby *l, const char *variant)
{
    KageError err;
    const VariantDef *d = variant_find(variant);
    if (!d) {
        fprintf(stderr, "kage online: top: no variant '%s'\n", variant);
        return 2;
    }
    if (!net_client_send(c, &err, "ratings %s", d->id) || !until(c, l, NET_EV_TOP))
        return 1;
    printf("The best in %s:\n", d->name);
    for (int i = 0; i < l->ntop; i++) {
        char rating[16];
        net_rating_text(&l->top[i], rating, sizeof rating);
        printf("%3d. %-32s %-6s %d rated game%s\n", i + 1, l->top[i].name, rating, l->top[i].games,
               l->top[i].games == 1 ? "" : "s");
    }
    if (!l->ntop)
        printf("No rated game yet.\n");
    return 0;
}

/* Offer a game to one player and wait for the answer (OFFER: the server's
 * two minutes, and a little more). */
#define OFFER_WAIT_MS 125000
static int challenge(NetClient *c, NetLobby *l, int argc, char **argv)
{
    KageError err;
    const char *name = argv[0], *colour = "random", *kind = "casual";
    const VariantDef *d = argc > 1 ? variant_find(argv[1]) : NULL;
    TimeControl tc = {.kind = CLOCK_NONE};
    char spec[NET_TC_MAX] = "none";
    if (!net_name_ok(name) || !d) {
        fprintf(stderr, "kage online: challenge: %s\n", !net_name_ok(name) ? "not a player's name" : "no such variant");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        const char *w = argv[i];
        if (!strcmp(w, "white") || !strcmp(w, "black") || !strcmp(w, "random"))
            colour = w;
        else if (!strcmp(w, "rated") || !strcmp(w, "casual"))
            kind = w;
        else if (i == 2 && clock_tc_parse(w, &tc, &err))
            net_tc_format(&tc, spec, sizeof spec);
        else {
            fprintf(stderr, "kage online: challenge: '%s' is not a clock, a colour or rated|casual%s%s\n", w,
                    i == 2 ? ": " : "", i == 2 ? err.msg : "");
            return 2;
        }
    }
    if (!net_client_send(c, &err, "challenge %s %s %s %s %s", d->id, spec, colour, name, kind) ||
        !until(c, l, NET_EV_OK))
        return 1;
    printf("Offered to %s: %s, clock %s, %s, %s. Waiting for the answer...\n", name, d->name, spec, colour, kind);
    fflush(stdout);
    int64_t end = clock_monotonic_ms(NULL) + OFFER_WAIT_MS;
    for (;;) {
        NetEvent ev;
        if (!next_within(c, l, &ev, (int)(end - clock_monotonic_ms(NULL)), "no answer in time"))
            return 1;
        if (ev == NET_EV_DECLINED) {
            printf("%s %s.\n", name, !strcmp(l->withdrawn_why, "expired") ? "did not answer in time" : "declined");
            return 1;
        }
        if (ev == NET_EV_GAME) {
            printf("%s accepted: game %lld. Play it with: kage --mode=online\n", name, (long long)l->game.id);
            return 0;
        }
        bool open = false;
        for (int k = 0; k < l->nchallenges; k++)
            open |= !strcmp(l->challenges[k].owner, l->me) && !strcmp(l->challenges[k].to, name);
        if (ev == NET_EV_LOBBY && !open) {
            printf("The challenge was withdrawn: %s left.\n", name);
            return 1;
        }
    }
}

static int pgn(NetClient *c, NetLobby *l, const char *id);

/* The player's last games, oldest first, as one PGN collection. */
static int pgn_all(NetClient *c, NetLobby *l)
{
    KageError err;
    if (!net_client_send(c, &err, "history") || !until(c, l, NET_EV_PAST))
        return 1;
    int n = l->npast;
    int64_t *ids = xmalloc((size_t)(n ? n : 1) * sizeof *ids);
    for (int i = 0; i < n; i++)
        ids[i] = l->past[n - 1 - i].id;
    int status = 0;
    for (int i = 0; i < n && !status; i++) {
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)ids[i]);
        status = pgn(c, l, id);
        if (!status && i + 1 < n)
            putchar('\n');
    }
    free(ids);
    if (!n)
        fprintf(stderr, "kage online: no past games\n");
    return status;
}

static int pgn(NetClient *c, NetLobby *l, const char *id)
{
    KageError err;
    int64_t n;
    if (!strcmp(id, "all"))
        return pgn_all(c, l);
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
    bool known = !strcmp(cmd, "who") || !strcmp(cmd, "history") || !strcmp(cmd, "pgn") || !strcmp(cmd, "raw") ||
                 !strcmp(cmd, "top") || !strcmp(cmd, "challenge");
    int want = !strcmp(cmd, "pgn") || !strcmp(cmd, "top") ? 1 : !strcmp(cmd, "challenge") ? 2 : 0,
        most = !strcmp(cmd, "challenge") ? 5 : !strcmp(cmd, "history") || want ? 1 : 0;
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
        else if (!strcmp(cmd, "top"))
            status = top(c, &l, argv[i + 1]);
        else if (!strcmp(cmd, "challenge"))
            status = challenge(c, &l, argc - i - 1, argv + i + 1);
        else
            status = pgn(c, &l, argv[i + 1]);
        net_lobby_free(&l);
    }
    net_client_free(c);
    return status;
}
