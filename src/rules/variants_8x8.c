/* The four 8x8 games as data: the pychess.org definitions (see
 * shared/reference/variants.ini) and our model of vchess.club's 2021 rules. */
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

/* Shinobi family: the Sakura Clan (White) against the Kingdom (Black). */
static const PieceDef shinobi_pieces[] = {
    {"K", 'K', NULL, "King", "K", SPECIAL_NONE, PF_ROYAL | PF_FLAG, NULL, NULL, NULL},
    {"P", 'P', NULL, "Pawn", "fmWfceF", SPECIAL_NONE, PF_PAWN, "+P", NULL, NULL},
    {"C", 'C', NULL, "Captain", "K", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"J", 'J', NULL, "Ninja", "BN", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"D", 'D', NULL, "Dragon", "RF", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"F", 'F', NULL, "Fox", "BW", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"L", 'L', NULL, "Lance", "fR", SPECIAL_NONE, 0, "+L", NULL, NULL},
    {"H", 'H', NULL, "Wooden Horse", "ffN", SPECIAL_NONE, 0, "+H", NULL, NULL},
    {"M", 'M', NULL, "Monk", "F", SPECIAL_NONE, 0, "+M", NULL, NULL},
    {"Q", 'Q', NULL, "Queen", "Q", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"R", 'R', NULL, "Rook", "R", SPECIAL_NONE, PF_CASTLE_ROOK, NULL, NULL, NULL},
    {"B", 'B', NULL, "Bishop", "B", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"N", 'N', NULL, "Knight", "N", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"+L", 'R', NULL, "Rook (promoted Lance)", "R", SPECIAL_NONE, PF_CASTLE_ROOK, NULL, "L", NULL},
    {"+H", 'N', NULL, "Knight (promoted Horse)", "N", SPECIAL_NONE, 0, NULL, "H", NULL},
    {"+M", 'B', NULL, "Bishop (promoted Monk)", "B", SPECIAL_NONE, 0, NULL, "M", NULL},
    {"+P", 'C', NULL, "Captain (promoted Pawn)", "K", SPECIAL_NONE, 0, NULL, "P", NULL},
};

static const PieceDef shogun_pieces[] = {
    {"K", 'K', NULL, "King", "K", SPECIAL_NONE, PF_ROYAL, NULL, NULL, NULL},
    {"P", 'P', NULL, "Pawn", "fmWfceF", SPECIAL_NONE, PF_PAWN, "+P", NULL, NULL},
    {"N", 'N', NULL, "Knight", "N", SPECIAL_NONE, 0, "+N", NULL, NULL},
    {"B", 'B', NULL, "Bishop", "B", SPECIAL_NONE, 0, "+B", NULL, NULL},
    {"R", 'R', NULL, "Rook", "R", SPECIAL_NONE, PF_CASTLE_ROOK, "+R", NULL, NULL},
    {"F", 'F', NULL, "Duchess", "F", SPECIAL_NONE, 0, "+F", NULL, NULL},
    {"+P", 'C', NULL, "Captain", "K", SPECIAL_NONE, 0, NULL, "P", NULL},
    {"+N", 'G', NULL, "General", "KN", SPECIAL_NONE, 0, NULL, "N", NULL},
    {"+B", 'A', NULL, "Archbishop", "BN", SPECIAL_NONE, 0, NULL, "B", NULL},
    {"+R", 'M', NULL, "Mortar", "RN", SPECIAL_NONE, 0, NULL, "R", NULL},
    {"+F", 'Q', NULL, "Queen", "Q", SPECIAL_NONE, 0, NULL, "F", NULL},
    /* unpromoted forms of the promoted kinds: only from a hand-made FEN */
    {"C", 'C', NULL, "Captain", "K", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"G", 'G', NULL, "General", "KN", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"A", 'A', NULL, "Archbishop", "BN", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"M", 'M', NULL, "Mortar", "RN", SPECIAL_NONE, 0, NULL, NULL, NULL},
    {"Q", 'Q', NULL, "Queen", "Q", SPECIAL_NONE, 0, NULL, NULL, NULL},
};

/* What the three Shinobi rule sets share; each adds its start, zones and
 * repetition rule. */
#define SHINOBI_FAMILY                                                                                        \
    .files = 8, .ranks = 8, .pieces = shinobi_pieces, .npieces = N_ELEMS(shinobi_pieces),                          \
    .hand_order = "C F H L J D M Q R B N P", .white_name = "Clan", .black_name = "Kingdom",                 \
    .promo_rule = PROMO_ZONE_MANDATORY, .drop_region = {"*1 *2 *3 *4", NULL}, .immobility_illegal = true,   \
    .castling = true, .flag_region = {"*8", "*1"}, .check_rule = true, .stalemate_value = VALUE_LOSS,       \
    .fen_style = FEN_FSF, .move_style = MOVES_SAN, .kanji = KANJI_SHINOBI,                                   \
    .chess_shapes = {false, true} /* the Kingdom's chess army */

const VariantDef variant_shinobiplus = {
    SHINOBI_FAMILY,
    .id = "shinobiplus",
    .pgn_name = "Shinobiplus", /* pychess: variant.capitalize() */
    .name = "Shinobi+",
    .summary = "The Sakura Clan, with pieces in hand, against a chess army; campmate wins",
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[CFHLJDM] w kq - 0 1",
    .promo_region = {"*7 *8", "*1 *2 *3"},
    .nfold = 4, .rep_rule = REP_PERPETUAL_CHECK,
    .nmove_rule = 50,
};

const VariantDef variant_shinobi = {
    SHINOBI_FAMILY,
    .id = "shinobi",
    .pgn_name = "Shinobi",
    .name = "Shinobi",
    .summary = "The original Shinobi: Lances, Horses and a Captain start on the board",
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[HLJDMM] w kq - 0 1",
    .promo_region = {"*7 *8", "*1 *2"},
    .nfold = 4, .rep_rule = REP_PERPETUAL_CHECK,
    .nmove_rule = 50,
};

const VariantDef variant_shinobivchess = {
    SHINOBI_FAMILY,
    .id = "shinobivchess",
    .pgn_name = "Shinobivchess", /* not on pychess: our id, written the same way */
    .name = "Shinobi (vchess.club 2021)",
    .summary = "Shinobi as vchess.club played it in 2021: a pawn in hand, the repeater loses",
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/3CK3[HHLJDMMP] w kq - 0 1",
    .promo_region = {"*7 *8", "*1 *2"},
    .first_rank_pawn_drops = true,
    .double_step_region = {"*1 *2", NULL},
    .nfold = 3, .rep_rule = REP_REPEATER_LOSES,
    .nmove_rule = 0,
};

const VariantDef variant_shogun = {
    .id = "shogun",
    .name = "Shogun chess",
    .summary = "Chess with drops, promotion on the last three ranks, one of each major piece",
    .files = 8, .ranks = 8,
    .pieces = shogun_pieces, .npieces = N_ELEMS(shogun_pieces),
    .start_fen = "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1",
    .hand_order = "G C M A F Q R B N P",
    .white_name = "White", .black_name = "Black",
    .promo_rule = PROMO_ZONE_OPTIONAL,
    .promo_region = {"*6 *7 *8", "*1 *2 *3"},
    .promo_limit = "G1 A1 M1 Q1",
    .drop_region = {"*1 *2 *3 *4 *5", "*4 *5 *6 *7 *8"},
    .captures_to_hand = true,
    .first_rank_pawn_drops = true,
    .zone_pawn_drops = true,
    .immobility_illegal = true,
    .castling = true,
    .check_rule = true,
    .stalemate_value = VALUE_DRAW,
    .nfold = 3, .rep_rule = REP_DRAW,
    .nmove_rule = 50,
    .fen_style = FEN_FSF,
    .move_style = MOVES_SAN,
    .pgn_name = "Shogun",
    .kanji = KANJI_SHOGUN,
    .chess_shapes = {true, true},
};
