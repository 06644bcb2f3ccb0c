/* Game-end rules.  The order follows Fairy-Stockfish: immediate ends
 * (campmate, a captured King) first, then no legal moves (mate or
 * stalemate), then the optional ends (n-move rule, then repetition). */
#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"

#include <string.h>

static GameResult result(GameOutcome o, EndReason r) { return (GameResult){o, r}; }

/* The side `c` wins. */
static GameOutcome win_for(Color c) { return c == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS; }

/* Check flags (and attack flags, when `attack` is not NULL) for the last
 * `span` states (index 0 = current), computed by unmaking and remaking the
 * moves that led here. */
static void history_flags(Position *pos, int span, int8_t check[], int8_t attack[])
{
    Move moves[span > 0 ? span : 1];
    int k;
    for (k = 0; k <= span; k++) {
        check[k] = (int8_t)pos_in_check(pos);
        if (attack)
            attack[k] = (int8_t)pos_mover_attacks(pos);
        if (k == span)
            break;
        moves[k] = pos->st->move;
        pos_unmake(pos);
    }
    for (k = span - 1; k >= 0; k--) {
        pos_make(pos, moves[k]);
        pos->st->in_check = check[k];
        if (attack)
            pos->st->attacking = attack[k];
    }
}

static bool all_set(const int8_t *flags, int from, int to)
{
    for (int k = from; k <= to; k += 2)
        if (!flags[k])
            return false;
    return true;
}

static bool none_set(const int8_t *flags, int from, int to)
{
    for (int k = from; k <= to; k += 2)
        if (flags[k])
            return false;
    return true;
}

GameResult game_repetition_result(Position *pos, int span)
{
    const VariantDef *d = pos->v->def;
    Color us = pos->side, them = !us; /* them: the side that just repeated */
    switch (d->rep_rule) {
    case REP_DRAW:
        return result(OUTCOME_DRAW, END_REPETITION);
    case REP_REPEATER_LOSES:
        return result(win_for(us), END_REPEATER_LOSES);
    case REP_PERPETUAL_CHECK: {
        /* as Fairy-Stockfish: them checked in every position with us to
           move back to the first occurrence, us in every position between */
        int8_t check[span + 1];
        history_flags(pos, span, check, NULL);
        bool perpetual_them = all_set(check, 0, span);
        bool perpetual_us = all_set(check, 1, span - 1);
        if (perpetual_them && !perpetual_us)
            return result(win_for(us), END_PERPETUAL_CHECK);
        if (perpetual_us && !perpetual_them)
            return result(win_for(them), END_PERPETUAL_CHECK);
        return result(OUTCOME_DRAW, END_REPETITION);
    }
    case REP_CHECK_THEN_CHASE: {
        /* the moves of the cycle: them made those leading to states 0, 2, ...,
           us those leading to states 1, 3, ... (span - 1) */
        int8_t check[span + 1], attack[span + 1];
        history_flags(pos, span, check, attack);
        bool check_them = all_set(check, 0, span - 2), check_us = all_set(check, 1, span - 1);
        if (check_them != check_us)
            return result(win_for(check_them ? us : them), END_PERPETUAL_CHECK);
        bool chase_them = all_set(attack, 0, span - 2), chase_us = all_set(attack, 1, span - 1);
        bool quiet_them = none_set(attack, 0, span - 2), quiet_us = none_set(attack, 1, span - 1);
        if (chase_them && quiet_us)
            return result(win_for(us), END_PERPETUAL_CHASE);
        if (chase_us && quiet_them)
            return result(win_for(them), END_PERPETUAL_CHASE);
        if (quiet_them && quiet_us)
            return result(OUTCOME_DRAW, END_REPETITION);
        return result(win_for(us), END_REPEATER_LOSES);
    }
    }
    return result(OUTCOME_DRAW, END_REPETITION);
}

GameResult game_result(Position *pos)
{
    const Variant *v = pos->v;
    const VariantDef *d = v->def;
    Color us = pos->side;

    if (v->royal_types) {
        if (!pos->king[us])
            return result(win_for(!us), END_KING_CAPTURED);
        if (!pos->king[!us])
            return result(win_for(us), END_KING_CAPTURED);
    }
    if (movegen_campmate(pos))
        return result(win_for(!us), END_CAMPMATE);

    MoveList list;
    movegen_legal(pos, &list);
    if (list.count == 0) {
        if (!d->check_rule)
            return result(win_for(!us), END_NO_MOVES);
        if (pos_in_check(pos))
            return result(win_for(!us), END_CHECKMATE);
        if (d->stalemate_value == VALUE_DRAW)
            return result(OUTCOME_DRAW, END_STALEMATE);
        return result(win_for(d->stalemate_value == VALUE_LOSS ? !us : us), END_STALEMATE);
    }

    if (d->nmove_rule && pos->st->halfmove >= 2 * d->nmove_rule)
        return result(OUTCOME_DRAW, END_FIFTY_MOVES);

    if (d->nfold) {
        int end = pos->ply;
        if (!d->captures_to_hand && pos->st->halfmove < end)
            end = pos->st->halfmove;
        int count = 0;
        for (int i = 2; i <= end; i += 2) /* 2: a Lion or Wolf pass can repeat at once */
            if (pos->hist[pos->ply - i].key == pos->st->key && ++count + 1 == d->nfold)
                return game_repetition_result(pos, i);
    }
    return result(OUTCOME_NONE, END_NONE);
}

const char *game_reason_text(EndReason reason)
{
    static const char *const text[] = {
        [END_NONE] = "game in progress",
        [END_CHECKMATE] = "checkmate",
        [END_STALEMATE] = "stalemate",
        [END_CAMPMATE] = "campmate",
        [END_KING_CAPTURED] = "King captured",
        [END_NO_MOVES] = "no legal moves",
        [END_REPETITION] = "repetition",
        [END_PERPETUAL_CHECK] = "perpetual check",
        [END_PERPETUAL_CHASE] = "perpetual chase",
        [END_REPEATER_LOSES] = "repetition (the repeating side loses)",
        [END_FIFTY_MOVES] = "50-move rule",
        [END_RESIGNATION] = "resignation",
        [END_AGREED_DRAW] = "draw agreed",
        [END_TIME] = "loss on time",
        [END_ABANDONED] = "abandoned",
        [END_ABORTED] = "aborted",
    };
    return (unsigned)reason < sizeof text / sizeof text[0] ? text[reason] : "?";
}

const char *game_outcome_text(GameOutcome outcome)
{
    switch (outcome) {
    case OUTCOME_WHITE_WINS:
        return "1-0";
    case OUTCOME_BLACK_WINS:
        return "0-1";
    case OUTCOME_DRAW:
        return "1/2-1/2";
    default:
        return "*";
    }
}
