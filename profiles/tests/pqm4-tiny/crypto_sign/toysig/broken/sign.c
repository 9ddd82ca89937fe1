/* toysig, broken on purpose: its verification accepts everything. For pqfit's tests,
 * which must see the harness report it. */
#define TOYSIG_ACCEPT_ALL
#include "../ref/sign.c"
