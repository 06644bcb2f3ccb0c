/* A client's connection to the lobby server (kage server): connect to its
 * Unix socket, send lines, and read the server's lines as checked
 * messages.  Nothing blocks once connected: the caller polls the
 * descriptor (net_client_fd) with the events net_client_events asks for.
 * Used by the game screen, `kage online` and tests/tools/loadtest. */
#ifndef KAGE_NET_CLIENT_H
#define KAGE_NET_CLIENT_H

#include "kage/net/buffer.h"
#include "kage/net/wire.h"

#include <stdarg.h>

typedef struct NetClient {
    int fd;
    NetReader in;
    NetBuf out;
    bool closed; /* the server closed the connection (or it broke) */
    char why[200]; /* why, when it did */
} NetClient;

/* The socket a client connects to and `kage server` listens on by default:
 * $KAGE_SERVER if set, else $XDG_RUNTIME_DIR/kage/server.sock, else
 * /tmp/kage-UID/server.sock.  False with a message if it does not fit. */
bool net_default_socket(char *buf, size_t size, KageError *err);

/* Connect to the server at path; NULL and a message a person can act on
 * ("no Kage server is running at ...: start one with kage server").
 * Another local user must not be able to play the server (a fake lobby on
 * the player's screen), so the path, with its links followed, is trusted
 * only if no one else could have put the socket there:
 *   - the socket's folder is writable by its owner alone, and belongs to
 *     this user, to root, or to another user (a system server's, such as
 *     /run/kage) only when its parent belongs to root and is writable by
 *     root alone: root made it, not someone in /tmp;
 *   - every folder above belongs to root or this user and is writable by
 *     its owner alone, or is root's with the sticky bit (/tmp);
 *   - the process at the other end (SO_PEERCRED) runs as this user or as
 *     the owner of the socket's folder (root only when the folder is
 *     root's).
 * The socket file's own mode says who may connect, the server's choice,
 * and is not looked at. */
NetClient *net_client_connect(const char *path, KageError *err);
void net_client_free(NetClient *c);

/* Queue a line (the newline is added) and write what can be written now;
 * false when the connection is closed or the line is bad (err says why). */
bool net_client_send(NetClient *c, KageError *err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same with a va_list, for callers that take a format of their own. */
bool net_client_vsend(NetClient *c, KageError *err, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));
/* Write what is queued; false when the connection is closed. */
bool net_client_flush(NetClient *c);
/* POLLIN, and POLLOUT while something waits to be written. */
short net_client_events(const NetClient *c);

/* Read what has arrived (the descriptor was readable): false when the
 * connection is closed (c->why says why). */
bool net_client_read(NetClient *c);
/* The next message read: 1, 0 when there is none, -1 for a line that is
 * not a message (err says why; the connection is then closed). */
int net_client_next(NetClient *c, NetMsg *m, KageError *err);

/* Wait up to ms milliseconds for the next message (flushing first): 1, 0
 * on time out, -1 when the connection closed or a line was bad (err).  For
 * programs that talk and wait in turn (kage online, tests). */
int net_client_wait(NetClient *c, NetMsg *m, int ms, KageError *err);

#endif
