/* The status line and what it asks: a message, a prompt for a line of text
 * (a move, a file name, a FEN) and a yes/no question, with their keys.  Just
 * above the painting primitives: what a prompt or a question leads to comes
 * back through the function its caller gave, so this file calls no other
 * part of the screen. */
#include "ui_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ui_message(Ui *ui, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->status.msg, sizeof ui->status.msg, fmt, ap);
    va_end(ap);
    ui->status.msg_error = error;
}

/* --- the prompt ------------------------------------------------------------------ */

void ui_prompt(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit)
{
    ui->input = INPUT_PROMPT;
    snprintf(ui->status.prompt_label, sizeof ui->status.prompt_label, "%s", label);
    snprintf(ui->status.line, sizeof ui->status.line, "%s", initial);
    ui->status.line_len = (int)strlen(ui->status.line);
    ui->status.on_submit = on_submit;
    ui->status.msg[0] = 0;
}

static void prompt_submit(Ui *ui)
{
    UiSubmitFn fn = ui->status.on_submit;
    ui->input = INPUT_BOARD;
    ui->status.on_submit = NULL;
    if (fn)
        fn(ui, ui->status.line);
}

static void prompt_cancel(Ui *ui) { ui->input = INPUT_BOARD; }

static void prompt_delete(Ui *ui)
{
    if (!ui->status.line_len) {
        ui->input = INPUT_BOARD;
        return;
    }
    do /* a whole UTF-8 character */
        ui->status.line_len--;
    while (ui->status.line_len > 0 && ((unsigned char)ui->status.line[ui->status.line_len] & 0xC0) == 0x80);
    ui->status.line[ui->status.line_len] = 0;
}

static void prompt_clear(Ui *ui) { ui->status.line[ui->status.line_len = 0] = 0; }

/* Any other key is typed into the line: one character (a path may hold
 * any); key names like <F2> are not text. */
static void prompt_type(Ui *ui, const char *key)
{
    const char *c = !strcmp(key, "<Space>") ? " " : !strcmp(key, "<lt>") ? "<" : key;
    size_t n = strlen(c);
    bool text = c[0] != '<' || n == 1;
    if (text && (unsigned char)c[0] >= ' ' && c[0] != 127 &&
        ui->status.line_len + (int)n < (int)sizeof ui->status.line - 1) {
        memcpy(ui->status.line + ui->status.line_len, c, n);
        ui->status.line_len += (int)n;
        ui->status.line[ui->status.line_len] = 0;
    }
}

const UiAction ui_prompt_actions[] = {
    {"submit", "take the line (play the move, use the file name or the FEN)", prompt_submit, NULL, NULL},
    {"cancel", "close the prompt", prompt_cancel, NULL, NULL},
    {"delete", "delete the last character (on an empty line: close the prompt)", prompt_delete, NULL, NULL},
    {"clear", "clear the line", prompt_clear, NULL, NULL},
};
const int ui_prompt_nactions = N_ELEMS(ui_prompt_actions);
const UiOtherKey ui_prompt_other = {"other keys", "typed into the line", prompt_type, NULL};

/* The prompt on the status line; the end of a long line stays in sight and
 * the terminal's cursor stands after it. */
static void draw_prompt(Ui *ui, int y)
{
    char buf[1400];
    int lw = (int)strlen(ui->status.prompt_label), room = COLS - lw - 1;
    const char *shown = ui->status.line;
    while (room > 0 && ui_text_width(shown, NULL, 1 << 20) > room)
        do
            shown++;
        while (((unsigned char)*shown & 0xC0) == 0x80);
    snprintf(buf, sizeof buf, "%s%s", ui->status.prompt_label, shown);
    ui_put(y, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    int w = ui_text_width(buf, NULL, 1 << 20);
    move(y, w < COLS ? w : COLS - 1);
}

/* --- the question ------------------------------------------------------------------ */

void ui_confirm(Ui *ui, const char *question, UiConfirmFn on_yes)
{
    if (ui->input == INPUT_CHOICE) { /* the question replaces an open choice */
        ui->board.nlegs = 0;
        ui->input = INPUT_BOARD;
    }
    snprintf(ui->status.question, sizeof ui->status.question, "%s", question);
    ui->status.on_yes = on_yes;
    ui->status.on_no = NULL;
    ui->input = INPUT_CONFIRM;
}

static void confirm_yes(Ui *ui)
{
    ui->input = INPUT_BOARD;
    ui->status.on_yes(ui);
}

static void confirm_no(Ui *ui, const char *key)
{
    (void)key;
    ui->input = INPUT_BOARD;
    if (ui->status.on_no)
        ui->status.on_no(ui);
    else
        ui->status.msg[0] = 0;
}

const UiAction ui_confirm_actions[] = {
    {"yes", "yes", confirm_yes, NULL, NULL},
};
const int ui_confirm_nactions = N_ELEMS(ui_confirm_actions);
const UiOtherKey ui_confirm_other = {"other keys", "no", confirm_no, NULL};

static void draw_question(Ui *ui, int y) { ui_put(y, 0, COLS, ui_style(ui, STYLE_TITLE), ui->status.question); }

/* --- the inputs of the game screen ---------------------------------------------------- */

const UiInputDef ui_inputs[INPUT_COUNT] = {
    [INPUT_BOARD] = {KEYS_BOARD, NULL},
    [INPUT_PROMPT] = {KEYS_PROMPT, draw_prompt},
    [INPUT_CONFIRM] = {KEYS_CONFIRM, draw_question},
    [INPUT_CHOICE] = {KEYS_CHOICE, NULL},
};
