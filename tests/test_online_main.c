/* Runner for the lobby's cmocka groups: the wire protocol and a client's
 * view, the server driven without sockets, and the server as a process. */
#include "test_online.h"

int main(void)
{
    int failed = test_net_run();
    failed += test_server_run();
    failed += test_store_run();
    failed += test_online_proc_run();
    failed += test_client_trust_run();
    return failed ? 1 : 0;
}
