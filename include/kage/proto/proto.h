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

/* Caps on the nodes and the depth of every search (0: none), for the
 * protocol fuzzer, whose searches must be short whatever the input asks for
 * (go infinite included: a capped search ends by itself). */
extern uint64_t session_node_cap;
extern int session_depth_cap;
/* A cap on the hash table in MB (0: none): the fuzzer's setoption Hash
 * 4096 must not allocate 4 GB. */
extern size_t session_hash_cap_mb;

#endif
