/* libFuzzer target: the lobby protocol's parser and a client's view of the
 * lobby.  The input is cut into lines by the bounded reader (in chunks of
 * the sizes its first byte picks); every line is parsed as a client's and
 * as a server's, and the server's is applied to a view of the lobby.
 * Nothing may crash, leak or read out of bounds, whatever the bytes. */
#include "kage/net/buffer.h"
#include "kage/net/lobby.h"
#include "kage/net/wire.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t chunk = (size_t)(data[0] % 64) + 1;
    data++, size--;
    static NetMsg m;
    NetLobby l;
    net_lobby_init(&l);
    NetReader r;
    net_reader_init(&r, NET_SERVER_LINE_MAX);
    size_t at = 0;
    int64_t now = 0;
    while (at < size) {
        size_t room;
        char *p = net_reader_space(&r, &room);
        if (room == 0)
            break; /* a line too long: a real client closes here */
        size_t k = size - at < chunk ? size - at : chunk;
        k = k < room ? k : room;
        memcpy(p, data + at, k);
        net_reader_commit(&r, k);
        at += k;
        char *line;
        size_t len;
        int got;
        while ((got = net_reader_line(&r, &line, &len)) == 1) {
            KageError err;
            net_parse(line, len, NET_TO_SERVER, &m, &err);
            if (net_parse(line, len, NET_TO_CLIENT, &m, &err)) {
                net_lobby_apply(&l, &m, now += 7, &err);
                if (l.game.id)
                    net_game_clock(&l.game, (Color)(now & 1), now + 1000);
                if (l.record.complete) {
                    char *pgn = net_game_pgn(&l.record, &err);
                    free(pgn);
                }
            }
        }
        if (got < 0)
            break;
    }
    net_reader_free(&r);
    net_lobby_free(&l);
    return 0;
}
