/* Cashew Shogi as data: H. G. Muller's 13x13 cut-down Dai Dai Shogi, with
 * the piece letters, start position and FEN of HaChu 0.21 (see
 * shared/rules/cashew.md).
 *
 * The first player (upper case, moves first, ranks 1-4) is "Sente", the
 * second (lower case) "Gote": the shogi names, since Cashew's "white" and
 * "black" mean opposite things in shogi and in HaChu/XBoard.
 *
 * Betza strings here hold only the ordinary part of each piece, the part the
 * generic generator walks; movegen_special.c adds what no table can say:
 *   Lion      "KNAD": its 24 jumps; + igui, hit and run, double capture, pass
 *   Berserker "KNAD": as the Lion; + the slide to distance 3 (K3 minus K2)
 *   Wolf      "KAD" : ending on s1 or s2; + s3, the optional captures, pass
 *   Hook Mover "R", Goblin "WB": + the hook (one 90-degree turn)
 * so that no move (from, to, captured squares) is generated twice. */
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

/* Cashew has no SAN; the `san` letters are only distinct placeholders, so that
 * no two types count as alike.  People use the two-letter codes. */
static const PieceDef cashew_pieces[] = {
    /* fen    san  code   name                    betza            special             flags     promotes demotes alias */
    {"K",   'K', "KI", "King",                   "K",             SPECIAL_NONE,       PF_ROYAL, NULL, NULL, NULL},
    {"Q",   'Q', "QU", "Queen",                  "Q",             SPECIAL_NONE,       0, NULL, NULL, "+H'"},
    {"P",   'P', "PA", "Pawn",                   "fW",            SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"L",   'L', "LA", "Lance",                  "fR",            SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"D'",  'a', "GU", "Gun",                    "fRbW",          SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"G",   'G', "GL", "Gold",                   "WfF",           SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"S",   'S', "SI", "Silver",                 "FfW",           SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"F",   'F', "LP", "Leopard",                "FvW",           SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"T'",  'b', "TI", "Tiger",                  "vW2fF",         SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"V",   'V', "BE", "Bear",                   "sWfF2",         SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"I'",  'I', "LG", "Left General",           "FvrW",          SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"J'",  'J', "RG", "Right General",          "FvlW",          SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"L'",  'c', "LC", "Left Chariot",           "fRbWlfrbB",     SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"R'",  'R', "RC", "Right Chariot",          "fRbWrflbB",     SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"D!",  'd', "BG", "Broad Guard",            "sRvW2rfBlfF",   SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"T!",  'e', "DG", "Deep Guard",             "vRsW2lfBrfF",   SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"H",   'H', "CB", "Crowned Bishop",         "BW",            SPECIAL_NONE,       0, NULL, NULL, "+C'"},
    {"D",   'D', "CA", "Castle",                 "RF",            SPECIAL_NONE,       0, NULL, NULL, "+F'"},
    {"+O",  'U', "UN", "Unicorn",                "sRvW2F3",       SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"+X",  'Y', "GB", "Golden Bird",            "vRsW2F3",       SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"+N",  'Z', "FL", "Flag",                   "fRfBbsW2bF2",   SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"G!",  'f', "GO", "Goblin",                 "WB",            SPECIAL_HOOK_DIAG,  0, NULL, NULL, "+K'"},
    {"H!",  'g', "HM", "Hook Mover",             "R",             SPECIAL_HOOK_ORTHO, 0, NULL, NULL, "+P'"},
    {"H'",  'h', "FH", "Flying Horse",           "WfF2",          SPECIAL_NONE,       0, "Q", NULL, NULL},
    {"C'",  'C', "BF", "Butterfly",              "F",             SPECIAL_NONE,       0, "H", NULL, NULL},
    {"F'",  'i', "DR", "Dragon",                 "F2",            SPECIAL_NONE,       0, "D", NULL, NULL},
    {"K'",  'k', "KT", "Kite",                   "W2fF",          SPECIAL_NONE,       0, "G!", NULL, NULL},
    {"P'",  'p', "VP", "Viper",                  "sWfDbA",        SPECIAL_NONE,       0, "H!", NULL, NULL},
    {"O",   'O', "KR", "Kirin",                  "FD",            SPECIAL_NONE,       0, "+O", NULL, NULL},
    {"X",   'X', "PH", "Phoenix",                "WA",            SPECIAL_NONE,       0, "+X", NULL, NULL},
    {"N",   'N', "CM", "Commoner",               "K",             SPECIAL_NONE,       0, "+N", NULL, NULL},
    {"W'",  'W', "VK", "Viking",                 "sW2vWfF",       SPECIAL_NONE,       0, "+W'", NULL, NULL},
    {"E'",  'E', "HU", "Hun",                    "vW2sWfF",       SPECIAL_NONE,       0, "+E'", NULL, NULL},
    {"L!",  'l', "LN", "Lion",                   "KNAD",          SPECIAL_LION,       0, "+L!", NULL, NULL},
    {"W!",  'w', "WO", "Wolf",                   "KAD",           SPECIAL_WOLF,       0, "+W!", NULL, NULL},
    {"+L!", 'B', "BS", "Berserker",              "KNAD",          SPECIAL_BERSERKER,  0, NULL, NULL, NULL},
    {"+W!", 'M', "EL", "Elephant",               "vW3sW5fF3bF5",  SPECIAL_NONE,       0, NULL, NULL, NULL},
    {"+W'", 'm', "+WO", "Wolf (promoted Viking)", "KAD",          SPECIAL_WOLF,       0, NULL, NULL, NULL},
    {"+E'", 'n', "+LN", "Lion (promoted Hun)",   "KNAD",          SPECIAL_LION,       0, NULL, NULL, NULL},
};

const VariantDef variant_cashew = {
    .id = "cashew",
    .name = "Cashew Shogi",
    .summary = "13x13 Dai Dai Shogi cut down: Lions, Wolves, hook movers; capture the King",
    .files = 13, .ranks = 13,
    .pieces = cashew_pieces, .npieces = N_ELEMS(cashew_pieces),
    .start_fen = "lh!f'dh'j'ki'qc'hg!l/t!p'w!+oogngx+xl!k'd!/r've'fst'+nt'sfw'vl'/ppppppppppppp/"
                 "3d'5d'3/13/13/13/3D'5D'3/PPPPPPPPPPPPP/L'VW'FST'+NT'SFE'VR'/"
                 "D!K'L!+XXGNGO+OW!P'T!/LG!HC'QI'KJ'H'DF'H!L w",
    .hand_order = NULL,
    .white_name = "Sente", .black_name = "Gote",
    .promo_rule = PROMO_ON_CAPTURE,
    .captures_to_hand = false,
    .immobility_illegal = false,
    .castling = false,
    .check_rule = false,
    .stalemate_value = VALUE_LOSS, /* cannot happen in practice; HaChu scores it so (cashew.md section 7) */
    .nfold = 2, .rep_rule = REP_CHECK_THEN_CHASE,
    .nmove_rule = 0,
    .fen_style = FEN_HACHU,
    .move_style = MOVES_CASHEW,
    .xboard_name = "cashew-shogi",
    .pgn_name = "cashew-shogi", /* XBoard's variant name */
    .kanji = KANJI_CASHEW,
    .setup_turned = true, /* Black's Right General on f13 against White's on h1 (cashew.md section 2) */
};
