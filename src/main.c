/* kage: shogi-flavoured chess variants in a terminal.  main() dispatches on
 * the first word through one table of subcommands. */
#include "config.h"

#include "cli/cli.h"
#include "kage/proto/proto.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"
#include "kage/ui/ui.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

typedef struct Command {
    const char *name;
    const char *args;
    const char *help;
    int (*run)(int argc, char **argv);
} Command;

/* `kage uci` and `kage xboard` speak on standard input and output with a
 * 16 MB hash table until `quit` or the end of input. */
static int cmd_uci(int argc, char **argv)
{
    (void)argc, (void)argv;
    return uci_run(stdin, 16);
}

static int cmd_xboard(int argc, char **argv)
{
    (void)argc, (void)argv;
    return xboard_run(stdin, 16);
}

static const Command commands[] = {
    {"perft", "[--divide] VARIANT FEN|startpos DEPTH", "count the legal move tree (move generator test)", cli_perft},
    {"perft", "--bench [--quick]", "move generator speed on every start position", cli_perft},
    {"uci", "", "run as a UCI engine (as Fairy-Stockfish speaks it) on standard input and output", cmd_uci},
    {"xboard", "", "run as an XBoard/CECP 2 engine on standard input and output", cmd_xboard},
    {"bench", "[DEPTH [HASH_MB [THREADS]]]", "search fixed positions of every variant: node signature (1 thread) and speed", cli_bench},
    {"datagen", "VARIANT GAMES NODES OUTFILE [OPENINGS [SEED [PLIES]]]",
     "self-play games at fixed nodes: quiet positions with scores and results, for tools/tune.py", cli_datagen},
    {"evaltrace", "VARIANT <POSITIONS", "the evaluation's feature counts of each position, for tools/tune.py",
     cli_evaltrace},
    {"nndata", "VARIANT [--inputs|--eval] <POSITIONS", "positions as records for the network trainer, tools/nn.py",
     cli_nndata},
    {"pgn", "[--to=san|pychess|xboard|uci] FILE...",
     "check game records (each move legal, the result consistent): print each game's tags, final FEN and "
     "result, or the first error with its line; --to rewrites the games for where they go: san (also named "
     "pychess: what pychess.org reads, and Kage's saves), xboard (what XBoard 4.9.1's Load Game reads) or uci; "
     "- reads standard input",
     cli_pgn},
    {"server", "[OPTION]...",
     "the lobby server: players of this host meet, play and watch on its Unix socket (kage --mode=online); "
     "options below", cli_server},
    {"online", "[--server=PATH] [--player=NAME] who|history [NAME]|pgn GAME|all|top VARIANT|challenge NAME VARIANT ...|raw",
     "the lobby from the command line: who is online and playing, past games, a stored game (or all yours) as "
     "PGN, the best ratings, a challenge to one player, protocol lines both ways", cli_online},
    {"adjudicate", NULL, NULL, cli_adjudicate}, /* for tools/match.py */
};

static void usage(FILE *f)
{
    fprintf(f, "Usage: kage [OPTION]...            play in the terminal\n"
               "       kage COMMAND [ARG]...       run a command\n"
               "Play Shinobi+, Shinobi (also as vchess.club played it), Shogun chess and Cashew Shogi in a terminal.\n\n"
               "Options:\n");
    ui_options_help(f);
    fprintf(f, "  -V, --version        show version information and exit\n\nCommands:\n");
    for (int i = 0; i < N_ELEMS(commands); i++)
        if (commands[i].help) {
            fprintf(f, "  %s%s%s\n      %s\n", commands[i].name, commands[i].args[0] ? " " : "", commands[i].args,
                    commands[i].help);
            if (commands[i].run == cli_server)
                cli_server_help(f);
        }
    fprintf(f, "\nVariants:\n");
    for (int i = 0; variant_defs[i]; i++)
        fprintf(f, "  %-14s %s\n", variant_defs[i]->id, variant_defs[i]->name);
    fprintf(f, "\n");
    ui_keys_help(f);
    if (PACKAGE_BUGREPORT[0]) /* AC_INIT's address; none is given today */
        fprintf(f, "\nReport bugs to: %s\n", PACKAGE_BUGREPORT);
}

static void version(void)
{
    printf("kage %s\n"
           "Copyright (C) 2026 the Kage developers.\n"
           "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n",
           PACKAGE_VERSION);
}

/* What was printed must have reached its place: a full disk or a closed
 * pipe is an error (exit 1), not a silent success. */
static int output_written(int status)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    fprintf(stderr, "kage: the output could not be written: %s\n", strerror(errno ? errno : EIO));
    return status ? status : 1;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return ui_main(argc, argv);
    const char *a = argv[1];
    for (int i = 0; i < N_ELEMS(commands); i++)
        if (!strcmp(a, commands[i].name)) {
            /* every command takes --help (server and online say more themselves) */
            if (argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) && commands[i].help &&
                commands[i].run != cli_server && commands[i].run != cli_online) {
                for (int k = i; k < N_ELEMS(commands) && !strcmp(commands[k].name, a); k++)
                    printf("%s kage %s%s%s\n", k == i ? "Usage:" : "      ", a, commands[k].args[0] ? " " : "",
                           commands[k].args);
                printf("%s.\n", commands[i].help);
                return output_written(0);
            }
            return output_written(commands[i].run(argc - 1, argv + 1));
        }
    if (a[0] == '-') {
        /* --help and --version anywhere among the game's options, found by
         * the options parser itself (so that "--load --help" loads a file
         * of that name) and before the config file is read */
        switch (ui_options_check(argc, argv)) {
        case 1:
            usage(stdout);
            return output_written(0);
        case 2:
            return 2;
        case 3:
            version();
            return output_written(0);
        }
        return ui_main(argc, argv);
    }
    fprintf(stderr, "kage: unknown command or option '%s'\nTry 'kage --help' for more information.\n", a);
    return 2;
}
