/* The lobby's wire protocol: one line a message, words separated by one
 * blank, printable ASCII only.  The server (kage server) and its clients
 * (the game screen, `kage online`, tests/tools/loadtest) speak it over a Unix
 * socket; this file parses and checks a line and the values inside it, and
 * nothing here touches a socket.
 *
 *   line   = word *(" " word) [" " text] "\n"
 *   word   = 1*(%x21-7E)                   no blank inside a word
 *   text   = 1*(%x20-7E)                   free text, last, for messages that take it
 *
 * A line from a client is at most NET_LINE_MAX bytes (the newline not
 * counted), a line from the server at most NET_SERVER_LINE_MAX.  A line
 * with a control character, a byte over 0x7E, a blank at either end or two
 * blanks in a row is refused with a message; so is a verb that is not in
 * its direction's table, or the wrong number of words after it.  The verbs
 * and their words are listed in docs/PROTOCOL.md and in the tables of
 * wire.c, which check them.
 *
 * Values inside the words:
 *   name    a player: 1 to 32 of A-Z a-z 0-9 . _ -, starting with a letter
 *           or _ (Unix user names)
 *   id      a game or challenge: a decimal number from 1 to 10^15
 *   tc      a time control: "none", or clock_tc_format's spec with '-' for
 *           its blank ("5", "5+3", "90s+2", "10+30-byo", "10+30x3-byo");
 *           at most 3 hours of main time, 10 minutes of increment or
 *           period, 10 periods
 *   colour  white (the side that moves first), black, random
 *   clock   one side's clock: LEFT_MS:PERIODS:BYO ("283120:0:0"), or "-"
 *   result  1-0, 0-1, 1/2-1/2, *
 *   reason  checkmate, stalemate, campmate, king-captured, no-moves,
 *           repetition, perpetual-check, perpetual-chase, repeater-loses,
 *           fifty-moves, resignation, agreed-draw, time, none */
#ifndef KAGE_NET_WIRE_H
#define KAGE_NET_WIRE_H

#include "kage/records/clock.h"
#include "kage/rules/gameend.h"
#include "kage/rules/types.h"

#include <stddef.h>
#include <stdint.h>

#define NET_PROTOCOL_VERSION 1
#define NET_LINE_MAX 512          /* a client's line */
#define NET_SERVER_LINE_MAX 8192  /* a server's line */
#define NET_ARGS_MAX 72           /* words after the verb */
#define NET_NAME_MAX 32
#define NET_CHAT_MAX 300          /* the text of a chat line */
#define NET_MOVES_PER_LINE 64     /* a "moves" line carries at most this many */
#define NET_TEXT_MAX 400          /* free text the server writes */

/* Who sends a line: each direction has its own table of verbs. */
typedef enum NetDir { NET_TO_SERVER, NET_TO_CLIENT } NetDir;

/* A line split into its verb, its words and its free text; the pointers
 * point into buf. */
typedef struct NetMsg {
    char buf[NET_SERVER_LINE_MAX + 1];
    const char *verb;
    const char *arg[NET_ARGS_MAX];
    int nargs;
    const char *text; /* NULL when the verb takes none or none was given */
} NetMsg;

/* Split and check a line (len bytes, without its newline) going in
 * direction dir: its characters, its length, its verb and the number of
 * its words.  On error *out is undefined and err says what is wrong and at
 * which column. */
bool net_parse(const char *line, size_t len, NetDir dir, NetMsg *out, KageError *err);

/* Is s a well-formed name? */
bool net_name_ok(const char *s);
/* A name as it is compared with the others: lower case, without '.', '_'
 * and '-' (so that "Alice", "ALICE" and "a.lice" are all "alice": no
 * player may take a name that looks like another's). */
void net_name_fold(const char *name, char *buf, size_t size);
/* "uid" and digits, in any case: the names the server gives the users of
 * the host whose login name the protocol cannot carry; nobody may claim one. */
bool net_name_reserved(const char *name);
/* A game or challenge id; false if s is not one. */
bool net_id_parse(const char *s, int64_t *out);
/* A decimal number in [min, max]; false if s is not one. */
bool net_int_parse(const char *s, int64_t min, int64_t max, int64_t *out);

#define NET_TC_MAX 40
/* The wire form of a time control, and back (with the limits above). */
void net_tc_format(const TimeControl *tc, char *buf, size_t size);
bool net_tc_parse(const char *s, TimeControl *out, KageError *err);

/* Colours: "white", "black"; with random, -1 for "random". */
const char *net_colour_name(Color c);
bool net_colour_parse(const char *s, bool random_ok, int *out);

#define NET_CLOCK_MAX 40
/* One side's clock, "LEFT_MS:PERIODS:BYO", and back; "-" is no clock. */
void net_clock_format(const ClockSide *s, char *buf, size_t size);
bool net_clock_parse(const char *s, ClockSide *out);

/* Results and reasons (game_outcome_text's words, and the tokens above). */
const char *net_reason_name(EndReason r);
bool net_result_parse(const char *result, const char *reason, GameResult *out);

#endif
