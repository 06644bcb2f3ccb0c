/* UCI move text (Fairy-Stockfish's notation). */
#include "kage/rules/movegen.h"
#include "kage/rules/util.h"
#include "notation_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int move_to_uci(const Position *pos, Move m, char *buf)
{
    const Variant *v = pos->v;
    int n = 0;
    switch (move_kind(m)) {
    case MOVE_DROP:
        n = sprintf(buf, "%s@", v->type[move_drop_type(m)].def->fen);
        n += variant_square_name(v, move_to(m), buf + n);
        return n;
    case MOVE_PASS:
        return sprintf(buf, "@@@@");
    default:
        n = variant_square_name(v, move_from(m), buf);
        n += variant_square_name(v, move_to(m), buf + n);
        if (move_kind(m) == MOVE_PROMO)
            buf[n++] = '+';
        buf[n] = 0;
        return n;
    }
}

bool move_from_uci(Position *pos, const char *text, Move *out, KageError *err)
{
    char buf[MOVE_TEXT_MAX];
    MoveList list;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0 || len >= MOVE_TEXT_MAX) {
        return kage_error(err, 0, "empty or overlong move");
    }
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        int n = move_to_uci(pos, list.moves[i], buf);
        if ((size_t)n == len && !strncmp(buf, text, len)) {
            *out = list.moves[i];
            return true;
        }
    }
    /* tell malformed text from an illegal move */
    const char *p = text;
    int sq;
    bool shaped;
    if (isalpha((unsigned char)p[0]) && p[1] == '@')
        shaped = variant_parse_square(pos->v, p + 2, &sq) > 0;
    else {
        int a = variant_parse_square(pos->v, p, &sq);
        int b = a ? variant_parse_square(pos->v, p + a, &sq) : 0;
        shaped = a && b;
    }
    return kage_error(err, 0, shaped ? "illegal move: %.*s" : "not a move: %.*s", (int)len, text);
}
