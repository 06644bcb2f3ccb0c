/* A position: the padded board, hands, side to move, and its own undo
 * history (make/unmake need nothing from the caller). */
#ifndef KAGE_POSITION_H
#define KAGE_POSITION_H

#include "kage/rules/types.h"
#include "kage/rules/variant.h"

/* What make() must remember to unmake, plus what repetition rules read. */
typedef struct StateInfo {
    uint64_t key;
    Move move;          /* the move that led here (MOVE_NONE at the root) */
    Piece moved;        /* the piece that moved, before any promotion */
    Piece captured[3];  /* on `to` (or the e.p. square), then locust squares */
    uint8_t castling;   /* rights: 1 K, 2 Q, 4 k, 8 q */
    uint8_t ep;         /* square a pawn may capture en passant, or 0 */
    int8_t in_check;    /* side to move in check: 1, 0, or -1 not computed yet */
    int8_t attacking;   /* side that moved attacks something: 1, 0, -1 unknown */
    uint16_t halfmove;  /* plies since the last irreversible move */
} StateInfo;

typedef struct Position {
    const Variant *v;
    Piece board[BOARD_ARRAY];
    uint8_t hand[2][MAX_PIECE_TYPES];
    uint8_t count[2][MAX_PIECE_TYPES]; /* pieces of each type on the board */
    uint8_t plist[2][MAX_PIECES_SIDE]; /* squares of each side's pieces */
    uint8_t pindex[BOARD_ARRAY];
    int npieces[2];
    uint8_t king[2]; /* square of the royal piece, 0 if none */
    Color side;
    int fullmove; /* of the root position */
    int ply;      /* moves made since the root */
    StateInfo *st;
    StateInfo *hist;
    int hist_cap;
} Position;

/* A new position of variant v, set to its start position. */
Position *pos_new(const Variant *v);
void pos_free(Position *pos);
/* Make dst an independent copy of src (same variant, same history). */
void pos_copy(Position *dst, const Position *src);

/* Set from a FEN in the variant's style; on error the position is unchanged
 * and err says what is wrong and at which column. */
bool pos_set_fen(Position *pos, const char *fen, KageError *err);
/* Write the FEN (the style the variant's reference program writes). */
void pos_get_fen(const Position *pos, char *buf, size_t size);
void pos_set_start(Position *pos);

/* Play a move that the generator produced; pos_unmake takes the last one back. */
void pos_make(Position *pos, Move m);
void pos_unmake(Position *pos);

/* Is square sq attacked by a piece of colour by? */
bool pos_attacked(const Position *pos, int sq, Color by);
/* Is the side to move in check (royal piece attacked)?  Cached in st. */
bool pos_in_check(Position *pos);
/* Does the side that just moved attack any enemy piece? (for Cashew's chase rule) */
bool pos_mover_attacks(Position *pos);
/* Full consistency check of the incremental data; why is filled on failure. */
bool pos_is_ok(const Position *pos, char *why, size_t size);
/* The key computed from scratch (pos_is_ok compares it with st->key). */
uint64_t pos_compute_key(const Position *pos);

static inline Piece pos_at(const Position *pos, int sq) { return pos->board[sq]; }

/* A square's plain index (rank * files + file). */
static inline int pos_sq_index(const Position *pos, int sq)
{
    return pos->v->rank_of[sq] * pos->v->files + pos->v->file_of[sq];
}

#endif
