#define _XOPEN_SOURCE 700
#include "CNcursesShims.h"

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
