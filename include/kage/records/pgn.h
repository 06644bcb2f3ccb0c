/* Game records in PGN, the way pychess.org exports them, and read from what
 * pychess.org, XBoard and people write.
 *
 * WRITING (pgn_write).  pychess.org's export (server/game.py, Game.pgn) is
 * the model, with the additions the PGN standard asks for:
 *
 *   [Event "Casual game"]          pychess: "PyChess casual game"
 *   [Site "Kage"]                  pychess: the game's address
 *   [Date "2024.05.01"]            "????.??.??" when unknown
 *   [Round "-"]                    as pychess
 *   [White "..."] [Black "..."]    "?" when unknown
 *   [Result "1-0"]                 "1-0", "0-1", "1/2-1/2" or "*"
 *   [TimeControl "600+30"]         pychess: main and extra in seconds, "-" without a clock
 *   [Byoyomi "1"]                  only for byo-yomi: the number of periods, so that
 *                                  600+30 is not read back as an increment (pychess
 *                                  keeps the same two numbers and a period count)
 *   [Variant "Shinobiplus"]        pychess writes its variant id capitalised:
 *                                  Shinobiplus, Shinobi, Shogun; our shinobivchess,
 *                                  which pychess does not play, as Shinobivchess;
 *                                  Cashew as XBoard names it: cashew-shogi
 *   [FEN "..."] [SetUp "1"]        always: pychess writes them for every game that
 *                                  does not start from the chess position, which is
 *                                  every game of these variants
 *   [Termination "checkmate"]      only when the game is over: our reason
 *                                  (game_reason_text: checkmate, campmate, perpetual
 *                                  check, loss on time, resignation ...)
 *   extra tags from the caller     (the autosave's Kage* tags)
 *
 * then a blank line and the movetext: move numbers ("1." before White's
 * move, "12..." when Black starts), moves in SAN as Fairy-Stockfish writes
 * it (Nc6, J@c3, Mg7=B, cxb3=C, O-O, + and #), for Cashew XBoard's move text
 * (e5f6,f6g7 for a Lion's double capture, @@@@ for a pass), lines of at most
 * 79 characters, and the result.
 *
 * READING (pgn_read).  Several games per file (a game without a result
 * ends where the next tag section starts; a game of tags alone ends at an
 * [Event] after a blank line or at a tag it already has); tag pairs; comments in braces
 * (kept, per move) and after ';' (skipped); '%' escape lines; variations in
 * parentheses (skipped, nested); NAGs ($1) and !? suffixes (ignored); move
 * numbers (12. 12... 12.e4); moves in SAN, in UCI (e2e4, e7e8+, J@c3), drops
 * written X*sq, with a lower-case letter, or in shogi coordinates (P*5e: file
 * counted from the right, rank lettered from the top); for Cashew the canonical, XBoard and readable forms (the
 * readable "LN e5xf6-g7+" may be split at its space).  The variant comes from
 * [Variant] (pychess's names, our ids, the names we show, cashew-shogi, any
 * case), else from the caller's default; the start from [FEN].  Moves are
 * replayed and checked.  Any error fails the whole read with "line N: what"
 * and err->column (0-based, in that line); nothing is returned then. */
#ifndef KAGE_PGN_H
#define KAGE_PGN_H

#include "kage/records/clock.h"
#include "kage/records/record.h"
#include "kage/rules/gameend.h"
#include "kage/rules/position.h"

/* A game with more tag pairs than this is refused with a message (real ones
 * have a few dozen; reading stays linear in the number of tags). */
#define PGN_MAX_TAGS 10000

typedef struct PgnTag {
    char *name, *value;
} PgnTag;

typedef struct PgnGame {
    GameRecord rec;      /* the start position (always set), the moves, and how the game
                          * ended: the rules' verdict on the final position, else the
                          * [Result] (or the movetext's) with the [Termination] */
    char **comments;     /* rec.nmoves + 1 entries: [k] follows move k ([0]: before the first); NULL if none */
    PgnTag *tags;        /* every tag pair, in file order */
    int ntags;
    GameOutcome result_tag; /* [Result], else the movetext's result */
    char terminator[8];     /* the result after the moves as written (1-0, 0-1, 1/2-1/2, *), "" if none */
    EndReason termination;  /* [Termination] when it names a reason we know, else END_NONE */
    TimeControl tc;         /* from [TimeControl] and [Byoyomi]; CLOCK_NONE if absent */
    int line;               /* the line where the game starts */
} PgnGame;

typedef struct PgnGames {
    PgnGame *games;
    int count;
} PgnGames;

/* What the writer needs besides the moves; NULL strings take the defaults. */
typedef struct PgnInfo {
    const char *event, *site, *date, *round, *white, *black;
    const TimeControl *tc; /* NULL: no clock */
    const PgnTag *extra;   /* tags written after the others */
    int nextra;
    const char *const *comments; /* NULL, or nmoves + 1 entries: [k] after move k ([0]: before the
                                  * first), each NULL or a comment written in braces */
    bool uci;              /* the moves in UCI (e2e4, J@c3, e7e8+) instead of SAN */
    bool xboard;           /* as XBoard 4.9.1 reads them (pgn_write.c says how), instead of SAN */
} PgnInfo;

/* Read every game of text (len bytes, NUL bytes are an error); fallback is
 * the variant of games without a [Variant] tag (NULL: such a game is an
 * error).  On success *out holds the games (free with pgn_games_free); on
 * error *out is empty and err says "line N: what is wrong". */
bool pgn_read(const char *text, size_t len, const VariantDef *fallback, PgnGames *out, KageError *err);
/* pgn_read of the first game only, for a list of files: the text after it
 * is not read (a database of thousands of games takes seconds); *more says
 * whether anything but blanks and ';' comments follows it (as a rule,
 * another game). */
bool pgn_read_first(const char *text, size_t len, const VariantDef *fallback, PgnGames *out, bool *more,
                    KageError *err);
/* A reader of the games of a stream one at a time, in memory bounded by
 * the longest game (a game longer than 64 MB is refused), for collections
 * of any size: what pgn_read accepts, with the same messages, the lines
 * counted from the start of the input.  pgn_read fails the whole text at
 * its first error; a stream gives the games before it. */
typedef struct PgnStream PgnStream;
/* A reader of the file descriptor fd (read with read(): a pipe's games are
 * read as they come), which stays the caller's to close; fallback as
 * pgn_read. */
PgnStream *pgn_stream_new(int fd, const VariantDef *fallback);
/* The next game: 1, with the game in *out (free it with pgn_game_clear);
 * 0 at the end of the input; -1 with err set ("line N: what is wrong", or
 * the system's word for a read error), and again -1 for every later call.
 * An input without a single game is an error, as for pgn_read. */
int pgn_stream_next(PgnStream *st, PgnGame *out, KageError *err);
void pgn_stream_free(PgnStream *st);

/* Free every game of a pgn_read result and leave it empty. */
void pgn_games_free(PgnGames *games);
/* Free one game's contents (for a game moved out of a PgnGames). */
void pgn_game_clear(PgnGame *g);

/* The value of tag `name` (case-sensitive, the last one wins), or NULL. */
const char *pgn_tag(const PgnGame *g, const char *name);

/* The time each side had left after its last move, from the clock comments
 * ({[%clk 0:04:51]} or {[%clk 0:04:51.3]} after a move, as pychess.org and
 * lichess write them); `first` is the side that made the game's first move.
 * left[c] is -1 where side c's moves carry none. */
void pgn_clocks_left(const PgnGame *g, Color first, int64_t left[2]);

/* The PGN of rec (of v's variant): its start, its moves, and its result
 * (OUTCOME_NONE: the rules' verdict on the final position); a string to
 * free, or NULL with err set when the FEN is bad or a move is not legal. */
char *pgn_write(const Variant *v, const GameRecord *rec, const PgnInfo *info, KageError *err);

/* Is `name` one of the tags pgn_write makes itself from the game and its
 * info (Event ... SetUp, Termination)?  A game's other tags go in extra. */
bool pgn_tag_is_written(const char *name);

/* Keep what a game read before had, in info for a game written again: its
 * Event, Site, Date, Round, White and Black where it has them, its other
 * tags as info->extra (with room for `reserve` more after them), and the
 * comments of its first `same` moves (those the game written shares with
 * it; nmoves: the moves of the game written).  Returns the extra array and
 * sets *comments (NULL if it had none); free both. */
PgnTag *pgn_info_keep(PgnInfo *info, const PgnGame *from, int same, int nmoves, int reserve, const char ***comments);

/* The [Variant] value written for a variant ("Shinobiplus", "cashew-shogi"). */
const char *pgn_variant_name(const VariantDef *def);
/* The variant a [Variant] value names, in any case (NULL if none). */
const VariantDef *pgn_variant_find(const char *name);

/* The EndReason a [Termination] value names (ours, or lichess's "Time
 * forfeit"), END_NONE if none. */
EndReason pgn_termination_reason(const char *value);

#endif
