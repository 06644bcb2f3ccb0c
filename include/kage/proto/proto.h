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

/* A cap on the nodes of every search (0: none), for the protocol fuzzer,
 * whose searches must be short whatever the input asks for. */
extern uint64_t session_node_cap;

/* Move text as the protocols write it: UCI for the 8x8 games, XBoard's
 * multi-leg form for Cashew; and reading it back (legal moves only). */
int session_move_text(const Position *pos, Move m, char *buf);
bool session_parse_move(Position *pos, const char *text, Move *out, KageError *err);

#endif
