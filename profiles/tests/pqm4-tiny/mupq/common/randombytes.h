/* randombytes for the pqm4-tiny test checkout: the harness provides PQCLEAN_randombytes. */
#ifndef RANDOMBYTES_H
#define RANDOMBYTES_H

#include <stddef.h>
#include <stdint.h>

#define randombytes PQCLEAN_randombytes
int randombytes(uint8_t *output, size_t n);

#endif
