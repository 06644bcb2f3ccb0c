/* The search's numbers (see tunables.h).  Like eval_tables.c, this file is
 * data: a tuning run may rewrite it, and a change here carries its match
 * result, as a change to the search does. */
#include "tunables.h"

const SearchParams search_params_default = {
    .delta_margin = 200,
    .qcheck_plies = 8,

    .rfp_depth = 6,
    .rfp_margin = 90,
    .nmp_depth = 3,
    .nmp_base = 3,
    .nmp_div = 3,
    .nmp_eval_div = 200,
    .nmp_eval_max = 3,
    .iir_depth = 4,

    .check_ext_base = 8,
    .check_ext_mul = 2,
    .lmp_depth = 8,
    .lmp_base = 3,
    .fut_depth = 7,
    .fut_base = 150,
    .fut_margin = 120,
    .see_quiet_depth = 7,
    .see_quiet_margin = 25,
    .see_noisy_depth = 6,
    .see_noisy_margin = 100,
    .lmr_depth = 3,
    .lmr_count = 3,
    .lmr_base = 7500,
    .lmr_div = 225,
    .lmr_history = 8192,

    .history_max_bonus = 400,
    .history_scale = 32,
    .history_gravity = 512,
    .quiet_select = 8,

    .asp_depth = 5,
    .asp_delta = 25,
    .asp_grow = 10,
    .asp_max = 600,

    .movetime_margin = 30,
    .clock_margin = 30,
    .clock_margin_div = 50,
    .clock_margin_max = 250,
    .moves_to_go = 30,
    .moves_to_go_max = 40,
    .hard_factor = 4,
    .soft_percent = 60,
};
