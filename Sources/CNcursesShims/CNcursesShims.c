#define _XOPEN_SOURCE 700
#include "CNcursesShims.h"
#include "CDynamicLibrary.h"
#include <poll.h>
#include <stdio.h>

/* The functions and globals of ncursesw Ferry uses, found by dlsym; NC(name) is one as curses.h types it. */
#define FERRY_NC_SYMBOLS(X) \
    X(newterm) X(set_term) X(raw) X(noecho) X(nonl) X(keypad) X(set_escdelay) X(has_colors) X(start_color) \
    X(use_default_colors) X(init_pair) X(setcchar) X(wmove) X(wadd_wch) X(wclear) X(curs_set) X(wrefresh) \
    X(def_prog_mode) X(reset_prog_mode) X(endwin) X(delscreen) X(keyname) X(wtimeout) X(wget_wch) \
    X(mouseinterval) X(mousemask) X(getmouse) X(stdscr) X(COLS) X(LINES) X(COLORS) X(COLOR_PAIRS)

enum {
#define FERRY_NC_INDEX(name) nc_##name,
    FERRY_NC_SYMBOLS(FERRY_NC_INDEX)
#undef FERRY_NC_INDEX
    nc_count
};
static const char *const names[] = {
#define FERRY_NC_NAME(name) #name,
    FERRY_NC_SYMBOLS(FERRY_NC_NAME)
#undef FERRY_NC_NAME
};
static void *symbols[nc_count];
static ferry_library ncursesw = { names, nc_count, symbols, 0 };
#define NC(name) ((__typeof__(name) *)symbols[nc_##name])

int ferry_nc_load(const char *library, char *error, size_t error_size) {
    return ferry_library_load(&ncursesw, library, error, error_size);
}

WINDOW *ferry_nc_stdscr(void) { return *NC(stdscr); }
int ferry_nc_cols(void) { return *NC(COLS); }
int ferry_nc_lines(void) { return *NC(LINES); }
int ferry_nc_max_y(WINDOW *w) { return getmaxy(w); }  /* curses.h's macros: WINDOW's own fields */
int ferry_nc_max_x(WINDOW *w) { return getmaxx(w); }

attr_t ferry_nc_attr_bold(void) { return WA_BOLD; }
attr_t ferry_nc_attr_dim(void) { return WA_DIM; }
attr_t ferry_nc_attr_underline(void) { return WA_UNDERLINE; }
attr_t ferry_nc_attr_reverse(void) { return WA_REVERSE; }
attr_t ferry_nc_attr_italic(void) { return WA_ITALIC; }

int ferry_nc_key_f(int n) { return KEY_F(n); }
int ferry_nc_wcwidth(wchar_t c) { return wcwidth(c); }

SCREEN *ferry_nc_newterm(const char *term, FILE *input) { return NC(newterm)(term, stdout, input ? input : stdin); }

void ferry_nc_take_over(SCREEN *screen) {
    NC(set_term)(screen);
    NC(raw)();
    NC(noecho)();
    NC(nonl)();
    NC(keypad)(*NC(stdscr), TRUE);
    NC(set_escdelay)(25);
}

int ferry_nc_start_color(void) {
    if (!NC(has_colors)()) return 0;
    NC(start_color)();
    NC(use_default_colors)();
    return 1;
}

int ferry_nc_colors(void) { return *NC(COLORS); }
int ferry_nc_color_pairs(void) { return *NC(COLOR_PAIRS); }
int ferry_nc_init_pair(short pair, short foreground, short background) { return NC(init_pair)(pair, foreground, background); }

int ferry_nc_put(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
    wchar_t buffer[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buffer[i] = text[i];
    buffer[n] = 0;
    cchar_t cell;
    if (NC(setcchar)(&cell, buffer, attrs, (short)pair, NULL) != OK) return ERR;
    if (NC(wmove)(*NC(stdscr), y, x) == ERR) return ERR;
    return NC(wadd_wch)(*NC(stdscr), &cell);
}

void ferry_nc_clear(void) { NC(wclear)(*NC(stdscr)); }

void ferry_nc_refresh(int y, int x) {
    if (y >= 0) {
        NC(curs_set)(1);
        NC(wmove)(*NC(stdscr), y, x);
    } else {
        NC(curs_set)(0);
    }
    NC(wrefresh)(*NC(stdscr));
}

void ferry_nc_suspend(void) {
    NC(def_prog_mode)();
    NC(endwin)();
}

void ferry_nc_resume(void) {
    NC(reset_prog_mode)();
    NC(wrefresh)(*NC(stdscr));
}

void ferry_nc_end(SCREEN *screen) {
    NC(endwin)();
    NC(delscreen)(screen);
}

const char *ferry_nc_keyname(int code) { return NC(keyname)(code); }

int ferry_nc_get(int timeout_ms, unsigned int *value) {
    NC(wtimeout)(*NC(stdscr), timeout_ms);
    wint_t ch = 0;
    int result = NC(wget_wch)(*NC(stdscr), &ch);
    *value = (unsigned int)ch;
    return result;
}

int ferry_nc_input_closed(int fd) {
    struct pollfd input = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&input, 1, 0) < 0) return 0;
    return (input.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

void ferry_nc_write_raw(const char *text) { fputs(text, stdout); fflush(stdout); }

int ferry_nc_enable_mouse(void) {
    NC(mouseinterval)(0);
    return NC(mousemask)(
               BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION,
               NULL)
        != 0;
}

int ferry_nc_mouse_event(int *x, int *y) {
    MEVENT event;
    if (NC(getmouse)(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
    if (event.bstate & BUTTON5_PRESSED) return 3;
    if (event.bstate & BUTTON1_RELEASED) return 4;
    if (event.bstate & REPORT_MOUSE_POSITION) return 5;
    return 0;
}
