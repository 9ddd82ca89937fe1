/* toysig, broken on purpose (verification accepts everything): for pqfit's tests. */
#include "../ref/api.h"
