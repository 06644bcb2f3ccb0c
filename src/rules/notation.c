/* Move text by purpose (see notation.h): one table per move style says
 * which notation writes and reads the text for each purpose. */
#include "kage/rules/movegen.h"
#include "kage/rules/notation_cashew.h"
#include "kage/rules/util.h"
#include "notation_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef int (*MoveWriter)(Position *pos, Move m, char *buf);
typedef bool (*MoveReader)(Position *pos, const char *text, Move *out, KageError *err);

static int write_san(Position *pos, Move m, char *buf) { return move_to_san(pos, m, buf); }
static int write_uci(Position *pos, Move m, char *buf) { return move_to_uci(pos, m, buf); }
static int write_readable(Position *pos, Move m, char *buf) { return move_to_cashew(pos, m, CASHEW_READABLE, buf); }
static int write_legs(Position *pos, Move m, char *buf) { return move_to_cashew(pos, m, CASHEW_XBOARD, buf); }
static int write_canonical(Position *pos, Move m, char *buf) { return move_to_cashew(pos, m, CASHEW_CANONICAL, buf); }

/* Protocol text of the 8x8 games: UCI; XBoard may write a drop with a lower
 * case letter for the second player. */
static bool read_protocol(Position *pos, const char *text, Move *out, KageError *err)
{
    if (move_from_uci(pos, text, out, err))
        return true;
    char buf[MOVE_TEXT_MAX];
    if (strlen(text) < sizeof buf && text[0] >= 'a' && text[0] <= 'z' && text[1] == '@') {
        strcpy(buf, text);
        buf[0] = (char)(buf[0] - 'a' + 'A');
        return move_from_uci(pos, buf, out, err);
    }
    return false;
}

static bool read_any_cashew(Position *pos, const char *text, Move *out, KageError *err)
{
    return move_from_cashew(pos, text, CASHEW_ANY, out, err);
}

static bool read_canonical(Position *pos, const char *text, Move *out, KageError *err)
{
    return move_from_cashew(pos, text, CASHEW_CANONICAL, out, err);
}

/* A square name in the text (a small letter and a number) that is off the
 * board, as e9 on 8x8 or n5 in Cashew: said so, rather than "illegal move"
 * or the reader's view of it. */
bool notation_squares_on_board(const Variant *v, const char *s, KageError *err)
{
    for (const char *q = s; *q; q++) {
        if (!islower((unsigned char)*q) || !isdigit((unsigned char)q[1]) || (q > s && islower((unsigned char)q[-1]) && q[-1] != 'x'))
            continue;
        int len = 1;
        while (isdigit((unsigned char)q[len]) && len < 4)
            len++;
        int sq;
        if (variant_parse_square(v, q, &sq) == len)
            continue;
        return kage_error(err, -1, "there is no square %.*s: the board has files a-%c and ranks 1-%d", len, q,
                          'a' + v->files - 1, v->ranks);
    }
    return true;
}

/* A Cashew reader's complaint about the text's form ("expected a space after
 * the piece code"), which says nothing to a person: said as a person writes a
 * move, with one that can be played here. */
static bool cashew_not_a_move(Position *pos, const char *text, KageError *err)
{
    MoveList list;
    movegen_legal(pos, &list);
    char example[MOVE_TEXT_MAX] = "PA e4-e5", legs[MOVE_TEXT_MAX] = "e4e5";
    for (int i = 0; i < list.count; i++)
        if (move_kind(list.moves[i]) != MOVE_PASS) {
            move_to_cashew(pos, list.moves[i], CASHEW_READABLE, example);
            move_to_cashew(pos, list.moves[i], CASHEW_XBOARD, legs);
            break;
        }
    return kage_error(err, -1,
                      "%.60s: not a move; write the piece's code, its square, - (x to capture) and where it goes, "
                      "as %s, or the squares alone, as %s",
                      text, example, legs);
}

/* What a person typed: any Cashew form, but nothing (blanks, or only check
 * and comment marks) is an empty move, as in SAN. */
static bool read_people_cashew(Position *pos, const char *text, Move *out, KageError *err)
{
    const char *p = text;
    while (*p && (isspace((unsigned char)*p) || strchr("+#!?", *p)))
        p++;
    if (!*p) {
        return kage_error(err, -1, "empty move");
    }
    if (!notation_squares_on_board(pos->v, text, err) || !cashew_names_a_start(pos, text, err))
        return false;
    if (read_any_cashew(pos, text, out, err))
        return true;
    if (!strncmp(err->msg, "expected", 8) || !strncmp(err->msg, "unexpected", 10))
        return cashew_not_a_move(pos, text, err);
    return false;
}

static const struct {
    MoveWriter write[4]; /* by MoveTextFor */
    MoveReader read[4];
} styles[] = {
    [MOVES_SAN] = {{write_san, write_san, write_uci, write_uci},
                   {move_from_san, move_from_san_record, read_protocol, move_from_uci}},
    [MOVES_CASHEW] = {{write_readable, write_legs, write_legs, write_canonical},
                      {read_people_cashew, read_any_cashew, read_any_cashew, read_canonical}},
};

int move_to_text(Position *pos, Move m, MoveTextFor purpose, char *buf)
{
    return styles[pos->v->def->move_style].write[purpose](pos, m, buf);
}

bool move_from_text(Position *pos, const char *text, MoveTextFor purpose, Move *out, KageError *err)
{
    return styles[pos->v->def->move_style].read[purpose](pos, text, out, err);
}

bool move_text_goes_on(const Position *pos, const char *word)
{
    return pos->v->def->move_style == MOVES_CASHEW && cashew_is_code(word);
}
