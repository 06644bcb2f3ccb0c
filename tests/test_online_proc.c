/* The lobby server as a real process (KAGE: the program), over a real
 * socket in a directory of the test's own: killed with SIGKILL in the
 * middle of a game and started again, a client killed in the middle of a
 * game and connecting again, SIGTERM, a second server on the same socket,
 * and root.  Every wait is bounded. */
#define _DEFAULT_SOURCE /* usleep, getpwent */
#include "test_online.h"

#include "kage/net/client.h"
#include "kage/net/wire.h"
#include "kage/server/server.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Proc {
    pid_t pid;
    pid_t child;  /* a client in a process of its own, or 0 */
    char top[64], dir[80], sock[128], db[128], log[128]; /* dir: top/run */
    char me[64]; /* the Unix user of the tests: the shared account */
} Proc;

static const char *kage_program(void)
{
    const char *k = getenv("KAGE");
    return k && access(k, X_OK) == 0 ? k : NULL;
}

/* The test's server, for the teardown when a check fails half-way (a
 * failed check jumps out of the test: its server must not outlive it). */
static Proc *live;

static void proc_init(Proc *p)
{
    memset(p, 0, sizeof *p);
    live = p;
    snprintf(p->top, sizeof p->top, "%s/kage-proc.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(p->top));
    snprintf(p->dir, sizeof p->dir, "%s/run", p->top);
    assert_int_equal(mkdir(p->dir, 0700), 0);
    /* root runs the server as nobody: the folder is theirs, closed to others,
     * and root made it in a folder of root's (a client trusts no other
     * user's folder in /tmp, where anyone may make one) */
    if (geteuid() == 0) {
        struct passwd *nobody = getpwnam("nobody");
        assert_non_null(nobody);
        assert_int_equal(chmod(p->top, 0711), 0);
        assert_int_equal(chown(p->dir, nobody->pw_uid, (gid_t)-1), 0);
    }
    snprintf(p->sock, sizeof p->sock, "%s/server.sock", p->dir);
    snprintf(p->db, sizeof p->db, "%s/games.db", p->dir);
    snprintf(p->log, sizeof p->log, "%s/server.log", p->dir);
    struct passwd *pw = getpwuid(getuid());
    snprintf(p->me, sizeof p->me, "%s", pw ? pw->pw_name : "uid");
}

/* Run kage with args (NULL-terminated), output to the log; its pid. */
static pid_t spawn(Proc *p, const char *const *args)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(p->log, O_WRONLY | O_CREAT | O_APPEND, 0666);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        const char *argv[24];
        int n = 0;
        argv[n++] = "kage";
        for (int i = 0; args[i] && n < 23; i++)
            argv[n++] = args[i];
        argv[n] = NULL;
        execv(kage_program(), (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* Wait up to ms for pid to end; its exit status, -1 (still running) or
 * -2 (not a child: reaped already). */
static int reap(pid_t pid, int ms)
{
    for (int t = 0; t < ms; t += 20) {
        int st;
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (r < 0 && errno == ECHILD)
            return -2; /* reaped already */
        usleep(20000);
    }
    return -1;
}

static void server_start(Proc *p)
{
    char sock[160], db[160], shared[96];
    snprintf(sock, sizeof sock, "--socket=%s", p->sock);
    snprintf(db, sizeof db, "--db=%s", p->db);
    snprintf(shared, sizeof shared, "--shared-account=%s", p->me);
    const char *args[] = {"server", sock, db, shared, "--socket-mode=0666", geteuid() == 0 ? "--user=nobody" : NULL,
                          NULL};
    setenv("KAGE_TEST_SHARED_SELF", "1", 1); /* one account plays every player: the test's own */
    p->pid = spawn(p, args);
    for (int t = 0; t < 10000; t += 20) { /* until it answers */
        KageError err;
        NetClient *c = net_client_connect(p->sock, &err);
        if (c) {
            net_client_free(c);
            return;
        }
        if (reap(p->pid, 0) >= 0)
            break;
        usleep(20000);
    }
    /* no server outlives a test that failed: it may have started after all */
    if (reap(p->pid, 0) == -1) {
        kill(p->pid, SIGKILL);
        reap(p->pid, 5000);
    }
    p->pid = 0;
    fail_msg("the server did not start (log: %s)", p->log);
}

static void proc_done(Proc *p)
{
    live = NULL;
    if (p->child > 0) {
        kill(p->child, SIGKILL);
        reap(p->child, 5000);
        p->child = 0;
    }
    if (p->pid > 0 && reap(p->pid, 0) == -1) {
        kill(p->pid, SIGTERM);
        if (reap(p->pid, 5000) < 0) {
            kill(p->pid, SIGKILL);
            reap(p->pid, 5000);
        }
    }
    char path[200];
    static const char *const files[] = {"server.sock", "games.db", "games.db-wal", "games.db-shm", "games.db.lock",
                                        "server.log"};
    for (int i = 0; i < 6; i++) {
        snprintf(path, sizeof path, "%s/%s", p->dir, files[i]);
        unlink(path);
    }
    rmdir(p->dir);
    rmdir(p->top);
}

/* A message as one line again. */
static void joined(const NetMsg *m, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s", m->verb);
    for (int i = 0; i < m->nargs && n < (int)size; i++)
        n += snprintf(buf + n, size - (size_t)n, " %s", m->arg[i]);
    if (m->text && n < (int)size)
        snprintf(buf + n, size - (size_t)n, " %s", m->text);
}

/* Read c's messages until one holds `want` (within 5 s). */
static void wait_for(NetClient *c, const char *want)
{
    static NetMsg m;
    char line[NET_SERVER_LINE_MAX + 1], seen[4096] = "";
    for (;;) {
        KageError err;
        int r = net_client_wait(c, &m, 5000, &err);
        if (r <= 0)
            fail_msg("waiting for '%s': %s; seen:\n%s", want, r ? err.msg : "nothing in 5 s", seen);
        joined(&m, line, sizeof line);
        if (strstr(line, want))
            return;
        if (strlen(seen) + strlen(line) + 2 < sizeof seen) {
            strcat(seen, line);
            strcat(seen, "\n");
        }
    }
}

/* A player's name that no user of this host has, nor one that looks like
 * it (the server refuses those to a shared account): `want` where the
 * host has no such user, else `want` with a suffix.  The test does not
 * depend on which users the machine has. */
static const char *free_name(const char *want, char *buf, size_t size)
{
    for (int k = 0; k < 100; k++) {
        if (k == 0)
            snprintf(buf, size, "%s", want);
        else
            snprintf(buf, size, "%s_kt%d", want, k);
        char fold[64], other[64];
        net_name_fold(buf, fold, sizeof fold);
        bool taken = getpwnam(buf) != NULL;
        setpwent();
        struct passwd *pw;
        while (!taken && (pw = getpwent()) != NULL) {
            net_name_fold(pw->pw_name, other, sizeof other);
            taken = !strcmp(fold, other);
        }
        endpwent();
        if (!taken)
            return buf;
    }
    fail_msg("no free player name like %s on this host", want);
    return want;
}

static char alice[40], bob[40];

/* alice and bob, under names no user of the host has */
static void players_named(void)
{
    free_name("alice", alice, sizeof alice);
    free_name("bob", bob, sizeof bob);
}

static NetClient *player(Proc *p, const char *name)
{
    KageError err;
    NetClient *c = net_client_connect(p->sock, &err);
    if (!c)
        fail_msg("%s", err.msg);
    assert_true(net_client_send(c, &err, "hello 1 %s", name));
    char want[64];
    snprintf(want, sizeof want, "welcome %s", name);
    wait_for(c, want);
    return c;
}

static void send_line(NetClient *c, const char *line)
{
    KageError err;
    if (!net_client_send(c, &err, "%s", line))
        fail_msg("%s: %s", line, err.msg);
}

static void proc__kill_9_mid_game__restarted_server_takes_it_up(void **state)
{
    (void)state;
    if (!kage_program())
        skip();
    static Proc p; /* static: the teardown finds it after a failed check */
    proc_init(&p);
    server_start(&p);
    players_named();
    NetClient *a = player(&p, alice), *b = player(&p, bob);
    send_line(a, "challenge shogun 5+3 white");
    wait_for(a, "ok challenge 1");
    send_line(b, "accept 1");
    wait_for(b, "state 1 0");
    send_line(a, "move 1 0 e2e4");
    wait_for(b, "move 1 0 e2e4");
    send_line(b, "move 1 1 e7e5");
    wait_for(a, "move 1 1 e7e5");
    kill(p.pid, SIGKILL);
    assert_int_equal(reap(p.pid, 5000), 128 + SIGKILL);
    p.pid = 0;
    static NetMsg m;
    KageError err;
    while (net_client_wait(a, &m, 2000, &err) > 0) /* the connection breaks */
        ;
    assert_true(a->closed);
    net_client_free(a);
    net_client_free(b);
    server_start(&p);
    a = player(&p, alice);
    wait_for(a, "moves 1 0 e2e4 e7e5");
    wait_for(a, "state 1 2 ");
    b = player(&p, bob);
    wait_for(a, "conn 1 black 1");
    send_line(a, "move 1 2 g1f3");
    wait_for(b, "move 1 2 g1f3");
    send_line(b, "resign 1");
    wait_for(a, "end 1 1-0 resignation");
    net_client_free(a);
    net_client_free(b);
    kill(p.pid, SIGTERM);
    assert_int_equal(reap(p.pid, 5000), 0);
    p.pid = 0;
    assert_true(server_check_db(p.db, stderr));
    proc_done(&p);
}

static void proc__client_killed_mid_game__opponent_told_and_the_game_found_again(void **state)
{
    (void)state;
    if (!kage_program())
        skip();
    static Proc p; /* static: the teardown finds it after a failed check */
    proc_init(&p);
    server_start(&p);
    players_named();
    NetClient *a = player(&p, alice);
    send_line(a, "challenge cashew none black");
    wait_for(a, "ok challenge 1");
    pid_t child = p.child = fork();
    assert_true(child >= 0);
    if (child == 0) { /* bob, in a process of his own: accepts, moves, waits to be killed */
        KageError err;
        NetClient *c = net_client_connect(p.sock, &err);
        if (!c || !net_client_send(c, &err, "hello 1 %s", bob) || !net_client_send(c, &err, "accept 1") ||
            !net_client_send(c, &err, "move 1 0 e4e5"))
            _exit(1);
        for (;;)
            pause();
    }
    wait_for(a, "move 1 0 e4e5");
    kill(child, SIGKILL);
    reap(child, 5000);
    p.child = 0;
    wait_for(a, "conn 1 white 0");
    send_line(a, "move 1 1 e10e9");
    wait_for(a, "move 1 1 e10e9");
    NetClient *b = player(&p, bob);
    wait_for(b, "moves 1 0 e4e5 e10e9");
    wait_for(a, "conn 1 white 1");
    send_line(b, "move 1 2 f4f5");
    wait_for(a, "move 1 2 f4f5");
    net_client_free(a);
    net_client_free(b);
    proc_done(&p);
}

static void proc__second_server_or_root__refused_with_a_reason(void **state)
{
    (void)state;
    if (!kage_program())
        skip();
    static Proc p; /* static: the teardown finds it after a failed check */
    proc_init(&p);
    server_start(&p);
    char sock[160], db[160], other_db[160];
    snprintf(sock, sizeof sock, "--socket=%s", p.sock);
    snprintf(db, sizeof db, "--db=%s", p.db);
    snprintf(other_db, sizeof other_db, "--db=%s/other.db", p.dir);
    const char *again[] = {"server", sock, other_db, geteuid() == 0 ? "--user=nobody" : NULL, NULL};
    assert_int_equal(reap(spawn(&p, again), 10000), 1);
    if (geteuid() == 0) {
        const char *as_root[] = {"server", sock, db, NULL};
        assert_int_equal(reap(spawn(&p, as_root), 10000), 1);
    } else {
        const char *user[] = {"server", sock, db, "--user=nobody", NULL};
        assert_int_equal(reap(spawn(&p, user), 10000), 1);
    }
    kill(p.pid, SIGTERM);
    assert_int_equal(reap(p.pid, 5000), 0);
    p.pid = 0;
    char text[8192] = "";
    FILE *f = fopen(p.log, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    assert_non_null(strstr(text, "a Kage server is already running at"));
    assert_non_null(strstr(text, geteuid() == 0 ? "it will not run as root" : "--user is for a server started as root"));
    assert_non_null(strstr(text, "stopping (signal 15)"));
    char other[160];
    snprintf(other, sizeof other, "%s/other.db", p.dir);
    unlink(other);
    proc_done(&p);
}

/* After each test, passed or failed: its server and client processes are
 * gone, and so is its folder. */
static int proc_teardown(void **state)
{
    (void)state;
    if (live)
        proc_done(live);
    return 0;
}

int test_online_proc_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(proc__kill_9_mid_game__restarted_server_takes_it_up, proc_teardown),
        cmocka_unit_test_teardown(proc__client_killed_mid_game__opponent_told_and_the_game_found_again, proc_teardown),
        cmocka_unit_test_teardown(proc__second_server_or_root__refused_with_a_reason, proc_teardown),
    };
    return cmocka_run_group_tests_name("server process", tests, NULL, NULL);
}
