/* Evaluation weights per variant, as data keyed by FEN tokens.  A tuning run
 * may rewrite this file: keep one row per line and plain integer literals.
 * Kinds a table does not list get a value from their mobility (eval.c). */
#include "search_internal.h"

#include <string.h>

#define ROWS(a) a, (int)(sizeof(a) / sizeof((a)[0]))

/* Shinobi family: the Clan's pieces and the Kingdom's chess army. */
static const EvalPieceRow shinobi_rows[] = {
    /* fen   value hand center advance */
    {"K", 0, 0, 0, 0},
    {"P", 100, 110, 1, 6},
    {"C", 300, 320, 2, 2},
    {"J", 800, 820, 3, 0},
    {"D", 680, 700, 2, 0},
    {"F", 480, 500, 3, 0},
    {"L", 260, 280, 0, 2},
    {"H", 220, 240, 2, 3},
    {"M", 200, 220, 2, 2},
    {"Q", 950, 950, 2, 0},
    {"R", 500, 500, 1, 1},
    {"B", 330, 330, 3, 0},
    {"N", 310, 310, 4, 1},
    {"+L", 500, 0, 1, 1},
    {"+H", 310, 0, 4, 1},
    {"+M", 330, 0, 3, 0},
    {"+P", 300, 0, 2, 2},
};

/* Shogun chess: captured pieces return demoted, so a hand piece is worth
 * about its unpromoted value plus the freedom of a drop. */
static const EvalPieceRow shogun_rows[] = {
    {"K", 0, 0, 0, -6},
    {"P", 100, 120, 1, 5},
    {"N", 310, 340, 4, 1},
    {"B", 330, 360, 3, 0},
    {"R", 500, 540, 1, 1},
    {"F", 170, 200, 2, 1},
    {"+P", 300, 0, 2, 2},
    {"+N", 560, 0, 3, 1},
    {"+B", 800, 0, 3, 0},
    {"+R", 900, 0, 2, 0},
    {"+F", 950, 0, 2, 0},
    {"C", 300, 320, 2, 2},
    {"G", 560, 580, 3, 1},
    {"A", 800, 820, 3, 0},
    {"M", 900, 920, 2, 0},
    {"Q", 950, 970, 2, 0},
};

/* Cashew Shogi: 13x13, no drops; a promotable piece is worth a little more
 * than its moves alone because any capture promotes it. */
static const EvalPieceRow cashew_rows[] = {
    {"K", 0, 0, 0, -3},
    {"Q", 1200, 0, 1, 0},
    {"P", 100, 0, 0, 4},
    {"L", 300, 0, 0, 1},
    {"D'", 330, 0, 0, 1},
    {"G", 320, 0, 1, 1},
    {"S", 280, 0, 1, 1},
    {"F", 300, 0, 1, 1},
    {"T'", 310, 0, 1, 1},
    {"V", 280, 0, 1, 1},
    {"I'", 330, 0, 1, 1},
    {"J'", 330, 0, 1, 1},
    {"L'", 520, 0, 1, 0},
    {"R'", 520, 0, 1, 0},
    {"D!", 720, 0, 1, 0},
    {"T!", 720, 0, 1, 0},
    {"H", 850, 0, 1, 0},
    {"D", 950, 0, 1, 0},
    {"+O", 650, 0, 1, 0},
    {"+X", 650, 0, 1, 0},
    {"+N", 760, 0, 1, 0},
    {"G!", 900, 0, 1, 0},
    {"H!", 1250, 0, 1, 0},
    {"H'", 360, 0, 1, 1},
    {"C'", 220, 0, 1, 1},
    {"F'", 300, 0, 1, 1},
    {"K'", 440, 0, 1, 1},
    {"P'", 320, 0, 1, 1},
    {"O", 380, 0, 1, 1},
    {"X", 380, 0, 1, 1},
    {"N", 380, 0, 1, 1},
    {"W'", 420, 0, 1, 1},
    {"E'", 420, 0, 1, 1},
    {"L!", 1700, 0, 2, 0},
    {"W!", 1250, 0, 2, 0},
    {"+L!", 2100, 0, 2, 0},
    {"+W!", 950, 0, 1, 0},
    {"+W'", 1200, 0, 2, 0},
    {"+E'", 1650, 0, 2, 0},
};

static const EvalPieceRow generic_rows[] = {
    {"K", 0, 0, 0, 0},
};

/* The campmate race (Shinobi family): a king one step from its flag rank
 * threatens to win at once; far away it hardly matters. */
static const EvalVariantTable tables[] = {
    /* id  rows  tempo shield attacker hand_threat mobility king_attack flag_race */
    {"shinobiplus", ROWS(shinobi_rows), 15, 12, 6, 6, 12, 8, {0, 600, 220, 100, 55, 30, 15, 0}},
    {"shinobi", ROWS(shinobi_rows), 15, 12, 6, 6, 12, 8, {0, 600, 220, 100, 55, 30, 15, 0}},
    {"shinobivchess", ROWS(shinobi_rows), 15, 12, 6, 6, 12, 8, {0, 600, 220, 100, 55, 30, 15, 0}},
    {"shogun", ROWS(shogun_rows), 15, 10, 6, 8, 12, 8, {0}},
    {"cashew", ROWS(cashew_rows), 10, 8, 3, 0, 0, 0, {0}},
};

static const EvalVariantTable generic_table = {"", ROWS(generic_rows), 10, 8, 4, 4, 0, 0, {0}};

const EvalVariantTable *eval_table_find(const char *variant_id)
{
    for (int i = 0; i < (int)(sizeof tables / sizeof tables[0]); i++)
        if (!strcmp(tables[i].variant, variant_id))
            return &tables[i];
    return &generic_table;
}
