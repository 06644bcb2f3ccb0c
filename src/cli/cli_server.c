/* `kage server`: the lobby server's options, its files and its privileges;
 * the server itself is src/server/.  `kage server --check` replays every
 * game of a database. */
#define _DEFAULT_SOURCE /* setgroups */
#include "cli.h"

#include "kage/net/client.h"
#include "kage/records/config.h"
#include "kage/rules/util.h"
#include "kage/server/server.h"

#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static const struct {
    const char *name, *arg, *help;
} server_opts[] = {
    {"socket", "PATH", "listen here (default: $XDG_RUNTIME_DIR/kage/server.sock, for this user alone)"},
    {"socket-mode", "MODE", "the socket's permissions, octal (default 0600; 0660 with --socket: its group may play)"},
    {"db", "FILE", "the games' SQLite database (default: $XDG_DATA_HOME/kage/server.db): 0600, in a folder of "
                   "the server's closed to others (0750 at most), locked while a server uses it"},
    {"shared-account", "USER", "clients of this Unix user name their player (an SSH account shared by several, "
                               "each key forcing kage --player=NAME); may be repeated"},
    {"user", "USER", "started as root: become USER before opening anything (root itself is refused)"},
    {"max-clients", "N", "connections at once (default 1000)"},
    {"max-per-player", "N", "connections of one player (default 4)"},
    {"rate", "N", "messages a second a connection may send, twice that at once (default 20)"},
    {"abandon", "SECONDS", "a player away this long on their turn loses on time (default 120)"},
    {"db-limit", "KB", "the database and its log may not grow beyond this: then moves wait, as on a full disk "
                       "(default: none)"},
    {"quiet", NULL, "no log lines on standard error"},
    {"check", NULL, "replay every game of the database with the rules, print what is wrong, and exit (not while "
                    "a server uses it)"},
};

void cli_server_help(FILE *f)
{
    for (size_t i = 0; i < sizeof server_opts / sizeof server_opts[0]; i++) {
        char left[40];
        snprintf(left, sizeof left, "--%s%s%s", server_opts[i].name, server_opts[i].arg ? "=" : "",
                 server_opts[i].arg ? server_opts[i].arg : "");
        fprintf(f, "      %-22s %s\n", left, server_opts[i].help);
    }
}

static bool number(const char *opt, const char *val, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(val, &end, 10);
    if (!*val || *end || errno || n < min || n > max) {
        fprintf(stderr, "kage server: --%s: '%s' is not a number from %ld to %ld\n", opt, val, min, max);
        return false;
    }
    *out = n;
    return true;
}

/* The default socket's folder: made for this user alone, and refused when
 * someone else made it first (a folder in /tmp could be). */
static bool socket_folder(const char *path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return true;
    *slash = 0;
    if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
        fprintf(stderr, "kage server: cannot make %s: %s\n", dir, strerror(errno));
        return false;
    }
    struct stat st;
    if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) {
        fprintf(stderr, "kage server: %s is not a folder of this user's that only it may write to: "
                        "remove it, or give --socket\n", dir);
        return false;
    }
    return true;
}

/* The socket's place, before anything is made: its folder exists, and no
 * server answers there (server_listen says the same; saying it first keeps
 * a database from being made for a server that cannot start). */
static bool socket_place(const char *path)
{
    char dir[PATH_MAX];
    struct stat st;
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", !slash ? 1 : slash == path ? 1 : (int)(slash - path), slash ? path : ".");
    if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "kage server: cannot listen at %s: %s is not a folder%s\n", path, dir,
                errno == ENOENT ? " (it does not exist)" : "");
        return false;
    }
    if (lstat(path, &st) < 0)
        return true;
    if (!S_ISSOCK(st.st_mode)) {
        fprintf(stderr, "kage server: %s exists and is not a socket: remove it or choose another path\n", path);
        return false;
    }
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof sa.sun_path)
        return true; /* server_listen says so */
    memcpy(sa.sun_path, path, strlen(path) + 1);
    int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    bool live = probe >= 0 && connect(probe, (struct sockaddr *)&sa, sizeof sa) == 0;
    if (probe >= 0)
        close(probe);
    if (live)
        fprintf(stderr, "kage server: a Kage server is already running at %s\n", path);
    return !live;
}

/* Started as root: become `user`, or refuse. */
static bool drop_root(const char *user)
{
    if (geteuid() != 0) {
        if (user) {
            fprintf(stderr, "kage server: --user is for a server started as root; this one runs as uid %u already\n",
                    (unsigned)geteuid());
            return false;
        }
        return true;
    }
    if (!user) {
        fprintf(stderr, "kage server: it will not run as root: start it as an unprivileged user, or give "
                        "--user=USER (a user of its own, such as kage) to become\n");
        return false;
    }
    struct passwd *pw = getpwnam(user);
    if (!pw || pw->pw_uid == 0) {
        fprintf(stderr, "kage server: --user: %s is %s\n", user, pw ? "root" : "not a user of this host");
        return false;
    }
    if (setgroups(0, NULL) < 0 || setgid(pw->pw_gid) < 0 || setuid(pw->pw_uid) < 0 || setuid(0) == 0) {
        fprintf(stderr, "kage server: cannot become %s: %s\n", user, strerror(errno));
        return false;
    }
    return true;
}

int cli_server(int argc, char **argv)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    const char *socket_path = NULL, *db = NULL, *user = NULL;
    long mode = -1, n;
    bool check = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("Usage: kage server [OPTION]...\nThe lobby server: players on this host meet, play and watch "
                   "(kage --mode=online).\n\n");
            cli_server_help(stdout);
            return 0;
        }
        const char *eq = strncmp(a, "--", 2) ? NULL : strchr(a, '=');
        size_t len = eq ? (size_t)(eq - a - 2) : strlen(a) - 2;
        int k = -1;
        for (int j = 0; !strncmp(a, "--", 2) && j < (int)(sizeof server_opts / sizeof server_opts[0]); j++)
            if (strlen(server_opts[j].name) == len && !strncmp(a + 2, server_opts[j].name, len))
                k = j;
        if (k < 0) {
            fprintf(stderr, "kage server: unknown option '%s'\nTry 'kage server --help'.\n", a);
            return 2;
        }
        const char *opt = server_opts[k].name, *val = NULL;
        if (server_opts[k].arg) {
            val = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
            if (!val) {
                fprintf(stderr, "kage server: --%s needs a value (%s)\n", opt, server_opts[k].arg);
                return 2;
            }
        } else if (eq) {
            fprintf(stderr, "kage server: --%s takes no value\n", opt);
            return 2;
        }
        if (!strcmp(opt, "socket"))
            socket_path = val;
        else if (!strcmp(opt, "socket-mode")) {
            char *end;
            mode = strtol(val, &end, 8);
            if (!*val || *end || mode < 0 || mode > 0777) {
                fprintf(stderr, "kage server: --socket-mode: '%s' is not an octal mode such as 0660\n", val);
                return 2;
            }
        } else if (!strcmp(opt, "db"))
            db = val;
        else if (!strcmp(opt, "shared-account")) {
            if (cfg.nshared == SERVER_MAX_SHARED || !net_name_ok(val)) {
                fprintf(stderr, "kage server: --shared-account: %s\n",
                        cfg.nshared == SERVER_MAX_SHARED ? "at most 8 of them" : "not a user name");
                return 2;
            }
            cfg.shared[cfg.nshared++] = val;
        } else if (!strcmp(opt, "user"))
            user = val;
        else if (!strcmp(opt, "max-clients")) {
            if (!number(opt, val, 1, 100000, &n))
                return 2;
            cfg.max_clients = (int)n;
        } else if (!strcmp(opt, "max-per-player")) {
            if (!number(opt, val, 1, 1000, &n))
                return 2;
            cfg.max_per_player = (int)n;
        } else if (!strcmp(opt, "rate")) {
            if (!number(opt, val, 1, 100000, &n))
                return 2;
            cfg.rate = (int)n;
        } else if (!strcmp(opt, "abandon")) {
            if (!number(opt, val, 1, 30L * 24 * 3600, &n))
                return 2;
            cfg.abandon_s = (int)n;
        } else if (!strcmp(opt, "db-limit")) {
            if (!number(opt, val, 64, LONG_MAX / 2048, &n))
                return 2;
            cfg.db_limit_kb = n;
        } else if (!strcmp(opt, "quiet"))
            cfg.log = NULL;
        else if (!strcmp(opt, "check"))
            check = true;
    }
    if (user && (!socket_path || !db) && !check) {
        fprintf(stderr, "kage server: with --user, give --socket and --db too (a system server names its files)\n");
        return 2;
    }
    if (!check && !drop_root(user))
        return 1;
    umask(077); /* the players' games are the server's alone */
    /* A shared account's players run the game screen as that account: never
     * as the server (its database), root, or a member of the server's group.
     * KAGE_TEST_SHARED_SELF lets a test play several players from its own
     * account (tests/e2e/online.sh); a host never sets it. */
    for (int i = 0; i < cfg.nshared && !check && !getenv("KAGE_TEST_SHARED_SELF"); i++) {
        struct passwd *pw = getpwnam(cfg.shared[i]);
        gid_t groups[256];
        int ngroups = 256;
        bool in_group = false;
        if (pw && getgrouplist(pw->pw_name, pw->pw_gid, groups, &ngroups) >= 0)
            for (int g = 0; g < ngroups; g++)
                in_group |= groups[g] == getegid();
        if (!pw || pw->pw_uid == 0 || pw->pw_uid == geteuid() || in_group) {
            fprintf(stderr, "kage server: --shared-account=%s: %s%s\n", cfg.shared[i],
                    !pw                      ? "not a user of this host"
                    : pw->pw_uid == 0        ? "root: its players would run the game screen as root"
                    : pw->pw_uid == geteuid() ? "the server's own user: its players would run the game screen "
                                                "as the server, with its database"
                                              : "a member of the server's group, which may reach its database",
                    pw ? "; the players need an account of their own (PLAYING ONLINE in man kage)" : "");
            return 2;
        }
    }
    KageError err;
    char dbbuf[PATH_MAX], sockbuf[PATH_MAX];
    if (!db) {
        if (!config_path(KAGE_DIR_DATA, "server.db", !check, dbbuf, sizeof dbbuf, &err)) {
            fprintf(stderr, "kage server: %s (give --db)\n", err.msg);
            return 1;
        }
        db = dbbuf;
    }
    if (check)
        return server_check_db(db, stdout) ? 0 : 1;
    if (!socket_path) {
        if (!net_default_socket(sockbuf, sizeof sockbuf, &err)) {
            fprintf(stderr, "kage server: %s\n", err.msg);
            return 1;
        }
        socket_path = sockbuf;
        if (!getenv("KAGE_SERVER") && !socket_folder(socket_path))
            return 1;
    }
    /* everything checked before the database is made or the lock taken */
    if (!socket_place(socket_path))
        return 1;
    if (!server_db_path_ok(db, cfg.log ? cfg.log : stderr, &err)) {
        fprintf(stderr, "kage server: %s\n", err.msg);
        return 1;
    }
    if (mode < 0)
        mode = socket_path == sockbuf ? 0600 : 0660;
    cfg.db_path = db;
    Server *s = server_new(&cfg, &err);
    if (!s) {
        fprintf(stderr, "kage server: %s\n", err.msg);
        return 1;
    }
    if (!server_listen(s, socket_path, (mode_t)mode, &err)) {
        fprintf(stderr, "kage server: %s\n", err.msg);
        server_free(s);
        return 1;
    }
    int status = server_run(s);
    server_free(s);
    return status;
}
