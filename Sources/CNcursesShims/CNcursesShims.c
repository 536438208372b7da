#define _XOPEN_SOURCE 700
#include "CNcursesShims.h"
#include <poll.h>

WINDOW *ferry_nc_stdscr(void) { return stdscr; }
int ferry_nc_cols(void) { return COLS; }
int ferry_nc_lines(void) { return LINES; }
int ferry_nc_max_y(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
int ferry_nc_max_x(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

attr_t ferry_nc_attr_bold(void) { return WA_BOLD; }
attr_t ferry_nc_attr_dim(void) { return WA_DIM; }
attr_t ferry_nc_attr_underline(void) { return WA_UNDERLINE; }
attr_t ferry_nc_attr_reverse(void) { return WA_REVERSE; }
attr_t ferry_nc_attr_italic(void) { return WA_ITALIC; }

int ferry_nc_key_f(int n) { return KEY_F(n); }
int ferry_nc_wcwidth(wchar_t c) { return wcwidth(c); }

SCREEN *ferry_nc_newterm(const char *term, FILE *input) { return newterm(term, stdout, input ? input : stdin); }
int ferry_nc_colors(void) { return COLORS; }
int ferry_nc_color_pairs(void) { return COLOR_PAIRS; }

int ferry_nc_put(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
    wchar_t buffer[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buffer[i] = text[i];
    buffer[n] = 0;
    cchar_t cell;
    if (setcchar(&cell, buffer, attrs, (short)pair, NULL) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

int ferry_nc_get(int timeout_ms, unsigned int *value) {
    wtimeout(stdscr, timeout_ms);
    wint_t ch = 0;
    int result = wget_wch(stdscr, &ch);
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
    mouseinterval(0);
    return mousemask(
               BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION,
               NULL)
        != 0;
}

int ferry_nc_mouse_event(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
    if (event.bstate & BUTTON5_PRESSED) return 3;
    if (event.bstate & BUTTON1_RELEASED) return 4;
    if (event.bstate & REPORT_MOUSE_POSITION) return 5;
    return 0;
}
