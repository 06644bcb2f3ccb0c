/* The cmocka groups of the lobby (net and server), run one after another by
 * tests/test_online_main.c. */
#ifndef KAGE_TEST_ONLINE_H
#define KAGE_TEST_ONLINE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

/* The wire protocol, the buffers and a client's view (test_net.c). */
int test_net_run(void);
/* The server without sockets (test_server.c). */
int test_server_run(void);
/* The server's database as files: modes, lock, limit, --check
 * (test_store.c). */
int test_store_run(void);
/* The real kage server process: killed, restarted, its clients killed
 * (test_online_proc.c; skipped without KAGE). */
int test_online_proc_run(void);
/* Whom a client trusts at the end of a socket: folders, owners and the
 * peer's credentials (test_client_trust.c). */
int test_client_trust_run(void);

#endif
