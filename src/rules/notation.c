/* Move text by purpose (see notation.h): one table per move style says
 * which notation writes and reads the text for each purpose. */
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
    return read_any_cashew(pos, text, out, err);
}

static const struct {
    MoveWriter write[4]; /* by MoveTextFor */
    MoveReader read[4];
} styles[] = {
    [MOVES_SAN] = {{write_san, write_san, write_uci, write_uci},
                   {move_from_san, move_from_san, read_protocol, move_from_uci}},
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
