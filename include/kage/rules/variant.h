/* Variants as data.  A VariantDef is a constant description (pieces as
 * Betza strings, regions as text, rules as enums); variant_new() parses it
 * once into a Variant, the derived tables every other module reads. */
#ifndef KAGE_VARIANT_H
#define KAGE_VARIANT_H

#include "kage/rules/types.h"

/* A set of board squares, indexed by rank * files + file (at most 13x13). */
typedef struct Region {
    uint64_t w[3];
} Region;

static inline bool region_has(const Region *r, int idx) { return (r->w[idx >> 6] >> (idx & 63)) & 1; }
static inline void region_add(Region *r, int idx) { r->w[idx >> 6] |= (uint64_t)1 << (idx & 63); }

/* Pieces whose moves no Betza table can express get one generator each. */
enum Special {
    SPECIAL_NONE = 0,
    SPECIAL_LION,       /* jumps in the 5x5 area, igui, hit-and-run, double capture, pass */
    SPECIAL_WOLF,       /* triple mover along one line, optional captures, pass */
    SPECIAL_HOOK_ORTHO, /* rook, turning once by 90 degrees at an empty square */
    SPECIAL_HOOK_DIAG,  /* bishop, turning once by 90 degrees at an empty square */
    SPECIAL_BERSERKER   /* a Lion that also slides up to 3 squares in the 8 directions */
};

enum PieceFlag {
    PF_ROYAL = 1,       /* losing it loses the game; may not be left in check */
    PF_PAWN = 2,        /* double step, en passant, pawn drop rules */
    PF_CASTLE_ROOK = 4, /* may castle with the king */
    PF_FLAG = 8         /* reaching the flag region wins (campmate) */
};

typedef struct PieceDef {
    const char *fen;        /* FEN token: "P", "+L", "H!", "D'", "+W'" */
    char san;               /* letter in SAN; pieces sharing it move alike */
    const char *code;       /* two-letter code for people (Cashew), or NULL */
    const char *name;       /* English name */
    const char *betza;      /* ordinary moves, Betza notation */
    enum Special special;   /* moves no table can express */
    unsigned flags;         /* PieceFlag bits */
    const char *promotes;   /* FEN token of the promoted type, or NULL */
    const char *demotes;    /* type that goes to hand when captured (NULL: itself) */
    const char *alias;      /* another FEN spelling read as this type, or NULL */
} PieceDef;

enum PromoRule {
    PROMO_NONE,
    PROMO_ZONE_MANDATORY, /* moves starting or ending in the zone must promote */
    PROMO_ZONE_OPTIONAL,  /* ... may promote (forced where the piece could not move again) */
    PROMO_ON_CAPTURE      /* a capture always promotes; no zone */
};

enum GameValue { VALUE_LOSS = -1, VALUE_DRAW = 0, VALUE_WIN = 1 };

enum RepetitionRule {
    REP_DRAW,             /* n-fold repetition is a draw */
    REP_PERPETUAL_CHECK,  /* ... unless one side checked all the time: it loses */
    REP_REPEATER_LOSES,   /* the side that makes the n-th occurrence loses */
    REP_CHECK_THEN_CHASE  /* Cashew: perpetual check, then perpetual chase loses */
};

enum FenStyle { FEN_FSF, FEN_HACHU };

/* How the variant's moves are written, for each purpose (notation.h). */
enum MoveStyle {
    MOVES_SAN,   /* SAN for people and records, UCI for protocols and perft */
    MOVES_CASHEW /* Cashew's readable text for people, XBoard's legs for records and
                    protocols, the canonical from-to-captures form for perft */
};

/* Which kanji the screen draws the pieces with (ui/glyph.c keeps one table
 * of each): the Shinobi games', Shogun's or Cashew's. */
enum KanjiSet { KANJI_SHINOBI, KANJI_SHOGUN, KANJI_CASHEW };

typedef struct VariantDef {
    const char *id;   /* "shinobiplus" */
    const char *name; /* "Shinobi+" */
    const char *summary;
    int files, ranks;
    const PieceDef *pieces;
    int npieces;
    const char *start_fen;
    const char *hand_order;        /* FEN tokens, in the order hands are printed */
    const char *white_name, *black_name;
    enum PromoRule promo_rule;
    const char *promo_region[2];   /* FSF region text, e.g. "*7 *8" */
    const char *promo_limit;       /* "G1 A1 M1 Q1": at most one of these SAN kinds on the board */
    const char *drop_region[2];    /* NULL: the whole board */
    bool captures_to_hand;
    bool first_rank_pawn_drops;
    bool zone_pawn_drops;
    const char *double_step_region[2]; /* NULL: the pawn's second rank */
    bool immobility_illegal;       /* no move or drop may leave a piece that can never move */
    bool castling;
    const char *flag_region[2];    /* campmate; NULL: none */
    bool check_rule;               /* a royal piece may not be left attacked */
    enum GameValue stalemate_value;/* for the side that cannot move */
    int nfold;                     /* repetition count, 0 = none */
    enum RepetitionRule rep_rule;
    int nmove_rule;                /* 50, or 0 = none */
    enum FenStyle fen_style;
    enum MoveStyle move_style;
    /* what other programs and the screen call it and show it with */
    const char *xboard_name;       /* the name in XBoard's `variant` command; NULL: the id */
    const char *pgn_name;          /* the [Variant] tag of a PGN we write; NULL: the id */
    enum KanjiSet kanji;           /* the screen's kanji for the pieces */
    bool chess_shapes[2];          /* [colour]: drawn as chess symbols where a piece has one (Unicode) */
    /* Black's army stands as White's turned through 180 degrees (shogi's
     * setup, pieces that move to one side), not reflected across the middle
     * rank (chess's): the evaluation network seen from Black turns the board
     * round instead of turning it upside down (engine/nn.h). */
    bool setup_turned;
} VariantDef;

/* A move vector: an offset on the padded board, how far it slides (1 = a
 * step or leap), and whether it may move to an empty square, capture, or both. */
enum { MODE_MOVE = 1, MODE_CAPTURE = 2, MODE_BOTH = 3 };
typedef struct MoveVec {
    int16_t off;
    uint8_t range;
    uint8_t mode;
} MoveVec;

typedef struct PieceMoves {
    uint8_t nleap, nslide;
    MoveVec leap[40];
    MoveVec slide[16];
} PieceMoves;

typedef struct PieceInfo {
    const PieceDef *def;
    int promotes;  /* type index or 0 */
    int demotes;   /* type put in hand when captured */
    int limit;     /* most pieces of the promoted SAN kind allowed, 0 = no limit */
    uint64_t same_san; /* types sharing this type's SAN letter */
} PieceInfo;

/* For attack detection: who can reach a square from where. */
typedef struct AttackTable {
    int nleap;
    struct { int16_t off; uint64_t types; } leap[64];
    int nslide;
    struct { int16_t dir; uint8_t maxr; uint64_t types_within[MAX_FILES + 1]; } slide[16];
    uint64_t special_types; /* types with special generators, tested the slow way */
} AttackTable;

enum SquareFlag {
    SQF_REAL = 1,
    SQF_PROMO = 2,
    SQF_DROP = 4,
    SQF_FLAG = 8,
    SQF_DOUBLE = 16,
    SQF_FIRST_RANK = 32
};

typedef struct Variant {
    const VariantDef *def;
    int files, ranks, stride, nsq;
    int ntypes;                       /* types are 1..ntypes */
    PieceInfo type[MAX_PIECE_TYPES];
    PieceMoves moves[2][MAX_PIECE_TYPES];
    AttackTable attack[2];            /* attack[c]: attacks by pieces of colour c */
    int16_t dir8[8];                  /* the king directions, N NE E SE S SW W NW */
    int16_t forward[2];               /* one rank forward for each colour */
    uint8_t sq_of[MAX_FILES * MAX_RANKS]; /* plain index -> padded square */
    int8_t file_of[BOARD_ARRAY], rank_of[BOARD_ARRAY]; /* -1 on padding */
    uint8_t sqflags[2][BOARD_ARRAY];
    uint64_t immobile[2][BOARD_ARRAY];/* types that could never move from here */
    uint8_t drop_squares[2][MAX_FILES * MAX_RANKS];
    int ndrop_squares[2];
    uint64_t drop_types;              /* types that may ever be in hand */
    uint64_t drop_ok[2][BOARD_ARRAY]; /* types that may be dropped on a square */
    /* castling: [colour][0 king side, 1 queen side] */
    uint8_t castle_king_from[2], castle_king_to[2][2], castle_rook_from[2][2], castle_rook_to[2][2];
    uint8_t castle_mask[BOARD_ARRAY]; /* rights kept when a piece leaves or is taken here */
    int hand_order[MAX_PIECE_TYPES];  /* types in printing order */
    int nhand_order;
    uint64_t royal_types, pawn_types, special_types;
    uint64_t plain_types[2];          /* never promote and never immobile: moves need no checks */
    /* Zobrist keys */
    uint64_t zob_piece[128][BOARD_ARRAY];
    uint64_t zob_hand[2][MAX_PIECE_TYPES][MAX_HAND + 1];
    uint64_t zob_side, zob_castle[16], zob_ep[BOARD_ARRAY];
} Variant;

/* The built-in variant definitions, terminated by an entry with id NULL. */
extern const VariantDef *const variant_defs[];

/* Look up a built-in definition by id (or its XBoard name); NULL if unknown. */
const VariantDef *variant_find(const char *id);

/* A piece's moves in XBoard's Betza, for side (WHITE or BLACK): its own,
 * with what no table can say written in XBoard's multi-leg notation (the
 * Lion's and the Berserker's second step, the Wolf's, the hook movers'
 * turn), a pawn's double step and the King's castling.  What `kage xboard`
 * teaches XBoard in its piece lines and `kage pgn --to=xboard` writes in
 * [VariantMen]. */
void variant_xboard_betza(const VariantDef *d, const PieceDef *pd, int side, char *out, size_t size);

/* Build the runtime tables for a definition; NULL and a message in err when
 * the definition is inconsistent (a bad Betza string, an unknown piece). */
Variant *variant_new(const VariantDef *def, KageError *err);

void variant_free(Variant *v);

/* The type whose FEN token is `tok` (e.g. "+L"), 0 if none. */
int variant_type_by_fen(const Variant *v, const char *tok);

/* Parse a region in Fairy-Stockfish syntax ("*1 *2 a3 b*"), white's view. */
bool variant_parse_region(const char *text, int files, int ranks, Region *out, KageError *err);

/* Square names: "e4" for an 8x8 board, "m13" for 13x13. */
int variant_square_name(const Variant *v, int sq, char *buf);
/* Parse a square name at s; returns characters read (0 if none) and the square. */
int variant_parse_square(const Variant *v, const char *s, int *sq);

#endif
