/* Whom a client trusts at the end of a socket (net_client_connect, the rule
 * of include/kage/net/client.h): real listeners in folders of the test's
 * own, with the modes and the owners an attacker would arrange.  Folders
 * others may write to are refused; a folder of another user is refused
 * unless root made it (the attack of issue 70: /tmp/kage-UID made first by
 * someone else); a server of another uid than the folder's owner is
 * refused.  The cases that need a second uid need root: for another user
 * they say SKIP and why (a failure where CI=true).  Every listener is a
 * child that is killed in the teardown, and lives at most 30 s anyway. */
#define _DEFAULT_SOURCE /* setgroups */
#include "test_online.h"

#include "kage/net/client.h"

#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

/* The uid and gid of the second user, in the cases that need root: nobody */
#define OTHER_UID 65534
#define OTHER_GID 65534

typedef struct Trust {
    char base[96]; /* the test's own temporary folder */
    char dirs[4][160]; /* folders made in it, removed last first */
    int ndirs;
    char socks[4][200];
    int nsocks;
    pid_t kids[4];
    int nkids;
} Trust;

static int trust_setup(void **state)
{
    Trust *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    const char *tmp = getenv("TMPDIR");
    snprintf(t->base, sizeof t->base, "%s/kage-trust.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(t->base)) {
        free(t);
        return -1;
    }
    *state = t;
    return 0;
}

static int trust_teardown(void **state)
{
    Trust *t = *state;
    for (int i = 0; i < t->nkids; i++) {
        kill(t->kids[i], SIGKILL);
        waitpid(t->kids[i], NULL, 0);
    }
    for (int i = 0; i < t->nsocks; i++)
        unlink(t->socks[i]);
    for (int i = t->ndirs - 1; i >= 0; i--)
        rmdir(t->dirs[i]);
    chmod(t->base, 0700);
    int r = rmdir(t->base);
    free(t);
    return r;
}

/* Make the folder NAME in the test's folder, with mode and owner (-1: the
 * test's); its path. */
static const char *trust_dir(Trust *t, const char *name, mode_t mode, int uid)
{
    char *d = t->dirs[t->ndirs++], path[sizeof t->dirs[0]];
    snprintf(path, sizeof path, "%s/%s", t->base, name);
    memcpy(d, path, sizeof path);
    assert_int_equal(mkdir(d, 0700), 0);
    if (uid >= 0)
        assert_int_equal(chown(d, (uid_t)uid, (gid_t)OTHER_GID), 0);
    assert_int_equal(chmod(d, mode), 0);
    return d;
}

static bool become(int uid)
{
    gid_t gid = OTHER_GID;
    return setgroups(1, &gid) == 0 && setgid(gid) == 0 && setuid((uid_t)uid) == 0;
}

/* A server at dir/server.sock in a child: it listens as uid (-1: as the
 * test), having bound the socket as that uid, or (bound_by_test) as the
 * test before becoming uid, and then takes no more than connections into
 * its backlog until it is killed.  The socket's path. */
static const char *listener(Trust *t, const char *dir, int uid, bool bound_by_test)
{
    char *sock = t->socks[t->nsocks++];
    snprintf(sock, sizeof t->socks[0], "%s/server.sock", dir);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(ready[0]);
        alarm(30); /* never outlives a test that lost it */
        if (uid >= 0 && !bound_by_test && !become(uid))
            _exit(3);
        struct sockaddr_un sa = {.sun_family = AF_UNIX};
        snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
        int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 || chmod(sock, 0666) < 0)
            _exit(4);
        if (uid >= 0 && bound_by_test && !become(uid))
            _exit(5);
        /* the credentials a client sees are the listener's at listen() */
        if (listen(fd, 16) < 0 || write(ready[1], "k", 1) != 1)
            _exit(6);
        for (;;)
            pause();
    }
    close(ready[1]);
    t->kids[t->nkids++] = pid;
    struct pollfd p = {ready[0], POLLIN, 0};
    char b;
    bool up = poll(&p, 1, 5000) == 1 && read(ready[0], &b, 1) == 1;
    close(ready[0]);
    if (!up)
        fail_msg("the test's listener at %s (uid %d) did not start", sock, uid);
    return sock;
}

/* Connect to sock: refused with a message that holds want, or (want NULL)
 * accepted. */
static void expect(const char *sock, const char *want)
{
    KageError err = {0};
    NetClient *c = net_client_connect(sock, &err);
    if (!want) {
        if (!c)
            fail_msg("%s refused: %s", sock, err.msg);
        net_client_free(c);
        return;
    }
    if (c) {
        net_client_free(c);
        fail_msg("%s accepted: it should be refused with '%s'", sock, want);
    }
    if (!strstr(err.msg, want))
        fail_msg("%s refused with '%s', not with '%s'", sock, err.msg, want);
}

/* True as root; else says so (tests/skip-lib.sh's words) and false, or fails
 * where CI=true: CI runs as root, and a case that cannot run never passes. */
static bool root_or_say(const char *what)
{
    if (geteuid() == 0)
        return true;
    const char *ci = getenv("CI");
    if (ci && !strcmp(ci, "true"))
        fail_msg("FAIL %s: SKIP is a failure in CI: it needs root, to be a second user", what);
    print_message("SKIP %s: it needs root, to be a second user\n", what);
    return false;
}

static void client_connect__own_private_folder__accepted(void **state)
{
    Trust *t = *state;
    expect(listener(t, trust_dir(t, "mine", 0700, -1), -1, false), NULL);
    expect(listener(t, trust_dir(t, "readable", 0755, -1), -1, false), NULL);
}

static void client_connect__folder_others_may_write__refused(void **state)
{
    Trust *t = *state;
    const char *all = trust_dir(t, "all", 0700, -1), *group = trust_dir(t, "group", 0700, -1);
    const char *at_all = listener(t, all, -1, false), *at_group = listener(t, group, -1, false);
    /* the listener is made first: what is checked is the folder as it is
     * when the client comes */
    assert_int_equal(chmod(all, 0777), 0);
    assert_int_equal(chmod(group, 0770), 0);
    expect(at_all, "may be written by others than its owner (mode 0777)");
    expect(at_group, "may be written by others than its owner (mode 0770)");
}

/* A link in a folder of one's own to a socket where others may write: what
 * counts is where it leads, and the message says so. */
static void client_connect__link_to_a_socket_others_could_replace__refused(void **state)
{
    Trust *t = *state;
    const char *open = trust_dir(t, "open", 0700, -1), *mine = trust_dir(t, "mine", 0700, -1);
    const char *target = listener(t, open, -1, false);
    assert_int_equal(chmod(open, 0777), 0);
    char *link = t->socks[t->nsocks++];
    snprintf(link, sizeof t->socks[0], "%s/link.sock", mine);
    assert_int_equal(symlink(target, link), 0);
    expect(link, "may be written by others than its owner (mode 0777)");
    expect(link, " leads to ");
}

static void client_connect__shared_sticky_folder__refused(void **state)
{
    Trust *t = *state;
    const char *sock = listener(t, t->base, -1, false);
    assert_int_equal(chmod(t->base, 01777), 0); /* as /tmp */
    expect(sock, "anyone may put a socket in");
}

static void client_connect__folder_on_the_way_others_may_write__refused(void **state)
{
    Trust *t = *state;
    const char *sock = listener(t, trust_dir(t, "inner", 0700, -1), -1, false);
    assert_int_equal(chmod(t->base, 0777), 0);
    expect(sock, "on the way to");
    expect(sock, "may be written by others (mode 0777)");
    /* sticky and root's, as /tmp: others cannot move what is in it */
    if (geteuid() == 0) {
        assert_int_equal(chmod(t->base, 01777), 0);
        expect(sock, NULL);
    }
}

/* Issue 70: another user made /tmp/kage-UID first and listens in it. */
static void client_connect__folder_of_another_user_in_tmp__refused(void **state)
{
    Trust *t = *state;
    if (!root_or_say("client_connect__folder_of_another_user_in_tmp__refused"))
        skip();
    assert_int_equal(chmod(t->base, 01777), 0); /* as /tmp */
    const char *sock = listener(t, trust_dir(t, "kage-0", 0755, OTHER_UID), OTHER_UID, false);
    expect(sock, "(uid 65534), not to you, and ");
    expect(sock, ", which holds it, is not root's alone: someone else may be pretending to be your server");
}

/* A system server: its own user's folder, made by root in root's folder. */
static void client_connect__system_server_in_a_folder_root_made__accepted(void **state)
{
    Trust *t = *state;
    if (!root_or_say("client_connect__system_server_in_a_folder_root_made__accepted"))
        skip();
    assert_int_equal(chmod(t->base, 0755), 0); /* as /run */
    expect(listener(t, trust_dir(t, "kage", 0750, OTHER_UID), OTHER_UID, false), NULL);
}

/* A socket in a folder of the client's own, with another user listening at
 * it: only the peer's credentials can tell. */
static void client_connect__server_of_another_uid__refused(void **state)
{
    Trust *t = *state;
    if (!root_or_say("client_connect__server_of_another_uid__refused"))
        skip();
    const char *sock = listener(t, trust_dir(t, "mine", 0700, -1), OTHER_UID, true);
    expect(sock, "(uid 65534), not as you: someone else may be pretending to be your server");
    /* nor in a system server's folder, by anyone but its owner */
    assert_int_equal(chmod(t->base, 0755), 0);
    const char *sys = listener(t, trust_dir(t, "kage", 0755, OTHER_UID), OTHER_UID - 1, true);
    expect(sys, "65533, not as you nor as ");
    expect(sys, "(uid 65534), the owner of its folder: someone else may be pretending to be your server");
}

int test_client_trust_run(void)
{
    const struct CMUnitTest tests[] = {
#define TRUST(f) cmocka_unit_test_setup_teardown(f, trust_setup, trust_teardown)
        TRUST(client_connect__own_private_folder__accepted),
        TRUST(client_connect__folder_others_may_write__refused),
        TRUST(client_connect__link_to_a_socket_others_could_replace__refused),
        TRUST(client_connect__shared_sticky_folder__refused),
        TRUST(client_connect__folder_on_the_way_others_may_write__refused),
        TRUST(client_connect__folder_of_another_user_in_tmp__refused),
        TRUST(client_connect__system_server_in_a_folder_root_made__accepted),
        TRUST(client_connect__server_of_another_uid__refused),
#undef TRUST
    };
    return cmocka_run_group_tests_name("client trust", tests, NULL, NULL);
}
