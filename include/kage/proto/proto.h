/* The engine protocols, UCI and XBoard: what the program and the protocol
 * fuzzer call.  Both loops run over one shared session (src/proto/session.h). */
#ifndef KAGE_PROTO_PROTO_H
#define KAGE_PROTO_PROTO_H

#include "kage/rules/position.h"

#include <stdint.h>
#include <stdio.h>

/* The protocol loops: read commands from `in` until quit or its end, with a
 * hash_mb hash table; `kage uci` and `kage xboard` run them on stdin. */
int uci_run(FILE *in, size_t hash_mb);
int xboard_run(FILE *in, size_t hash_mb);

/* Caps for the protocol fuzzer (0: none): on the nodes and the depth of
 * every search, which must be short whatever the input asks for (go
 * infinite included: a capped search ends by itself), and on the hash
 * table in MB (its setoption Hash 4096 must not allocate 4 GB). */
typedef struct SessionCaps {
    uint64_t nodes;
    int depth;
    size_t hash_mb;
} SessionCaps;

/* The caps of every session started from now on (each keeps its own copy)
 * and of every engine made for one. */
void session_set_caps(const SessionCaps *caps);

#endif
