/* libFuzzer target: the lobby server's handling of what clients send.
 * Three connections (alice and bob, greeted, and one that has said
 * nothing) over an in-memory database; each line of the input goes to the
 * connection its first byte names, the clock moves on 250 ms a line and the
 * server's timers run.  Whatever is sent, the server answers or refuses,
 * and never crashes, leaks or reads out of bounds. */
#include "server_internal.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int64_t fake_now;
static int64_t now_fn(void *ctx)
{
    (void)ctx;
    return fake_now;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = ":memory:";
    cfg.log = NULL;
    cfg.now = now_fn;
    cfg.seed = 1;
    cfg.abandon_s = 30;
    fake_now = 1000;
    KageError err;
    Server *s = server_new(&cfg, &err);
    if (!s)
        abort();
    int c[3];
    c[0] = server_connect(s, -1, 1001, "alice");
    c[1] = server_connect(s, -1, 1002, "bob");
    c[2] = server_connect(s, -1, 1003, "carol");
    server_input(s, c[0], "hello 1\n", 8);
    server_input(s, c[1], "hello 1\n", 8);
    size_t at = 0;
    while (at < size) {
        int who = data[at++] % 3;
        const uint8_t *end = memchr(data + at, '\n', size - at);
        size_t len = end ? (size_t)(end - (data + at)) + 1 : size - at;
        server_input(s, c[who], (const char *)data + at, len);
        at += len;
        fake_now += 250;
        server_tick(s);
        for (int i = 0; i < 3; i++)
            free(server_take_output(s, c[i]));
    }
    server_free(s);
    return 0;
}
